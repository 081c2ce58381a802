package com.mytopling.ycsb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.jdbc.testing.StoredRows;
import com.mytopling.ycsb.jdbc.testing.TestServer;
import com.mytopling.ycsb.jdbc.testing.Totals;
import com.mytopling.ycsb.jdbc.testing.YcsbProcess;
import com.mytopling.ycsb.jdbc.verify.DeterministicValues;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every bulk-load path (db.bulkload, db.bulksort, db.rocksdb.bulkload, db.mysqldriver) through
 * YCSB's own client against the real servers, then every row read back and compared.
 */
class BulkLoadIT {
  static final int RECORDS = BindingIT.RECORDS;

  static Stream<Arguments> paths() {
    List<Arguments> list = new ArrayList<>();
    for (String engine : List.of("innodb", "rocksdb")) {
      for (String mode : List.of("insert", "loaddata", "batchapi")) {
        for (String driver : List.of("mysql", "mariadb")) {
          list.add(Arguments.of(engine, mode, driver, mode.equals("insert"), 4, false));
        }
      }
      list.add(Arguments.of(engine, "loaddata", "mysql", true, 16, false));
    }
    for (String mode : List.of("insert", "loaddata")) {
      for (String driver : List.of("mysql", "mariadb")) {
        // MyRocks bulk load needs each session's keys not to overlap other sessions' (one thread).
        list.add(Arguments.of("rocksdb", mode, driver, true, 1, true));
      }
    }
    return list.stream();
  }

  static List<String> loadArgs(TestServer server, String table, int threads, String... extra) {
    List<String> a = BindingIT.args(server, List.of(server.jdbcUrl()), table, "-load", "-P",
        BindingIT.WORKLOADS.resolve("workloada").toString(), "-threads", Integer.toString(threads),
        "-p", "db.batchsize=64", "-p", "jdbc.batchupdateapi=true", "-p", "db.createtable=true");
    for (String e : extra) {
      a.add(e);
    }
    return a;
  }

  @ParameterizedTest(name = "{0} bulkload={1} driver={2} sorted={3} threads={4} rocksdb_bulk_load={5}")
  @MethodSource("paths")
  void everyPathStoresEveryRowExactlyOnce(String engine, String mode, String driver, boolean sorted, int threads,
                                         boolean rocksBulk) throws Exception {
    TestServer server = BindingIT.server(engine);
    String table = "bulk_" + mode + "_" + driver + (sorted ? "_s" : "") + "_t" + threads + (rocksBulk ? "_rb" : "");
    YcsbProcess.Result r = YcsbProcess.run(loadArgs(server, table, threads, "-p", "db.droptable=true",
        "-p", "db.bulkload=" + mode, "-p", "db.mysqldriver=" + driver, "-p", "db.bulksort=" + sorted,
        "-p", "db.rocksdb.bulkload=" + rocksBulk));

    assertEquals(0, r.exitCode, r::toString);
    assertTrue(r.stderr.contains("db.bulkload=" + mode), r::toString);
    assertTrue(r.stderr.contains("driver=\"" + (driver.equals("mysql") ? "MySQL Connector/J" : "MariaDB Connector/J")),
        r::toString);
    assertEquals(RECORDS, r.output.count(MyToplingDbClient.BATCH_SERIES, "Return=OK"), "rows stored: " + r);
    assertEquals(0, r.output.count(MyToplingDbClient.BATCH_SERIES, "Return=ERROR"), r::toString);
    assertTrue(r.stderr.contains("[mytopling] totals: inserted rows stored=" + RECORDS + " failed=0"), r::toString);
    StoredRows.read(server, List.of(server.jdbcUrl()), table, 10)
        .assertLoadedExactly(BindingIT.keyProps(), RECORDS, 1, BindingIT.FIELD_LENGTH);
  }

  /**
   * LOAD DATA skips rows whose key exists (IGNORE); the affected-row count makes them failures.
   * YCSB stops a loading thread at its first failed insert, so fewer rows than recordcount are
   * sent: every one of those is reported failed, none as stored.
   */
  @Test
  void loadDataCountsSkippedDuplicatesAsFailedRows() throws Exception {
    TestServer server = BindingIT.server("innodb");
    String table = "bulk_loaddata_dup";
    for (String driver : List.of("mysql", "mariadb")) {
      YcsbProcess.Result first = YcsbProcess.run(loadArgs(server, table, 2, "-p", "db.droptable=true",
          "-p", "db.bulkload=loaddata", "-p", "db.mysqldriver=" + driver));
      assertEquals(0, first.exitCode, first::toString);
      YcsbProcess.Result again = YcsbProcess.run(loadArgs(server, table, 2, "-p", "db.bulkload=loaddata",
          "-p", "db.mysqldriver=" + driver));
      long failed = again.output.count(MyToplingDbClient.BATCH_SERIES, "Return=ERROR");
      assertEquals(0, again.output.count(MyToplingDbClient.BATCH_SERIES, "Return=OK"), again::toString);
      assertTrue(failed >= 64, again::toString);
      assertTrue(again.stderr.contains("inserted rows stored=0 failed=" + failed + " "), again::toString);
      assertTrue(again.stderr.contains("rows not stored"), again::toString);
      StoredRows.read(server, List.of(server.jdbcUrl()), table, 10)
          .assertLoadedExactly(BindingIT.keyProps(), RECORDS, 1, BindingIT.FIELD_LENGTH);
    }
  }

  /**
   * MyRocks bulk load from four sessions whose keys interleave: ending bulk load fails with
   * "must not overlap existing rows" for every session but the first to end, so rows are lost
   * for real. Rows stored one at a time (db.batchsize=1) and in batches alike: the lost ones
   * are counted failed (INSERT-BULK-COMMIT), the totals match the table row for row, and every
   * row the table holds has the values the load wrote.
   */
  @ParameterizedTest(name = "db.batchsize={0}")
  @ValueSource(ints = {1, 64})
  void overlappingRocksdbBulkLoadsAreCountedAsFailedRows(int batch) throws Exception {
    TestServer server = BindingIT.server("rocksdb");
    String table = "bulk_rocks_overlap_" + batch;
    YcsbProcess.Result r = YcsbProcess.run(loadArgs(server, table, 4, "-p", "db.droptable=true",
        "-p", "db.rocksdb.bulkload=true", "-p", "db.batchsize=" + batch));
    assertEquals(0, r.exitCode, r::toString);
    assertEquals(RECORDS, r.output.count("INSERT", "Return=OK") + r.output.count("INSERT", "Return=BATCHED_OK"),
        "YCSB saw every insert succeed: " + r);
    long lost = r.output.count(MyToplingDbClient.BULK_COMMIT_SERIES, "Return=ERROR");
    assertTrue(r.stderr.contains("Rows inserted during bulk load must not overlap existing rows"),
        "the sessions overlapped and ending bulk load failed: " + r);
    assertTrue(lost > 0 && lost < RECORDS, "some sessions' rows were lost, not all: " + r);
    Totals totals = Totals.of(r);
    assertEquals(lost, totals.get("failed"), totals::toString);
    StoredRows stored = StoredRows.read(server, List.of(server.jdbcUrl()), table, 10);
    assertEquals(totals.get("stored"), stored.size(), "rows counted stored are the rows the table holds: " + totals);
    assertEquals(RECORDS - lost, stored.size(), totals::toString);
    StoredRows.KeyNames names = StoredRows.KeyNames.of(BindingIT.keyProps());
    for (long i = 0; i < RECORDS; i++) {
      String key = names.key(i);
      String[] row = stored.row(key);
      if (row != null) {
        for (int f = 0; f < 10; f++) {
          assertEquals(DeterministicValues.value(key, "field" + f, BindingIT.FIELD_LENGTH),
              row[f], key + " field" + f);
        }
      }
    }
  }
}
