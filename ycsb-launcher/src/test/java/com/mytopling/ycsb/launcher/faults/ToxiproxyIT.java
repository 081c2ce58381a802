package com.mytopling.ycsb.launcher.faults;

import static com.mytopling.ycsb.launcher.faults.FaultPhases.attempted;
import static com.mytopling.ycsb.launcher.faults.FaultPhases.failed;
import static com.mytopling.ycsb.launcher.faults.FaultPhases.figure;
import static com.mytopling.ycsb.launcher.faults.FaultPhases.figures;
import static com.mytopling.ycsb.launcher.faults.FaultPhases.returned;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.jdbc.testing.BackgroundYcsb;
import com.mytopling.ycsb.jdbc.testing.TestServer;
import com.mytopling.ycsb.jdbc.testing.TestServers;
import com.mytopling.ycsb.jdbc.testing.Totals;
import com.mytopling.ycsb.jdbc.testing.YcsbProcess;
import com.mytopling.ycsb.jdbc.verify.TableVerifier;
import com.mytopling.ycsb.launcher.client.Ycsb;
import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.model.Toxic;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Network faults between the harness and the InnoDB test server, made by a real Toxiproxy on 127.0.0.1 (issue 23):
 * added latency and a bandwidth limit show in the figures by what they add; connections reset in the middle of a
 * batched load and of a run are counted (a load: the table holds exactly the rows the binding reports stored, exit 1
 * naming them, and the documented resume completes it; a run: every failed operation counted, exit 0); a proxy that
 * swallows data ({@code timeout}) ends each operation at {@code db.sockettimeout} and the run on time; a proxy that
 * slices the stream into small pieces changes nothing. Timing bounds here are "does not hang" bounds computed from
 * the settings, never speed expectations.
 */
class ToxiproxyIT {
  private static Toxiproxy toxiproxy;
  private static TestServer server;
  private static int serverPort;
  private final List<Proxy> proxies = new ArrayList<>();

  @BeforeAll
  static void startToxiproxy() throws Exception {
    server = TestServers.innodb();
    serverPort = Toxiproxy.portOf(server.jdbcUrl());
    toxiproxy = Toxiproxy.start(Path.of("target", "toxiproxy").toAbsolutePath());
  }

  @AfterAll
  static void stopToxiproxy() {
    if (toxiproxy != null) {
      toxiproxy.close();
    }
  }

  @AfterEach
  void deleteProxies() throws Exception {
    for (Proxy p : proxies) {
      p.delete();
    }
    proxies.clear();
  }

  private Proxy proxy(String name) throws Exception {
    Proxy p = toxiproxy.proxy(name, serverPort);
    proxies.add(p);
    return p;
  }

  private static YcsbProcess.Result ycsb(List<String> args) {
    return YcsbProcess.runMain(Ycsb.class.getName(), args);
  }

  @Test
  void addedLatencyShowsInLatencyAndThroughputByWhatWasAdded() throws Exception {
    FaultPhases t = new FaultPhases(server, "tox_latency", 500);
    t.loadDirectly();
    Proxy proxy = proxy("latency");
    String url = t.urlThrough(Toxiproxy.port(proxy));
    String[] reads = {"-threads", "1", "-p", "operationcount=60", "-p", "readproportion=1", "-p", "updateproportion=0"};
    YcsbProcess.Result before = ycsb(t.args("run", "workloada", url, reads));
    assertEquals(0, before.exitCode, before::toString);
    long addedMs = 40;
    proxy.toxics().latency("added", ToxicDirection.DOWNSTREAM, addedMs);
    YcsbProcess.Result after = ycsb(t.args("run", "workloada", url, reads));
    assertEquals(0, after.exitCode, after::toString);
    assertEquals(60, after.output.count("READ", "Return=OK"), after::toString);

    double beforeUs = figure(before, "READ", "AverageLatency(us)");
    double afterUs = figure(after, "READ", "AverageLatency(us)");
    double minUs = figure(after, "READ", "MinLatency(us)");
    double opsPerSecond = figure(after, "OVERALL", "Throughput(ops/sec)");
    figures("latency +" + addedMs + " ms", String.format("READ average %.0f -> %.0f us, min %.0f us, %.1f -> %.1f ops/s",
        beforeUs, afterUs, minUs, figure(before, "OVERALL", "Throughput(ops/sec)"), opsPerSecond));
    // No read can be answered faster than the latency the proxy adds to every answer.
    assertTrue(minUs >= addedMs * 1000 * 0.95, "every read waited for the added latency: " + after);
    assertTrue(afterUs - beforeUs >= addedMs * 1000 * 0.95, "average latency grew by what was added: " + after);
    // One thread, one read at a time: at most 1/latency reads per second.
    assertTrue(opsPerSecond <= 1000.0 / addedMs * 1.05, "throughput bounded by the added latency: " + after);
    assertTrue(t.verify().ok(false));
  }

  @Test
  void aBandwidthLimitBoundsThroughputByTheBytesMoved() throws Exception {
    // 10 fields of 400 bytes: each read brings at least 4000 bytes through a 64 KB/s link (Toxiproxy limits each
    // connection to the rate, with K = 1000; one client thread, one connection).
    FaultPhases t = new FaultPhases(server, "tox_bandwidth", 200).withFields(10, 400);
    t.loadDirectly();
    Proxy proxy = proxy("bandwidth");
    long rateKb = 64;
    proxy.toxics().bandwidth("limit", ToxicDirection.DOWNSTREAM, rateKb);
    int reads = 40;
    YcsbProcess.Result r = ycsb(t.args("run", "workloada", t.urlThrough(Toxiproxy.port(proxy)), "-threads", "1",
        "-p", "operationcount=" + reads, "-p", "readproportion=1", "-p", "updateproportion=0"));
    assertEquals(0, r.exitCode, r::toString);
    assertEquals(reads, r.output.count("READ", "Return=OK"), r::toString);
    double seconds = figure(r, "OVERALL", "RunTime(ms)") / 1000;
    double payloadSeconds = reads * 4000.0 / (rateKb * 1000);
    figures("bandwidth " + rateKb + " KB/s", String.format("%d reads of 4000 payload bytes in %.2f s (the payload alone "
        + "needs %.2f s), %.1f ops/s", reads, seconds, payloadSeconds, figure(r, "OVERALL", "Throughput(ops/sec)")));
    assertTrue(seconds >= payloadSeconds * 0.9, "the run could not move its bytes faster than the link: " + r);
    assertTrue(t.verify().ok(false));
  }

  /**
   * Every connection reset while a batched load runs through the proxy. The batch each client thread had in flight is
   * in doubt: the server may have stored it and only the answer was lost. The binding asks the server after
   * reconnecting, so the table holds exactly the rows it reports stored whatever the timing: a batch found stored is
   * counted stored and the load goes on (exit 0, the errors counted); a batch not stored fails, YCSB stops the thread,
   * and the load exits 1 naming the rows not stored, which the documented resume then stores.
   */
  @Test
  void connectionsResetInTheMiddleOfABatchedLoad() throws Exception {
    FaultPhases t = new FaultPhases(server, "tox_reset_load", 30_000);
    Proxy proxy = proxy("reset_load");
    String url = t.urlThrough(Toxiproxy.port(proxy));
    LoadUnderFault fault = loadUnderFault(t, url, () -> {
      Toxic reset = proxy.toxics().resetPeer("reset", ToxicDirection.DOWNSTREAM, 0);
      Thread.sleep(500);
      reset.remove();
    });
    YcsbProcess.Result r = fault.result;
    FaultPhases.echoHarnessLines(proxy.getName(), r);
    Totals totals = Totals.of(r);
    long rows = t.rows();
    figures("reset_peer mid batched load", "exit " + r.exitCode + ", ended " + fault.endedAfterS()
        + " s after the reset; stored=" + totals.get("stored") + " failed=" + totals.get("failed") + " rows in table="
        + rows + " errors=" + totals.get("errors") + " reconnects=" + totals.get("reconnects"));
    assertTrue(totals.get("errors") >= 1, "the reset was met and counted: " + totals);
    assertEquals(rows, totals.get("stored"), "the table holds exactly the rows the binding reports stored: " + totals);
    assertTrue(r.stderr.contains("[mytopling] shard 1: the connection was lost while a batch of 100 rows was sent; "
        + "the table holds "), "the batch in doubt was settled by asking the server: " + r);
    if (r.exitCode == 0) {
      assertEquals(t.records(), rows, "a complete load stored every row: " + r);
      assertEquals(0, totals.get("failed"), totals::toString);
      assertTrue(t.verify().ok(false));
    } else {
      assertEquals(1, r.exitCode, r::toString);
      assertNotStoredLine(r, t.records() - rows);
      resumeAndVerify(t, url, rows);
    }
  }

  /**
   * The proxy closes every connection after 10,000 more bytes from the client, so the next batch (about 42,000 bytes)
   * is cut in the middle: the server never has the whole statement and stores none of it. Each thread's batch fails,
   * YCSB stops the thread, the load exits 1 with one line naming the rows not stored and the command that completes
   * the table; the table holds exactly the rows reported stored; the resumed load completes it and it verifies.
   */
  @Test
  void aBatchCutInTheMiddleFailsTheLoadWhichTheResumeCompletes() throws Exception {
    FaultPhases t = new FaultPhases(server, "tox_cut_load", 30_000);
    Proxy proxy = proxy("cut_load");
    String url = t.urlThrough(Toxiproxy.port(proxy));
    LoadUnderFault fault = loadUnderFault(t, url, () -> {
      Toxic cut = proxy.toxics().limitData("cut", ToxicDirection.UPSTREAM, 10_000);
      Thread.sleep(300);
      cut.remove();
    });
    YcsbProcess.Result r = fault.result;
    FaultPhases.echoHarnessLines(proxy.getName(), r);
    Totals totals = Totals.of(r);
    long rows = t.rows();
    figures("batch cut mid-statement (limit_data)", "exit " + r.exitCode + ", ended " + fault.endedAfterS()
        + " s after the cut; stored=" + totals.get("stored") + " failed=" + totals.get("failed") + " rows in table="
        + rows + " errors=" + totals.get("errors"));
    assertEquals(1, r.exitCode, r::toString);
    assertTrue(totals.get("failed") >= 1, "the batches cut failed: " + totals);
    assertEquals(rows, totals.get("stored"), "the table holds exactly the rows the binding reports stored: " + totals);
    assertNotStoredLine(r, t.records() - rows);
    resumeAndVerify(t, url, rows);
  }

  /** A throttled batched load (2 threads, 100-row batches) through the proxy, hit by {@code fault} mid-way. */
  private static LoadUnderFault loadUnderFault(FaultPhases t, String url, Fault fault) throws Exception {
    t.drop();
    List<String> load = t.args("load", "workloada", url, "-threads", "2", "-target", "5000", "-s",
        "-p", "status.interval=1", "-p", "db.createtable=true", "-p", "db.batchsize=100",
        "-p", "jdbc.batchupdateapi=true");
    try (BackgroundYcsb client = BackgroundYcsb.start(Ycsb.class.getName(), load)) {
      client.awaitStderr(e -> e.contains("[mytopling] connected"), "the load connected");
      waitForRows(t, 5000);
      long at = System.nanoTime();
      fault.apply();
      YcsbProcess.Result r = client.await();
      return new LoadUnderFault(r, (System.nanoTime() - at) / 1e9);
    }
  }

  interface Fault {
    void apply() throws Exception;
  }

  record LoadUnderFault(YcsbProcess.Result result, double endedAfter) {
    String endedAfterS() {
      return String.format("%.1f", endedAfter);
    }
  }

  /**
   * Every connection reset for a second in the middle of a run: the operations in flight fail once each
   * (SERVICE_UNAVAILABLE), every thread reconnects, the run does all its operations and exits 0 with the failures
   * counted, and nothing loaded is lost.
   */
  @Test
  void connectionsResetInTheMiddleOfARun() throws Exception {
    FaultPhases t = new FaultPhases(server, "tox_reset_run", 2000);
    t.loadDirectly();
    Proxy proxy = proxy("reset_run");
    int threads = 4;
    long operations = 4000;
    List<String> run = t.args("run", "workloada", t.urlThrough(Toxiproxy.port(proxy)), "-threads",
        Integer.toString(threads), "-target", "400", "-s", "-p", "status.interval=1",
        "-p", "operationcount=" + operations);
    YcsbProcess.Result r;
    try (BackgroundYcsb client = BackgroundYcsb.start(Ycsb.class.getName(), run)) {
      client.awaitStderr(e -> e.lines().anyMatch(l -> l.matches(".* [1-9][0-9]{3,} operations;.*")),
          "1000 operations done before the reset");
      Toxic reset = proxy.toxics().resetPeer("reset", ToxicDirection.DOWNSTREAM, 0);
      Thread.sleep(1000);
      reset.remove();
      r = client.await();
    }
    FaultPhases.echoHarnessLines("reset_run", r);
    assertEquals(0, r.exitCode, "a run phase's failed operations are counted, not fatal: " + r);
    long failedOps = failed(r, "READ", "UPDATE");
    long unavailable = returned(r, "SERVICE_UNAVAILABLE", "READ", "UPDATE");
    Totals totals = Totals.of(r);
    figures("reset_peer mid run", failedOps + " of " + operations + " operations failed (SERVICE_UNAVAILABLE "
        + unavailable + "), reconnects=" + totals.get("reconnects") + ", run time "
        + (long) figure(r, "OVERALL", "RunTime(ms)") + " ms at 400 ops/s planned 10000 ms");
    assertEquals(operations, attempted(r, "READ", "UPDATE"), "every planned operation was attempted: " + r);
    assertTrue(failedOps >= 1, "the reset cost operations: " + r);
    assertEquals(failedOps, unavailable, "each failure is a lost connection: " + r);
    assertEquals(failedOps, totals.get("errors"), "the binding counted each failure once: " + totals);
    assertTrue(totals.get("reconnects") >= 1, totals::toString);
    assertTrue(t.verify().ok(false), "every loaded row is there and right");
  }

  /**
   * The proxy stops passing data (toxic {@code timeout}, as a hung network does) for 5 s, then lets it through: each
   * operation waiting for an answer is ended by db.sockettimeout (2 s here) and counted failed, connections opened in
   * the meantime by db.connecttimeout, and the run ends within its planned time plus the fault plus those limits.
   */
  @Test
  void aProxyThatSwallowsDataEndsOperationsAtTheSocketTimeout() throws Exception {
    FaultPhases t = new FaultPhases(server, "tox_timeout", 1000);
    t.loadDirectly();
    Proxy proxy = proxy("timeout");
    long socketTimeoutMs = 2000;
    // Longer than the socket timeout, so that an abort that waits for a connection (MariaDB Connector/J's own
    // Connection.abort sends KILL on a new connection first) shows as a failed operation slower than the bound below.
    long connectTimeoutMs = 5000;
    long operations = 1500;
    List<String> run = t.args("run", "workloada", t.urlThrough(Toxiproxy.port(proxy)), "-threads", "2", "-target",
        "100", "-s", "-p", "status.interval=1", "-p", "operationcount=" + operations,
        "-p", "db.sockettimeout=" + socketTimeoutMs, "-p", "db.connecttimeout=" + connectTimeoutMs);
    YcsbProcess.Result r;
    long stalledMs = 5000;
    try (BackgroundYcsb client = BackgroundYcsb.start(Ycsb.class.getName(), run)) {
      client.awaitStderr(e -> e.lines().anyMatch(l -> l.matches(".* [3-9][0-9]{2,} operations;.*")),
          "300 operations done before the stall");
      Toxic stall = proxy.toxics().timeout("stall", ToxicDirection.DOWNSTREAM, 0);
      Thread.sleep(stalledMs);
      stall.remove();
      r = client.await();
    }
    FaultPhases.echoHarnessLines("timeout", r);
    assertEquals(0, r.exitCode, r::toString);
    long failedOps = failed(r, "READ", "UPDATE");
    double maxFailedUs = Math.max(figure(r, "READ-FAILED", "MaxLatency(us)"), figure(r, "UPDATE-FAILED",
        "MaxLatency(us)"));
    double runMs = figure(r, "OVERALL", "RunTime(ms)");
    Totals totals = Totals.of(r);
    figures("timeout (data swallowed 5 s)", failedOps + " operations failed, the slowest failed after "
        + Math.round(maxFailedUs / 1000) + " ms (db.sockettimeout=" + socketTimeoutMs + "), reconnects="
        + totals.get("reconnects") + ", run " + Math.round(runMs) + " ms (planned 15000)");
    assertEquals(operations, attempted(r, "READ", "UPDATE"), r::toString);
    assertTrue(failedOps >= 1, "operations during the stall failed instead of hanging: " + r);
    assertTrue(r.stderr.contains("(db.sockettimeout); connection aborted"), "the timeout is named: " + r);
    // The watchdog looks every timeout/4 (at most 1 s) and closes the socket at once; 3 s more for a loaded machine.
    assertTrue(maxFailedUs / 1000 <= socketTimeoutMs + socketTimeoutMs / 4 + 3000,
        "a failed operation ended at db.sockettimeout, without waiting for the network to come back: " + r);
    assertEquals(failedOps, totals.get("errors"), totals::toString);
    // Planned 15 s at 100 ops/s; the stall and its limits add at most their sum (and the machine's noise).
    assertTrue(runMs <= 15_000 + stalledMs + socketTimeoutMs + connectTimeoutMs + 15_000, "the run ended on time: " + r);
    assertTrue(t.verify().ok(false));
  }

  /**
   * A run with a time limit (maxexecutiontime) whose network stops passing data for good: it ends on time, the
   * operation in flight ended by db.sockettimeout and the reconnect by db.reconnecttimeout.
   */
  @Test
  void aRunWhoseNetworkStopsForGoodEndsOnTime() throws Exception {
    FaultPhases t = new FaultPhases(server, "tox_timeout_end", 500);
    t.loadDirectly();
    Proxy proxy = proxy("timeout_end");
    long limitS = 8;
    long socketTimeoutMs = 2000;
    long connectTimeoutMs = 2000;
    long reconnectTimeoutMs = 3000;
    List<String> run = t.args("run", "workloada", t.urlThrough(Toxiproxy.port(proxy)), "-threads", "2", "-target",
        "100", "-s", "-p", "status.interval=1", "-p", "operationcount=100000", "-p", "maxexecutiontime=" + limitS,
        "-p", "db.sockettimeout=" + socketTimeoutMs, "-p", "db.connecttimeout=" + connectTimeoutMs,
        "-p", "db.reconnecttimeout=" + reconnectTimeoutMs);
    YcsbProcess.Result r;
    long started;
    long stalledAt;
    try (BackgroundYcsb client = BackgroundYcsb.start(Ycsb.class.getName(), run)) {
      client.awaitStderr(e -> e.contains("[mytopling] connected"), "connected");
      started = System.nanoTime();
      client.awaitStderr(e -> e.lines().anyMatch(l -> l.matches(".* [2-9][0-9]{2,} operations;.*")),
          "200 operations done before the stall");
      proxy.toxics().timeout("stall", ToxicDirection.DOWNSTREAM, 0);
      stalledAt = System.nanoTime();
      r = client.await();
    }
    FaultPhases.echoHarnessLines("timeout_end", r);
    long endedMs = (System.nanoTime() - started) / 1_000_000;
    long afterStallMs = (System.nanoTime() - stalledAt) / 1_000_000;
    figures("timeout for good, maxexecutiontime=" + limitS, "client ended " + endedMs + " ms after connecting, "
        + afterStallMs + " ms after the stall began; " + failed(r, "READ", "UPDATE") + " operations failed");
    assertEquals(0, r.exitCode, "a run stopped by its time limit is complete: " + r);
    assertTrue(failed(r, "READ", "UPDATE") >= 1, r::toString);
    // Documented bound (docs/reliability.md): maxexecutiontime + db.sockettimeout + db.reconnecttimeout +
    // db.connecttimeout, plus the JVM's start and the machine's noise (generous: this only proves it does not hang).
    long boundMs = limitS * 1000 + socketTimeoutMs + reconnectTimeoutMs + connectTimeoutMs + 20_000;
    assertTrue(endedMs <= boundMs, "ended " + endedMs + " ms after connecting; bound " + boundMs + ": " + r);
  }

  /** The stream cut into pieces of about 16 bytes with pauses: the protocol is read right, a load and a run exact. */
  @Test
  void aSlicedStreamChangesNothing() throws Exception {
    FaultPhases t = new FaultPhases(server, "tox_slicer", 2000);
    t.drop();
    Proxy proxy = proxy("slicer");
    proxy.toxics().slicer("slice_down", ToxicDirection.DOWNSTREAM, 16, 20).setSizeVariation(8);
    proxy.toxics().slicer("slice_up", ToxicDirection.UPSTREAM, 16, 20).setSizeVariation(8);
    String url = t.urlThrough(Toxiproxy.port(proxy));
    YcsbProcess.Result load = ycsb(t.args("load", "workloada", url, "-threads", "2", "-p", "db.createtable=true",
        "-p", "db.batchsize=100", "-p", "jdbc.batchupdateapi=true"));
    assertEquals(0, load.exitCode, load::toString);
    assertEquals(t.records(), Totals.of(load).get("stored"), load::toString);
    assertEquals(t.records(), t.rows());
    YcsbProcess.Result run = ycsb(t.args("run", "workloada", url, "-threads", "2", "-p", "operationcount=1000"));
    assertEquals(0, run.exitCode, run::toString);
    assertEquals(1000, run.output.count("READ", "Return=OK") + run.output.count("UPDATE", "Return=OK"), run::toString);
    // dataintegrity=true: YCSB compared every value read with what it wrote.
    assertEquals(run.output.count("READ", "Return=OK"), run.output.count("VERIFY", "Return=OK"), run::toString);
    figures("slicer (16 B pieces)", "load stored " + t.records() + " of " + t.records() + ", run 1000 of 1000 OK, "
        + "values verified");
    assertTrue(t.verify().ok(false));
  }

  private static void waitForRows(FaultPhases t, long rows) throws Exception {
    long seen = 0;
    for (int i = 0; i < 600 && seen < rows; i++) {
      Thread.sleep(50);
      try {
        seen = t.rows();
      } catch (java.sql.SQLException notYet) {
        // The table is being created.
      }
    }
    assertTrue(seen >= rows && seen < t.records(), "load was under way: " + seen);
  }

  static void assertNotStoredLine(YcsbProcess.Result r, long notStored) {
    assertTrue(r.stderr.lines().anyMatch(l -> l.startsWith("[ycsb] resume: " + notStored + " of ")
        && l.contains(" rows were not stored") && l.contains("-p db.insertexisting=skip")),
        "one line names the rows not stored (" + notStored + ") and how to complete the load: " + r);
  }

  /** The documented resume (docs/reliability.md): the same load again with db.insertexisting=skip. */
  private static void resumeAndVerify(FaultPhases t, String url, long before) throws Exception {
    YcsbProcess.Result again = ycsb(t.args("load", "workloada", url, "-threads", "2", "-p", "db.batchsize=100",
        "-p", "jdbc.batchupdateapi=true", "-p", "db.insertexisting=skip"));
    assertEquals(0, again.exitCode, again::toString);
    Totals totals = Totals.of(again);
    assertEquals(before, totals.get("skipped"), totals::toString);
    assertEquals(t.records() - before, totals.get("stored"), totals::toString);
    TableVerifier.Report v = t.verify();
    assertTrue(v.ok(false), "the resumed load completed the table");
    assertEquals(t.records(), t.rows());
  }
}
