package com.mytopling.ycsb.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.mytopling.ycsb.jdbc.testing.TestServer;
import com.mytopling.ycsb.jdbc.testing.TestServers;
import com.mytopling.ycsb.results.Json;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The self-check end to end on the real servers (issue 20): scripts/benchmark runs shipped workloads on MariaDB with
 * InnoDB and with MyRocks, the sampler records the server's statement counters at the window's ends, and every
 * phase's summary says the server counted what the client sent; a connection issuing statements of its own during
 * a run makes it disagree, named in the summary and on stderr.
 */
class SelfCheckIT {
  private static Path runFolder(Scripts.Result r) {
    String last = r.stdout.strip().lines().reduce((a, b) -> b).orElse("");
    assertTrue(last.startsWith("results: "), r::toString);
    return Path.of(last.substring("results: ".length()));
  }

  private static JsonNode phases(Path dir) throws Exception {
    return Json.mapper().readTree(dir.resolve("summary.json").toFile()).get("phases");
  }

  private static Scripts.Result benchmark(Path out, TestServer s, String target, String table, String workload,
                                          long operations, int warmupS, String... extra) throws Exception {
    Tables.drop(s, table);
    java.nio.file.Files.createDirectories(out);
    List<String> args = new ArrayList<>(List.of("--target", Tables.shippedTarget(out, target, s, table).toString(),
        "--workload", workload, "--records", "3000", "--operations", Long.toString(operations), "--threads", "4",
        "--warmup", Integer.toString(warmupS), "-p", "status.interval=1", "--no-html", "--out", out.resolve("runs").toString()));
    for (String kv : extra) {
      args.addAll(List.of("-p", kv));
    }
    return Scripts.run("benchmark", args, Tables.env(s));
  }

  @Test
  void shippedWorkloadsAgreeWithTheServersCountersOnInnoDbAndMyRocks(@TempDir Path out) throws Exception {
    List<String> figures = new ArrayList<>();
    for (TestServer s : List.of(TestServers.innodb(), TestServers.rocksdb())) {
      String target = s == TestServers.innodb() ? "mariadb" : "myrocks";
      for (String workload : List.of("workloada", "workloadd", "workloade", "workloadf", "workload-replace")) {
        String table = ("selfcheck_" + target + "_" + workload).replace('-', '_');
        // Paced (20,000 operations at 5,000 a second: 3 s measured after the warm-up) so that a fast machine
        // still measures several server samples' worth, and a slow one is not asked for more than it can do.
        Scripts.Result r = benchmark(out.resolve(table), s, target, table, workload, 20_000, 1, "target=5000");
        assertEquals(0, r.exitCode, r::toString);
        JsonNode phases = phases(runFolder(r));
        for (String phase : List.of("load", "run")) {
          JsonNode check = phases.get(phase).get("self_check");
          String cell = target + " " + workload + " " + phase;
          assertEquals("agrees", check.get("status").asText(), cell + ": " + check);
          assertFalse(check.get("checks").isEmpty(), cell);
          for (JsonNode c : check.get("checks")) {
            double client = c.get("client_count").asDouble();
            long server = c.get("server_count").asLong();
            assertTrue(Math.abs(server - client) <= c.get("allowed").asDouble(), cell + ": " + c);
            figures.add(String.format(Locale.ROOT, "%s %s: client %.0f server %d (%+.2f%%)", cell,
                c.get("operation").asText(), client, server, client == 0 ? 0 : 100 * (server - client) / client));
          }
        }
        assertTrue(r.stdout.contains("run: self-check: the server's counters agree"), r::toString);
      }
    }
    // The differences measured, for the record (docs/results.md quotes them).
    figures.forEach(System.out::println);
  }

  @Test
  void theFileWorkloadAgreesWithTheServersCounters(@TempDir Path out) throws Exception {
    TestServer s = TestServers.innodb();
    Path data = out.resolve("reviews.txt");
    Scripts.Result synth = Scripts.run("dataset", List.of("synth", "--records", "3000", "--out", data.toString()));
    assertEquals(0, synth.exitCode, synth::toString);
    Scripts.Result load = benchmark(out.resolve("load"), s, "mariadb", "selfcheck_file", Scripts.ROOT
        .resolve("workloads/fileloader-reviews-load.properties").toString(), 30_000, 0, "fileloader.file=" + data);
    assertEquals(0, load.exitCode, load::toString);
    for (String phase : List.of("load", "run")) {
      JsonNode check = phases(runFolder(load)).get(phase).get("self_check");
      assertEquals("agrees", check.get("status").asText(), phase + ": " + check);
    }
  }

  @Test
  void anotherConnectionsStatementsDuringTheRunMakeItDisagree(@TempDir Path out) throws Exception {
    TestServer s = TestServers.innodb();
    AtomicBoolean stop = new AtomicBoolean();
    AtomicLong planted = new AtomicLong();
    Thread other = new Thread(() -> {
      try (Connection c = s.connect(); Statement st = c.createStatement()) {
        while (!stop.get()) {
          st.executeQuery("SELECT 1").close();
          planted.incrementAndGet();
          Thread.sleep(1);
        }
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
    other.start();
    Scripts.Result r;
    try {
      // Paced, so that the planted SELECTs (up to 1,000 a second) outgrow the tolerance on any machine: it grows with
      // the client's rate (1% of the count, and the rate x the boundary samples' query time), and an unpaced run on
      // a fast machine (38,000 reads a second in a 1 s window) allowed 854 more, where 823 had been planted.
      r = benchmark(out, s, "mariadb", "selfcheck_planted", "workloadc", 20_000, 1, "target=5000");
    } finally {
      stop.set(true);
      other.join();
    }
    assertEquals(0, r.exitCode, "the benchmark itself succeeds: " + r);
    JsonNode run = phases(runFolder(r)).get("run");
    JsonNode check = run.get("self_check");
    assertEquals("disagrees", check.get("status").asText(), check::toString);
    JsonNode read = check.get("checks").get(0);
    assertEquals("READ", read.get("operation").asText());
    assertTrue(read.get("server_count").asLong() > read.get("client_count").asDouble() + read.get("allowed").asDouble(),
        read::toString);
    assertTrue(planted.get() > 100, "the other connection ran: " + planted.get());
    assertTrue(r.stderr.contains("self-check: the server's counters disagree") && r.stderr.contains("READ: the client "
        + "sent"), r::toString);
  }
}
