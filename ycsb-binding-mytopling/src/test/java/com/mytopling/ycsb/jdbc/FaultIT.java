package com.mytopling.ycsb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.jdbc.testing.BackgroundYcsb;
import com.mytopling.ycsb.jdbc.testing.OwnServer;
import com.mytopling.ycsb.jdbc.testing.Totals;
import com.mytopling.ycsb.jdbc.testing.YcsbProcess;
import com.mytopling.ycsb.jdbc.verify.TableVerifier;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Real faults on a private MariaDB (never the shared 3307/3308 servers; a port from YCSB_TEST_OWN_PORTS
 * when the environment names them): the server killed
 * with SIGKILL and restarted in the middle of a run, and a load whose client and server were
 * both killed, completed by running it again. Afterwards every acknowledged row is read back.
 */
class FaultIT {
  private static final String PASSWORD = "fault-pw";
  private static final int FIELD_LENGTH = 40;
  private static OwnServer db;

  @BeforeAll
  static void startServer() {
    db = OwnServer.start(OwnServer.Kind.MARIADB,
        Path.of("target", "own-mariadb-fault").toAbsolutePath(), 3320, PASSWORD);
  }

  @AfterAll
  static void stopServer() {
    if (db != null) {
      db.close();
    }
  }

  private static List<String> args(String table, long records, String... extra) {
    List<String> a = new ArrayList<>(List.of("-db", MyToplingDbClient.class.getName(),
        "-P", BindingIT.WORKLOADS.resolve("workloada").toString()));
    for (String kv : props(table, records).stringPropertyNames()) {
      a.add("-p");
      a.add(kv + "=" + props(table, records).getProperty(kv));
    }
    a.addAll(List.of(extra));
    return a;
  }

  /** The properties a load used, which are also what the verifier needs. */
  private static Properties props(String table, long records) {
    Properties p = new Properties();
    p.setProperty("db.url", db.jdbcUrl());
    p.setProperty("db.user", "ycsb");
    p.setProperty("db.passwd", PASSWORD);
    p.setProperty("table", table);
    p.setProperty("recordcount", Long.toString(records));
    p.setProperty("fieldlength", Integer.toString(FIELD_LENGTH));
    p.setProperty("fieldlengthdistribution", "constant");
    p.setProperty("dataintegrity", "true");
    p.setProperty("db.connecttimeout", "2000");
    return p;
  }

  private static TableVerifier.Report verify(String table, long records) throws Exception {
    TableVerifier.Report r = TableVerifier.verify(props(table, records), System.err);
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    r.print(new PrintStream(text, true), false);
    System.err.print(text);
    return r;
  }

  private static long rows(String table) throws Exception {
    try (Connection c = db.server(PASSWORD).connect(); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Test
  void runSurvivesTheServerBeingKilledAndRestarted() throws Exception {
    String table = "fault_run";
    int records = 2000;
    YcsbProcess.Result load = YcsbProcess.run(args(table, records, "-load", "-p", "db.createtable=true",
        "-p", "db.droptable=true", "-p", "db.batchsize=100", "-p", "jdbc.batchupdateapi=true"));
    assertEquals(0, load.exitCode, load::toString);
    assertEquals(records, rows(table), load::toString);

    int threads = 4;
    long operations = 9000;
    YcsbProcess.Result run;
    // 300 ops/s for about 30 s; the server dies after a few seconds and is back 3 s later.
    try (BackgroundYcsb client = BackgroundYcsb.start("site.ycsb.Client", args(table, records, "-t",
        "-threads", Integer.toString(threads), "-target", "300", "-p", "operationcount=" + operations,
        "-s", "-p", "status.interval=1"))) {
      client.awaitStderr(e -> e.lines().anyMatch(l -> l.matches(".* [1-9][0-9]{3,} operations;.*")),
          "1000 operations done before the kill");
      db.kill9();
      Thread.sleep(3000);
      db.restart();
      run = client.await();
    }
    assertEquals(0, run.exitCode, run::toString);
    // YCSB times failed operations in their own series, READ-FAILED and UPDATE-FAILED.
    long done = run.output.count("READ", "Operations") + run.output.count("UPDATE", "Operations")
        + run.output.count("READ-FAILED", "Operations") + run.output.count("UPDATE-FAILED", "Operations");
    assertEquals(operations, done, "every planned operation was attempted: " + run);
    long unavailable = run.output.count("READ", "Return=SERVICE_UNAVAILABLE")
        + run.output.count("UPDATE", "Return=SERVICE_UNAVAILABLE");
    long errors = run.output.count("READ", "Return=ERROR") + run.output.count("UPDATE", "Return=ERROR");
    long ok = run.output.count("READ", "Return=OK") + run.output.count("UPDATE", "Return=OK");
    assertTrue(unavailable > 0, "operations during the outage fail as SERVICE_UNAVAILABLE: " + run);
    assertEquals(0, errors, "a lost connection is not reported as an SQL error: " + run);
    assertEquals(operations, ok + unavailable, run::toString);
    Totals totals = Totals.of(run);
    // Each client thread lost its one connection once and opened it again once.
    assertEquals(threads, totals.get("reconnects"), totals::toString);
    assertEquals(unavailable, totals.get("errors"), "the binding counted every failed operation: " + totals);
    assertTrue(run.stderr.lines().anyMatch(l -> l.startsWith("[mytopling] errors: ")), run::toString);
    // Operations went on after the restart: more succeeded than had been done before the kill.
    assertTrue(ok > 1000, run::toString);

    TableVerifier.Report v = verify(table, records);
    assertTrue(v.ok(false), "every loaded row is still there and right after the crash");
    assertEquals(records, v.found);
  }

  /**
   * Issue 11.6: the server killed (SIGKILL) in the middle of an unthrottled workload-A run with 8
   * threads and restarted 4 s later. An operation that finds the server down waits for the
   * reconnect (db.reconnecttimeout) as an application would, so the outage costs each thread the
   * operation its connection was lost under, not a failed operation per microsecond (before,
   * millions of SERVICE_UNAVAILABLE in a few seconds inflated the throughput).
   */
  @Test
  void anOutageCostsEachThreadOneOperationNotAFlood() throws Exception {
    String table = "fault_outage";
    int records = 2000;
    YcsbProcess.Result load = YcsbProcess.run(args(table, records, "-load", "-p", "db.createtable=true",
        "-p", "db.droptable=true", "-p", "db.batchsize=100", "-p", "jdbc.batchupdateapi=true"));
    assertEquals(0, load.exitCode, load::toString);

    int threads = 8;
    YcsbProcess.Result run;
    long downFor;
    try (BackgroundYcsb client = BackgroundYcsb.start("site.ycsb.Client", args(table, records, "-t",
        "-threads", Integer.toString(threads), "-p", "operationcount=1000000000", "-p", "maxexecutiontime=25",
        "-s", "-p", "status.interval=1"))) {
      client.awaitStderr(e -> e.lines().anyMatch(l -> l.matches(".* [1-9][0-9]{3,} operations;.*")),
          "1000 operations done before the kill");
      db.kill9();
      long killedAt = System.nanoTime();
      assertTrue(!db.isRunning(), "the server is dead");
      assertThrows(java.sql.SQLException.class, () -> db.server(PASSWORD).connect().close(),
          "nothing answers while the server is down");
      Thread.sleep(4000);
      db.restart();
      downFor = (System.nanoTime() - killedAt) / 1_000_000;
      run = client.await();
    }
    assertEquals(0, run.exitCode, run::toString);
    long failed = run.output.count("READ-FAILED", "Operations") + run.output.count("UPDATE-FAILED", "Operations");
    long unavailable = run.output.count("READ", "Return=SERVICE_UNAVAILABLE")
        + run.output.count("UPDATE", "Return=SERVICE_UNAVAILABLE");
    long ok = run.output.count("READ", "Return=OK") + run.output.count("UPDATE", "Return=OK");
    Totals totals = Totals.of(run);
    System.err.println("outage of " + downFor + " ms: " + failed + " operations failed, " + ok + " succeeded; " + totals);
    assertTrue(unavailable >= 1, "the client saw the outage: " + run);
    assertEquals(failed, unavailable, "every failure was the lost connection: " + run);
    assertTrue(failed <= threads, failed + " operations failed in a " + downFor + " ms outage; at most one per thread: "
        + totals);
    assertEquals(threads, totals.get("reconnects"), "each thread reconnected once: " + totals);
    assertEquals(failed, totals.get("errors"), totals::toString);
    assertTrue(ok > 2000, "operations went on after the restart: " + run);
    assertTrue(verify(table, records).ok(false), "every loaded row is still there and right");
  }

  @Test
  void runSurvivesAServerThatStopsAnswering() throws Exception {
    String table = "fault_hang";
    int records = 500;
    YcsbProcess.Result load = YcsbProcess.run(args(table, records, "-load", "-p", "db.createtable=true",
        "-p", "db.droptable=true", "-p", "db.batchsize=100", "-p", "jdbc.batchupdateapi=true"));
    assertEquals(0, load.exitCode, load::toString);

    long operations = 2000;
    YcsbProcess.Result run;
    // The server is frozen (SIGSTOP) for 8 s: its sockets stay open and nothing answers, so only
    // the binding's operation limit (db.sockettimeout, 2 s here) and connect timeout end the waits.
    try (BackgroundYcsb client = BackgroundYcsb.start("site.ycsb.Client", args(table, records, "-t",
        "-threads", "2", "-target", "100", "-p", "operationcount=" + operations, "-p", "db.sockettimeout=2000",
        "-s", "-p", "status.interval=1"))) {
      client.awaitStderr(e -> e.lines().anyMatch(l -> l.matches(".* [3-9][0-9]{2,} operations;.*")),
          "300 operations done before the freeze");
      db.pause();
      try {
        Thread.sleep(8000);
      } finally {
        db.resume();
      }
      run = client.await();
    }
    assertEquals(0, run.exitCode, run::toString);
    long ok = run.output.count("READ", "Return=OK") + run.output.count("UPDATE", "Return=OK");
    long failed = run.output.count("READ-FAILED", "Operations") + run.output.count("UPDATE-FAILED", "Operations");
    assertEquals(operations, ok + failed, "every planned operation was attempted: " + run);
    assertTrue(failed > 0, "operations during the freeze failed instead of hanging: " + run);
    Totals totals = Totals.of(run);
    assertTrue(totals.get("reconnects") >= 1, totals::toString);
    assertEquals(failed, totals.get("errors"), totals::toString);
    assertTrue(verify(table, records).ok(false));
  }

  @Test
  void interruptedLoadIsCompletedByLoadingAgainWithSkip() throws Exception {
    String table = "fault_load";
    int records = 30_000;
    List<String> load = new ArrayList<>(args(table, records, "-load", "-threads", "4", "-p", "db.createtable=true",
        "-p", "db.batchsize=100", "-p", "jdbc.batchupdateapi=true"));
    try (Connection c = db.server(PASSWORD).connect(); Statement s = c.createStatement()) {
      s.execute("DROP TABLE IF EXISTS " + table);
    }
    try (BackgroundYcsb client = BackgroundYcsb.start("site.ycsb.Client", withTarget(load, 3000))) {
      client.awaitStderr(e -> e.contains("[mytopling] connected"), "connection");
      long seen = 0;
      for (int i = 0; i < 600 && seen < 5000; i++) {
        Thread.sleep(100);
        seen = rows(table);
      }
      assertTrue(seen >= 5000 && seen < records, "load was under way: " + seen);
      client.kill9();
      db.kill9();
    }
    db.restart();
    long before = rows(table);
    assertTrue(before > 0 && before < records, "partial load: " + before);
    TableVerifier.Report partial = verify(table, records);
    assertEquals(records - before, partial.missing, "verify counts what the interrupted load did not store");
    assertTrue(!partial.ok(false) && partial.wrong == 0 && partial.extra == 0);

    load.addAll(List.of("-p", "db.insertexisting=skip"));
    YcsbProcess.Result again = YcsbProcess.run(load);
    assertEquals(0, again.exitCode, again::toString);
    Totals totals = Totals.of(again);
    assertEquals(before, totals.get("skipped"), "existing rows are skipped and counted as such: " + totals);
    assertEquals(records - before, totals.get("stored"), "only missing rows are stored: " + totals);
    assertEquals(0, totals.get("failed"), totals::toString);
    assertEquals(0, totals.get("errors"), totals::toString);
    assertEquals(records - before, again.output.count(MyToplingDbClient.BATCH_SERIES, "Return=OK"), again::toString);
    assertEquals(before, again.output.count(MyToplingDbClient.BATCH_SERIES, "Return=SKIPPED_EXISTING"),
        again::toString);
    TableVerifier.Report complete = verify(table, records);
    assertTrue(complete.ok(false), "complete, no duplicates, no wrong values");
    assertEquals(records, rows(table));

    // Overwriting instead: every row is written again, none fails, the table stays exact.
    YcsbProcess.Result upsert = YcsbProcess.run(args(table, records, "-load", "-p", "db.upsert=true",
        "-p", "db.batchsize=100", "-p", "jdbc.batchupdateapi=true"));
    assertEquals(0, upsert.exitCode, upsert::toString);
    assertEquals(records, Totals.of(upsert).get("stored"), upsert::toString);
    assertTrue(verify(table, records).ok(false));

    // Without either option a second load fails on the first existing key, says so, and damages nothing.
    YcsbProcess.Result plain = YcsbProcess.run(args(table, records, "-load", "-p", "db.batchsize=100",
        "-p", "jdbc.batchupdateapi=true"));
    assertTrue(plain.stderr.lines().anyMatch(l -> l.startsWith("[mytopling] error: INSERT-BATCH failed")
        && l.contains("Duplicate entry")), plain::toString);
    assertTrue(verify(table, records).ok(false));
  }

  private static List<String> withTarget(List<String> args, int target) {
    List<String> a = new ArrayList<>(args);
    a.addAll(List.of("-target", Integer.toString(target)));
    return a;
  }
}
