package com.mytopling.ycsb.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.mytopling.ycsb.core.dialect.ServerMetric;
import com.mytopling.ycsb.jdbc.testing.TestServer;
import com.mytopling.ycsb.jdbc.testing.TestServers;
import com.mytopling.ycsb.results.Json;
import com.mytopling.ycsb.results.servermetrics.ServerMetricsFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/benchmark's reports against real servers (issue 15): report.html in the run folder, the server's counters
 * sampled beside the client's intervals and checked against the table, the warm-up cut where it was asked for, and
 * sweeps end to end, each point's folder and the table checked.
 */
class ReportsIT {
  private static Path resultsDir(Scripts.Result r, String prefix) {
    String last = r.stdout.strip().lines().reduce((a, b) -> b).orElse("");
    assertTrue(last.startsWith(prefix), r::toString);
    return Path.of(last.substring(prefix.length()));
  }

  private static JsonNode json(Path file) throws Exception {
    return Json.mapper().readTree(file.toFile());
  }

  @Test
  void aRunFolderHasItsReportServerMetricsAndWarmUp(@TempDir Path out) throws Exception {
    TestServer s = TestServers.innodb();
    Tables.drop(s, "reports_it");
    Path target = Tables.shippedTarget(out, "mariadb", s, "reports_it");
    Scripts.Result r = Scripts.run("benchmark", List.of("--target", target.toString(), "--records", "3000",
        "--operations", "40000", "--threads", "2", "--warmup", "2", "-p", "status.interval=1",
        // Paced: 8 s at 5,000 a second, however fast the machine (a fast one ended an unpaced run in its warm-up).
        "-p", "target=5000",
        "--out", out.resolve("runs").toString()), Tables.env(s));
    assertEquals(0, r.exitCode, r::toString);
    Path dir = resultsDir(r, "results: ");
    assertEquals(3000, Tables.rowCount(s, "reports_it"));

    // The server's counters: both phases, each interval's row, the load's inserts as the table holds them.
    List<ServerMetricsFile.Row> rows = ServerMetricsFile.read(dir.resolve("server-metrics.csv"));
    List<ServerMetricsFile.Row> load = rows.stream().filter(x -> x.phase().equals("load")).toList();
    List<ServerMetricsFile.Row> run = rows.stream().filter(x -> x.phase().equals("run")).toList();
    assertFalse(load.isEmpty(), "load rows");
    assertTrue(run.size() >= 3, "run rows, one per second: " + run.size());
    long inserted = load.stream().mapToLong(x -> x.values().getOrDefault(ServerMetric.ROWS_INSERTED, 0L)).sum();
    // Handler_write counts the rows the load wrote; nothing else writes on this test server's tables meanwhile
    // but the server's own statistics (a few rows at most).
    assertTrue(inserted >= 3000 && inserted < 3100, "the server counted " + inserted + " rows inserted for 3000");
    long read = run.stream().mapToLong(x -> x.values().getOrDefault(ServerMetric.ROWS_READ, 0L)).sum();
    assertTrue(read >= 40000 * 0.9, "workload A reads or updates a row per operation: " + read + " rows read");
    assertTrue(run.stream().allMatch(x -> x.note() == null), "no failed sample");
    assertTrue(run.stream().allMatch(x -> x.values().containsKey(ServerMetric.THREADS_RUNNING)));
    assertTrue(r.stderr.contains("[ycsb] server metrics: sampling the server every 1 s"), r::toString);

    // The warm-up: an extra status line at 2 s cut the logs there, phase.json says when, the summary starts after.
    JsonNode clock = json(dir.resolve("hdr/run/phase.json"));
    long cut = clock.get("warmup_end_ms").asLong() - clock.get("start_ms").asLong();
    assertTrue(cut >= 2000 && cut < 2500, "cut " + cut + " ms after the start");
    String runErr = Files.readString(dir.resolve("run.err"), StandardCharsets.UTF_8);
    assertTrue(runErr.contains(" 2 sec: "), "a status line at the end of the warm-up");
    JsonNode summary = json(dir.resolve("summary.json")).get("phases").get("run");
    assertEquals(2, summary.get("warmup").get("seconds").asInt());
    assertEquals("hdr-logs-after-warmup", summary.get("source").asText());
    long measured = summary.get("operations").get("READ").get("count").asLong()
        + summary.get("operations").get("UPDATE").get("count").asLong();
    assertTrue(measured < 40000 && measured > 0, "the warm-up's operations are left out: " + measured);
    // Issue 20: one summary, one window: successful operations are the window's, as their throughput is (the whole
    // phase's 40,000 against the window's throughput before), and the server's counters agree with them.
    long successful = summary.get("successful_operations").asLong();
    assertTrue(Math.abs(measured - successful) <= 1, "the types' counts add up (each rounded): " + summary);
    assertEquals(successful, Math.round(summary.get("successful_throughput_ops").asDouble()
        * summary.get("runtime_ms").asDouble() / 1000), summary::toString);
    assertEquals("agrees", summary.get("self_check").get("status").asText(), summary::toString);
    assertTrue(summary.has("steady_state") && summary.get("steady_state").has("verdict"), summary::toString);
    assertTrue(summary.get("server_metrics").get("per_second").get("rows_read").asDouble() > 0);
    JsonNode meta = json(dir.resolve("metadata.json"));
    assertEquals(2, meta.get("warmup_s").asInt());
    assertEquals("2", meta.get("properties").get("measurement.warmup").asText());

    // The page.
    String page = Files.readString(dir.resolve("report.html"), StandardCharsets.UTF_8);
    assertTrue(page.contains("data-chart=\"server-rows-run\"") && page.contains("data-chart=\"throughput-over-time-run\"")
        && page.contains("warm-up: the first 2 s are left out"), "report.html");
    assertTrue(r.stdout.contains("steady"), "the summary table says whether the run was steady: " + r.stdout);
  }

  @Test
  void myRocksRunsSampleTheEnginesCounters(@TempDir Path out) throws Exception {
    TestServer s = TestServers.rocksdb();
    Tables.drop(s, "reports_rocks");
    Path target = Tables.shippedTarget(out, "myrocks", s, "reports_rocks");
    Scripts.Result r = Scripts.run("benchmark", List.of("--target", target.toString(), "--records", "2000",
        "--operations", "4000", "--threads", "2", "-p", "status.interval=1", "--no-html",
        "--out", out.resolve("runs").toString()), Tables.env(s));
    assertEquals(0, r.exitCode, r::toString);
    Path dir = resultsDir(r, "results: ");
    assertEquals(2000, Tables.rowCount(s, "reports_rocks"));
    assertFalse(Files.exists(dir.resolve("report.html")), "--no-html");
    List<ServerMetricsFile.Row> rows = ServerMetricsFile.read(dir.resolve("server-metrics.csv"));
    assertFalse(rows.isEmpty());
    for (ServerMetric m : List.of(ServerMetric.ROCKSDB_STALL_MICROS, ServerMetric.ROCKSDB_COMPACT_WRITE_BYTES,
        ServerMetric.ROCKSDB_WAL_SYNCS, ServerMetric.ROCKSDB_BLOCK_CACHE_HITS)) {
      assertTrue(rows.stream().allMatch(x -> x.values().containsKey(m)), m + " in every row");
    }
  }

  /** A workload that only reads (C): one load; every point runs on the same rows, and sweep.json says so. */
  @Test
  void aThreadsSweepOfAReadOnlyWorkloadLoadsOnceAndReportsEachPoint(@TempDir Path out) throws Exception {
    TestServer s = TestServers.innodb();
    Tables.drop(s, "sweep_threads");
    Path target = Tables.shippedTarget(out, "mariadb", s, "sweep_threads");
    Scripts.Result r = Scripts.run("benchmark", List.of("--target", target.toString(), "--workload", "workloadc",
        "--records", "1000", "--operations", "3000", "--sweep", "threads=1,2,4", "--out",
        out.resolve("runs").toString()), Tables.env(s));
    assertEquals(0, r.exitCode, r::toString);
    Path sweep = resultsDir(r, "sweep: ");
    assertTrue(sweep.getFileName().toString().endsWith("-sweep-threads"), sweep.toString());
    for (String point : List.of("threads-1", "threads-2", "threads-4")) {
      Path dir = sweep.resolve(point);
      for (String f : List.of("run.out", "run.err", "metadata.json", "summary.json", "report.html",
          "server-metrics.csv")) {
        assertTrue(Files.size(dir.resolve(f)) > 0, point + "/" + f);
      }
      assertEquals(point.equals("threads-1"), Files.exists(dir.resolve("load.out")), point + ": loaded once, first");
      assertEquals(point.substring("threads-".length()), json(dir.resolve("metadata.json")).get("threads").asText());
    }
    assertEquals(1000, Tables.rowCount(s, "sweep_threads"), "one load of 1000 rows, three runs without inserts");
    JsonNode record = json(sweep.resolve("sweep.json"));
    assertEquals("threads", record.get("variable").asText());
    assertEquals("unchanged", record.path("table_state").asText(), record::toString);
    assertEquals(3, record.get("points").size());
    String page = Files.readString(sweep.resolve("report.html"), StandardCharsets.UTF_8);
    assertTrue(page.contains("data-chart=\"sweep-throughput\"") && page.contains("data-chart=\"sweep-latency-READ\"")
        && page.contains("href=\"threads-4/report.html\""), "the sweep's report");
    // The console table: one line per point.
    for (String v : List.of("1", "2", "4")) {
      assertTrue(r.stdout.lines().anyMatch(l -> l.matches(v + "\\s+[\\d,.]+\\s+READ .*")), v + ": " + r.stdout);
    }
  }

  /**
   * Issue 20, finding 6: workload A updates half its operations, so a point run on the table the one before it left
   * would start from another table state (and on MyRocks with the earlier point's versions and compaction work).
   * Each point loads afresh, and sweep.json says the table was reloaded.
   */
  @Test
  void aThreadsSweepOfAWritingWorkloadStartsEveryPointFromAFreshLoad(@TempDir Path out) throws Exception {
    TestServer s = TestServers.innodb();
    Tables.drop(s, "sweep_writes");
    Path target = Tables.shippedTarget(out, "mariadb", s, "sweep_writes");
    Scripts.Result r = Scripts.run("benchmark", List.of("--target", target.toString(), "--workload", "workloada",
        "--records", "1000", "--operations", "2000", "--sweep", "threads=1,2", "--no-html", "--out",
        out.resolve("runs").toString()), Tables.env(s));
    assertEquals(0, r.exitCode, r::toString);
    Path sweep = resultsDir(r, "sweep: ");
    for (String point : List.of("threads-1", "threads-2")) {
      JsonNode load = json(sweep.resolve(point).resolve("summary.json")).path("phases").path("load");
      assertEquals(1000, load.path("operations").path("INSERT-BATCH").path("return_codes").path("OK").asLong(),
          point + ": not loaded afresh: " + load);
    }
    JsonNode record = json(sweep.resolve("sweep.json"));
    assertEquals("reloaded", record.path("table_state").asText(), record::toString);
    assertTrue(record.path("load").asText().contains("each point loads"), record::toString);
    assertEquals(1000, Tables.rowCount(s, "sweep_writes"));
    Tables.drop(s, "sweep_writes");
  }

  @Test
  void aRecordsSweepLoadsEachPoint(@TempDir Path out) throws Exception {
    TestServer s = TestServers.innodb();
    Tables.drop(s, "sweep_records");
    Path target = Tables.shippedTarget(out, "mariadb", s, "sweep_records");
    Scripts.Result r = Scripts.run("benchmark", List.of("--target", target.toString(), "--operations", "2000",
        "--threads", "2", "--sweep", "records=500,1500", "--no-html", "--out", out.resolve("runs").toString()),
        Tables.env(s));
    assertEquals(0, r.exitCode, r::toString);
    Path sweep = resultsDir(r, "sweep: ");
    for (String point : List.of("records-500", "records-1500")) {
      JsonNode load = json(sweep.resolve(point).resolve("summary.json")).get("phases").get("load");
      long stored = load.get("operations").get("INSERT-BATCH").get("return_codes").get("OK").asLong();
      assertEquals(Long.parseLong(point.substring("records-".length())), stored, point + ": its own load");
    }
    assertEquals(1500, Tables.rowCount(s, "sweep_records"), "the last point's table");
    assertFalse(Files.exists(sweep.resolve("report.html")), "--no-html");
  }

  @Test
  void badSweepsAndWarmUpsAreOneLineAndExitTwo(@TempDir Path out) {
    for (List<String> args : List.of(List.of("--sweep", "clients=1,2"), List.of("--sweep", "threads=4"),
        List.of("--sweep", "threads=1,x"), List.of("--sweep", "threads=2,4", "--threads", "8"),
        List.of("--sweep", "records=10,20", "--skip-load"), List.of("--warmup", "-3"))) {
      List<String> all = new java.util.ArrayList<>(args);
      all.addAll(List.of("--out", out.toString()));
      Scripts.Result r = Scripts.run("benchmark", all);
      assertEquals(2, r.exitCode, args + ": " + r);
      // One line (a first use may add "building the harness" before it).
      assertEquals(1, r.stderr.strip().lines().filter(l -> !l.contains("building the harness")).count(),
          args + ": " + r.stderr);
    }
    Scripts.Result r = Scripts.run("ycsb", List.of("run", "basic", "-P", Scripts.ROOT.resolve("workloads/workloada").toString(), "-p",
        "measurement.warmup=5", "-p", "operationcount=10"));
    assertEquals(2, r.exitCode, r::toString);
    assertTrue(r.stderr.contains("measurement.warmup needs the status thread (-s)"), r::toString);
  }
}
