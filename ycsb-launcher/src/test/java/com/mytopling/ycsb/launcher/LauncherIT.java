package com.mytopling.ycsb.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.jdbc.testing.TestServer;
import com.mytopling.ycsb.jdbc.testing.TestServers;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** scripts/ycsb as users run it: YCSB's command line, old workload files, bad input. */
class LauncherIT {
  static final String OLD_WORKLOAD =
      Path.of("src/test/resources/workloada-ycsb016.properties").toAbsolutePath().toString();

  static List<String> dbArgs(TestServer s) {
    List<String> a = new ArrayList<>(List.of("-p", "db.url=" + s.jdbcUrl()));
    if (s.user() != null) {
      a.addAll(List.of("-p", "db.user=" + s.user()));
    }
    if (s.password() != null) {
      a.addAll(List.of("-p", "db.passwd=" + s.password()));
    }
    return a;
  }

  @Test
  void aYcsb016WorkloadFileRunsUnchangedOnTheBasicBinding() {
    Scripts.Result r = Scripts.run("ycsb", List.of("run", "basic", "-P", OLD_WORKLOAD, "-p", "basicdb.verbose=false",
        "-threads", "2"));
    assertEquals(0, r.exitCode, r::toString);
    assertTrue(r.stdout.contains("[OVERALL], Throughput(ops/sec)"), r::toString);
    assertTrue(r.stdout.contains("[READ], Return=OK"), r::toString);
  }

  @Test
  void loadAndRunAgainstARealServerWithTheStockBindingName() throws Exception {
    TestServer s = TestServers.innodb();
    List<String> load = new ArrayList<>(List.of("load", "jdbc", "-P", OLD_WORKLOAD, "-threads", "4", "-s",
        "-p", "table=launcher_t", "-p", "db.createtable=true", "-p", "db.droptable=true",
        "-p", "db.batchsize=50", "-p", "jdbc.batchupdateapi=true"));
    load.addAll(dbArgs(s));
    Scripts.Result l = Scripts.run("ycsb", load);
    assertEquals(0, l.exitCode, l::toString);
    assertTrue(l.stdout.contains("[INSERT-BATCH], Return=OK, 300"), l::toString);
    assertEquals(300, Tables.rowCount(s, "launcher_t"));
    // The echoed command line never shows the password.
    assertFalse(s.password() != null && l.stderr.contains("db.passwd=" + s.password()), l::toString);

    List<String> run = new ArrayList<>(List.of("run", "mytopling", "-P", OLD_WORKLOAD, "-threads", "4",
        "-p", "table=launcher_t", "-target", "2000"));
    run.addAll(dbArgs(s));
    Scripts.Result r = Scripts.run("ycsb", run);
    assertEquals(0, r.exitCode, r::toString);
    assertTrue(r.stdout.contains("[OVERALL], Throughput(ops/sec)"), r::toString);
    assertFalse(r.stdout.contains("Return=ERROR"), r::toString);
    assertFalse(r.stdout.contains("Return=NOT_FOUND"), r::toString);
    assertEquals(300, Tables.rowCount(s, "launcher_t"));
  }

  /**
   * Issue 11.16: the same load run twice stops at the first existing key; it now says how to start over or to
   * complete the earlier load, and both ways work. Row counts come from the table.
   */
  @Test
  void aLoadRunAgainSaysHowToStartOverOrComplete() throws Exception {
    TestServer s = TestServers.innodb();
    Tables.drop(s, "launcher_again");
    List<String> load = new ArrayList<>(List.of("load", "mytopling", "-P", OLD_WORKLOAD, "-threads", "2",
        "-p", "table=launcher_again", "-p", "db.createtable=true", "-p", "recordcount=40"));
    load.addAll(dbArgs(s));
    Scripts.Result first = Scripts.run("ycsb", load);
    assertEquals(0, first.exitCode, first::toString);
    assertTrue(first.stderrLines("[ycsb] hint:").isEmpty(), first::toString);
    assertEquals(40, Tables.rowCount(s, "launcher_again"));

    Scripts.Result again = Scripts.run("ycsb", load);
    assertEquals(1, again.exitCode, again::toString);
    List<String> hint = again.stderrLines("[ycsb] hint:");
    assertEquals(1, hint.size(), again::toString);
    assertTrue(hint.get(0).contains("table launcher_again held this load's first key")
        && hint.get(0).contains("-p db.droptable=true starts from an empty table")
        && hint.get(0).contains("-p db.insertexisting=skip completes an earlier load"), hint.get(0));
    assertEquals(40, Tables.rowCount(s, "launcher_again"));

    List<String> skip = new ArrayList<>(load);
    skip.addAll(List.of("-p", "db.insertexisting=skip", "-p", "recordcount=60"));
    Scripts.Result completed = Scripts.run("ycsb", skip);
    assertEquals(0, completed.exitCode, completed::toString);
    assertEquals(60, Tables.rowCount(s, "launcher_again"));

    List<String> drop = new ArrayList<>(load);
    drop.addAll(List.of("-p", "db.droptable=true", "-p", "recordcount=30"));
    Scripts.Result fresh = Scripts.run("ycsb", drop);
    assertEquals(0, fresh.exitCode, fresh::toString);
    assertEquals(30, Tables.rowCount(s, "launcher_again"));
  }

  /** "[SERIES], metric, value" of YCSB's output, 0 when absent. */
  static long ycsbValue(String out, String series, String metric) {
    return out.lines().filter(l -> l.startsWith("[" + series + "], " + metric + ", "))
        .mapToLong(l -> Math.round(Double.parseDouble(l.substring(l.lastIndexOf(", ") + 2)))).sum();
  }

  /**
   * Issue 11.6: with the server answering NOT_FOUND for a third of the keys (rows deleted after the load), the
   * status lines say how many operations succeeded and at what rate, beside YCSB's count of all of them.
   */
  @Test
  void statusLinesCountSuccessfulOperations() throws Exception {
    TestServer s = TestServers.innodb();
    List<String> load = new ArrayList<>(List.of("load", "mytopling", "-P", OLD_WORKLOAD, "-threads", "2",
        "-p", "table=launcher_status", "-p", "db.createtable=true", "-p", "db.droptable=true",
        "-p", "recordcount=300"));
    load.addAll(dbArgs(s));
    assertEquals(0, Scripts.run("ycsb", load).exitCode);
    try (var c = s.connect(); var st = c.createStatement()) {
      st.executeUpdate("DELETE FROM launcher_status WHERE MOD(CRC32(YCSB_KEY), 3) = 0");
    }
    long left = Tables.rowCount(s, "launcher_status");
    assertTrue(left > 100 && left < 280, "rows left: " + left);
    List<String> run = new ArrayList<>(List.of("run", "mytopling", "-P", OLD_WORKLOAD, "-threads", "2", "-s",
        "-p", "status.interval=1", "-p", "table=launcher_status", "-p", "recordcount=300",
        "-p", "operationcount=6000", "-p", "requestdistribution=uniform", "-target", "3000"));
    run.addAll(dbArgs(s));
    Scripts.Result r = Scripts.run("ycsb", run);
    assertEquals(0, r.exitCode, r::toString);
    long ok = ycsbValue(r.stdout, "READ", "Return=OK") + ycsbValue(r.stdout, "UPDATE", "Return=OK");
    long notFound = ycsbValue(r.stdout, "READ", "Return=NOT_FOUND") + ycsbValue(r.stdout, "UPDATE", "Return=NOT_FOUND");
    assertTrue(notFound > 0 && ok + notFound == 6000, r::toString);
    List<String> lines = r.stderr.lines().filter(l -> l.contains(" sec: ")).toList();
    assertTrue(lines.size() >= 2, r::toString);
    assertTrue(lines.stream().allMatch(l -> l.contains(" successful operations; ")), lines::toString);
    String last = lines.get(lines.size() - 1);
    assertTrue(last.contains(" 6000 operations; ") && last.contains(" " + ok + " successful operations; "), last);
    assertTrue(last.contains(" successful ops/sec; "), last);
    // Updates of deleted keys stored nothing: the table has the same rows as before the run.
    assertEquals(left, Tables.rowCount(s, "launcher_status"));
  }

  /**
   * Issue 11.11: without -s no status line cut the HdrHistogram intervals, so the only interval ran on to YCSB's
   * final report, after the workload's cleanup. The interval with the work now ends when the threads finish.
   */
  @Test
  void withoutStatusLinesTheWorkStillEndsItsInterval(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    TestServer s = TestServers.innodb();
    List<String> load = new ArrayList<>(List.of("load", "mytopling", "-P", OLD_WORKLOAD, "-threads", "2",
        "-p", "table=launcher_hdr", "-p", "db.createtable=true", "-p", "db.droptable=true", "-p", "recordcount=200",
        "-p", "hdrhistogram.fileoutput=true", "-p", "hdrhistogram.output.path=" + dir + "/"));
    load.addAll(dbArgs(s));
    Scripts.Result r = Scripts.run("ycsb", load);
    assertEquals(0, r.exitCode, r::toString);
    assertEquals(200, Tables.rowCount(s, "launcher_hdr"));
    List<String> intervals = java.nio.file.Files.readAllLines(dir.resolve("INSERT.hdr")).stream()
        .filter(l -> l.matches("^[0-9].*")).toList();
    assertEquals(2, intervals.size(), intervals::toString);
    // The second interval, from the end of the work to YCSB's report, holds nothing (its maximum is 0).
    assertEquals("0.000", intervals.get(1).split(",")[2], intervals::toString);
  }

  private static String oneLine(Scripts.Result r, String prefix, int exit) {
    assertEquals(exit, r.exitCode, r::toString);
    List<String> lines = r.stderrLines(prefix);
    assertEquals(1, lines.size(), r::toString);
    assertFalse(r.stderr.contains("\tat "), "no stack trace: " + r);
    return lines.get(0);
  }

  @Test
  void badCommandLinesGetOneLineAndExitTwo() {
    assertTrue(oneLine(Scripts.run("ycsb", List.of("load", "cassandra", "-P", OLD_WORKLOAD)), "ycsb:", 2)
        .contains("unknown binding 'cassandra'"));
    assertTrue(oneLine(Scripts.run("ycsb", List.of("load", "basic", "-P", "/no/such/file")), "ycsb:", 2)
        .contains("-P /no/such/file: no such file"));
    assertTrue(oneLine(Scripts.run("ycsb", List.of("load", "basic", "-P", OLD_WORKLOAD, "-p", "workload=no.such.Workload")),
        "ycsb:", 2).contains("workload: class 'no.such.Workload' not found"));
    assertTrue(oneLine(Scripts.run("ycsb", List.of("load", "basic", "-P", OLD_WORKLOAD, "-p", "recordcount=1e6")),
        "ycsb:", 2).contains("recordcount: '1e6' is not a whole number"));
    assertTrue(oneLine(Scripts.run("ycsb", List.of("run", "basic", "-P", OLD_WORKLOAD, "-p", "readproportion=half")),
        "ycsb:", 2).contains("readproportion: 'half' is not a number"));
    assertTrue(oneLine(Scripts.run("ycsb", List.of("run", "basic", "-P", OLD_WORKLOAD, "-threads", "many")),
        "ycsb:", 2).contains("-threads: 'many' is not a whole number"));
    assertTrue(oneLine(Scripts.run("ycsb", List.of("explode", "basic")), "ycsb:", 2).contains("unknown command 'explode'"));
  }

  @Test
  void unreachableServerIsOneFatalLine() {
    String line = oneLine(Scripts.run("ycsb", List.of("load", "mytopling", "-P", OLD_WORKLOAD,
        "-p", "db.url=jdbc:mysql://127.0.0.1:1/ycsb", "-p", "db.connecttimeout=2000", "-threads", "8")),
        "[mytopling] fatal:", 1);
    assertTrue(line.contains("cannot connect to jdbc:mysql://127.0.0.1:1/ycsb"), line);
  }
}
