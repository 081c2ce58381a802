package com.mytopling.ycsb.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * scripts/ycsb's exit status follows the binding's row accounting: a load in which rows were
 * acknowledged and then not stored exits 1, also when YCSB itself saw every insert succeed (a
 * retried insert, or the last batch sent at cleanup).
 */
class RowsFailedExitIT {
  private static final int RECORDS = 600;
  private static final String WORKLOAD = Scripts.ROOT.resolve("workloads").resolve("workloada").toString();

  private static List<String> load(String table, String... extra) {
    TestServer s = TestServers.innodb();
    List<String> a = new ArrayList<>(List.of("load", "mytopling", "-P", WORKLOAD, "-threads", "1",
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
}
