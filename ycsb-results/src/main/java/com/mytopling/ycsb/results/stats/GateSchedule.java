package com.mytopling.ycsb.results.stats;

import com.mytopling.ycsb.results.ReportException;
import java.util.Locale;

/**
 * The gate's minimum schedule: how many runs a side it needs before it can tell anything. A rank test's p-value has a
 * floor set by the number of runs alone (1/2^n for n pairs, 1/C(n+m, n) for n against m unpaired runs), so a schedule
 * whose floor is above alpha can never flag a regression, however large: such a gate always passes and says nothing.
 * It is refused before any run is judged (or, in scripts/ci-regression, before any run is made), naming the smallest
 * schedule that can.
 */
public final class GateSchedule {
  /** Below this a side's median is one or two runs, whatever alpha allows. */
  public static final int MIN_RUNS_PER_SIDE = 3;
  /** Looked for up to here; beyond it the normal approximation's floor keeps falling. */
  private static final int SEARCH_LIMIT = 1000;

  private GateSchedule() {
  }

  /** The smallest p-value the schedule's test can give. */
  public static double bestP(boolean paired, int baselineRuns, int candidateRuns) {
    return paired ? RankTests.bestPaired(baselineRuns) : RankTests.bestUnpaired(candidateRuns, baselineRuns);
  }

  /** Whether the schedule can reach alpha (p <= alpha, as the gate compares). */
  public static boolean canReach(boolean paired, int baselineRuns, int candidateRuns, double alpha) {
    return bestP(paired, baselineRuns, candidateRuns) <= alpha;
  }

  /** The fewest pairs (paired) or runs a side (unpaired) whose test can reach alpha. */
  public static int smallestRuns(boolean paired, double alpha) {
    for (int n = MIN_RUNS_PER_SIDE; n <= SEARCH_LIMIT; n++) {
      if (canReach(paired, n, n, alpha)) {
        return n;
      }
    }
    throw new ReportException("alpha " + alpha + " is too small for any schedule of up to " + SEARCH_LIMIT + " runs");
  }

  /**
   * Refuses, in one line (ReportException: exit 2), a schedule with fewer than {@link #MIN_RUNS_PER_SIDE} runs a
   * side or whose best p-value is above alpha.
   */
  public static void check(boolean paired, int baselineRuns, int candidateRuns, double alpha) {
    String test = paired ? "the Wilcoxon signed-rank test's" : "the Mann-Whitney U test's";
    String schedule = paired ? baselineRuns + " pairs" : baselineRuns + " baseline and " + candidateRuns
        + " candidate runs";
    int needed = smallestRuns(paired, alpha);
    String advice = paired ? "use at least " + needed + " pairs" : "use at least " + needed + " runs a side";
    if (Math.min(baselineRuns, candidateRuns) < MIN_RUNS_PER_SIDE) {
      throw new ReportException(schedule + " are too few to tell a change from noise: at least " + MIN_RUNS_PER_SIDE
          + " a side, and at alpha " + fmt(alpha) + " " + advice + " (" + test + " smallest p with " + needed
          + (paired ? " pairs" : " a side") + " is " + fmt(bestP(paired, needed, needed)) + ")");
    }
    double best = bestP(paired, baselineRuns, candidateRuns);
    if (best > alpha) {
      throw new ReportException(schedule + " can never show a regression at alpha " + fmt(alpha) + ": " + test
          + " smallest possible p with them is " + fmt(best) + "; " + advice);
    }
  }

  private static String fmt(double p) {
    return String.format(Locale.ROOT, "%.3g", p);
  }
}
