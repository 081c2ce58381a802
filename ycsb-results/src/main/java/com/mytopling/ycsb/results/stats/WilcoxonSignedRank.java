package com.mytopling.ycsb.results.stats;

import java.util.Arrays;

/**
 * One-sided Wilcoxon signed-rank test on paired differences: do they tend to be below zero?
 *
 * <p>For runs measured in pairs (baseline and candidate one after the other, as the A/B gate interleaves them), the
 * log of each pair's ratio removes what the two runs of a pair share: how busy the machine was at that moment. On a
 * shared machine whose capacity drifts by more than the effect sought, this sees a shift that a test on the
 * unpaired values (Mann-Whitney) cannot.
 *
 * <p>Zero differences are dropped (Wilcoxon's convention); tied absolute values get their average rank. The
 * p-value is exact — the share of the 2^n sign assignments whose rank sum of negative differences is at least the
 * observed one — up to {@link #EXACT_LIMIT} pairs, the normal approximation with tie correction beyond. Its floor
 * is 1 / 2^n: 0.016 for 6 pairs, 0.004 for 8.
 */
public final class WilcoxonSignedRank {
  static final int EXACT_LIMIT = 20;

  private WilcoxonSignedRank() {
  }

  /** p-value of "the differences tend to be negative"; 1 when every difference is zero. */
  public static double pNegative(double[] differences) {
    double[] d = Arrays.stream(differences).filter(x -> x != 0).toArray();
    int n = d.length;
    if (n == 0) {
      return 1.0;
    }
    double[] ranks = ranksOfAbsolute(d);
    double observed = 0;
    for (int i = 0; i < n; i++) {
      if (d[i] < 0) {
        observed += ranks[i];
      }
    }
    if (n <= EXACT_LIMIT) {
      long atLeast = 0;
      long total = 1L << n;
      for (long signs = 0; signs < total; signs++) {
        double w = 0;
        for (int i = 0; i < n; i++) {
          if ((signs & (1L << i)) != 0) {
            w += ranks[i];
          }
        }
        // Ranks are whole or half numbers: exact in binary, the tolerance only guards the sum's rounding.
        if (w >= observed - 1e-9) {
          atLeast++;
        }
      }
      return (double) atLeast / total;
    }
    double mean = n * (n + 1) / 4.0;
    double variance = 0;
    for (double r : ranks) {
      variance += r * r;
    }
    variance /= 4.0;
    double z = (observed - mean - 0.5) / Math.sqrt(variance);
    return 1.0 - MannWhitneyU.standardNormalCdf(z);
  }

  /** Smallest p-value reachable with n non-zero differences (exact test). */
  public static double floor(int n) {
    return Math.pow(0.5, n);
  }

  private static double[] ranksOfAbsolute(double[] d) {
    int n = d.length;
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> Double.compare(Math.abs(d[a]), Math.abs(d[b])));
    double[] ranks = new double[n];
    for (int i = 0; i < n; ) {
      int j = i;
      while (j < n && Math.abs(d[order[j]]) == Math.abs(d[order[i]])) {
        j++;
      }
      double rank = (i + 1 + j) / 2.0; // average of ranks i+1..j
      for (int k = i; k < j; k++) {
        ranks[order[k]] = rank;
      }
      i = j;
    }
    return ranks;
  }
}
