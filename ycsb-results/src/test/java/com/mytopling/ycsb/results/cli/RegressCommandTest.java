package com.mytopling.ycsb.results.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.results.CliRunner;
import com.mytopling.ycsb.results.Json;
import com.mytopling.ycsb.results.model.ClientCost;
import com.mytopling.ycsb.results.model.RunSummary;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RegressCommandTest {
  @TempDir
  Path tmp;

  private Path side(String name, double[] throughputs, double[] p99s) throws IOException {
    Path dir = tmp.resolve(name);
    for (int i = 0; i < throughputs.length; i++) {
      Runs.write(dir, name + "-" + i, throughputs[i], p99s[i], Runs.metadata("workloada", 4));
    }
    return dir;
  }

  @Test
  void realDropExitsOne() throws IOException {
    Path base = side("base", new double[] {10_120, 9_730, 10_390, 9_880, 10_050}, new double[] {900, 950, 920, 980, 910});
    Path cand = side("cand", new double[] {8_610, 8_930, 8_450, 8_800, 8_700}, new double[] {930, 940, 905, 960, 925});
    CliRunner r = CliRunner.run("regress", "--baseline", base.toString(), "--candidate", cand.toString());
    assertEquals(1, r.exitCode, r.toString());
    assertTrue(r.out.contains("verdict: REGRESSION"), r.out);
    assertTrue(r.out.contains("Mann-Whitney"), r.out);
  }

  /**
   * Issue 11.6: a candidate whose operations fail fast shows more operations per second than the baseline while
   * doing less. The gate leads with the throughput of successful operations and catches it.
   */
  @Test
  void moreOperationsThatFailAreARegression() throws IOException {
    Path base = side("base", new double[] {10_120, 9_730, 10_390, 9_880, 10_050}, new double[] {900, 950, 920, 980, 910});
    Path cand = tmp.resolve("cand");
    double[] fast = {12_100, 11_950, 12_300, 12_020, 11_890};
    for (int i = 0; i < fast.length; i++) {
      Runs.write(cand, "cand-" + i, fast[i], 900, 0.4, Runs.metadata("workloada", 4));
    }
    CliRunner r = CliRunner.run("regress", "--baseline", base.toString(), "--candidate", cand.toString());
    assertEquals(1, r.exitCode, r.toString());
    String successful = r.out.lines().filter(l -> l.startsWith("run successful throughput (ops/s)")).findFirst()
        .orElseThrow(() -> new AssertionError(r.out));
    assertTrue(successful.endsWith("regression"), successful);
    String all = r.out.lines().filter(l -> l.startsWith("run throughput of all operations (ops/s)")).findFirst()
        .orElseThrow(() -> new AssertionError(r.out));
    assertTrue(all.endsWith("improved"), all);
    assertTrue(r.out.indexOf("run successful throughput") < r.out.indexOf("run throughput of all operations"), r.out);
  }

  /** Issue 22.4: a run whose client was saturated is named in the gate's output with the figures that say so. */
  @Test
  void aClientBoundRunIsMarkedWithItsFigures() throws IOException {
    Path base = side("base", new double[] {10_000, 10_050, 9_950}, new double[] {900, 950, 920});
    Path cand = side("cand", new double[] {10_010, 9_990, 10_020}, new double[] {910, 940, 930});
    Path bound = cand.resolve("cand-1").resolve("summary.json");
    RunSummary run = Json.readFile(bound, RunSummary.class);
    ClientCost cost = new ClientCost();
    cost.phase = "run";
    cost.windowS = 60.0;
    cost.operations = 600_000L;
    cost.userCpuS = 50.0;
    cost.systemCpuS = 60.0;
    cost.cpuPerOpUs = 110e6 / 600_000;
    cost.userCpuPerOpUs = 50e6 / 600_000;
    cost.systemCpuPerOpUs = 60e6 / 600_000;
    cost.cores = 2;
    cost.coresUsed = 110 / 60.0;
    cost.judge();
    run.phase("run").clientCost = cost;
    Json.writeFile(bound, run);
    CliRunner r = CliRunner.run("regress", "--baseline", base.toString(), "--candidate", cand.toString());
    assertEquals(0, r.exitCode, r.toString());
    List<String> marks = r.out.lines().filter(l -> l.startsWith("note: client-bound:")).toList();
    assertEquals(1, marks.size(), r.out);
    assertTrue(marks.get(0).startsWith("note: client-bound: candidate run cand-1, run phase: CPU 183.33 us/op"),
        marks.get(0));
    assertTrue(marks.get(0).contains("the client used 1.83 of its 2 cores (92%)"), marks.get(0));
  }

  @Test
  void noiseAloneExitsZero() throws IOException {
    Path base = side("base", new double[] {10_120, 9_730, 10_390, 9_880, 10_050}, new double[] {900, 950, 920, 980, 910});
    Path cand = side("cand", new double[] {9_950, 10_210, 9_790, 10_300, 9_900}, new double[] {960, 890, 940, 915, 970});
    CliRunner r = CliRunner.run("regress", "--baseline", base.toString(), "--candidate", cand.toString());
    assertEquals(0, r.exitCode, r.toString());
  }

  @Test
  void p99RiseBeyondThresholdExitsOne() throws IOException {
    Path base = side("base", new double[] {10_000, 10_050, 9_950}, new double[] {900, 950, 920});
    Path cand = side("cand", new double[] {10_010, 9_990, 10_020}, new double[] {1_300, 1_250, 1_400});
    CliRunner r = CliRunner.run("regress", "--baseline", base.toString(), "--candidate", cand.toString(),
        "--max-p99-rise", "20%");
    assertEquals(1, r.exitCode, r.toString());
    assertTrue(r.out.contains("run READ p99"), r.out);
  }

  @Test
  void p99RiseThresholdMayExceedHundredPercent() throws IOException {
    Path base = side("base", new double[] {10_000, 10_050, 9_950}, new double[] {900, 950, 920});
    Path cand = side("cand", new double[] {10_010, 9_990, 10_020}, new double[] {1_800, 1_850, 1_900});
    CliRunner r = CliRunner.run("regress", "--baseline", base.toString(), "--candidate", cand.toString(),
        "--max-p99-rise", "150%");
    assertEquals(0, r.exitCode, r.toString());
    CliRunner tighter = CliRunner.run("regress", "--baseline", base.toString(), "--candidate", cand.toString(),
        "--max-p99-rise", "80%");
    assertEquals(1, tighter.exitCode, tighter.toString());
    CliRunner badDrop = CliRunner.run("regress", "--baseline", base.toString(), "--candidate", cand.toString(),
        "--max-drop", "100%");
    assertEquals(2, badDrop.exitCode, badDrop.toString());
  }

  @Test
  void p99OfUngatedOperationsIsIgnored() throws IOException {
    Path base = side("base", new double[] {10_000, 10_050, 9_950}, new double[] {900, 950, 920});
    Path cand = side("cand", new double[] {10_010, 9_990, 10_020}, new double[] {1_300, 1_250, 1_400});
    CliRunner r = CliRunner.run("regress", "--baseline", base.toString(), "--candidate", cand.toString(),
        "--max-p99-rise", "20%", "--p99-operations", "none");
    assertEquals(0, r.exitCode, r.toString());
    assertTrue(!r.out.contains("READ p99"), r.out);
  }

  @Test
  void explicitRunListsAreAccepted() throws IOException {
    Path base = side("base", new double[] {10_000, 10_050, 9_950}, new double[] {900, 950, 920});
    Path cand = side("cand", new double[] {10_010, 9_990, 10_020}, new double[] {910, 940, 930});
    CliRunner r = CliRunner.run("regress", "--baseline", base.resolve("base-0").toString(),
        base.resolve("base-1").toString(), base.resolve("base-2").toString(), "--candidate", cand.toString());
    assertEquals(0, r.exitCode, r.toString());
    assertTrue(r.out.contains("3 baseline vs 3 candidate"), r.out);
  }

  @Test
  void tooFewRunsIsBadInputNotAPass() throws IOException {
    Path base = side("base", new double[] {10_000, 10_050}, new double[] {900, 950});
    Path cand = side("cand", new double[] {5_000, 5_050, 5_100}, new double[] {900, 950, 900});
    CliRunner r = CliRunner.run("regress", "--baseline", base.toString(), "--candidate", cand.toString());
    assertEquals(2, r.exitCode, r.toString());
    assertTrue(r.err.contains("at least 3"), r.err);
    assertEquals(1, r.err.lines().count(), r.err);
  }

  /** Issue 20.7: too few pairs quote the paired test's floor, not Mann-Whitney's. */
  @Test
  void tooFewPairsQuoteTheSignedRankTest() throws IOException {
    Path base = side("base", new double[] {10_000, 10_050}, new double[] {900, 950});
    Path cand = side("cand", new double[] {5_000, 5_050}, new double[] {900, 950});
    CliRunner r = CliRunner.run("regress", "--paired", "--baseline", base.toString(), "--candidate", cand.toString());
    assertEquals(2, r.exitCode, r.toString());
    assertTrue(r.err.contains("Wilcoxon signed-rank") && !r.err.contains("Mann-Whitney"), r.err);
    assertTrue(r.err.contains("at least 5 pairs"), r.err);
    assertEquals(1, r.err.lines().count(), r.err);
  }

  /**
   * Issue 20.7: with 4 pairs the smallest possible Wilcoxon p is 1/16 = 0.0625 > 0.05, so a candidate at half the
   * baseline's speed used to pass: such a schedule is refused (exit 2, one line naming the smallest that can).
   */
  @Test
  void fourPairsCanNeverFailAtAlphaFivePercentAndAreRefused() throws IOException {
    Path base = side("base", new double[] {10_000, 10_050, 9_950, 10_020}, new double[] {900, 950, 920, 930});
    Path cand = side("cand", new double[] {5_000, 5_050, 4_950, 5_020}, new double[] {900, 950, 920, 930});
    CliRunner r = CliRunner.run("regress", "--paired", "--baseline", base.toString(), "--candidate", cand.toString());
    assertEquals(2, r.exitCode, r.toString());
    assertEquals(1, r.err.lines().count(), r.err);
    assertTrue(r.err.contains("4 pairs can never show a regression at alpha 0.0500"), r.err);
    assertTrue(r.err.contains("0.0625") && r.err.contains("at least 5 pairs"), r.err);
    // Five pairs can: the same halving is flagged.
    Path base5 = side("base5", new double[] {10_000, 10_050, 9_950, 10_020, 9_990}, new double[] {900, 950, 920, 930, 940});
    Path cand5 = side("cand5", new double[] {5_000, 5_050, 4_950, 5_020, 4_990}, new double[] {900, 950, 920, 930, 940});
    assertEquals(1, CliRunner.run("regress", "--paired", "--baseline", base5.toString(), "--candidate",
        cand5.toString()).exitCode);
  }

  @Test
  void sixPairsAreRefusedAtAlphaOnePercent() throws IOException {
    double[] t = {10_000, 10_050, 9_950, 10_020, 9_990, 10_010};
    double[] p = {900, 950, 920, 930, 940, 910};
    Path base = side("base", t, p);
    Path cand = side("cand", t, p);
    CliRunner r = CliRunner.run("regress", "--paired", "--alpha", "0.01", "--baseline", base.toString(),
        "--candidate", cand.toString());
    assertEquals(2, r.exitCode, r.toString());
    assertTrue(r.err.contains("0.0156") && r.err.contains("at least 7 pairs"), r.err);
  }

  /** Unpaired, 3 against 3 reaches p = 1/20 = 0.05 exactly: allowed at 0.05 (and it can fail), refused below. */
  @Test
  void unpairedThreeAgainstThreeIsTheFloorOfAlphaFivePercent() throws IOException {
    Path base = side("base", new double[] {10_000, 10_050, 9_950}, new double[] {900, 950, 920});
    Path cand = side("cand", new double[] {5_000, 5_050, 4_950}, new double[] {900, 950, 920});
    assertEquals(1, CliRunner.run("regress", "--baseline", base.toString(), "--candidate", cand.toString()).exitCode);
    CliRunner r = CliRunner.run("regress", "--alpha", "0.04", "--baseline", base.toString(), "--candidate",
        cand.toString());
    assertEquals(2, r.exitCode, r.toString());
    assertTrue(r.err.contains("3 baseline and 3 candidate runs can never show a regression at alpha 0.0400"), r.err);
    assertTrue(r.err.contains("Mann-Whitney") && r.err.contains("at least 4 runs a side"), r.err);
  }

  @Test
  void differentWorkloadsAreRefused() throws IOException {
    Path base = side("base", new double[] {10_000, 10_050, 9_950}, new double[] {900, 950, 920});
    Path cand = tmp.resolve("cand");
    for (int i = 0; i < 3; i++) {
      Runs.write(cand, "c" + i, 10_000, 900, Runs.metadata("workloadb", 4));
    }
    CliRunner r = CliRunner.run("regress", "--baseline", base.toString(), "--candidate", cand.toString());
    assertEquals(2, r.exitCode, r.toString());
    assertTrue(r.err.contains("workload differs"), r.err);
  }
}
