package com.mytopling.ycsb.results.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.results.CliRunner;
import com.mytopling.ycsb.results.history.HistoryEntry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/report history on history folders as scripts/ci-regression --history writes them: 30 nightly gate jobs of 5
 * runs each (5 % noise from run to run), the harness slower by 10 % from the 18th on.
 */
class HistoryCommandTest {
  @TempDir
  Path tmp;

  /** A history of nightly jobs; {@code factor} applies from job {@code stepAt} (1-based) on; one metadata per job. */
  private Path history(String name, int jobs, int stepAt, double factor, Map<String, Object> metadata, long seed)
      throws IOException {
    Path history = tmp.resolve(name);
    Random random = new Random(seed);
    for (int j = 1; j <= jobs; j++) {
      List<Path> runs = new ArrayList<>();
      double level = j >= stepAt ? 10_000 * factor : 10_000;
      for (int r = 1; r <= 5; r++) {
        runs.add(Runs.write(tmp.resolve("jobs/" + name + "-" + j), "run-" + r, level * (1 + 0.05 * random.nextGaussian()),
            900 * (1 + 0.05 * random.nextGaussian()), metadata));
      }
      HistoryEntry e = new HistoryEntry();
      e.time = String.format(Locale.ROOT, "2026-10-%02dT02:00:00Z", j);
      e.commit = String.format(Locale.ROOT, "%02dabcdef%032d", j, 0);
      e.image = "ycsb-mariadb:10.11";
      e.mode = "stored";
      e.gateExitStatus = 0;
      e.appendTo(history, String.format(Locale.ROOT, "202610%02d-020000", j), runs);
    }
    return history;
  }

  @Test
  void thirtyGateRunsWithOnePlantedTenPercentStepShowExactlyThatChangePoint() throws Exception {
    Path history = history("nightly", 30, 18, 0.90, Runs.metadata("workloada", 4), 1);
    Path page = tmp.resolve("history.html");
    CliRunner r = CliRunner.run("history", history.toString(), "--out", page.toString());
    assertEquals(0, r.exitCode, r.toString());
    assertTrue(r.out.contains("series 1: target=mariadb workload=workloada records=10000 threads=4 (30 points, "
        + "2026-10-01T02:00:00Z .. 2026-10-30T02:00:00Z)"), r.out);
    assertTrue(r.out.contains("  run successful throughput (ops/s): 1 change point\n"
        + "    from point 18 (20261018-020000, 2026-10-18T02:00:00Z, commit 18abcdef0000, ycsb-mariadb:10.11): "), r.out);
    // The size of the change: the planted 10 %, give or take the noise of the segments' means.
    assertTrue(r.out.matches("(?s).*: \\d{1,2},\\d{3} -> \\d,\\d{3} \\(-(8|9|10|11|12)\\.\\d%, worse; permutation "
        + "p 0\\.00\\d, t-test p .*"), r.out);
    assertTrue(r.out.contains("  run READ p99 (us): no change point (one is named once 3 points after it exist)\n"),
        r.out);
    assertEquals(1, r.out.split("from point").length - 1, "exactly one change point in the history: " + r.out);
    String html = Files.readString(page, StandardCharsets.UTF_8);
    assertTrue(html.contains("data-change-point=\"18\""), "the page marks it");
    assertTrue(html.matches("(?s).*change -\\d+\\.\\d% from point 18.*"), "on the chart");
    assertTrue(html.indexOf("id=\"headline\"") < html.indexOf("id=\"charts\""), "change points first");
  }

  @Test
  void aFlatHistoryHasNoChangePointAndSetupsAreSeparateSeries() throws Exception {
    Path flat = history("flat", 30, 99, 1.0, Runs.metadata("workloada", 4), 2);
    // Another setup in the same folder: its own series, not a step in the first.
    Path other = history("other", 8, 99, 1.0, Runs.metadata("workloada", 16), 3);
    CliRunner r = CliRunner.run("history", flat.toString(), other.toString());
    assertEquals(0, r.exitCode, r.toString());
    assertTrue(r.out.contains("series 1: target=mariadb workload=workloada records=10000 threads=4 (30 points"), r.out);
    assertTrue(r.out.contains("series 2: target=mariadb workload=workloada records=10000 threads=16 (8 points"),
        r.out);
    assertEquals(-1, r.out.indexOf("from point"), r.out);
  }

  @Test
  void runFoldersAreOnePointEach() throws Exception {
    List<String> args = new ArrayList<>(List.of("history"));
    for (int i = 0; i < 4; i++) {
      Map<String, Object> m = Runs.metadata("workloada", 4);
      m.put("start_time", "2026-11-0" + (i + 1) + "T10:00:00Z");
      args.add(Runs.write(tmp.resolve("runs"), "r" + i, 10_000, 900, m).toString());
    }
    CliRunner r = CliRunner.run(args.toArray(String[]::new));
    assertEquals(0, r.exitCode, r.toString());
    assertTrue(r.out.contains("(4 points, 2026-11-01T10:00:00Z .. 2026-11-04T10:00:00Z)"), r.out);
    assertTrue(r.out.contains("no change point (4 points: too few for the test to name one; about 14 are needed)"),
        r.out);
  }

  @Test
  void badInputIsOneLine() {
    CliRunner r = CliRunner.run("history", tmp.resolve("nothing").toString());
    assertEquals(2, r.exitCode, r.toString());
    assertEquals(1, r.err.lines().count(), r.err);
    assertTrue(r.err.startsWith("report history: "), r.err);
  }

  /** A folder of gate results (scripts/ci-regression --out folders): each job's measured runs are one point. */
  @Test
  void aFolderOfGateResultsIsOnePointPerJob() throws Exception {
    Path ci = tmp.resolve("ci");
    for (int j = 1; j <= 14; j++) {
      Path job = ci.resolve(String.format(Locale.ROOT, "202611%02d-020000", j));
      // Stored mode: run-NN/<run folder>; A/B: B/run-NN/<run folder> beside A's (not read) and discarded warm-ups.
      Path side = j % 2 == 0 ? job.resolve("B") : job;
      for (int r = 1; r <= 3; r++) {
        Map<String, Object> m = Runs.metadata("workloada", 4);
        m.put("start_time", String.format(Locale.ROOT, "2026-11-%02dT02:0%d:00Z", j, r));
        Runs.write(side.resolve("run-0" + r), "20261100-run", j >= 9 ? 5_000 : 10_000, 900, m);
        Runs.write(job.resolve("A").resolve("run-0" + r), "20261100-run", 1, 900, m);
      }
      Runs.write(side.resolve("warmup-01"), "20261100-run", 1, 900, Runs.metadata("workloada", 4));
    }
    CliRunner r = CliRunner.run("history", ci.toString());
    assertEquals(0, r.exitCode, r.toString());
    assertTrue(r.out.contains("(14 points, 2026-11-01T02:01:00Z .. 2026-11-14T02:01:00Z)"), r.out);
    // Halved from the 9th job, the even (A/B) ones read from their candidate side.
    assertTrue(r.out.contains("from point 9 (20261109-020000, 2026-11-09T02:01:00Z"), r.out);
  }
}
