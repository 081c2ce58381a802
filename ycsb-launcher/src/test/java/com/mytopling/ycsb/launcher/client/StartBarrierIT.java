package com.mytopling.ycsb.launcher.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.core.dialect.Dialect;
import com.mytopling.ycsb.core.dialect.Dialects;
import com.mytopling.ycsb.jdbc.testing.TestServer;
import com.mytopling.ycsb.jdbc.testing.TestServers;
import com.mytopling.ycsb.launcher.Scripts;
import com.mytopling.ycsb.launcher.Tables;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The start barrier on a real MariaDB: clients that all arrive agree on one start on the server's clock; one that
 * waits for a client that never comes fails after the timeout with one line naming the missing one, also as a run
 * phase's exit status; a client cannot register twice.
 */
class StartBarrierIT {
  private static final PrintStream QUIET = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

  private static String runId(String what) {
    return what + "-" + System.nanoTime();
  }

  @Test
  void clientsThatAllArriveAgreeOnOneStart() throws Exception {
    TestServer s = TestServers.innodb();
    String run = runId("agree");
    List<CompletableFuture<StartBarrier.Start>> clients = new java.util.ArrayList<>();
    for (int i = 0; i < 3; i++) {
      int index = i;
      clients.add(CompletableFuture.supplyAsync(() -> {
        try (Connection c = s.connect()) {
          return new StartBarrier(new StartBarrier.Settings(3, index, run, 60_000, 500), "run", QUIET)
              .await(c, Dialects.family(s.jdbcUrl()));
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      }));
    }
    long agreed = clients.get(0).get().agreedServerMs();
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    for (CompletableFuture<StartBarrier.Start> c : clients) {
      StartBarrier.Start start = c.get();
      assertEquals(agreed, start.agreedServerMs());
      // None starts before the agreed moment (on the server's clock, within what the offset can tell).
      assertTrue(start.startedServerMs() >= agreed - start.uncertaintyMs(), start + " agreed " + agreed);
      first = Math.min(first, start.startedServerMs());
      last = Math.max(last, start.startedServerMs());
    }
    assertTrue(last - first < 1000, "spread " + (last - first) + " ms");
  }

  @Test
  void aClientThatNeverArrivesFailsTheOthersInOneLine() throws Exception {
    TestServer s = TestServers.innodb();
    String run = runId("missing");
    try (Connection c = s.connect()) {
      Dialect d = Dialects.family(s.jdbcUrl());
      StartBarrier.BarrierException e = assertThrows(StartBarrier.BarrierException.class,
          () -> new StartBarrier(new StartBarrier.Settings(3, 1, run, 1000, 0), "load", QUIET).await(c, d));
      assertEquals("start barrier: 1 of 3 clients arrived for the load phase of run " + run + " within 1 s; missing: "
          + "client 0, client 2 (scaleout.barrier.timeout)", e.getMessage());
      StartBarrier.BarrierException twice = assertThrows(StartBarrier.BarrierException.class,
          () -> new StartBarrier(new StartBarrier.Settings(3, 1, run, 1000, 0), "load", QUIET).await(c, d));
      assertTrue(twice.getMessage().contains("client 1 has already registered for the load phase of run " + run),
          twice.getMessage());
    }
  }

  @Test
  void aRunPhaseWhoseOthersNeverComeExitsFailedWithTheBarriersLine(@TempDir Path tmp) throws Exception {
    TestServer s = TestServers.innodb();
    Path props = tmp.resolve("t.properties");
    Files.writeString(props, "db.url=" + s.jdbcUrl() + "\n" + (s.user() == null ? "" : "db.user=" + s.user() + "\n")
        + "table=barrier_it\n");
    String run = runId("phase");
    Scripts.Result r = Scripts.run("ycsb", List.of("run", "mytopling", "-P", props.toString(), "-P",
        Scripts.ROOT.resolve("workloads/workloada").toString(), "-p", "db.createtable=true", "-p", "recordcount=10",
        "-p", "operationcount=10", "-p", "scaleout.clients=2", "-p", "scaleout.client=1", "-p", "scaleout.runid=" + run,
        "-p", "scaleout.barrier.timeout=1"), Tables.env(s));
    assertEquals(1, r.exitCode, r::toString);
    List<String> lines = r.stderrLines("start barrier:");
    assertEquals(List.of("start barrier: 1 of 2 clients arrived for the run phase of run " + run + " within 1 s; "
        + "missing: client 0 (scaleout.barrier.timeout)"), lines, r::toString);
    Tables.drop(s, "barrier_it");
  }
  /** --client-of 1 (--on with --clients 1): the one client waits for nobody and still hands its run folder back. */
  @Test
  void aClientAloneWaitsForNobody(@TempDir Path tmp) throws Exception {
    TestServer s = TestServers.innodb();
    Path props = tmp.resolve("t.properties");
    Files.writeString(props, "db.url=" + s.jdbcUrl() + "\n" + (s.user() == null ? "" : "db.user=" + s.user() + "\n")
        + "table=barrier_alone\n");
    Scripts.Result r = Scripts.run("benchmark", List.of("--target", props.toString(), "--records", "100",
        "--operations", "100", "--threads", "1", "--client-of", "1", "--client-index", "0", "--run-id",
        runId("alone"), "--out", tmp.resolve("out").toString(), "--no-html"), Tables.env(s));
    assertEquals(0, r.exitCode, r::toString);
    assertEquals(List.of(), r.stderrLines("[barrier]"), r::toString);
    assertTrue(r.stdout.contains("=== ycsb-harness run folder client-0 end exit=0 sha256="), r::toString);
    assertEquals(100, Tables.rowCount(s, "barrier_alone"));
    Tables.drop(s, "barrier_alone");
  }
}
