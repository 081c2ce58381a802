package com.mytopling.ycsb.launcher.faults;

import static com.mytopling.ycsb.launcher.faults.FaultPhases.figures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.jdbc.testing.BackgroundYcsb;
import com.mytopling.ycsb.jdbc.testing.OwnServer;
import com.mytopling.ycsb.jdbc.testing.Totals;
import com.mytopling.ycsb.jdbc.testing.YcsbProcess;
import com.mytopling.ycsb.launcher.client.Ycsb;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The server killed (SIGKILL) in the middle of a batched load and started again 2 s later, the client left running:
 * every batch in flight is settled by asking the restarted server, so the table holds exactly the rows the binding
 * reports stored; a thread whose batch was lost stops (YCSB's load stops a thread at its first failed insert), the
 * load exits 1 with one line naming the rows not stored and the command that completes the table; that command (the
 * same load with db.insertexisting=skip) completes it, and the verifier ({@code scripts/verify}) finds every row.
 */
class ServerCrashIT {
  private static final String PASSWORD = "crash-Pw-2";
  private static OwnServer db;

  @BeforeAll
  static void startServer() {
    db = OwnServer.start(Path.of("target", "own-mariadb-crash").toAbsolutePath(), 3360, PASSWORD);
  }

  @AfterAll
  static void stopServer() {
    if (db != null) {
      db.close();
    }
  }

  @Test
  void aServerCrashMidBatchedLoadLeavesTableEqualStoredAndTheResumeCompletesIt() throws Exception {
    FaultPhases t = new FaultPhases(db.jdbcUrl(), "ycsb", PASSWORD, "crash_load", 40_000, 40, 10);
    t.drop();
    List<String> load = t.args("load", "workloada", db.jdbcUrl(), "-threads", "4", "-target", "5000", "-s",
        "-p", "status.interval=1", "-p", "db.createtable=true", "-p", "db.batchsize=100",
        "-p", "jdbc.batchupdateapi=true");
    YcsbProcess.Result r;
    long killedAt;
    long rowsAtKill = 0;
    try (BackgroundYcsb client = BackgroundYcsb.start(Ycsb.class.getName(), load)) {
      client.awaitStderr(e -> e.contains("[mytopling] connected"), "the load connected");
      for (int i = 0; i < 1200 && rowsAtKill < 8000; i++) {
        Thread.sleep(50);
        try {
          rowsAtKill = t.rows();
        } catch (java.sql.SQLException notYet) {
          // The table is being created.
        }
      }
      assertTrue(rowsAtKill >= 8000 && rowsAtKill < t.records(), "load under way: " + rowsAtKill);
      db.kill9();
      killedAt = System.nanoTime();
      Thread.sleep(2000);
      db.restart();
      r = client.await();
    }
    double endedAfterS = (System.nanoTime() - killedAt) / 1e9;
    FaultPhases.echoHarnessLines("server crash mid load", r);
    Totals totals = Totals.of(r);
    long rows = t.rows();
    figures("kill -9 of the server mid batched load, restarted 2 s later", "exit " + r.exitCode + ", ended "
        + String.format("%.1f", endedAfterS) + " s after the kill; stored=" + totals.get("stored") + " failed="
        + totals.get("failed") + " rows in table=" + rows + " (" + rowsAtKill + " seen before the kill) errors="
        + totals.get("errors") + " reconnects=" + totals.get("reconnects"));
    assertEquals(rows, totals.get("stored"), "the table holds exactly the rows the binding reports stored: " + totals);
    assertTrue(totals.get("errors") >= 1, "the crash was met and counted: " + totals);
    assertTrue(r.stderr.contains("rows was sent; the table holds "), "the batches in flight were settled: " + r);
    if (rows < t.records()) {
      assertEquals(1, r.exitCode, r::toString);
      ToxiproxyIT.assertNotStoredLine(r, t.records() - rows);
      String resume = r.stderr.lines().filter(l -> l.startsWith("[ycsb] resume: ")).findFirst().orElseThrow();
      assertTrue(resume.contains(" failed, ") && resume.contains(" never sent)"), resume);
    } else {
      assertEquals(0, r.exitCode, "every thread's batch was found stored and the load went on: " + r);
    }
    // The documented resume (docs/reliability.md, and the line above): the same load with db.insertexisting=skip.
    YcsbProcess.Result again = YcsbProcess.runMain(Ycsb.class.getName(), t.args("load", "workloada", db.jdbcUrl(),
        "-threads", "4", "-p", "db.batchsize=100", "-p", "jdbc.batchupdateapi=true", "-p", "db.insertexisting=skip"));
    assertEquals(0, again.exitCode, again::toString);
    Totals resumed = Totals.of(again);
    assertEquals(rows, resumed.get("skipped"), resumed::toString);
    assertEquals(t.records() - rows, resumed.get("stored"), resumed::toString);
    YcsbProcess.Result verify = t.verifyCommand();
    assertEquals(0, verify.exitCode, "scripts/verify passes after the resume: " + verify);
    assertTrue(verify.stdout.contains("verify: OK") || verify.stderr.contains("verify: OK"), verify::toString);
    assertEquals(t.records(), t.rows());
  }
}
