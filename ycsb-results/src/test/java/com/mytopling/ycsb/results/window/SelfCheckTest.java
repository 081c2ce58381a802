package com.mytopling.ycsb.results.window;

import static com.mytopling.ycsb.results.window.SyntheticRun.clock;
import static com.mytopling.ycsb.results.window.SyntheticRun.log;
import static com.mytopling.ycsb.results.window.SyntheticRun.steady;
import static com.mytopling.ycsb.results.window.SyntheticRun.ycsbOutput;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.core.dialect.ServerMetric;
import com.mytopling.ycsb.results.CliRunner;
import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.model.SelfCheck;
import com.mytopling.ycsb.results.parse.RunFolder;
import com.mytopling.ycsb.results.servermetrics.ServerMetricsFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The self-check on run folders whose server counters the test writes: agreement within the tolerance, a planted
 * disagreement (the server counted UPDATEs no client sent: another connection on the server) caught, named, warned
 * and refused by the gate, and no verdict where the counters do not cover the window.
 */
class SelfCheckTest {
  private static final long T0 = 1_795_000_000_000L;

  /**
   * One client, 2 s warm-up then 30 s at 1,000 READ and 500 UPDATE per second; the server's counters sampled every
   * second at the same boundaries (the sampler samples at the warm-up's cut and after the work), with the UPDATEs it
   * counted each second given by {@code updatesPerSecond}.
   */
  private static Path run(Path dir, long updatesPerSecond, boolean restart) throws Exception {
    Path hdr = dir.resolve("hdr/run");
    log(hdr.resolve("READ.hdr"), "READ", T0, steady(T0, 32, 1000, 1000, 100));
    log(hdr.resolve("UPDATE.hdr"), "UPDATE", T0, steady(T0, 32, 1000, 500, 200));
    clock(hdr, T0, T0 + 32_000, 1, 2, T0 + 2000);
    Files.writeString(dir.resolve("metadata.json"), "{\"threads\": 4, \"clients\": 1, \"properties\": {"
        + "\"measurement.warmup\": \"2\", \"status.interval\": \"1\", \"measurement.servermetrics\": \"true\"}, "
        + "\"server\": {\"dialect\": \"mariadb\", \"engine\": \"InnoDB\"}}");
    ycsbOutput(dir.resolve("run.out"), 32_000, 48_000, new String[] {"READ", "32000", "OK", "32000"},
        new String[] {"UPDATE", "16000", "OK", "16000"});
    Path file = dir.resolve(ServerMetricsFile.FILE_NAME);
    for (int s = 0; s < 32; s++) {
      Map<ServerMetric, Long> values = new EnumMap<>(ServerMetric.class);
      boolean restarted = restart && s == 10;
      if (!restarted) {
        // Three statements of the harness's own in the first second (connection set-up): within the tolerance.
        values.put(ServerMetric.SELECT_STATEMENTS, 1000L + (s == 0 ? 3 : 0));
        values.put(ServerMetric.UPDATE_STATEMENTS, updatesPerSecond);
        values.put(ServerMetric.INSERT_STATEMENTS, 0L);
        values.put(ServerMetric.DELETE_STATEMENTS, 0L);
      }
      values.put(ServerMetric.THREADS_RUNNING, 4L);
      ServerMetricsFile.append(file, new ServerMetricsFile.Row("run", T0 + s * 1000L, T0 + (s + 1) * 1000L, s + 1.0,
          2.0, values, restarted ? "the server restarted (went back: update_statements): counters left empty" : null));
    }
    return dir;
  }

  @Test
  void theServersCountersAgreeWithTheClientsWithinTheTolerance(@TempDir Path dir) throws Exception {
    PhaseSummary phase = RunFolder.summarize(run(dir, 500, false)).phase("run");
    SelfCheck check = phase.selfCheck;
    assertEquals(SelfCheck.AGREES, check.status, check.text);
    assertEquals(T0 + 2000, check.fromMs, "from the sample at the warm-up's cut");
    assertEquals(T0 + 32_000, check.toMs, "to the sample after the work");
    assertEquals(2, check.checks.size(), "READ and UPDATE; no INSERT or DELETE on either side");
    SelfCheck.Check read = check.checks.get(0);
    assertEquals("READ", read.operation);
    assertEquals(30_000.0, read.clientCount, 1e-6);
    assertEquals(30_000L, read.serverCount);
    assertEquals("Com_select", read.counterSource);
    assertEquals(15_000L, check.checks.get(1).serverCount);
    assertTrue(check.text.startsWith("self-check: the server's counters agree"), check.text);
    CliRunner show = CliRunner.run("show", dir.toString());
    assertTrue(show.out.contains("run: self-check: the server's counters agree"), show.out);
  }

  @Test
  void aPlantedDisagreementIsCaughtNamedAndRefusedByTheGate(@TempDir Path tmp) throws Exception {
    // 100 UPDATEs a second more than the client sent: another connection writing on the server during the run.
    Path bad = run(tmp.resolve("bad"), 600, false);
    PhaseSummary phase = RunFolder.summarize(bad).phase("run");
    SelfCheck check = phase.selfCheck;
    assertEquals(SelfCheck.DISAGREES, check.status, check.text);
    assertTrue(check.checks.get(0).agrees, "READ still agrees");
    assertTrue(!check.checks.get(1).agrees);
    String warning = phase.warnings.stream().filter(w -> w.startsWith("self-check:")).findFirst().orElseThrow();
    assertTrue(warning.contains("UPDATE") && warning.contains("15,000") && warning.contains("18,000"), warning);
    assertTrue(warning.contains("another client on the server"), warning);

    for (int i = 0; i < 3; i++) {
      run(tmp.resolve("base/run-" + i), 500, false);
      run(tmp.resolve("cand/run-" + i), i == 1 ? 600 : 500, false);
    }
    CliRunner gate = CliRunner.run("regress", "--baseline", tmp.resolve("base").toString(), "--candidate",
        tmp.resolve("cand").toString());
    assertEquals(2, gate.exitCode, gate.toString());
    assertTrue(gate.err.contains("run-1 is refused") && gate.err.contains("UPDATE"), gate.err);
    CliRunner html = CliRunner.run("html", bad.toString(), "--out", tmp.resolve("bad.html").toString());
    assertEquals(0, html.exitCode, html.toString());
    String page = Files.readString(tmp.resolve("bad.html"));
    assertTrue(page.contains("class=\"self-check\"") && page.contains("disagrees"), "the report shows it");
  }

  @Test
  void aWindowShorterThanTheStartSamplesSlackStillHasASpan(@TempDir Path dir) throws Exception {
    // A fast machine: 2 s of warm-up and then only 150 ms measured (2,000 READs a second). The sample after the
    // work lies within the start's slack; the span must still run from the warm-up's sample to that one.
    Path hdr = dir.resolve("hdr/run");
    log(hdr.resolve("READ.hdr"), "READ", T0, steady(T0, 43, 50, 100, 100));
    clock(hdr, T0, T0 + 2150, 1, 2, T0 + 2000);
    Files.writeString(dir.resolve("metadata.json"), "{\"threads\": 4, \"clients\": 1, \"properties\": {"
        + "\"measurement.warmup\": \"2\", \"status.interval\": \"1\", \"measurement.servermetrics\": \"true\"}, "
        + "\"server\": {\"dialect\": \"mariadb\", \"engine\": \"InnoDB\"}}");
    ycsbOutput(dir.resolve("run.out"), 2150, 4300, new String[] {"READ", "4300", "OK", "4300"});
    long[] ends = {T0 + 1000, T0 + 2000, T0 + 2150};
    long start = T0;
    for (long end : ends) {
      Map<ServerMetric, Long> values = new EnumMap<>(ServerMetric.class);
      values.put(ServerMetric.SELECT_STATEMENTS, (end - start) * 2);
      values.put(ServerMetric.UPDATE_STATEMENTS, 0L);
      values.put(ServerMetric.INSERT_STATEMENTS, 0L);
      values.put(ServerMetric.DELETE_STATEMENTS, 0L);
      ServerMetricsFile.append(dir.resolve(ServerMetricsFile.FILE_NAME), new ServerMetricsFile.Row("run", start, end,
          (end - T0) / 1000.0, (end - start) / 1000.0, values, null));
      start = end;
    }
    SelfCheck check = RunFolder.summarize(dir).phase("run").selfCheck;
    assertEquals(SelfCheck.AGREES, check.status, check.text);
    assertEquals(T0 + 2000, check.fromMs, "from the sample at the warm-up's cut, not the one after the work");
    assertEquals(T0 + 2150, check.toMs);
    assertEquals(300L, check.checks.get(0).serverCount);
    assertEquals(300.0, check.checks.get(0).clientCount, 1e-6);
  }

  @Test
  void countersThatDoNotCoverTheWindowGiveNoVerdict(@TempDir Path dir) throws Exception {
    SelfCheck check = RunFolder.summarize(run(dir, 500, true)).phase("run").selfCheck;
    assertEquals(SelfCheck.UNAVAILABLE, check.status, check.text);
    assertTrue(check.text.contains("restart"), check.text);
  }

  @Test
  void sqlServerComparesEveryCallWithItsBatchRequestsLessTheSamplersOwn(@TempDir Path dir) throws Exception {
    // Unit-tested only (no SQL Server here): 1,500 calls a second, and each sample is one batch request of its own.
    run(dir, 500, false);
    Files.writeString(dir.resolve("metadata.json"), Files.readString(dir.resolve("metadata.json"))
        .replace("\"mariadb\"", "\"sqlserver\""));
    Files.delete(dir.resolve(ServerMetricsFile.FILE_NAME));
    for (int s = 0; s < 32; s++) {
      Map<ServerMetric, Long> values = new EnumMap<>(ServerMetric.class);
      values.put(ServerMetric.STATEMENTS, 1501L);
      ServerMetricsFile.append(dir.resolve(ServerMetricsFile.FILE_NAME), new ServerMetricsFile.Row("run",
          T0 + s * 1000L, T0 + (s + 1) * 1000L, s + 1.0, 2.0, values, null));
    }
    SelfCheck check = RunFolder.summarize(dir).phase("run").selfCheck;
    assertEquals(SelfCheck.AGREES, check.status, check.text);
    assertEquals("ALL", check.checks.get(0).operation);
    assertEquals(30 * 1501L, check.checks.get(0).serverCount);
    assertEquals(30 * 1500.0 + 30, check.checks.get(0).clientCount, 1e-6, "the 30 samples in the span added");
  }

  /**
   * Issue 34: a batched phase without a warm-up whose first server sample comes 300 ms after the threads started (a
   * sample's round trip on a loaded host, three queries on MySQL). The 300 rows handed to batches before it are
   * written inside the span, where the server counts them and the client's span does not: allowed, up to a batch
   * per thread, and no more (CI's StatementCountIT on MySQL 9.7 found 912 rows disagreeing that way at 16 threads).
   */
  @Test
  void rowsHandedOverBeforeALateFirstSampleAreAllowedWithoutAWarmup(@TempDir Path tmp) throws Exception {
    for (long extra : new long[] {0, 3000}) {
      Path dir = tmp.resolve("extra-" + extra);
      Path hdr = dir.resolve("hdr/run");
      log(hdr.resolve("INSERT.hdr"), "INSERT", T0, steady(T0, 10, 1000, 1000, 5));
      log(hdr.resolve("INSERT-BATCH.hdr"), "INSERT-BATCH", T0, steady(T0, 10, 1000, 2, 50_000));
      clock(hdr, T0, T0 + 10_000, 1, 0, null);
      Files.writeString(dir.resolve("metadata.json"), "{\"threads\": 4, \"clients\": 1, \"properties\": {"
          + "\"db.batchsize\": \"500\", \"status.interval\": \"1\", \"measurement.servermetrics\": \"true\"}, "
          + "\"server\": {\"dialect\": \"mariadb\", \"engine\": \"InnoDB\"}}");
      ycsbOutput(dir.resolve("run.out"), 10_000, 10_000, new String[] {"INSERT", "10000", "BATCHED_OK", "10000"},
          new String[] {"INSERT-BATCH", "20", "OK", "10000"});
      long[] rows = {1300, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 700};
      for (int k = 0; k < rows.length; k++) {
        Map<ServerMetric, Long> values = new EnumMap<>(ServerMetric.class);
        values.put(ServerMetric.ROWS_INSERTED, rows[k] + (k == 5 ? extra : 0));
        values.put(ServerMetric.INSERT_STATEMENTS, 2L);
        values.put(ServerMetric.SELECT_STATEMENTS, 0L);
        values.put(ServerMetric.UPDATE_STATEMENTS, 0L);
        values.put(ServerMetric.DELETE_STATEMENTS, 0L);
        ServerMetricsFile.append(dir.resolve(ServerMetricsFile.FILE_NAME), new ServerMetricsFile.Row("run",
            T0 + 300 + k * 1000L, T0 + 1300 + k * 1000L, k + 1.3, 1.0, values, null));
      }
      SelfCheck check = RunFolder.summarize(dir).phase("run").selfCheck;
      SelfCheck.Check inserted = check.checks.stream().filter(c -> c.operation.equals("INSERT")).findFirst()
          .orElseThrow();
      assertEquals(10_000L + extra, inserted.serverCount, check.text);
      assertEquals(9_700.0, inserted.clientCount, 1.0, check.text);
      assertEquals(extra == 0 ? SelfCheck.AGREES : SelfCheck.DISAGREES, check.status, check.text);
      assertTrue(check.checks.stream().anyMatch(c -> c.operation.equals("INSERT statements")), check.text);
    }
  }
}
