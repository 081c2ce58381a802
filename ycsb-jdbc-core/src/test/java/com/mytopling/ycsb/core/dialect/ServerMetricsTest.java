package com.mytopling.ycsb.core.dialect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.core.testing.StubServer;
import java.util.EnumMap;
import java.util.List;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import org.junit.jupiter.api.Test;

/**
 * Which server counters become which server-metrics.csv column. MySQL-family names are those of SHOW GLOBAL STATUS on
 * MariaDB 10.11 (read off the servers scripts/start-mariadb starts, with and without RocksDB) and MySQL 8's documented
 * ones; the real MariaDB mapping is also exercised by the launcher's integration test. SQL Server's are the documented
 * rows of sys.dm_os_performance_counters: no SQL Server can run here, so its query and mapping are checked on a stub
 * connection only.
 */
class ServerMetricsTest {
  private static Object[] status(String name, long value) {
    return new Object[] {name, Long.toString(value)};
  }

  private static EnumMap<ServerMetric, Long> mysql(Object[]... rows) throws Exception {
    MySqlDialect d = new MySqlDialect();
    StubServer db = StubServer.unnamed().answer(d.serverMetricsQuery(), rows);
    EnumMap<ServerMetric, Long> m = d.sampleServerMetrics(db.connection(), 7);
    assertEquals(List.of(d.serverMetricsQuery()), db.executed);
    assertEquals(List.of(7), db.queryTimeouts, "the sample's query is bounded");
    return m;
  }

  @Test
  void mariaDbCountsRowsAtTheSqlLayerAndHasNoRocksDbFiguresWithoutTheEngine() throws Exception {
    EnumMap<ServerMetric, Long> m = mysql(status("Rows_read", 1000), status("Handler_write", 20),
        status("Handler_update", 30), status("Handler_delete", 4), status("Questions", 500),
        status("Innodb_buffer_pool_read_requests", 9000), status("Innodb_buffer_pool_reads", 12),
        status("Innodb_data_fsyncs", 33), status("Innodb_row_lock_waits", 2), status("Innodb_row_lock_time", 15),
        status("Innodb_deadlocks", 1), status("Threads_running", 5), status("Uptime", 3600), status("Com_select", 71),
        status("Com_insert", 8), status("Com_replace", 2), status("Com_update", 30), status("Com_delete", 4));
    // The self-check's statement counters (issue 20): REPLACE is an insert too; the server's uptime finds restarts.
    assertEquals(71L, m.get(ServerMetric.SELECT_STATEMENTS));
    assertEquals(10L, m.get(ServerMetric.INSERT_STATEMENTS));
    assertEquals(30L, m.get(ServerMetric.UPDATE_STATEMENTS));
    assertEquals(4L, m.get(ServerMetric.DELETE_STATEMENTS));
    assertEquals(3600L, m.get(ServerMetric.UPTIME_S));
    assertEquals(1000L, m.get(ServerMetric.ROWS_READ));
    assertEquals(20L, m.get(ServerMetric.ROWS_INSERTED));
    assertEquals(30L, m.get(ServerMetric.ROWS_UPDATED));
    assertEquals(4L, m.get(ServerMetric.ROWS_DELETED));
    assertEquals(500L, m.get(ServerMetric.STATEMENTS));
    assertEquals(9000L, m.get(ServerMetric.BUFFER_POOL_READ_REQUESTS));
    assertEquals(12L, m.get(ServerMetric.BUFFER_POOL_DISK_READS));
    assertEquals(33L, m.get(ServerMetric.FSYNCS));
    assertEquals(2L, m.get(ServerMetric.ROW_LOCK_WAITS));
    assertEquals(15L, m.get(ServerMetric.ROW_LOCK_WAIT_MS));
    assertEquals(1L, m.get(ServerMetric.DEADLOCKS));
    assertEquals(5L, m.get(ServerMetric.THREADS_RUNNING));
    for (ServerMetric rocks : List.of(ServerMetric.ROCKSDB_STALL_MICROS, ServerMetric.ROCKSDB_COMPACT_WRITE_BYTES,
        ServerMetric.ROCKSDB_BLOCK_CACHE_HITS, ServerMetric.ROCKSDB_WAL_SYNCS)) {
      assertFalse(m.containsKey(rocks), rocks + " must be absent (empty), not 0, on a server without RocksDB");
    }
  }

  @Test
  void mariaDbWithRocksDbKeepsTheSqlLayerRowCountsAndAddsTheEngineFigures() throws Exception {
    // Rocksdb_rows_* exist too, but only count RocksDB tables: Rows_read must not be replaced by them.
    EnumMap<ServerMetric, Long> m = mysql(status("Rows_read", 700), status("Rocksdb_rows_read", 300),
        status("Handler_write", 50), status("Rocksdb_rows_inserted", 10), status("Innodb_deadlocks", 1),
        status("Rocksdb_row_lock_deadlocks", 2), status("Rocksdb_stall_micros", 123456),
        status("Rocksdb_stall_total_stops", 3), status("Rocksdb_stall_total_slowdowns", 4),
        status("Rocksdb_compact_read_bytes", 1 << 20), status("Rocksdb_compact_write_bytes", 2 << 20),
        status("Rocksdb_block_cache_hit", 80), status("Rocksdb_block_cache_miss", 20), status("Rocksdb_wal_synced", 9));
    assertEquals(700L, m.get(ServerMetric.ROWS_READ));
    assertEquals(50L, m.get(ServerMetric.ROWS_INSERTED));
    assertEquals(3L, m.get(ServerMetric.DEADLOCKS), "InnoDB's and RocksDB's deadlocks add up");
    assertEquals(123456L, m.get(ServerMetric.ROCKSDB_STALL_MICROS));
    assertEquals(3L, m.get(ServerMetric.ROCKSDB_STALL_STOPS));
    assertEquals(4L, m.get(ServerMetric.ROCKSDB_STALL_SLOWDOWNS));
    assertEquals(1L << 20, m.get(ServerMetric.ROCKSDB_COMPACT_READ_BYTES));
    assertEquals(2L << 20, m.get(ServerMetric.ROCKSDB_COMPACT_WRITE_BYTES));
    assertEquals(80L, m.get(ServerMetric.ROCKSDB_BLOCK_CACHE_HITS));
    assertEquals(20L, m.get(ServerMetric.ROCKSDB_BLOCK_CACHE_MISSES));
    assertEquals(9L, m.get(ServerMetric.ROCKSDB_WAL_SYNCS));
    assertFalse(m.containsKey(ServerMetric.BUFFER_POOL_READ_REQUESTS));
  }

  @Test
  void mysql8CountsRowsPerEngineNotByHandlerRequests() throws Exception {
    // MySQL 8 has Innodb_rows_* (and Rocksdb_rows_* in builds with MyRocks); Handler_write also counts temporary
    // tables there, so the engines' row counts win. Names as MySQL prints them, compared without case.
    MySqlDialect d = new MySqlDialect();
    StubServer db = StubServer.unnamed().answer(d.serverMetricsQuery(), status("Innodb_rows_read", 400),
        status("Rocksdb_rows_read", 100), status("Innodb_rows_inserted", 7), status("Handler_write", 99),
        status("Innodb_rows_updated", 8), status("Innodb_rows_deleted", 0), status("Rocksdb_row_lock_deadlocks", 2),
        status("threads_running", 3))
        .answer(MySqlDialect.MYSQL_DEADLOCKS_QUERY, new Object[] {5L})
        .answer(MySqlDialect.SESSION_SELECTS_QUERY, status("Com_select", 1));
    EnumMap<ServerMetric, Long> m = d.sampleServerMetrics(db.connection(), 7);
    assertEquals(500L, m.get(ServerMetric.ROWS_READ));
    assertEquals(7L, m.get(ServerMetric.ROWS_INSERTED));
    assertEquals(8L, m.get(ServerMetric.ROWS_UPDATED));
    assertEquals(0L, m.get(ServerMetric.ROWS_DELETED), "a counter at 0 is 0, not absent");
    assertEquals(7L, m.get(ServerMetric.DEADLOCKS), "MySQL has no Innodb_deadlocks: INNODB_METRICS' and RocksDB's");
    assertEquals(3L, m.get(ServerMetric.THREADS_RUNNING));
  }

  @Test
  void theMySqlQueryAsksForEveryCounterItMaps() {
    String sql = new MySqlDialect().serverMetricsQuery();
    assertTrue(sql.startsWith("SHOW GLOBAL STATUS WHERE Variable_name IN ('"), sql);
    for (String counter : List.of("Rows_read", "Innodb_rows_read", "Rocksdb_rows_read", "Handler_write",
        "Handler_update", "Handler_delete", "Questions", "Innodb_buffer_pool_read_requests", "Innodb_buffer_pool_reads",
        "Innodb_data_fsyncs", "Innodb_row_lock_waits", "Innodb_row_lock_time", "Threads_running",
        "Rocksdb_stall_micros", "Rocksdb_compact_read_bytes", "Rocksdb_compact_write_bytes")) {
      assertTrue(sql.contains("'" + counter + "'"), counter + " missing from " + sql);
    }
    assertEquals(sql, new MyRocksDialect().serverMetricsQuery(), "one query for the whole family");
  }

  private static Object[] counter(String object, String name, String instance, long value) {
    return new Object[] {object, name, instance, value};
  }

  @Test
  void sqlServerReadsTheDocumentedPerformanceCounters() throws Exception {
    SqlServerDialect d = new SqlServerDialect();
    StubServer db = StubServer.unnamed().answer(d.serverMetricsQuery(),
        counter("SQLServer:SQL Statistics", "Batch Requests/sec", "", 5000),
        counter("SQLServer:Buffer Manager", "Page lookups/sec", "", 80000),
        counter("SQLServer:Buffer Manager", "Page reads/sec", "", 300),
        // Per-database rows beside _Total: only _Total counts, or log flushes would be counted twice.
        counter("SQLServer:Databases", "Log Flushes/sec", "ycsb", 40),
        counter("SQLServer:Databases", "Log Flushes/sec", "_Total", 45),
        counter("SQLServer:Locks", "Lock Waits/sec", "Key", 6),
        counter("SQLServer:Locks", "Lock Waits/sec", "_Total", 7),
        counter("SQLServer:Locks", "Lock Wait Time (ms)", "_Total", 250),
        counter("SQLServer:Locks", "Number of Deadlocks/sec", "_Total", 1),
        counter("SQLServer:Workload Group Stats", "Active requests", "internal", 1),
        counter("SQLServer:Workload Group Stats", "Active requests", "default", 4));
    EnumMap<ServerMetric, Long> m = d.sampleServerMetrics(db.connection(), 5);
    assertEquals(5000L, m.get(ServerMetric.STATEMENTS));
    assertEquals(80000L, m.get(ServerMetric.BUFFER_POOL_READ_REQUESTS));
    assertEquals(300L, m.get(ServerMetric.BUFFER_POOL_DISK_READS));
    assertEquals(45L, m.get(ServerMetric.FSYNCS));
    assertEquals(7L, m.get(ServerMetric.ROW_LOCK_WAITS));
    assertEquals(250L, m.get(ServerMetric.ROW_LOCK_WAIT_MS));
    assertEquals(1L, m.get(ServerMetric.DEADLOCKS));
    assertEquals(5L, m.get(ServerMetric.THREADS_RUNNING), "active requests of all workload groups");
    assertFalse(m.containsKey(ServerMetric.ROWS_READ), "no per-row counters in the view: empty, not 0");
    assertFalse(m.containsKey(ServerMetric.ROCKSDB_STALL_MICROS));
  }

  @Test
  void sqlServerNamedInstancesAndAzureSqlPrefixTheirObjectsDifferently() throws Exception {
    SqlServerDialect d = new SqlServerDialect();
    StubServer db = StubServer.unnamed().answer(d.serverMetricsQuery(),
        counter("MSSQL$SQL2022:Buffer Manager", "Page lookups/sec", "", 10),
        counter("MSSQL$B5E3F2A1C:Locks", "Lock Waits/sec", "_Total", 3));
    EnumMap<ServerMetric, Long> m = d.sampleServerMetrics(db.connection(), 5);
    assertEquals(10L, m.get(ServerMetric.BUFFER_POOL_READ_REQUESTS));
    assertEquals(3L, m.get(ServerMetric.ROW_LOCK_WAITS));
  }

  @Test
  void theSqlServerQueryParsesAndNamesEachCounter() throws Exception {
    String sql = new SqlServerDialect().serverMetricsQuery();
    CCJSqlParserUtil.parse(sql);
    assertTrue(sql.contains("FROM sys.dm_os_performance_counters"), sql);
    for (String counter : List.of("Batch Requests/sec", "Page lookups/sec", "Page reads/sec", "Log Flushes/sec",
        "Lock Waits/sec", "Lock Wait Time (ms)", "Number of Deadlocks/sec", "Active requests")) {
      assertTrue(sql.contains("N'" + counter + "'"), counter + " missing from " + sql);
    }
  }

  @Test
  void columnsAreTheMetricNamesInLowerCaseAndOnlyThreadsRunningAndUptimeAreGauges() {
    assertEquals("rows_read", ServerMetric.ROWS_READ.column());
    assertEquals("rocksdb_compact_write_bytes", ServerMetric.ROCKSDB_COMPACT_WRITE_BYTES.column());
    for (ServerMetric m : ServerMetric.values()) {
      boolean gauge = m == ServerMetric.THREADS_RUNNING || m == ServerMetric.UPTIME_S;
      assertEquals(gauge ? ServerMetric.Kind.GAUGE : ServerMetric.Kind.COUNTER, m.kind, m.name());
    }
  }

  @Test
  void theSelfChecksCountersAreTheDialects() {
    // Issue 20: which server counter counts which of the client's calls.
    List<CallCounter> mysql = new MySqlDialect().callCounters(InsertStatements.INSERT, "MySQL");
    assertEquals(List.of("READ", "UPDATE", "INSERT", "DELETE"), mysql.stream().map(CallCounter::operation).toList());
    assertEquals(java.util.Set.of("READ", "SCAN"), mysql.get(0).calls(), "a scan is a SELECT too");
    assertEquals(ServerMetric.SELECT_STATEMENTS, mysql.get(0).metric());
    assertEquals(ServerMetric.HARNESS_SELECTS, mysql.get(0).harnessPart(), "the sampler's own SELECT on MySQL");
    assertEquals(ServerMetric.INSERT_STATEMENTS, mysql.get(2).metric());
    // Issue 34: batched inserts compare rows and statements, each by the counter the server's product keeps.
    List<CallCounter> batched = new MySqlDialect().callCounters(InsertStatements.BATCH, "MariaDB");
    assertEquals(List.of("READ", "UPDATE", "INSERT", "INSERT statements", "DELETE"),
        batched.stream().map(CallCounter::operation).toList());
    assertEquals(ServerMetric.ROWS_INSERTED, batched.get(2).metric(), "rows: one statement, many rows");
    assertTrue(batched.get(2).rows());
    assertEquals("Handler_write", batched.get(2).source(), "the one source MariaDB's rows come from");
    assertEquals("Innodb_rows_inserted + Rocksdb_rows_inserted",
        new MySqlDialect().callCounters(InsertStatements.BATCH, "MySQL").get(2).source());
    assertEquals(ServerMetric.INSERT_STATEMENTS, batched.get(3).metric());
    assertEquals(java.util.Set.of("INSERT-BATCH"), batched.get(3).calls(), "one statement per batch");
    assertEquals(java.util.Set.of("INSERT"),
        new MySqlDialect().callCounters(InsertStatements.ROW, "MySQL").get(3).calls(), "one statement per row");
    List<CallCounter> sqlServer = new SqlServerDialect().callCounters(InsertStatements.BATCH, "SQL Server");
    assertEquals(1, sqlServer.size());
    assertEquals(ServerMetric.STATEMENTS, sqlServer.get(0).metric());
    assertTrue(sqlServer.get(0).countsSampler(), "the sampler's own query is a batch request too");
    assertTrue(sqlServer.get(0).calls().contains("INSERT-BATCH") && !sqlServer.get(0).calls().contains("INSERT"));
  }

  /**
   * Issue 34: MySQL has no Innodb_deadlocks status; its deadlocks come from INNODB_METRICS' lock_deadlocks (enabled by
   * default on MySQL 9.7, read off the server scripts/start-mysql starts), a SELECT whose count the sampler's own
   * session reports for the self-check.
   */
  @Test
  void mysqlReadsDeadlocksFromInnodbMetricsAndCountsItsOwnSelect() throws Exception {
    MySqlDialect d = new MySqlDialect();
    StubServer db = StubServer.unnamed()
        .answer(d.serverMetricsQuery(), status("Innodb_rows_read", 10), status("Innodb_rows_inserted", 3),
            status("Com_select", 40))
        .answer(MySqlDialect.MYSQL_DEADLOCKS_QUERY, new Object[] {7L})
        .answer(MySqlDialect.SESSION_SELECTS_QUERY, status("Com_select", 12));
    EnumMap<ServerMetric, Long> m = d.sampleServerMetrics(db.connection(), 5);
    assertEquals(List.of(d.serverMetricsQuery(), MySqlDialect.MYSQL_DEADLOCKS_QUERY, MySqlDialect.SESSION_SELECTS_QUERY),
        db.executed);
    assertEquals(7L, m.get(ServerMetric.DEADLOCKS));
    assertEquals(12L, m.get(ServerMetric.HARNESS_SELECTS));
    assertEquals(40L, m.get(ServerMetric.SELECT_STATEMENTS));
    // A metric switched off on the server answers no row: no deadlock figure, rather than a 0 that was never counted.
    StubServer off = StubServer.unnamed()
        .answer(d.serverMetricsQuery(), status("Innodb_rows_read", 10))
        .answer(MySqlDialect.MYSQL_DEADLOCKS_QUERY)
        .answer(MySqlDialect.SESSION_SELECTS_QUERY, status("Com_select", 1));
    assertFalse(d.sampleServerMetrics(off.connection(), 5).containsKey(ServerMetric.DEADLOCKS));
  }
}
