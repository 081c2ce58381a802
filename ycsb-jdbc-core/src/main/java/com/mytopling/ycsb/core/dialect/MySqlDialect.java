package com.mytopling.ycsb.core.dialect;

import static com.mytopling.ycsb.core.dialect.DialectSql.KEY;

import com.mytopling.ycsb.core.connect.BlockingSockets;
import com.mytopling.ycsb.core.connect.DriverChoice;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * MySQL 8 and MariaDB: all of the MySQL-family SQL, for InnoDB and for RocksDB tables alike.
 * The table's shape follows the engine it is created with, not the dialect: a ROCKSDB table made
 * on a server whose default is InnoDB (MariaDB with the RocksDB plugin) gets MyRocks' key column.
 */
public class MySqlDialect extends Dialect {
  static final String ROCKSDB = "ROCKSDB";
  /** MySQL counts placeholders in a 16-bit field. */
  private static final int MAX_PLACEHOLDERS = 65_535;
  /**
   * MySQL's row size limit (65 535 bytes, every engine) for the VARCHAR columns of one row, with
   * headroom for length prefixes and the row header.
   */
  private static final int ROW_VARCHAR_BYTES = 65_000;
  private static final long TEXT_BYTES = 65_535;
  private static final long MEDIUMTEXT_BYTES = 16_777_215;
  private static final SqlErrors ERRORS = new SqlErrors.MySql();

  @Override
  public String name() {
    return "mysql";
  }

  @Override
  public String defaultEngine() {
    return "InnoDB";
  }

  @Override
  public SqlErrors errors() {
    return ERRORS;
  }

  @Override
  public String createTable(TableLayout t, String engine, List<ColumnSize> sizes) {
    boolean rocks = isRocksDb(engine);
    List<String> types = valueTypes(sizes, rocks ? KEY_BYTES_LATIN1 : KEY_BYTES_UTF8MB4);
    StringBuilder sb = new StringBuilder("CREATE TABLE IF NOT EXISTS ").append(t.table()).append(" (")
        .append(KEY).append(' ').append(keyType(rocks)).append(" NOT NULL");
    for (int i = 0; i < t.fieldCount(); i++) {
      sb.append(", ").append(t.columnName(i)).append(' ').append(types.get(i)).append(" NOT NULL");
    }
    sb.append(", PRIMARY KEY (").append(KEY).append("))");
    if (engine != null) {
      sb.append(" ENGINE=").append(engine);
    }
    return sb.append(" DEFAULT CHARSET=utf8mb4").toString();
  }

  /** Bytes of the key column in the row: 255 characters of latin1 or of utf8mb4. */
  private static final int KEY_BYTES_LATIN1 = TableLayout.MAX_KEY_LENGTH;
  private static final int KEY_BYTES_UTF8MB4 = TableLayout.MAX_KEY_LENGTH * ColumnSize.MAX_UTF8_BYTES_PER_CHAR;

  static boolean isRocksDb(String engine) {
    return engine != null && engine.equalsIgnoreCase(ROCKSDB);
  }

  /**
   * The key column: 255 characters as in the published table, compared byte by byte (binary
   * collation, which MyRocks also wants for indexed columns). RocksDB limits index keys to 767
   * bytes unless rocksdb_large_prefix is on, and 255 utf8mb4 characters take 1020; keys are
   * ASCII (YCSB's, or ids from a data file), so RocksDB tables get a one-byte character set.
   */
  static String keyType(boolean rocksDb) {
    return rocksDb ? "VARCHAR(255) CHARACTER SET latin1 COLLATE latin1_bin"
        : "VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin";
  }

  /**
   * The value columns' types, one rule for YCSB's fields and for a data set's: VARCHAR(width)
   * while the whole row fits MySQL's 64 KB row limit in utf8mb4 (the published table uses
   * varchar(100)); otherwise the widest columns, all columns of one width together, become the
   * smallest TEXT type that holds their longest value in bytes, until the rest fits.
   */
  static List<String> valueTypes(List<ColumnSize> sizes, int keyBytes) {
    List<String> types = new ArrayList<>(sizes.size());
    long rowBytes = keyBytes;
    for (ColumnSize s : sizes) {
      types.add("VARCHAR(" + s.width() + ")");
      rowBytes += s.width() * ColumnSize.MAX_UTF8_BYTES_PER_CHAR;
    }
    while (rowBytes > ROW_VARCHAR_BYTES) {
      long widest = 0;
      for (int i = 0; i < sizes.size(); i++) {
        if (types.get(i).startsWith("VARCHAR")) {
          widest = Math.max(widest, sizes.get(i).width());
        }
      }
      if (widest == 0) {
        break;
      }
      for (int i = 0; i < sizes.size(); i++) {
        if (types.get(i).startsWith("VARCHAR") && sizes.get(i).width() == widest) {
          types.set(i, textType(sizes.get(i).maxUtf8Bytes()));
          rowBytes -= widest * ColumnSize.MAX_UTF8_BYTES_PER_CHAR;
        }
      }
    }
    return types;
  }

  private static String textType(long maxBytes) {
    if (maxBytes <= TEXT_BYTES) {
      return "TEXT";
    }
    return maxBytes <= MEDIUMTEXT_BYTES ? "MEDIUMTEXT" : "LONGTEXT";
  }

  @Override
  public String dropTable(TableLayout t) {
    return "DROP TABLE IF EXISTS " + t.table();
  }

  @Override
  public String scan(TableLayout t, long mask) {
    return "SELECT " + DialectSql.columns(t, KEY, mask) + " FROM " + t.table()
        + " WHERE " + KEY + " >= ? ORDER BY " + KEY + " LIMIT ?";
  }

  @Override
  public int scanKeyParameter() {
    return 1;
  }

  @Override
  public int scanLimitParameter() {
    return 2;
  }

  @Override
  public String insert(TableLayout t, long mask, int rows, UpsertMode mode) {
    String verb = mode == UpsertMode.REPLACE ? "REPLACE INTO " : "INSERT INTO ";
    String sql = verb + t.table() + " (" + DialectSql.columns(t, KEY, mask) + ") VALUES "
        + DialectSql.valueRows(rows, 1 + Long.bitCount(mask));
    if (mode == UpsertMode.UPDATE) {
      // VALUES(col) is understood by MariaDB and by MySQL 8 (deprecated there, not removed).
      sql += " ON DUPLICATE KEY UPDATE " + DialectSql.assignments(t, mask, "VALUES(", ")");
    }
    return sql;
  }

  @Override
  public int maxRowsPerStatement(int parametersPerRow) {
    return Math.max(1, MAX_PLACEHOLDERS / parametersPerRow);
  }

  /**
   * Tab-separated UTF-8 lines with backslash escapes. IGNORE is explicit: with LOCAL the server
   * cannot stop the client mid-stream, so MySQL and MariaDB skip duplicates anyway; saying so
   * also keeps conversion problems as warnings and the row count (affected rows) exact.
   */
  @Override
  public String loadData(TableLayout t, long mask, UpsertMode mode) {
    return "LOAD DATA LOCAL INFILE 'ycsb-batch.tsv' " + (mode == UpsertMode.REPLACE ? "REPLACE" : "IGNORE")
        + " INTO TABLE " + t.table() + " CHARACTER SET utf8mb4 FIELDS TERMINATED BY '\\t' ESCAPED BY '\\\\'"
        + " LINES TERMINATED BY '\\n' (" + DialectSql.columns(t, KEY, mask) + ")";
  }

  /**
   * MyRocks bulk load (offered by {@link MyRocksDialect}): rows go to SST files that are ingested
   * into the bottom level, unique checks are off and the engine commits every
   * rocksdb_bulk_load_size rows. The unsorted variant can only be set while bulk load is off, so
   * it comes first; YCSB's hashed keys arrive in random order.
   */
  static String[] rocksDbBulkLoadStart() {
    return new String[] {"SET SESSION rocksdb_bulk_load_allow_unsorted=1", "SET SESSION rocksdb_bulk_load=1"};
  }

  /** Turning bulk load off ingests what is still pending; an error here means rows were lost. */
  static String rocksDbBulkLoadFinish() {
    return "SET SESSION rocksdb_bulk_load=0";
  }

  // ---- the server ----

  @Override
  public ServerInfo serverInfo(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT VERSION(), @@version_comment, @@default_storage_engine")) {
      rs.next();
      return ServerInfo.of(c, rs.getString(1), rs.getString(2), rs.getString(3));
    }
  }

  /**
   * By the table's own engine. InnoDB (and other engines): ANALYZE TABLE, then DATA_LENGTH and
   * INDEX_LENGTH from information_schema.TABLES. RocksDB: memtables are flushed first (else
   * fresh rows are in no SST); then each SST's on-disk size (data + index + filter blocks) is
   * attributed to the table in proportion to the table's share of the SST's raw key+value bytes
   * (ROCKSDB_DDL, ROCKSDB_INDEX_FILE_MAP, ROCKSDB_SST_PROPS), because one SST can hold several
   * tables. No compaction is forced: the figure is the state right after the load.
   */
  @Override
  public TableSize tableSize(Connection c, String table) throws SQLException {
    String engine = engineOf(c, table);
    return isRocksDb(engine) ? rocksDbSize(c, table) : tablesSize(c, table, engine);
  }

  private static String engineOf(Connection c, String table) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(
        "SELECT ENGINE FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?")) {
      ps.setString(1, table);
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          throw new SQLException("table " + table + " not found in the current database");
        }
        return rs.getString(1);
      }
    }
  }

  private static TableSize tablesSize(Connection c, String table, String engine) throws SQLException {
    List<String> notes = new ArrayList<>();
    try (Statement st = c.createStatement()) {
      st.execute("ANALYZE TABLE `" + table.replace("`", "``") + "`");
    } catch (SQLException e) {
      notes.add("ANALYZE TABLE failed (" + e.getMessage() + "); sizes may be stale");
    }
    try (PreparedStatement ps = c.prepareStatement("SELECT DATA_LENGTH, INDEX_LENGTH FROM information_schema.TABLES"
        + " WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?")) {
      ps.setString(1, table);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return new TableSize(engine, rs.getLong(1), rs.getLong(2),
            "information_schema.TABLES DATA_LENGTH + INDEX_LENGTH after ANALYZE TABLE", notes);
      }
    }
  }

  private static TableSize rocksDbSize(Connection c, String table) throws SQLException {
    List<String> notes = new ArrayList<>();
    try (Statement st = c.createStatement()) {
      st.execute("SET GLOBAL rocksdb_force_flush_memtable_now = 1");
    } catch (SQLException e) {
      notes.add("could not flush RocksDB memtables (" + e.getMessage() + "): rows still in memtables are not counted");
    }
    String sql = "SELECT m.SST_NAME, SUM(m.DATA_SIZE),"
        + " MAX(p.RAW_KEY_SIZE + p.RAW_VALUE_SIZE), MAX(p.DATA_BLOCK_SIZE + p.INDEX_BLOCK_SIZE + p.FILTER_BLOCK_SIZE)"
        + " FROM information_schema.ROCKSDB_DDL d"
        + " JOIN information_schema.ROCKSDB_INDEX_FILE_MAP m"
        + "   ON m.COLUMN_FAMILY = d.COLUMN_FAMILY AND m.INDEX_NUMBER = d.INDEX_NUMBER"
        + " JOIN information_schema.ROCKSDB_SST_PROPS p ON p.SST_NAME = m.SST_NAME"
        + " WHERE d.TABLE_SCHEMA = DATABASE() AND d.TABLE_NAME = ?"
        + " GROUP BY m.SST_NAME";
    double attributed = 0;
    int ssts = 0;
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setString(1, table);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          long tableRaw = rs.getLong(2);
          long sstRaw = rs.getLong(3);
          long sstDisk = rs.getLong(4);
          ssts++;
          attributed += sstRaw > 0 ? (double) sstDisk * Math.min(1.0, (double) tableRaw / sstRaw) : 0;
        }
      }
    }
    notes.add(ssts + " SST file(s) hold the table");
    return new TableSize(ROCKSDB, Math.round(attributed), 0,
        "RocksDB SST data+index+filter blocks attributed to the table by its share of raw key/value bytes", notes);
  }

  // ---- the server's counters ----

  /**
   * Where each metric comes from in SHOW GLOBAL STATUS: alternatives in order, each a list of counters summed. The
   * first alternative whose first counter the server has is used. MySQL 8 counts rows per engine (Innodb_rows_*,
   * and Rocksdb_rows_* where MyRocks is built in); MariaDB has no Innodb_rows_* and counts at the SQL layer for every
   * engine (Rows_read; Handler_write, Handler_update and Handler_delete are row requests, internal temporary tables
   * apart, which MariaDB counts as Handler_tmp_*).
   */
  private static final Map<ServerMetric, List<List<String>>> STATUS_COUNTERS = statusCounters();

  private static Map<ServerMetric, List<List<String>>> statusCounters() {
    Map<ServerMetric, List<List<String>>> m = new EnumMap<>(ServerMetric.class);
    m.put(ServerMetric.ROWS_READ, List.of(List.of("Innodb_rows_read", "Rocksdb_rows_read"), List.of("Rows_read")));
    m.put(ServerMetric.ROWS_INSERTED,
        List.of(List.of("Innodb_rows_inserted", "Rocksdb_rows_inserted"), List.of("Handler_write")));
    m.put(ServerMetric.ROWS_UPDATED,
        List.of(List.of("Innodb_rows_updated", "Rocksdb_rows_updated"), List.of("Handler_update")));
    m.put(ServerMetric.ROWS_DELETED,
        List.of(List.of("Innodb_rows_deleted", "Rocksdb_rows_deleted"), List.of("Handler_delete")));
    m.put(ServerMetric.STATEMENTS, List.of(List.of("Questions")));
    m.put(ServerMetric.BUFFER_POOL_READ_REQUESTS, List.of(List.of("Innodb_buffer_pool_read_requests")));
    m.put(ServerMetric.BUFFER_POOL_DISK_READS, List.of(List.of("Innodb_buffer_pool_reads")));
    m.put(ServerMetric.FSYNCS, List.of(List.of("Innodb_data_fsyncs")));
    m.put(ServerMetric.ROW_LOCK_WAITS, List.of(List.of("Innodb_row_lock_waits")));
    m.put(ServerMetric.ROW_LOCK_WAIT_MS, List.of(List.of("Innodb_row_lock_time")));
    m.put(ServerMetric.DEADLOCKS,
        List.of(List.of("Innodb_deadlocks", "Rocksdb_row_lock_deadlocks"), List.of("Rocksdb_row_lock_deadlocks")));
    m.put(ServerMetric.THREADS_RUNNING, List.of(List.of("Threads_running")));
    m.put(ServerMetric.ROCKSDB_BLOCK_CACHE_HITS, List.of(List.of("Rocksdb_block_cache_hit")));
    m.put(ServerMetric.ROCKSDB_BLOCK_CACHE_MISSES, List.of(List.of("Rocksdb_block_cache_miss")));
    m.put(ServerMetric.ROCKSDB_WAL_SYNCS, List.of(List.of("Rocksdb_wal_synced")));
    m.put(ServerMetric.ROCKSDB_STALL_MICROS, List.of(List.of("Rocksdb_stall_micros")));
    m.put(ServerMetric.ROCKSDB_STALL_STOPS, List.of(List.of("Rocksdb_stall_total_stops")));
    m.put(ServerMetric.ROCKSDB_STALL_SLOWDOWNS, List.of(List.of("Rocksdb_stall_total_slowdowns")));
    m.put(ServerMetric.ROCKSDB_COMPACT_READ_BYTES, List.of(List.of("Rocksdb_compact_read_bytes")));
    m.put(ServerMetric.ROCKSDB_COMPACT_WRITE_BYTES, List.of(List.of("Rocksdb_compact_write_bytes")));
    m.put(ServerMetric.UPTIME_S, List.of(List.of("Uptime")));
    // Prepared statements count here too (COM_STMT_EXECUTE of a SELECT adds to Com_select); SHOW STATUS does not
    // (Com_show_status), so the sampler's own queries are not among them.
    m.put(ServerMetric.SELECT_STATEMENTS, List.of(List.of("Com_select")));
    // LOAD DATA inserts too (db.bulkload=loaddata): Com_load, one per statement.
    m.put(ServerMetric.INSERT_STATEMENTS, List.of(List.of("Com_insert", "Com_replace", "Com_load")));
    m.put(ServerMetric.UPDATE_STATEMENTS, List.of(List.of("Com_update")));
    m.put(ServerMetric.DELETE_STATEMENTS, List.of(List.of("Com_delete")));
    return m;
  }

  /**
   * Only the counters the metrics use (the server still gathers all of them; the WHERE saves sending some 500
   * rows). SHOW GLOBAL STATUS reads performance_schema.global_status on MySQL 8 and information_schema on MariaDB.
   */
  private static final String STATUS_QUERY = statusQuery();

  private static String statusQuery() {
    Set<String> names = new LinkedHashSet<>();
    STATUS_COUNTERS.values().forEach(alternatives -> alternatives.forEach(names::addAll));
    StringBuilder sql = new StringBuilder("SHOW GLOBAL STATUS WHERE Variable_name IN (");
    String sep = "";
    for (String name : names) {
      sql.append(sep).append('\'').append(name).append('\'');
      sep = ", ";
    }
    return sql.append(')').toString();
  }

  /**
   * Statements by kind (Com_*, which count prepared statements' executions too and not the sampler's SHOW STATUS;
   * Com_select counts the sampler's own SELECT on MySQL, {@link ServerMetric#HARNESS_SELECTS}). Where inserts were
   * batched, rows written as well as statements (a multi-row INSERT or a bulk batch is one Com_insert for many rows,
   * a LOAD DATA one Com_load): Handler_write on MariaDB (the SQL layer's row writes, a row that failed as a duplicate
   * included), the engines' rows inserted on MySQL, where Handler_write also counts internal writes.
   */
  @Override
  public List<CallCounter> callCounters(InsertStatements inserts, String product) {
    List<CallCounter> counters = new ArrayList<>();
    counters.add(new CallCounter("READ", Set.of("READ", "SCAN"), ServerMetric.SELECT_STATEMENTS, "Com_select", false,
        false, ServerMetric.HARNESS_SELECTS));
    counters.add(new CallCounter("UPDATE", Set.of("UPDATE"), ServerMetric.UPDATE_STATEMENTS, "Com_update", false,
        false));
    String statements = "Com_insert + Com_replace + Com_load";
    if (inserts.batched()) {
      String rows = product == null ? "Handler_write (MariaDB), Innodb_rows_inserted + Rocksdb_rows_inserted (MySQL)"
          : "MariaDB".equals(product) ? "Handler_write" : "Innodb_rows_inserted + Rocksdb_rows_inserted";
      counters.add(new CallCounter("INSERT", Set.of("INSERT"), ServerMetric.ROWS_INSERTED, rows, true, false));
      // A batch's statements: one per INSERT-BATCH call, or one per row (each buffered insert call).
      counters.add(new CallCounter("INSERT statements", inserts == InsertStatements.BATCH
          ? Set.of("INSERT-BATCH") : Set.of("INSERT"), ServerMetric.INSERT_STATEMENTS,
          statements, false, false));
    } else {
      counters.add(new CallCounter("INSERT", Set.of("INSERT"), ServerMetric.INSERT_STATEMENTS, statements, false,
          false));
    }
    counters.add(new CallCounter("DELETE", Set.of("DELETE"), ServerMetric.DELETE_STATEMENTS, "Com_delete", false,
        false));
    return counters;
  }

  /** UNIX_TIMESTAMP of a DATETIME(3) is exact to the millisecond; the session's time zone cancels out. */
  @Override
  protected String serverClockMsExpression() {
    return "CAST(UNIX_TIMESTAMP(NOW(3)) * 1000 AS SIGNED)";
  }

  @Override
  public String createBarrierTable() {
    return "CREATE TABLE IF NOT EXISTS " + BARRIER_TABLE + " (run_id VARCHAR(64) NOT NULL, phase VARCHAR(16) NOT NULL, "
        + "client INT NOT NULL, arrived_ms BIGINT NOT NULL, PRIMARY KEY (run_id, phase, client))";
  }

  @Override
  public String serverMetricsQuery() {
    return STATUS_QUERY;
  }

  /** Rows of (Variable_name, Value); names compared without case (MySQL and MariaDB capitalise some differently). */
  @Override
  public EnumMap<ServerMetric, Long> serverMetrics(ResultSet rows) throws SQLException {
    return metricsOf(status(rows));
  }

  /**
   * SHOW GLOBAL STATUS, and on MySQL (which has no Innodb_deadlocks status; MariaDB has) InnoDB's lock_deadlocks from
   * information_schema.INNODB_METRICS, enabled there by default. That one is a SELECT, which the server's Com_select
   * counts beside the workload's reads: the sampler's session's own Com_select (SHOW SESSION STATUS, which no
   * Com_select counts) is recorded as {@link ServerMetric#HARNESS_SELECTS}, for the self-check to add to the
   * client's side.
   */
  @Override
  public EnumMap<ServerMetric, Long> sampleServerMetrics(Connection c, int timeoutSeconds) throws SQLException {
    Map<String, Long> status;
    try (Statement s = c.createStatement()) {
      if (timeoutSeconds > 0) {
        s.setQueryTimeout(timeoutSeconds);
      }
      try (ResultSet rows = s.executeQuery(STATUS_QUERY)) {
        status = status(rows);
      }
      boolean mysqlInnodb = status.containsKey("innodb_rows_read") && !status.containsKey(INNODB_DEADLOCKS);
      if (!mysqlInnodb) {
        return metricsOf(status);
      }
      try (ResultSet rows = s.executeQuery(MYSQL_DEADLOCKS_QUERY)) {
        if (rows.next()) {
          status.put(INNODB_DEADLOCKS, rows.getLong(1));
        }
      }
      EnumMap<ServerMetric, Long> metrics = metricsOf(status);
      try (ResultSet rows = s.executeQuery(SESSION_SELECTS_QUERY)) {
        if (rows.next()) {
          metrics.put(ServerMetric.HARNESS_SELECTS, Long.parseLong(rows.getString(2).trim()));
        }
      }
      return metrics;
    }
  }

  private static final String INNODB_DEADLOCKS = "innodb_deadlocks";
  /** MySQL's deadlock count; no row when the metric was switched off (innodb_monitor_disable), so none is recorded. */
  static final String MYSQL_DEADLOCKS_QUERY =
      "SELECT COUNT FROM information_schema.INNODB_METRICS WHERE NAME = 'lock_deadlocks' AND STATUS = 'enabled'";
  static final String SESSION_SELECTS_QUERY = "SHOW SESSION STATUS WHERE Variable_name = 'Com_select'";

  private static Map<String, Long> status(ResultSet rows) throws SQLException {
    Map<String, Long> status = new HashMap<>();
    while (rows.next()) {
      String value = rows.getString(2);
      try {
        status.put(rows.getString(1).toLowerCase(Locale.ROOT), Long.parseLong(value.trim()));
      } catch (NumberFormatException | NullPointerException e) {
        // Not a count (none of the names asked for is text on any server known); left out, so the metric is absent.
      }
    }
    return status;
  }

  private static EnumMap<ServerMetric, Long> metricsOf(Map<String, Long> status) {
    EnumMap<ServerMetric, Long> metrics = new EnumMap<>(ServerMetric.class);
    STATUS_COUNTERS.forEach((metric, alternatives) -> {
      for (List<String> counters : alternatives) {
        if (status.containsKey(counters.get(0).toLowerCase(Locale.ROOT))) {
          long sum = 0;
          for (String counter : counters) {
            sum += status.getOrDefault(counter.toLowerCase(Locale.ROOT), 0L);
          }
          metrics.put(metric, sum);
          return;
        }
      }
    });
    return metrics;
  }

  // ---- driver settings ----

  @Override
  public Map<String, String> driverDefaults(String url, int connectTimeoutMs, int socketTimeoutMs) {
    Map<String, String> d = super.driverDefaults(url, connectTimeoutMs, socketTimeoutMs);
    d.put("connectTimeout", Integer.toString(connectTimeoutMs));
    // No socketTimeout: a socket read timeout makes every JDK socket read non-blocking read +
    // poll + read, which cost about a quarter of the client CPU per operation (docs/speed.md);
    // db.sockettimeout is enforced by the binding's OperationWatchdog instead, which closes a stuck operation's
    // socket. Both drivers get sockets that stay blocking after their timed connect and that the watchdog can close
    // (BlockingSockets says why): one read(2) per reply instead of read, EAGAIN, poll, read.
    if (DriverChoice.usesMariaDbDriver(url)) {
      d.put("socketFactory", BlockingSockets.MariaDb.class.getName());
      // MariaDB Connector/J 3: binary protocol with its own prepared-statement cache.
      d.put("useServerPrepStmts", "true");
      d.put("cachePrepStmts", "true");
      d.put("useBulkStmts", "true");
    } else {
      d.put("socketFactory", BlockingSockets.ConnectorJ.class.getName());
      // MySQL Connector/J: binary protocol, no per-statement round trips for session state.
      d.put("useServerPrepStmts", "true");
      d.put("cachePrepStmts", "true");
      d.put("prepStmtCacheSize", "256");
      d.put("rewriteBatchedStatements", "true");
      d.put("useLocalSessionState", "true");
      d.put("elideSetAutoCommits", "true");
      d.put("cacheServerConfiguration", "true");
      d.put("cacheResultSetMetadata", "true");
      d.put("maintainTimeStats", "false");
    }
    return d;
  }

  /** Both drivers name these two the same; a read timeout costs nothing that matters in a tool. */
  @Override
  public Map<String, String> toolDefaults(int connectTimeoutMs, int socketTimeoutMs) {
    Map<String, String> d = new LinkedHashMap<>();
    d.put("connectTimeout", Integer.toString(connectTimeoutMs));
    d.put("socketTimeout", Integer.toString(socketTimeoutMs));
    return d;
  }

  @Override
  public Map<String, String> loadDataDriverDefaults(String url) {
    Map<String, String> d = super.loadDataDriverDefaults(url);
    d.put(DriverChoice.usesMariaDbDriver(url) ? "allowLocalInfile" : "allowLoadLocalInfile", "true");
    return d;
  }

  @Override
  public String sessionId() {
    return "SELECT CONNECTION_ID()";
  }

  /** SHOW SESSION STATUS: Com_show_status counts it, none of the Com_* counters the self-check compares. */
  static final String SESSION_TLS_QUERY = "SHOW SESSION STATUS WHERE Variable_name IN ('Ssl_version', 'Ssl_cipher')";

  /** The session's Ssl_version and Ssl_cipher (empty without TLS). */
  @Override
  public String sessionTls(Connection c) throws SQLException {
    String version = "";
    String cipher = "";
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(SESSION_TLS_QUERY)) {
      while (rs.next()) {
        String value = rs.getString(2) == null ? "" : rs.getString(2).strip();
        if ("Ssl_version".equalsIgnoreCase(rs.getString(1))) {
          version = value;
        } else {
          cipher = value;
        }
      }
    }
    return version.isEmpty() ? TLS_OFF : (version + " " + cipher).strip();
  }

  /** A session is in PROCESSLIST until it ends, with COMMAND 'Sleep' while it waits for its client. */
  @Override
  public String sessionRunning() {
    return "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE ID = ? AND COMMAND <> 'Sleep'";
  }
}
