package com.mytopling.ycsb.launcher;

import com.mytopling.ycsb.launcher.client.Ycsb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.jdbc.testing.TestServer;
import com.mytopling.ycsb.jdbc.testing.TestServers;
import com.mytopling.ycsb.jdbc.testing.YcsbProcess;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * scripts/ycsb's exit status follows the binding's row accounting, by the README's rule: a load in
 * which rows were not stored exits 1, also when YCSB itself saw every insert succeed (a retried
 * insert, or the last batch sent at cleanup); a run phase exits 1 when rows acknowledged to YCSB
 * were lost, while its inserts that YCSB saw fail are counted and reported like its other failed
 * operations.
 */
class RowsFailedExitIT {
  private static final int RECORDS = 600;
  private static final String WORKLOAD = Scripts.ROOT.resolve("workloads").resolve("workloada").toString();

  private static List<String> load(String table, String... extra) {
    return phase("load", table, extra);
  }

  private static List<String> phase(String command, String table, String... extra) {
    TestServer s = TestServers.innodb();
    List<String> a = new ArrayList<>(List.of(command, "mytopling", "-P", WORKLOAD, "-threads", "1",
        "-p", "table=" + table, "-p", "recordcount=" + RECORDS, "-p", "fieldlength=20"));
    a.addAll(LauncherIT.dbArgs(s));
    a.addAll(List.of(extra));
    return a;
  }

  /** A fresh table holding only the row of keynum {@code keynum}. */
  private static void tableWithOneRow(String table, long keynum) {
    YcsbProcess.Result r = YcsbProcess.runMain(Ycsb.class.getName(), load(table, "-p", "db.createtable=true",
        "-p", "db.droptable=true", "-p", "insertstart=" + keynum, "-p", "insertcount=1"));
    assertEquals(0, r.exitCode, r::toString);
  }

  private static long rows(String table) throws Exception {
    try (Connection c = TestServers.innodb().connect(); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static void assertRowsFailedExit(YcsbProcess.Result r, long failed) {
    assertEquals(1, r.exitCode, r::toString);
    assertTrue(r.stderr.lines().anyMatch(l -> l.startsWith("[ycsb] ") && l.contains(failed + " rows")
        && l.contains("not stored")), r::toString);
  }

  /** The last 24 rows go at cleanup and hit an existing key: YCSB saw 600 inserts succeed. */
  @Test
  void aFailedFinalFlushMakesTheLoadFail() throws Exception {
    String table = "exit_final_flush";
    tableWithOneRow(table, 590);
    YcsbProcess.Result r = YcsbProcess.runMain(Ycsb.class.getName(), load(table, "-p", "db.batchsize=64",
        "-p", "jdbc.batchupdateapi=true", "-p", "db.bulkload=insert"));
    assertEquals(RECORDS, r.output.count("INSERT", "Return=BATCHED_OK") + r.output.count("INSERT", "Return=OK"),
        "YCSB saw every insert succeed: " + r);
    assertEquals(RECORDS - 24 + 1, rows(table), r::toString);
    assertRowsFailedExit(r, 24);
  }

  /** A batch fails in the middle; YCSB retries the insert that got ERROR and then sees all succeed. */
  @Test
  void rowsLostBeforeASuccessfulRetryMakeTheLoadFail() throws Exception {
    String table = "exit_retried";
    tableWithOneRow(table, 75);
    YcsbProcess.Result r = YcsbProcess.runMain(Ycsb.class.getName(), load(table, "-p", "db.batchsize=50",
        "-p", "jdbc.batchupdateapi=true", "-p", "db.bulkload=insert", "-p", "core_workload_insertion_retry_limit=2",
        "-p", "core_workload_insertion_retry_interval=0"));
    assertTrue(r.stderr.contains("Retrying insertion"), r::toString);
    assertEquals(RECORDS - 48, rows(table), r::toString);
    assertRowsFailedExit(r, 49);
  }

  @Test
  void aCompleteLoadExitsZero() throws Exception {
    String table = "exit_complete";
    YcsbProcess.Result r = YcsbProcess.runMain(Ycsb.class.getName(), load(table, "-p", "db.createtable=true",
        "-p", "db.droptable=true", "-p", "db.batchsize=64", "-p", "jdbc.batchupdateapi=true"));
    assertEquals(0, r.exitCode, r::toString);
    assertEquals(RECORDS, rows(table), r::toString);
  }

  /** A loaded table of RECORDS rows plus the row the run phase's first insert (key number RECORDS + k) will hit. */
  private static void loadedTableWithRowAhead(String table, long k) {
    YcsbProcess.Result l = YcsbProcess.runMain(Ycsb.class.getName(), load(table, "-p", "db.createtable=true",
        "-p", "db.droptable=true", "-p", "db.batchsize=64", "-p", "jdbc.batchupdateapi=true"));
    assertEquals(0, l.exitCode, l::toString);
    YcsbProcess.Result one = YcsbProcess.runMain(Ycsb.class.getName(), load(table, "-p", "insertstart=" + (RECORDS + k),
        "-p", "insertcount=1", "-p", "recordcount=" + (RECORDS + k + 1)));
    assertEquals(0, one.exitCode, one::toString);
  }

  /**
   * A run-phase insert that fails (its key exists) is reported failed to YCSB (Return=ERROR) and counted, as a
   * failed update would be; the run did every planned operation and lost nothing it acknowledged: exit 0.
   * (Before the one exit rule, any failed row made a run phase exit 1, a failed update never.)
   */
  @Test
  void aRunPhaseInsertThatFailsIsCountedAndTheRunSucceeds() throws Exception {
    String table = "exit_run_insert";
    loadedTableWithRowAhead(table, 0);
    YcsbProcess.Result r = YcsbProcess.runMain(Ycsb.class.getName(), phase("run", table, "-p", "operationcount=40",
        "-p", "readproportion=0.5", "-p", "updateproportion=0", "-p", "insertproportion=0.5",
        "-p", "requestdistribution=uniform"));
    assertEquals(1, r.output.count("INSERT", "Return=ERROR"), r::toString);
    long inserted = r.output.count("INSERT", "Return=OK");
    assertTrue(inserted > 0, r::toString);
    assertTrue(r.stderr.contains("[mytopling] totals: inserted rows stored=" + inserted + " failed=1 "), r::toString);
    assertFalse(r.stderr.contains("acknowledged_lost="), r::toString);
    assertEquals(RECORDS + 1 + inserted, rows(table), r::toString);
    assertEquals(0, r.exitCode, r::toString);
  }

  /**
   * With run-phase batching (db.batch.runphase=true) a batch that fails loses the 9 rows it had acknowledged
   * BATCHED_OK; the insert that filled it gets the failure. The run exits 1 naming the 9 rows.
   */
  @Test
  void aRunPhaseThatLosesAcknowledgedRowsFails() throws Exception {
    String table = "exit_run_batch";
    loadedTableWithRowAhead(table, 5);
    YcsbProcess.Result r = YcsbProcess.runMain(Ycsb.class.getName(), phase("run", table, "-p", "operationcount=25",
        "-p", "readproportion=0", "-p", "updateproportion=0", "-p", "insertproportion=1",
        "-p", "db.batch.runphase=true", "-p", "jdbc.batchupdateapi=true", "-p", "db.batchsize=10",
        "-p", "db.bulkload=insert"));
    assertEquals(1, r.output.count("INSERT", "Return=ERROR"), r::toString);
    assertTrue(r.stderr.contains(" acknowledged_lost=9 "), r::toString);
    assertEquals(RECORDS + 1 + 15, rows(table), r::toString);
    assertEquals(1, r.exitCode, r::toString);
    assertEquals(1, r.stderr.lines().filter(l -> l.startsWith("[ycsb] incomplete run: 9 rows acknowledged to YCSB "
        + "were not stored")).count(), r::toString);
  }
}
