package com.mytopling.ycsb.launcher;

import com.mytopling.ycsb.launcher.client.Ycsb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.jdbc.testing.TestServer;
import com.mytopling.ycsb.jdbc.testing.TestServers;
import com.mytopling.ycsb.jdbc.testing.YcsbProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The binding's row totals reach what the launcher prints (WorkloadRunner.rowsOf): the status lines count batched
 * inserts by the rows the server stored, and the file workload's summary says FAILED when rows it handed to the
 * binding were not stored. Before the binding's prepare handle was adapted to the launcher's BindingRows, status
 * lines counted a batch by the one insert that sent it, and the file workload said OK.
 */
class BindingRowsIT {
  private static final String WORKLOAD = Scripts.ROOT.resolve("workloads").resolve("workloada").toString();

  private static List<String> load(String table, String... extra) {
    TestServer s = TestServers.innodb();
    List<String> a = new ArrayList<>(List.of("load", "mytopling", "-P", WORKLOAD, "-threads", "1",
        "-p", "table=" + table, "-p", "fieldlength=20"));
    a.addAll(LauncherIT.dbArgs(s));
    a.addAll(List.of(extra));
    return a;
  }

  /**
   * 600 rows in batches of 64 into a table that holds key 590: nine batches (576 rows) are stored, the last 24
   * rows fail at the final flush. YCSB saw 600 inserts succeed; the last status line, printed after every
   * thread's cleanup, counts the 576 rows stored.
   */
  @Test
  void statusLinesCountBatchedInsertsByRowsStored() throws Exception {
    String table = "rows_status";
    YcsbProcess.Result first = YcsbProcess.runMain(Ycsb.class.getName(), load(table, "-p", "recordcount=600",
        "-p", "db.createtable=true", "-p", "db.droptable=true", "-p", "insertstart=590", "-p", "insertcount=1"));
    assertEquals(0, first.exitCode, first::toString);
    YcsbProcess.Result r = YcsbProcess.runMain(Ycsb.class.getName(), load(table, "-p", "recordcount=600",
        "-p", "db.batchsize=64", "-p", "jdbc.batchupdateapi=true", "-p", "db.bulkload=insert",
        "-s", "-p", "status.interval=1"));
    assertEquals(600, r.output.count("INSERT", "Return=BATCHED_OK") + r.output.count("INSERT", "Return=OK"),
        r::toString);
    List<String> status = r.stderr.lines().filter(l -> l.contains(" sec: ")).toList();
    assertFalse(status.isEmpty(), r::toString);
    String last = status.get(status.size() - 1);
    assertTrue(last.contains(" 600 operations; ") && last.contains(" 576 successful operations; "), last);
    assertEquals(576 + 1, Tables.rowCount(TestServers.innodb(), table), r::toString);
    assertEquals(1, r.exitCode, r::toString);
  }

  /**
   * The file workload's last partial batch fails on the server (a value longer than its column, which the loader
   * does not check with fileloader.maxlength=0 and fileloader.tablelimits=false): its summary says FAILED, and the
   * exit status comes once, from the launcher, with one line.
   */
  @Test
  void theFileWorkloadSaysFailedWhenItsLastBatchIsNotStored(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("rows.tsv");
    StringBuilder text = new StringBuilder("a\tb\n");
    for (int i = 0; i < 100; i++) {
      text.append(i).append('\t').append(i < 99 ? "x" : "far too long for five").append('\n');
    }
    Files.writeString(file, text);
    TestServer s = TestServers.innodb();
    String table = "rows_file";
    List<String> args = new ArrayList<>(List.of("load", "mytopling",
        "-p", "workload=com.mytopling.ycsb.fileloader.FileWorkload", "-p", "fileloader.file=" + file,
        "-p", "fileloader.format=tsv", "-p", "fileloader.maxlength=0", "-p", "fileloader.tablelimits=false",
        "-p", "fileloader.tablesize=false", "-p", "recordcount=100", "-p", "table=" + table,
        "-p", "db.createtable=true", "-p", "db.droptable=true", "-p", "fieldlength=5",
        "-p", "db.batchsize=30", "-p", "jdbc.batchupdateapi=true", "-p", "db.bulkload=insert", "-threads", "1"));
    args.addAll(LauncherIT.dbArgs(s));
    YcsbProcess.Result r = YcsbProcess.runMain(Ycsb.class.getName(), args);
    assertTrue(r.stderr.contains("Data too long"), r::toString);
    assertEquals(90, Tables.rowCount(s, table), r::toString);
    assertTrue(r.stdout.contains("[FILELOADER], Status, FAILED: 10 of the 100 rows handed to the binding were not "
        + "stored"), r::toString);
    assertEquals(1, r.exitCode, r::toString);
    assertEquals(1, r.stderr.lines().filter(l -> l.startsWith("[ycsb] incomplete load: 10 rows were not stored"))
        .count(), r::toString);
    assertFalse(r.stderr.contains("fileloader: FAILED"), "one exit, one line: " + r);
  }
}
