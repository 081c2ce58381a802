package com.mytopling.ycsb.results.history;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.commons.statistics.inference.TTest;

/**
 * Change points in a series of runs ordered in time, by E-Divisive means (Matteson and James, "A Nonparametric
 * Approach for Multiple Change Point Analysis of Multivariate Data", JASA 2014), the method Apache Otava (formerly
 * Hunter) applies to performance histories. No library on Maven Central implements it, so this is the published
 * method, small:
 *
 * <ol>
 *   <li>In a segment of n values, every split τ (at least {@link #MIN_SEGMENT} values either side) is scored by the
 *       divergence of the two sides, Q(τ) = τ(n−τ)/n · (2·mean|X−Y| − mean|X−X'| − mean|Y−Y'|) with X the values
 *       before τ and Y those after (α = 1: distances, not squared). The best split is the candidate.</li>
 *   <li>Significance, twice: the permutation test of the method (the segment's values shuffled {@link #PERMUTATIONS}
 *       times with a fixed seed; p = (1 + shuffles whose best Q is at least the candidate's) / (1 + shuffles), which
 *       accounts for having picked the best split), and, as Otava does, Welch's t-test of the two sides (Apache
 *       Commons Statistics). A candidate is a change point when both p are at most their thresholds.</li>
 *   <li>Each side of an accepted change point is searched again (bisection), until no segment has one.</li>
 * </ol>
 *
 * <p>The thresholds were chosen on synthetic series of 30 points with this project's noise (NoisySeries; figures in
 * docs/results.md, ChangePointsTest checks them): on flat series, a false change point in 0.1 to 0.3 % of series with
 * 5 % run-to-run noise, with or without ±25 % from machine to machine (Otava's 0.001 alone: up to 2 %); a 10 % step
 * in a history of 30 gate jobs (each the median of 5 runs) found in every one, at the planted run in 94 %.
 */
public final class ChangePoints {
  /** Fewest values on either side of a change point (see also {@link #pointsNeededAfter}). */
  public static final int MIN_SEGMENT = 3;
  public static final int PERMUTATIONS = 999;
  /** Permutation test threshold: at most one shuffle of 999 as divergent as the candidate. */
  public static final double PERMUTATION_ALPHA = 0.002;
  /** Welch's t-test threshold (Otava's default is 0.001; stricter here, see the class comment). */
  public static final double T_TEST_ALPHA = 0.0001;
  private static final long SEED = 20_141_212;

  /** A change point: the index of the first value after it, and what the test said. */
  public record ChangePoint(int index, double meanBefore, double meanAfter, double permutationP, double tTestP) {
    /** The relative change of the mean, after against before (+0.10: 10 % higher). */
    public double change() {
      return meanBefore == 0 ? Double.NaN : meanAfter / meanBefore - 1;
    }
  }

  private ChangePoints() {
  }

  /**
   * Fewest points that must follow a change in a series of n points before it can be named, or -1 when no change can
   * be named in so short a series. The permutation test's p cannot fall below about 2/C(n, k) for a change k points
   * from an end (only the shuffles that put the same k values at either end are as divergent), so it reaches the
   * threshold reliably once C(n, k) is at least four times the threshold's reciprocal: 14 points in all (5 after the
   * change); 4 after it in a series of 20; 3 from 24 points on.
   */
  public static int pointsNeededAfter(int n) {
    for (int k = MIN_SEGMENT; k <= n / 2; k++) {
      if (binomial(n, k) >= 4 / PERMUTATION_ALPHA) {
        return k;
      }
    }
    return -1;
  }

  private static double binomial(int n, int k) {
    double c = 1;
    for (int i = 1; i <= k; i++) {
      c = c * (n - k + i) / i;
    }
    return c;
  }

  /** The series' change points in order; the means are those of the segments between neighbouring change points. */
  public static List<ChangePoint> find(double[] values) {
    List<Integer> cuts = new ArrayList<>();
    List<double[]> tests = new ArrayList<>();
    search(values, 0, values.length, cuts, tests, new Random(SEED));
    Integer[] order = new Integer[cuts.size()];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> Integer.compare(cuts.get(a), cuts.get(b)));
    List<ChangePoint> points = new ArrayList<>();
    for (int k = 0; k < order.length; k++) {
      int cut = cuts.get(order[k]);
      int from = k == 0 ? 0 : cuts.get(order[k - 1]);
      int to = k + 1 < order.length ? cuts.get(order[k + 1]) : values.length;
      double[] p = tests.get(order[k]);
      points.add(new ChangePoint(cut, mean(values, from, cut), mean(values, cut, to), p[0], p[1]));
    }
    return points;
  }

  private static void search(double[] values, int from, int to, List<Integer> cuts, List<double[]> tests,
                             Random random) {
    int n = to - from;
    if (n < 2 * MIN_SEGMENT) {
      return;
    }
    double[] segment = Arrays.copyOfRange(values, from, to);
    Best best = best(segment);
    int beyond = 0;
    double[] shuffled = segment.clone();
    for (int r = 0; r < PERMUTATIONS; r++) {
      shuffle(shuffled, random);
      if (best(shuffled).q() >= best.q() - 1e-12) {
        beyond++;
      }
    }
    double permutationP = (1.0 + beyond) / (1.0 + PERMUTATIONS);
    double[] before = Arrays.copyOfRange(segment, 0, best.tau());
    double[] after = Arrays.copyOfRange(segment, best.tau(), n);
    double tP = welchP(before, after);
    if (permutationP <= PERMUTATION_ALPHA && tP <= T_TEST_ALPHA) {
      cuts.add(from + best.tau());
      tests.add(new double[] {permutationP, tP});
      search(values, from, from + best.tau(), cuts, tests, random);
      search(values, from + best.tau(), to, cuts, tests, random);
    }
  }

  /** Welch's two-sided t-test; 1 when neither side varies and their means are equal (nothing to tell). */
  private static double welchP(double[] a, double[] b) {
    double p = TTest.withDefaults().test(a, b).getPValue();
    return Double.isNaN(p) ? (mean(a, 0, a.length) == mean(b, 0, b.length) ? 1.0 : 0.0) : p;
  }

  private record Best(int tau, double q) {
  }

  /**
   * The split with the largest divergence, in O(n²): the sums of distances across, before and after the split are
   * updated as the split moves one value to the right.
   */
  static Best best(double[] z) {
    int n = z.length;
    double across = 0;
    for (int j = 1; j < n; j++) {
      across += Math.abs(z[0] - z[j]);
    }
    double within = 0;
    for (int i = 1; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        within += Math.abs(z[i] - z[j]);
      }
    }
    // Split after the first value: left = {z0}, right = the rest.
    double left = 0;
    double right = within;
    int bestTau = -1;
    double bestQ = -Double.MAX_VALUE;
    for (int tau = 1; tau < n; tau++) {
      if (tau >= MIN_SEGMENT && n - tau >= MIN_SEGMENT) {
        double l = tau;
        double r = n - tau;
        double q = l * r / n * (2 * across / (l * r) - left / (l * (l - 1) / 2) - right / (r * (r - 1) / 2));
        if (q > bestQ) {
          bestQ = q;
          bestTau = tau;
        }
      }
      // Move z[tau] from the right to the left.
      double toLeft = 0;
      for (int i = 0; i < tau; i++) {
        toLeft += Math.abs(z[i] - z[tau]);
      }
      double toRight = 0;
      for (int j = tau + 1; j < n; j++) {
        toRight += Math.abs(z[tau] - z[j]);
      }
      across += toRight - toLeft;
      left += toLeft;
      right -= toRight;
    }
    return new Best(bestTau, bestQ);
  }

  private static void shuffle(double[] a, Random random) {
    for (int i = a.length - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      double t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
  }

  private static double mean(double[] v, int from, int to) {
    double sum = 0;
    for (int i = from; i < to; i++) {
      sum += v[i];
    }
    return to > from ? sum / (to - from) : Double.NaN;
  }
}
