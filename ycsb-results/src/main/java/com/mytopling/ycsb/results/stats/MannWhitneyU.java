package com.mytopling.ycsb.results.stats;

/**
 * One-sided Mann-Whitney U test (Wilcoxon rank-sum): is sample {@code low} stochastically smaller than {@code high}?
 *
 * <p>It needs no assumption about the shape of run-to-run noise, which on shared machines is skewed (a run is
 * rarely much faster than usual, sometimes much slower). The statistic is U = #pairs (l, h) with l &lt; h plus
 * half the ties. For small samples (the usual 3 to 10 runs per side) the p-value is exact: the fraction of all
 * splits of the pooled values into groups of the same sizes whose U is at least the observed one. Beyond
 * {@link #EXACT_LIMIT} splits the normal approximation with tie and continuity correction is used.
 *
 * <p>Note the floor on the p-value: with n and m runs the smallest possible exact p is 1 / C(n+m, n), e.g. 0.05
 * for 3 against 3 and 0.004 for 5 against 5. Fewer runs can never show significance at the usual levels.
 */
public final class MannWhitneyU {
  static final long EXACT_LIMIT = 2_000_000;

  private MannWhitneyU() {
  }

  /** U for "low tends to be below high". */
  public static double u(double[] low, double[] high) {
    double u = 0;
    for (double l : low) {
      for (double h : high) {
        if (l < h) {
          u += 1;
        } else if (l == h) {
          u += 0.5;
        }
      }
    }
    return u;
  }

  /** p-value of the observed U under "no difference", for the alternative "low is smaller". */
  public static double pLess(double[] low, double[] high) {
    if (low.length == 0 || high.length == 0) {
      throw new IllegalArgumentException("both samples need at least one value");
    }
    double observed = u(low, high);
    if (binomial(low.length + high.length, low.length) <= EXACT_LIMIT) {
      return exact(low, high, observed);
    }
    return normalApproximation(low, high, observed);
  }

  /** Smallest p-value reachable with these sample sizes (exact test). */
  public static double floor(int n, int m) {
    return 1.0 / binomial(n + m, n);
  }

  private static double exact(double[] low, double[] high, double observed) {
    int n = low.length;
    double[] pooled = new double[n + high.length];
    System.arraycopy(low, 0, pooled, 0, n);
    System.arraycopy(high, 0, pooled, n, high.length);
    int[] pick = new int[n];
    for (int i = 0; i < n; i++) {
      pick[i] = i;
    }
    long atLeast = 0;
    long total = 0;
    // U is compared with a small tolerance: half-integers are exact in binary, so equality is safe anyway.
    do {
      if (splitU(pooled, pick) >= observed - 1e-9) {
        atLeast++;
      }
      total++;
    } while (nextCombination(pick, pooled.length));
    return (double) atLeast / total;
  }

  private static double splitU(double[] pooled, int[] pick) {
    boolean[] inLow = new boolean[pooled.length];
    for (int i : pick) {
      inLow[i] = true;
    }
    double u = 0;
    for (int i = 0; i < pooled.length; i++) {
      if (!inLow[i]) {
        continue;
      }
      for (int j = 0; j < pooled.length; j++) {
        if (inLow[j]) {
          continue;
        }
        if (pooled[i] < pooled[j]) {
          u += 1;
        } else if (pooled[i] == pooled[j]) {
          u += 0.5;
        }
      }
    }
    return u;
  }

  /** Advances pick to the next n-subset of {0..size-1} in lexicographic order; false after the last. */
  private static boolean nextCombination(int[] pick, int size) {
    int n = pick.length;
    int i = n - 1;
    while (i >= 0 && pick[i] == size - n + i) {
      i--;
    }
    if (i < 0) {
      return false;
    }
    pick[i]++;
    for (int j = i + 1; j < n; j++) {
      pick[j] = pick[j - 1] + 1;
    }
    return true;
  }

  private static double normalApproximation(double[] low, double[] high, double observed) {
    int n = low.length;
    int m = high.length;
    double[] pooled = new double[n + m];
    System.arraycopy(low, 0, pooled, 0, n);
    System.arraycopy(high, 0, pooled, n, m);
    java.util.Arrays.sort(pooled);
    double tieTerm = 0;
    for (int i = 0; i < pooled.length; ) {
      int j = i;
      while (j < pooled.length && pooled[j] == pooled[i]) {
        j++;
      }
      double t = j - i;
      tieTerm += t * t * t - t;
      i = j;
    }
    double total = n + m;
    double mean = n * (double) m / 2.0;
    double variance = n * (double) m / 12.0 * ((total + 1) - tieTerm / (total * (total - 1)));
    if (variance <= 0) {
      return 1.0;
    }
    double z = (observed - mean - 0.5) / Math.sqrt(variance);
    return 1.0 - standardNormalCdf(z);
  }

  /** Standard normal CDF via the complementary error function (Abramowitz-Stegun 7.1.26, error below 1.5e-7). */
  static double standardNormalCdf(double z) {
    double x = Math.abs(z) / Math.sqrt(2);
    double t = 1.0 / (1.0 + 0.3275911 * x);
    double erfc = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
        * Math.exp(-x * x);
    return z >= 0 ? 1.0 - erfc / 2.0 : erfc / 2.0;
  }

  static long binomial(int n, int k) {
    long result = 1;
    for (int i = 1; i <= Math.min(k, n - k); i++) {
      result = result * (n - Math.min(k, n - k) + i) / i;
      if (result > Long.MAX_VALUE / (n + 1)) {
        return Long.MAX_VALUE;
      }
    }
    return result;
  }
}
