package com.mytopling.ycsb.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.core.record.RunRecord;
import com.mytopling.ycsb.core.record.RunRecordReader;
import com.mytopling.ycsb.jdbc.testing.TestServer;
import com.mytopling.ycsb.jdbc.testing.TestServers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The main job, scripts/benchmark, end to end: results folder, parsed summary, exit codes. */
class BenchmarkIT {
  static final Path EMBEDDED_DIR = Path.of("target", "embedded-benchmark").toAbsolutePath();

  private static Path resultsDir(Scripts.Result r) {
    String last = r.stdout.strip().lines().reduce((a, b) -> b).orElse("");
    assertTrue(last.startsWith("results: "), r::toString);
    return Path.of(last.substring("results: ".length()));
  }

  private static void assertRunFolder(Path dir, Scripts.Result r) throws Exception {
    for (String f : List.of("load.out", "load.err", "run.out", "run.err", "metadata.json", "summary.json")) {
      assertTrue(Files.size(dir.resolve(f)) > 0, f + " in " + dir + ": " + r);
    }
    assertTrue(Files.list(dir.resolve("hdr").resolve("run")).anyMatch(p -> p.toString().endsWith(".hdr")), r::toString);
    String summary = Files.readString(dir.resolve("summary.json"), StandardCharsets.UTF_8);
    assertTrue(summary.contains("\"READ\"") && summary.contains("\"UPDATE\""), summary);
    String meta = Files.readString(dir.resolve("metadata.json"), StandardCharsets.UTF_8);
    assertTrue(meta.contains("\"server\"") && meta.contains("\"harness_version\"") && meta.contains("\"cores\""), meta);
    // The short table at the end names both phases.
    assertTrue(r.stdout.contains("load") && r.stdout.contains("run") && r.stdout.contains("READ"), r::toString);
    // The client's own cost of the run, with the JIT compiler threads' part of it: scripts' clients keep their
    // compiler threads, so the figure is exact and never more than the window's CPU.
    com.fasterxml.jackson.databind.JsonNode cost = new com.fasterxml.jackson.databind.ObjectMapper()
        .readTree(dir.resolve("summary.json").toFile()).at("/phases/run/client_cost");
    assertTrue(cost.has("jit_cpu_s") && cost.has("jit_cpu_per_op_us"), cost::toString);
    double jit = cost.get("jit_cpu_s").asDouble();
    assertTrue(jit >= 0 && jit <= cost.get("user_cpu_s").asDouble() + cost.get("system_cpu_s").asDouble() + 0.01,
        cost::toString);
  }

  @Test
  void embeddedDefaultProducesACompleteRunFolder(@TempDir Path out) throws Exception {
    Scripts.Result r = Scripts.run("benchmark", List.of("--records", "2000", "--operations", "3000", "--threads", "2",
        "--out", out.toString(), "-p", "db.embedded.datadir=" + EMBEDDED_DIR));
    assertEquals(0, r.exitCode, r::toString);
    assertTrue(r.stderr.contains("[mytopling] embedded MariaDB 11.4"), r::toString);
    assertTrue(r.stderr.contains("est completion in"), "status lines with ETA: " + r);
    Path dir = resultsDir(r);
    assertTrue(dir.getFileName().toString().endsWith("-embedded-workloada"), dir.toString());
    assertRunFolder(dir, r);
    // The embedded server's table holds the loaded rows (workload A inserts none in its run).
    assertEquals(2000, EmbeddedRowCount.count(EMBEDDED_DIR, "usertable"));
  }

  @Test
  void realServerFromAPropertiesFile(@TempDir Path out) throws Exception {
    TestServer s = TestServers.innodb();
    Path props = target(out.resolve("ci-mariadb.properties"), s, "db.batchsize=100\njdbc.batchupdateapi=true\n"
        + "table=bench_it\n");
    Map<String, String> env = passwordEnv(s);
    Scripts.Result r = Scripts.run("benchmark", List.of("--target", props.toString(), "--records", "3000",
        "--operations", "3000", "--threads", "4", "--out", out.resolve("runs").toString()), env);
    assertEquals(0, r.exitCode, r::toString);
    Path dir = resultsDir(r);
    assertRunFolder(dir, r);
    String meta = Files.readString(dir.resolve("metadata.json"), StandardCharsets.UTF_8);
    assertEquals("InnoDB", metadata(dir).at("/server/engine").asText(), meta);
    // The password came from YCSB_DB_PASSWORD: the stored properties do not hold it.
    assertFalse(meta.contains("db.passwd"), meta);
    assertEquals(3000, Tables.rowCount(s, "bench_it"));
    // Each phase's binding record: the load's stored rows are the table's rows; no password in any record.
    RunRecord load = RunRecordReader.read(dir.resolve("binding-load.json"));
    assertTrue(load.finished, load::toString);
    assertEquals(Tables.rowCount(s, "bench_it"), load.rows.stored);
    assertEquals(0, load.rows.failed);
    assertEquals("InnoDB", load.connection.engine);
    assertEquals(Boolean.TRUE, load.inserts.batched);
    RunRecord run = RunRecordReader.read(dir.resolve("binding-run.json"));
    assertEquals("run", run.phase);
    assertEquals(0, run.rows.errors);
    assertNoPasswordIn(dir, s);
  }

  /**
   * Issue 37: a run phase bounded by time, as the main job's default is (30 s there; 21 here, the least the steady-state
   * rule takes is 20 s and 5 intervals), ends on time, exit 0, and its steady state is judged (steady or not, never
   * "unknown"); metadata.json names its duration and no count of operations.
   */
  @Test
  void aRunPhaseBoundedByTimeEndsOnTimeAndJudgesItsSteadyState(@TempDir Path out) throws Exception {
    TestServer s = TestServers.innodb();
    Path props = target(out.resolve("timed.properties"), s, "table=bench_timed\n");
    Map<String, String> env = passwordEnv(s);
    Scripts.Result r = Scripts.run("benchmark", List.of("--target", props.toString(), "--records", "2000",
        "--duration", "21", "--threads", "2", "--no-html", "--out", out.resolve("runs").toString()), env);
    assertEquals(0, r.exitCode, r::toString);
    assertTrue(r.stderr.contains("2000 records, a run phase of 21 s, 2 threads"), r::toString);
    Path dir = resultsDir(r);
    com.fasterxml.jackson.databind.JsonNode meta = metadata(dir);
    assertEquals(21, meta.get("duration_s").asInt(), meta::toString);
    assertTrue(meta.path("operations").isMissingNode() || meta.get("operations").isNull(), meta::toString);
    com.fasterxml.jackson.databind.JsonNode run = new com.fasterxml.jackson.databind.ObjectMapper()
        .readTree(dir.resolve("summary.json").toFile()).get("phases").get("run");
    double runtimeS = run.get("runtime_ms").asDouble() / 1000;
    assertTrue(runtimeS >= 20 && runtimeS <= 22, "the window is the run phase's 21 s: " + runtimeS);
    com.fasterxml.jackson.databind.JsonNode steady = run.get("steady_state");
    assertTrue(steady.get("intervals").asInt() >= 20, steady::toString);
    assertTrue(steady.hasNonNull("steady"), "judged, steady or not: " + steady);
    assertFalse(r.stdout.contains("steady state unknown"), r::toString);
  }

  /** A target file for the test server: its URL and user, then {@code lines}. */
  private static Path target(Path file, TestServer s, String lines) throws java.io.IOException {
    Files.writeString(file, "db.url=" + s.jdbcUrl() + "\n" + (s.user() == null ? "" : "db.user=" + s.user() + "\n")
        + lines);
    return file;
  }

  /** The environment that gives the test server's password (YCSB_DB_PASSWORD), if it has one. */
  private static Map<String, String> passwordEnv(TestServer s) {
    return s.password() == null ? Map.of() : Map.of("YCSB_DB_PASSWORD", s.password());
  }

  /** metadata.json as JSON (written by Jackson: compared by value, not by its spacing). */
  private static com.fasterxml.jackson.databind.JsonNode metadata(Path dir) throws Exception {
    return new com.fasterxml.jackson.databind.ObjectMapper().readTree(dir.resolve("metadata.json").toFile());
  }

  /** No file of the run folder holds the server's password. */
  private static void assertNoPasswordIn(Path dir, TestServer s) throws Exception {
    if (s.password() == null) {
      return;
    }
    try (var files = Files.walk(dir)) {
      for (Path f : files.filter(f -> f.getFileName().toString().endsWith(".json")).toList()) {
        assertFalse(Files.readString(f).contains(s.password()), f::toString);
      }
    }
  }

  @Test
  void twoClientsSplitTheLoadAndAreMergedExactly(@TempDir Path out) throws Exception {
    TestServer s = TestServers.innodb();
    Path props = out.resolve("two-clients.properties");
    Files.writeString(props, "db.url=" + s.jdbcUrl() + "\n" + (s.user() == null ? "" : "db.user=" + s.user() + "\n")
        + "db.batchsize=100\njdbc.batchupdateapi=true\ntable=bench_clients\n");
    Map<String, String> env = s.password() == null ? Map.of() : Map.of("YCSB_DB_PASSWORD", s.password());
    // Each client's phases last a few seconds (-target 2500 per client), so that two JVMs started together on a
    // busy machine still work at the same time: the merge refuses clients that never did.
    Scripts.Result r = Scripts.run("benchmark", List.of("--target", props.toString(), "--clients", "2", "--records", "8000",
        "--operations", "16000", "--threads", "2", "-p", "target=2500", "--out", out.resolve("runs").toString()), env);
    assertEquals(0, r.exitCode, r::toString);
    Path dir = resultsDir(r);
    for (String f : List.of("client-0/load.out", "client-1/load.out", "client-0/run.out", "client-1/run.out")) {
      assertTrue(Files.size(dir.resolve(f)) > 0, f);
    }
    // Client 0 loaded keys 0..3999 and client 1 keys 4000..7999: 4,000 rows each, none twice.
    assertTrue(Files.readString(dir.resolve("client-0/load.out")).contains("[INSERT-BATCH], Return=OK, 4000"));
    assertTrue(Files.readString(dir.resolve("client-1/load.out")).contains("[INSERT-BATCH], Return=OK, 4000"));
    try (var c = s.connect(); var st = c.createStatement();
         var rs = st.executeQuery("SELECT COUNT(*) FROM bench_clients")) {
      rs.next();
      assertEquals(8000, rs.getInt(1));
    }
    // The merged summary: two clients, every operation and every stored row counted once.
    com.fasterxml.jackson.databind.JsonNode summary = new com.fasterxml.jackson.databind.ObjectMapper()
        .readTree(dir.resolve("summary.json").toFile());
    assertEquals(2, summary.at("/phases/run/clients").size(), summary::toString);
    assertEquals("client-0", summary.at("/phases/run/clients/0/client").asText());
    assertEquals(16000, summary.at("/phases/run/clients/0/operations").asLong()
        + summary.at("/phases/run/clients/1/operations").asLong(), summary::toString);
    // Each client's own count of its whole phase; the phase's figures are of the common window (issue 20: one window
    // for successful operations and their throughput).
    assertEquals(16000, summary.at("/phases/run/clients/0/successful_operations").asLong()
        + summary.at("/phases/run/clients/1/successful_operations").asLong(), summary::toString);
    assertEquals(8000, summary.at("/phases/load/clients/0/successful_operations").asLong()
        + summary.at("/phases/load/clients/1/successful_operations").asLong(), summary::toString);
    for (String phase : List.of("run", "load")) {
      long inWindow = summary.at("/phases/" + phase + "/successful_operations").asLong();
      assertTrue(inWindow > 0 && inWindow <= (phase.equals("run") ? 16000 : 8000), summary::toString);
      assertEquals(inWindow, Math.round(summary.at("/phases/" + phase + "/successful_throughput_ops").asDouble()
          * summary.at("/phases/" + phase + "/runtime_ms").asDouble() / 1000), summary::toString);
    }
    assertEquals("8000", summary.at("/phases/load/binding_totals/stored").asText(), summary::toString);
    assertEquals(summary.at("/phases/load/successful_operations").asLong(),
        summary.at("/phases/load/batched_inserts/rows_stored").asLong(), summary::toString);
    assertEquals(2, metadata(dir).get("clients").asInt());
    // Each client's load record: their stored rows add up to the table's rows; the table's creator stored none.
    long stored = 0;
    for (String client : List.of("client-0", "client-1")) {
      RunRecord load = RunRecordReader.read(dir.resolve(client).resolve("binding-load.json"));
      assertTrue(load.finished, client);
      stored += load.rows.stored;
      assertTrue(Files.isRegularFile(dir.resolve(client).resolve("binding-run.json")), client);
    }
    assertEquals(Tables.rowCount(s, "bench_clients"), stored);
    assertEquals(0, RunRecordReader.read(dir.resolve("prepare").resolve("binding-load.json")).rows.stored);
    assertNoPasswordIn(dir, s);
  }

  /**
   * Issue 11.2: the commit-throughput workload sets db.batchsize=1 and jdbc.batchupdateapi=false; a shipped target
   * file sets db.batchsize=1000 with the batch API. The workload's own settings must win, so every run-phase insert
   * is its own statement and commit (no BATCHED_OK, no INSERT-BATCH).
   */
  @Test
  void aWorkloadFilesOwnSettingsBeatTheTargetFile(@TempDir Path out) throws Exception {
    TestServer s = TestServers.innodb();
    Path props = Tables.shippedTarget(out, "mariadb", s, "bench_fresh");
    Scripts.Result r = Scripts.run("benchmark", List.of("--target", props.toString(), "--workload",
        "workload-insert-fresh", "--records", "200", "--operations", "300", "--threads", "2",
        "--out", out.resolve("runs").toString()), Tables.env(s));
    assertEquals(0, r.exitCode, r::toString);
    Path dir = resultsDir(r);
    String run = Files.readString(dir.resolve("run.out"), StandardCharsets.UTF_8);
    assertTrue(run.contains("[INSERT], Return=OK, 300"), run);
    assertFalse(run.contains("BATCHED_OK"), run);
    assertFalse(run.contains("INSERT-BATCH"), run);
    assertEquals(500, Tables.rowCount(s, "bench_fresh"));
    String meta = Files.readString(dir.resolve("metadata.json"), StandardCharsets.UTF_8);
    assertEquals("1", metadata(dir).at("/properties/db.batchsize").asText(), meta);
  }

  /**
   * Issue 11.3: --clients 4 --operations 3 gave the fourth client operationcount=0, which YCSB runs without limit:
   * the job never ended. Now three clients run one operation each (and load the records between them).
   */
  @Test
  void fewerOperationsThanClientsEnds(@TempDir Path out) throws Exception {
    TestServer s = TestServers.innodb();
    Path props = Tables.shippedTarget(out, "mariadb", s, "bench_few_ops");
    Scripts.Result r = Scripts.run("benchmark", List.of("--target", props.toString(), "--clients", "4",
        "--records", "8", "--operations", "3", "--threads", "2", "--out", out.resolve("runs").toString()),
        Tables.env(s), java.time.Duration.ofMinutes(3));
    assertTrue(r.stderr.contains("benchmark: 8 records and 3 operations for 4 clients: running 3 clients"), r::toString);
    assertEquals(8, Tables.rowCount(s, "bench_few_ops"));
    Path dir = Files.list(out.resolve("runs")).findFirst().orElseThrow();
    for (int i = 0; i < 3; i++) {
      String run = Files.readString(dir.resolve("client-" + i).resolve("run.out"), StandardCharsets.UTF_8);
      assertTrue(run.contains("[OVERALL], Throughput(ops/sec)"), run);
      long ops = run.lines().filter(l -> l.matches("\\[(READ|UPDATE)\\], Operations, \\d+"))
          .mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1))).sum();
      assertEquals(1, ops, "client-" + i + ": " + run);
    }
    assertFalse(Files.exists(dir.resolve("client-3")), "a fourth client ran");
    // Three one-operation clients hardly ever run at the same moment, and the merge refuses to sum throughput
    // over a window that does not exist, or that covers under half of their span (issue 20's one window); anything
    // else must have succeeded.
    if (r.exitCode != 0) {
      assertTrue(r.stderr.contains("do not overlap in time") || r.stderr.contains("under 50%"), r::toString);
    }
  }

  /**
   * Issue 11.9: a load that fails part-way (here a review text longer than its column stops the file workload with
   * exit status 3, after earlier batches were stored) ends the job: no run phase on a half-loaded table.
   */
  @Test
  void aFailedLoadStopsTheJobBeforeTheRunPhase(@TempDir Path out) throws Exception {
    TestServer s = TestServers.innodb();
    Path data = out.resolve("reviews.txt");
    try (var os = Files.newOutputStream(data)) {
      new com.mytopling.ycsb.fileloader.tool.ReviewSynthesizer(5).write(400, os);
    }
    Path props = Tables.shippedTarget(out, "mariadb", s, "bench_failed_load");
    Scripts.Result r = Scripts.run("benchmark", List.of("--target", props.toString(), "--workload",
        "fileloader-reviews-load.properties", "--records", "400", "--operations", "100", "--threads", "2",
        "-p", "fileloader.file=" + data, "-p", "fileloader.maxlength.text=1500", "--out", out.resolve("runs").toString()),
        Tables.env(s));
    assertEquals(1, r.exitCode, r::toString);
    assertTrue(r.stderr.contains("fileloader: FAILED: record at line"), r::toString);
    assertTrue(r.stderr.contains("benchmark: load phase failed (exit 1)"), r::toString);
    assertFalse(r.stderr.contains("benchmark: run phase"), r::toString);
    Path dir = Files.list(out.resolve("runs")).findFirst().orElseThrow();
    assertFalse(Files.exists(dir.resolve("run.out")), "no run phase");
    long rows = Tables.rowCount(s, "bench_failed_load");
    assertTrue(rows < 400, "the load stopped part-way: " + rows + " rows");
  }

  @Test
  void embeddedTargetRefusesSeveralClients(@TempDir Path out) {
    Scripts.Result r = Scripts.run("benchmark", List.of("--clients", "2", "--out", out.toString()));
    assertEquals(2, r.exitCode, r::toString);
    assertTrue(r.stderr.contains("--clients 2 needs a server"), r::toString);
  }

  @Test
  void badInputIsOneLineAndNonZero(@TempDir Path out) {
    Scripts.Result target = Scripts.run("benchmark", List.of("--target", "oracle", "--out", out.toString()));
    assertEquals(2, target.exitCode, target::toString);
    assertTrue(target.stderr.contains("benchmark: --target: unknown target 'oracle'"), target::toString);
    Scripts.Result workload = Scripts.run("benchmark", List.of("--workload", "workloadz", "--out", out.toString()));
    assertEquals(2, workload.exitCode, workload::toString);
    assertTrue(workload.stderr.contains("benchmark: --workload: no workload 'workloadz'"), workload::toString);
    Scripts.Result file = Scripts.run("benchmark", List.of("--target", "/no/such/db.properties", "--out", out.toString()));
    assertEquals(2, file.exitCode, file::toString);
    assertTrue(file.stderr.contains("benchmark: --target: cannot read /no/such/db.properties"), file::toString);
    Scripts.Result records = Scripts.run("benchmark", List.of("--records", "lots", "--out", out.toString()));
    assertEquals(2, records.exitCode, records::toString);
    assertTrue(records.stderr.contains("--records: 'lots' is not a whole number"), records::toString);
  }

  @Test
  void unreachableServerFailsTheJob(@TempDir Path out) throws Exception {
    Path props = out.resolve("down.properties");
    Files.writeString(props, "db.url=jdbc:mysql://127.0.0.1:1/ycsb\ndb.connecttimeout=2000\n");
    Scripts.Result r = Scripts.run("benchmark", List.of("--target", props.toString(), "--records", "10",
        "--out", out.resolve("runs").toString()));
    assertEquals(1, r.exitCode, r::toString);
    assertEquals(1, r.stderrLines("[mytopling] fatal:").size(), r::toString);
    assertTrue(r.stderr.contains("benchmark: load phase failed"), r::toString);
  }
}
