package com.mytopling.ycsb.results.stats;

import java.util.Arrays;
import org.apache.commons.statistics.inference.AlternativeHypothesis;
import org.apache.commons.statistics.inference.MannWhitneyUTest;
import org.apache.commons.statistics.inference.WilcoxonSignedRankTest;

/**
 * The gate's two one-sided rank tests, from Apache Commons Statistics: Mann-Whitney U for two unpaired samples and
 * the Wilcoxon signed-rank test for paired differences. Neither assumes a shape for run-to-run noise, which on shared
 * machines is skewed (a run is rarely much faster than usual, sometimes much slower).
 *
 * <p>The library computes exact p-values for the sample sizes a gate uses (below 50 values), unless values are tied
 * (or, for pairs, a difference is zero besides those the gate leaves out), where it uses the normal approximation with
 * tie and continuity correction. What stays here are the gate's own conventions: pairs without a difference are left
 * out (Wilcoxon's original rule) and leave no evidence when none remain; and the best p a schedule can reach is the
 * test's own p on the most extreme data of that size, so that the schedule rule and the test never disagree.
 */
public final class RankTests {
  private static final MannWhitneyUTest MANN_WHITNEY =
      MannWhitneyUTest.withDefaults().with(AlternativeHypothesis.LESS_THAN);
  private static final WilcoxonSignedRankTest WILCOXON =
      WilcoxonSignedRankTest.withDefaults().with(AlternativeHypothesis.LESS_THAN);

  private RankTests() {
  }

  /** p-value of "{@code low} tends to be smaller than {@code high}" (one-sided Mann-Whitney U). */
  public static double pLess(double[] low, double[] high) {
    if (low.length == 0 || high.length == 0) {
      throw new IllegalArgumentException("both samples need at least one value");
    }
    return MANN_WHITNEY.test(low, high).getPValue();
  }

  /**
   * p-value of "the differences tend to be negative" (one-sided Wilcoxon signed-rank). Zero differences are left out
   * before the test; 1 (no evidence) when every difference is zero.
   */
  public static double pNegative(double[] differences) {
    double[] d = Arrays.stream(differences).filter(x -> x != 0).toArray();
    return d.length == 0 ? 1.0 : WILCOXON.test(d).getPValue();
  }

  /** The smallest p the unpaired test gives with n and m runs: every one of the n below every one of the m. */
  public static double bestUnpaired(int n, int m) {
    double[] low = new double[n];
    double[] high = new double[m];
    for (int i = 0; i < n; i++) {
      low[i] = i;
    }
    for (int i = 0; i < m; i++) {
      high[i] = n + i;
    }
    return pLess(low, high);
  }

  /** The smallest p the paired test gives with n pairs: every pair worse, by distinct amounts. */
  public static double bestPaired(int n) {
    double[] d = new double[n];
    for (int i = 0; i < n; i++) {
      d[i] = -(i + 1);
    }
    return pNegative(d);
  }
}
