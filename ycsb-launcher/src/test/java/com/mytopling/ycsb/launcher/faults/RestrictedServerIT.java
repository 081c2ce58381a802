package com.mytopling.ycsb.launcher.faults;

import static com.mytopling.ycsb.launcher.faults.FaultPhases.failed;
import static com.mytopling.ycsb.launcher.faults.FaultPhases.figures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.jdbc.testing.BackgroundYcsb;
import com.mytopling.ycsb.jdbc.testing.OwnServer;
import com.mytopling.ycsb.jdbc.testing.Totals;
import com.mytopling.ycsb.jdbc.testing.YcsbProcess;
import com.mytopling.ycsb.launcher.client.Ycsb;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A server that refuses or restricts the harness (issue 23): fewer connections allowed than client threads, the
 * server switched to read_only, rows locked past the lock wait timeout, the table dropped in the middle of a run.
 * Each ends with one line naming the problem and the README's exit status, within seconds. A private MariaDB (its
 * global settings change), used by a user without SUPER ({@code limited}: all privileges on the database only), as
 * the limits apply to such users.
 */
class RestrictedServerIT {
  private static final String PASSWORD = "restricted-Pw-4";
  private static OwnServer db;

  @BeforeAll
  static void startServer() throws Exception {
    db = OwnServer.start(Path.of("target", "own-mariadb-restricted").toAbsolutePath(), 3360, PASSWORD);
    db.sql("CREATE USER 'limited'@'127.0.0.1' IDENTIFIED BY '" + PASSWORD + "'; GRANT ALL ON ycsb.* TO "
        + "'limited'@'127.0.0.1'; FLUSH PRIVILEGES;");
  }

  @AfterAll
  static void stopServer() {
    if (db != null) {
      db.close();
    }
  }

  @AfterEach
  void defaults() throws Exception {
    db.sql("SET GLOBAL max_connections=200; SET GLOBAL read_only=OFF; SET GLOBAL innodb_lock_wait_timeout=50;");
  }

  private static FaultPhases table(String name, long records) {
    return new FaultPhases(db.jdbcUrl(), "limited", PASSWORD, name, records, 40, 10);
  }

  private static YcsbProcess.Result timed(List<String> args, long[] ms) {
    long start = System.nanoTime();
    YcsbProcess.Result r = YcsbProcess.runMain(Ycsb.class.getName(), args);
    ms[0] = (System.nanoTime() - start) / 1_000_000;
    return r;
  }

  @Test
  void fewerConnectionsAllowedThanThreadsIsOneLineAndExit1() throws Exception {
    FaultPhases t = table("restricted_conns", 500);
    t.loadDirectly();
    // MariaDB's least max_connections is 10: 16 threads cannot all connect.
    db.sql("SET GLOBAL max_connections=10;");
    long[] ms = new long[1];
    YcsbProcess.Result r = timed(t.args("run", "workloada", db.jdbcUrl(), "-threads", "16",
        "-p", "operationcount=2000"), ms);
    FaultPhases.echoHarnessLines("max_connections=10, 16 threads", r);
    List<String> named = r.stderr.lines().filter(l -> l.contains("Too many connections")).toList();
    figures("max_connections=10 below 16 threads", "exit " + r.exitCode + " after " + ms[0] + " ms; " + named);
    assertEquals(1, r.exitCode, r::toString);
    assertEquals(1, named.size(), "one line names it: " + r);
    assertTrue(named.get(0).startsWith("[mytopling] fatal: cannot connect to shard 1 ("), named.get(0));
    assertTrue(ms[0] < 60_000, "within seconds: " + ms[0] + " ms");
  }

  @Test
  void aReadOnlyServerFailsALoadInOneLineAndARunCountsItsWrites() throws Exception {
    FaultPhases t = table("restricted_ro", 500);
    t.loadDirectly();
    db.sql("SET GLOBAL read_only=ON;");
    long[] ms = new long[1];
    YcsbProcess.Result load = timed(t.args("load", "workloada", db.jdbcUrl(), "-threads", "2",
        "-p", "insertstart=500", "-p", "insertcount=200", "-p", "recordcount=700", "-p", "db.batchsize=50",
        "-p", "jdbc.batchupdateapi=true"), ms);
    FaultPhases.echoHarnessLines("read_only load", load);
    List<String> loadErrors = load.stderr.lines().filter(l -> l.startsWith("[mytopling] error: ")).toList();
    figures("read_only=ON, load", "exit " + load.exitCode + " after " + ms[0] + " ms; " + loadErrors);
    assertEquals(1, load.exitCode, load::toString);
    assertEquals(1, loadErrors.size(), load::toString);
    assertTrue(loadErrors.get(0).contains("1290") && loadErrors.get(0).contains("read-only"), loadErrors.get(0));
    assertTrue(ms[0] < 60_000, ms[0] + " ms");
    assertEquals(500, t.rows(), "nothing was written");

    YcsbProcess.Result run = timed(t.args("run", "workloada", db.jdbcUrl(), "-threads", "2",
        "-p", "operationcount=400"), ms);
    FaultPhases.echoHarnessLines("read_only run", run);
    List<String> runErrors = run.stderr.lines().filter(l -> l.startsWith("[mytopling] error: ")).toList();
    long updates = run.output.count("UPDATE-FAILED", "Operations");
    figures("read_only=ON, run (workload A)", "exit " + run.exitCode + " after " + ms[0] + " ms; " + updates
        + " updates failed, " + run.output.count("READ", "Return=OK") + " reads OK; " + runErrors);
    assertEquals(0, run.exitCode, "a run phase's failed operations are counted (README): " + run);
    assertEquals(1, runErrors.size(), run::toString);
    assertTrue(updates > 0, run::toString);
    assertEquals(0, run.output.count("UPDATE", "Return=OK"), "no update succeeded: " + run);
    assertEquals(updates, Totals.of(run).get("errors"), "each failure counted once");
    assertEquals(400, run.output.count("READ", "Return=OK") + updates, run::toString);
  }

  @Test
  void rowsLockedPastTheLockWaitTimeoutFailAfterTheRetriesNamedOnce() throws Exception {
    FaultPhases t = table("restricted_lock", 50);
    t.loadDirectly();
    db.sql("SET GLOBAL innodb_lock_wait_timeout=1;");
    long[] ms = new long[1];
    YcsbProcess.Result r;
    try (Connection holder = DriverManager.getConnection(db.jdbcUrl(), "ycsb", PASSWORD);
         Statement s = holder.createStatement()) {
      holder.setAutoCommit(false);
      s.executeQuery("SELECT * FROM " + t.table() + " FOR UPDATE").close();
      r = timed(t.args("run", "workloada", db.jdbcUrl(), "-threads", "2", "-p", "operationcount=6",
          "-p", "readproportion=0", "-p", "updateproportion=1", "-p", "db.lockretries=2"), ms);
      holder.rollback();
    }
    FaultPhases.echoHarnessLines("lock wait timeout", r);
    List<String> errors = r.stderr.lines().filter(l -> l.startsWith("[mytopling] error: ")).toList();
    Totals totals = Totals.of(r);
    figures("rows locked past innodb_lock_wait_timeout=1, db.lockretries=2", "exit " + r.exitCode + " after " + ms[0]
        + " ms; " + failed(r, "UPDATE") + " of 6 updates failed, lock_retries=" + totals.get("lock_retries")
        + "; " + errors);
    assertEquals(0, r.exitCode, r::toString);
    assertEquals(6, failed(r, "UPDATE"), r::toString);
    assertEquals(12, totals.get("lock_retries"), "each update tried 3 times: " + totals);
    assertEquals(1, errors.size(), r::toString);
    assertTrue(errors.get(0).contains("1205") && errors.get(0).contains("Lock wait timeout"), errors.get(0));
    // 6 updates on 2 threads, 3 tries of 1 s each: about 9 s; generous.
    assertTrue(ms[0] < 60_000, ms[0] + " ms");
  }

  @Test
  void aTableDroppedInTheMiddleOfARun() throws Exception {
    FaultPhases t = table("restricted_drop", 500);
    t.loadDirectly();
    YcsbProcess.Result r;
    long droppedAt;
    try (BackgroundYcsb client = BackgroundYcsb.start(Ycsb.class.getName(), t.args("run", "workloada",
        db.jdbcUrl(), "-threads", "2", "-target", "200", "-s", "-p", "status.interval=1",
        "-p", "operationcount=4000"))) {
      client.awaitStderr(e -> e.lines().anyMatch(l -> l.matches(".* [5-9][0-9]{2,} operations;.*")),
          "500 operations done before the drop");
      t.drop();
      droppedAt = System.nanoTime();
      r = client.await();
    }
    long endedMs = (System.nanoTime() - droppedAt) / 1_000_000;
    FaultPhases.echoHarnessLines("table dropped", r);
    List<String> errors = r.stderr.lines().filter(l -> l.startsWith("[mytopling] error: ")
        || l.startsWith("[mytopling] fatal: ") || l.startsWith("[ycsb] ")).toList();
    figures("table dropped mid-run", "exit " + r.exitCode + ", ended " + endedMs + " ms after the drop; "
        + failed(r, "READ", "UPDATE") + " operations failed; " + errors);
    assertEquals(1, r.exitCode, "a table that is gone is a database that cannot be used: " + r);
    assertEquals(1, r.stderr.lines().filter(l -> l.startsWith("[mytopling] fatal: table restricted_drop is gone (")
        && l.contains("1146") && l.contains("doesn't exist")).count(), "one line names it: " + r);
    assertTrue(r.stderr.lines().anyMatch(l -> l.startsWith("[ycsb] stopped after ")), r::toString);
    // The run stopped within seconds, not after its 4000 planned operations (20 s at 200 ops/s) failed one by one.
    assertTrue(failed(r, "READ", "UPDATE") < 200, "the run stopped instead of failing every operation: " + r);
    assertTrue(endedMs < 10_000, "within seconds: " + endedMs + " ms");
  }
}
