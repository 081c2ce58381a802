package com.mytopling.ycsb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.jdbc.testing.StoredRows;
import com.mytopling.ycsb.jdbc.testing.TestServer;
import com.mytopling.ycsb.jdbc.testing.TestServers;
import com.mytopling.ycsb.jdbc.testing.Totals;
import com.mytopling.ycsb.jdbc.testing.YcsbProcess;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Loads whose batches fail for real (a key that exists already) through YCSB's own client, with
 * YCSB's insertion retries on: every row acknowledged is in the table, every row that is not is
 * counted failed, and a retried insert stores the values YCSB generated, not what is left of
 * its consumed value iterators.
 */
class InsertAccountingIT {
  private static final int RECORDS = BindingIT.RECORDS;
  private static final int BATCH = 50;

  private static List<String> load(TestServer server, String table, String... extra) {
    List<String> a = BindingIT.args(server, List.of(server.jdbcUrl()), table, "-load", "-P",
        BindingIT.WORKLOADS.resolve("workloada").toString(), "-threads", "1", "-p", "dataintegrity=false");
    a.addAll(List.of(extra));
    return a;
  }

  /** A fresh table holding only the row the load will write for keynum {@code keynum}. */
  private static String tableWithOneRow(TestServer server, String table, long keynum) {
    YcsbProcess.Result r = YcsbProcess.run(load(server, table, "-p", "db.createtable=true", "-p", "db.droptable=true",
        "-p", "insertstart=" + keynum, "-p", "insertcount=1"));
    assertEquals(0, r.exitCode, r::toString);
    try {
      return StoredRows.KeyNames.of(BindingIT.keyProps()).key(keynum);
    } catch (site.ycsb.WorkloadException e) {
      throw new AssertionError(e);
    }
  }

  /**
   * The second batch (rows 50..99) holds a key that exists: the multi-row INSERT fails as a
   * whole. Its 49 rows acknowledged BATCHED_OK are lost and counted failed; the insert that
   * triggered the flush gets ERROR, YCSB retries it, and the retry stores its real values.
   */
  @Test
  void failedBatchLosesOnlyAcknowledgedRowsAndTheRetriedInsertKeepsItsValues() throws Exception {
    TestServer server = TestServers.innodb();
    String table = "acct_retry";
    String existing = tableWithOneRow(server, table, 75);
    YcsbProcess.Result r = YcsbProcess.run(load(server, table, "-p", "db.batchsize=" + BATCH,
        "-p", "jdbc.batchupdateapi=true", "-p", "db.bulkload=insert", "-p", "core_workload_insertion_retry_limit=3",
        "-p", "core_workload_insertion_retry_interval=0"));
    assertTrue(r.stderr.contains("Retrying insertion"), "YCSB retried the insert that got ERROR: " + r);
    StoredRows stored = StoredRows.read(server, List.of(server.jdbcUrl()), table, 10);
    Totals totals = Totals.of(r);
    assertEquals(49, totals.get("failed"), "rows 50..98 were acknowledged and lost: " + totals);
    assertEquals(RECORDS - 49, totals.get("stored"), totals::toString);
    assertEquals(RECORDS - 48, stored.size(), "stored rows, plus the one that was there before: " + totals);
    assertEquals(BATCH, r.output.count(MyToplingDbClient.BATCH_SERIES, "Return=ERROR"),
        "INSERT-BATCH: one ERROR per row of the failed statement, the retried one included: " + r);
    assertEquals(RECORDS - 49, r.output.count(MyToplingDbClient.BATCH_SERIES, "Return=OK"), r::toString);
    StoredRows.KeyNames names = StoredRows.KeyNames.of(BindingIT.keyProps());
    for (long i = 0; i < RECORDS; i++) {
      String key = names.key(i);
      String[] row = stored.row(key);
      if (i >= BATCH && i < 2 * BATCH - 1 && !key.equals(existing)) {
        assertEquals(null, row, key + " (#" + i + ") was in the failed batch");
        continue;
      }
      assertNotNull(row, key + " (#" + i + ") is missing");
      for (int f = 0; f < 10; f++) {
        assertEquals(BindingIT.FIELD_LENGTH, row[f].length(), key + " (#" + i + ") field" + f + " = '" + row[f] + "'");
      }
    }
  }

  /**
   * The same failure through every bulk mode and both drivers. Whatever a mode can tell about
   * its failed batch (a multi-row INSERT stores nothing; an executeBatch or LOAD DATA may store
   * part), each row YCSB asked for is counted once, stored or failed, the rows counted stored
   * are the rows the table holds, and no row holds anything but the values YCSB generated. A row
   * whose batch stored an unknown part of its rows is not sent again.
   */
  @ParameterizedTest(name = "bulkload={0} driver={1}")
  @MethodSource("modes")
  void everyRowOfAFailedBatchIsCountedOnceInEveryMode(String mode, String driver) throws Exception {
    TestServer server = TestServers.innodb();
    String table = "acct_" + mode + "_" + driver;
    tableWithOneRow(server, table, 75);
    YcsbProcess.Result r = YcsbProcess.run(load(server, table, "-p", "db.batchsize=" + BATCH,
        "-p", "jdbc.batchupdateapi=true", "-p", "db.bulkload=" + mode, "-p", "db.mysqldriver=" + driver,
        "-p", "core_workload_insertion_retry_limit=3", "-p", "core_workload_insertion_retry_interval=0"));
    long retries = r.stderr.lines().filter(l -> l.startsWith("Retrying insertion")).count();
    // YCSB times failed calls in INSERT-FAILED; each retry is one more call for the same row.
    long attempted = r.output.count("INSERT", "Operations") + r.output.count("INSERT-FAILED", "Operations") - retries;
    Totals totals = Totals.of(r);
    assertTrue(totals.get("failed") > 0, "the batch with the existing key failed: " + totals);
    assertEquals(attempted, totals.get("stored") + totals.get("failed"), "each row counted once: " + totals + "\n" + r);
    StoredRows stored = StoredRows.read(server, List.of(server.jdbcUrl()), table, 10);
    assertEquals(totals.get("stored") + 1, stored.size(), "the rows counted stored, and the one there before: "
        + totals);
    StoredRows.KeyNames names = StoredRows.KeyNames.of(BindingIT.keyProps());
    for (long i = 0; i < attempted; i++) {
      String[] row = stored.row(names.key(i));
      for (int f = 0; row != null && f < 10; f++) {
        assertEquals(BindingIT.FIELD_LENGTH, row[f].length(), names.key(i) + " (#" + i + ") field" + f);
      }
    }
  }

  static java.util.stream.Stream<Arguments> modes() {
    List<Arguments> list = new ArrayList<>();
    for (String mode : List.of("insert", "batchapi", "loaddata")) {
      for (String driver : List.of("mysql", "mariadb")) {
        list.add(Arguments.of(mode, driver));
      }
    }
    return list.stream();
  }
}
