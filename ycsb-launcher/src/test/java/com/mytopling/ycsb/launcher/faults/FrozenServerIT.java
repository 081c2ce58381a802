package com.mytopling.ycsb.launcher.faults;

import static com.mytopling.ycsb.launcher.faults.FaultPhases.attempted;
import static com.mytopling.ycsb.launcher.faults.FaultPhases.failed;
import static com.mytopling.ycsb.launcher.faults.FaultPhases.figure;
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
 * A frozen server (SIGSTOP for 10 s in the middle of a 30 s run, as a stalled disk or a paused VM): its sockets stay
 * open and nothing answers. With the default limits the stuck operations wait out the freeze and are counted slow
 * (not failed): the maximum latency and the intended latency (YCSB's measurement.interval=both) show the stall. With
 * db.sockettimeout below the freeze they are ended there and counted failed. Either way the run ends within its time
 * plus the documented bound and nothing loaded is lost. A private Debian MariaDB (scripts/start-mariadb's layout) on
 * a port of its own, since the test stops it.
 */
class FrozenServerIT {
  private static final String PASSWORD = "frozen-Pw-1";
  private static final long FREEZE_MS = 10_000;
  private static final int RUN_S = 30;
  private static OwnServer db;

  @BeforeAll
  static void startServer() {
    db = OwnServer.start(OwnServer.Kind.MARIADB,
        Path.of("target", "own-mariadb-frozen").toAbsolutePath(), 3360, PASSWORD);
  }

  @AfterAll
  static void stopServer() {
    if (db != null) {
      db.close();
    }
  }

  private static FaultPhases table(String name) {
    return new FaultPhases(db.jdbcUrl(), "ycsb", PASSWORD, name, 1000, 40, 10);
  }

  /** A 30 s run at 200 operations per second on 2 threads, frozen for 10 s after about 5 s. */
  private static Frozen runFrozen(FaultPhases t, String... extra) throws Exception {
    List<String> args = new java.util.ArrayList<>(t.args("run", "workloada", db.jdbcUrl(), "-threads", "2",
        "-target", "200", "-s", "-p", "status.interval=1", "-p", "operationcount=" + 200 * RUN_S,
        "-p", "maxexecutiontime=" + RUN_S, "-p", "measurement.interval=both"));
    Path hdr = java.nio.file.Files.createTempDirectory("frozen-hdr");
    args.addAll(List.of("-p", "hdrhistogram.fileoutput=true", "-p", "hdrhistogram.output.path=" + hdr + "/"));
    args.addAll(List.of(extra));
    try (BackgroundYcsb client = BackgroundYcsb.start(Ycsb.class.getName(), args)) {
      client.awaitStderr(e -> e.contains("[mytopling] connected"), "connected");
      long started = System.nanoTime();
      client.awaitStderr(e -> e.lines().anyMatch(l -> l.matches(".* [1-9][0-9]{3,} operations;.*")),
          "1000 operations done before the freeze");
      db.pause();
      try {
        Thread.sleep(FREEZE_MS);
      } finally {
        db.resume();
      }
      YcsbProcess.Result r = client.await();
      return new Frozen(r, (System.nanoTime() - started) / 1_000_000, hdr);
    }
  }

  private record Frozen(YcsbProcess.Result result, long endedMs, Path hdr) {
  }

  @Test
  void withTheDefaultLimitsTheStuckOperationsAreCountedSlowAndTheStallShows() throws Exception {
    FaultPhases t = table("frozen_default");
    t.loadDirectly();
    Frozen f = runFrozen(t);
    YcsbProcess.Result r = f.result;
    FaultPhases.echoHarnessLines("frozen, default limits", r);
    double maxMs = Math.max(figure(r, "READ", "MaxLatency(us)"), figure(r, "UPDATE", "MaxLatency(us)")) / 1000;
    double intendedMaxMs = Math.max(figure(r, "Intended-READ", "MaxLatency(us)"),
        figure(r, "Intended-UPDATE", "MaxLatency(us)")) / 1000;
    long slow = slowOperations(f.hdr);
    figures("SIGSTOP 10 s, default limits", failed(r, "READ", "UPDATE") + " operations failed; max latency "
        + Math.round(maxMs) + " ms, intended max " + Math.round(intendedMaxMs) + " ms; " + slow
        + " operations succeeded after 1 s or more; run ended " + f.endedMs + " ms after connecting ("
        + RUN_S + " s planned)");
    assertEquals(0, r.exitCode, r::toString);
    assertEquals(0, failed(r, "READ", "UPDATE"), "with db.sockettimeout=300000 nothing fails in a 10 s freeze: " + r);
    // The operations in flight waited the freeze out.
    assertTrue(maxMs >= FREEZE_MS * 0.85, "the max latency shows the stall: " + r);
    assertTrue(slow >= 1 && slow <= 2, "each thread's one operation in flight waited the freeze out: " + slow);
    // Operations due during the freeze were sent late: their intended latency counts from when they were due.
    assertTrue(intendedMaxMs >= FREEZE_MS * 0.85, "the intended latency shows the stall: " + r);
    // Does not hang: the run's 30 s plus the freeze (operations were late, not lost) plus the JVM's start and noise.
    assertTrue(f.endedMs <= RUN_S * 1000 + FREEZE_MS + 20_000, "ended " + f.endedMs + " ms after connecting: " + r);
    assertTrue(t.verify().ok(false));
  }

  @Test
  void aSocketTimeoutBelowTheFreezeFailsTheStuckOperationsThere() throws Exception {
    FaultPhases t = table("frozen_timeout");
    t.loadDirectly();
    long socketTimeoutMs = 2000;
    long connectTimeoutMs = 2000;
    Frozen f = runFrozen(t, "-p", "db.sockettimeout=" + socketTimeoutMs, "-p", "db.connecttimeout=" + connectTimeoutMs);
    YcsbProcess.Result r = f.result;
    FaultPhases.echoHarnessLines("frozen, db.sockettimeout=2000", r);
    long failedOps = failed(r, "READ", "UPDATE");
    double maxFailedMs = Math.max(figure(r, "READ-FAILED", "MaxLatency(us)"),
        figure(r, "UPDATE-FAILED", "MaxLatency(us)")) / 1000;
    double intendedMaxMs = Math.max(figure(r, "Intended-READ", "MaxLatency(us)"),
        figure(r, "Intended-UPDATE", "MaxLatency(us)")) / 1000;
    Totals totals = Totals.of(r);
    figures("SIGSTOP 10 s, db.sockettimeout=2000", failedOps + " operations failed (after at most "
        + Math.round(maxFailedMs) + " ms), reconnects=" + totals.get("reconnects") + ", intended max "
        + Math.round(intendedMaxMs) + " ms; run ended " + f.endedMs + " ms after connecting (" + RUN_S
        + " s planned)");
    assertEquals(0, r.exitCode, r::toString);
    assertTrue(failedOps >= 1, "the operations stuck in the freeze failed: " + r);
    assertTrue(r.stderr.contains("(db.sockettimeout); connection aborted"), r::toString);
    assertEquals(failedOps, totals.get("errors"), "each failure counted once: " + totals);
    // Each failed at the socket timeout (the watchdog looks every timeout/4), not at the end of the freeze.
    assertTrue(maxFailedMs <= socketTimeoutMs + socketTimeoutMs / 4 + 3000, "failed at db.sockettimeout: " + r);
    assertTrue(intendedMaxMs >= FREEZE_MS * 0.85, "the intended latency shows the stall: " + r);
    assertTrue(attempted(r, "READ", "UPDATE") > 1000, r::toString);
    assertTrue(f.endedMs <= RUN_S * 1000 + FREEZE_MS + 20_000, "ended " + f.endedMs + " ms after connecting: " + r);
    assertTrue(t.verify().ok(false));
  }

  /**
   * Successful operations whose latency was 1 s or more (the ones the freeze held), counted in the run's HdrHistogram
   * interval logs of READ and UPDATE with HdrHistogram's own reader.
   */
  private static long slowOperations(Path hdrDir) throws Exception {
    long n = 0;
    for (String series : List.of("READ", "UPDATE")) {
      Path log = hdrDir.resolve(series + ".hdr");
      if (!java.nio.file.Files.exists(log)) {
        continue;
      }
      try (org.HdrHistogram.HistogramLogReader reader = new org.HdrHistogram.HistogramLogReader(log.toFile())) {
        while (reader.hasNext()) {
          org.HdrHistogram.EncodableHistogram h = reader.nextIntervalHistogram();
          if (h instanceof org.HdrHistogram.Histogram hist) {
            n += hist.getCountBetweenValues(1_000_000, Math.max(1_000_000, hist.getMaxValue()));
          }
        }
      }
    }
    return n;
  }
}
