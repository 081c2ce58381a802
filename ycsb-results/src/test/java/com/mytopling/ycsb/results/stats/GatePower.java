package com.mytopling.ycsb.results.stats;

import java.util.Locale;
import java.util.Random;

/**
 * What a schedule can see: the share of simulated gates that flag a candidate slower by a given fraction (power) and
 * that flag a candidate equal to the baseline (false alarms), with log-normal run-to-run noise of a given spread. For
 * pairs the spread is that of the log ratio within a pair (what the two runs of a pair do not share); unpaired, that
 * of each run. The gate is RegressionCheck's rule on throughput. Prints the table of docs/results.md:
 * <pre>java -cp ycsb-results/target/test-classes:ycsb-results/target/classes:ycsb-results/target/lib/* \
 *   com.mytopling.ycsb.results.stats.GatePower</pre>
 */
public final class GatePower {
  private GatePower() {
  }

  /** Share of {@code trials} gates that flag a regression. */
  static double flagged(boolean paired, int runs, double spread, double drop, double threshold, double alpha,
                        int trials, long seed) {
    Random random = new Random(seed);
    int hits = 0;
    for (int t = 0; t < trials; t++) {
      double[] base = new double[runs];
      double[] cand = new double[runs];
      for (int i = 0; i < runs; i++) {
        // Paired: both runs of a pair share the machine's state (a common factor that cancels in the ratio).
        double shared = paired ? Math.exp(0.25 * random.nextGaussian()) : 1;
        double s = paired ? spread / Math.sqrt(2) : spread;
        base[i] = 10_000 * shared * Math.exp(s * random.nextGaussian());
        cand[i] = 10_000 * (1 - drop) * shared * Math.exp(s * random.nextGaussian());
      }
      RegressionCheck check = new RegressionCheck("throughput", true, base, cand, threshold, alpha, paired);
      if (check.verdict() == RegressionCheck.Verdict.REGRESSION) {
        hits++;
      }
    }
    return (double) hits / trials;
  }

  /**
   * Share of {@code trials} simulated CI power checks (scripts/ci-regression --power-check 1) that fail: each
   * sequence measures {@code rounds} rounds of A, B slower by {@code drop} and A again, which share the round's
   * machine state; B against A must be flagged and A again against A must not be. With {@code second}, a count the
   * first sequence misses is decided by a second, independent sequence, as CiRegression does.
   */
  static double powerCheckFails(int rounds, double spread, double drop, boolean second, int trials, long seed) {
    Random random = new Random(seed);
    int fails = 0;
    for (int t = 0; t < trials; t++) {
      boolean[] first = powerSequence(random, rounds, spread, drop);
      boolean flagged = first[0];
      boolean aaPassed = first[1];
      if (second && !(flagged && aaPassed)) {
        boolean[] again = powerSequence(random, rounds, spread, drop);
        flagged |= again[0];
        aaPassed |= again[1];
      }
      if (!flagged || !aaPassed) {
        fails++;
      }
    }
    return (double) fails / trials;
  }

  /** One sequence's two verdicts: {B flagged, A again passed}, with the gate's defaults (5 %, alpha 0.05). */
  private static boolean[] powerSequence(Random random, int rounds, double spread, double drop) {
    double[] a = new double[rounds];
    double[] b = new double[rounds];
    double[] again = new double[rounds];
    // Within a pair the log ratio's spread is `spread`: each run carries spread / sqrt(2) of its own.
    double s = spread / Math.sqrt(2);
    for (int i = 0; i < rounds; i++) {
      double shared = Math.exp(0.25 * random.nextGaussian());
      a[i] = 10_000 * shared * Math.exp(s * random.nextGaussian());
      b[i] = 10_000 * (1 - drop) * shared * Math.exp(s * random.nextGaussian());
      again[i] = 10_000 * shared * Math.exp(s * random.nextGaussian());
    }
    boolean flagged = new RegressionCheck("throughput", true, a, b, 0.05, 0.05, true).verdict()
        == RegressionCheck.Verdict.REGRESSION;
    boolean aaPassed = new RegressionCheck("throughput", true, a, again, 0.05, 0.05, true).verdict()
        != RegressionCheck.Verdict.REGRESSION;
    return new boolean[] {flagged, aaPassed};
  }

  public static void main(String[] args) {
    int trials = 2000;
    System.out.println("| schedule | best p | spread | flags a 10 % drop | flags no change |");
    System.out.println("| --- | --- | --- | --- | --- |");
    for (boolean paired : new boolean[] {true, false}) {
      for (int n : paired ? new int[] {5, 6, 8, 12, 16} : new int[] {3, 5, 8, 12}) {
        for (double spread : new double[] {0.05, 0.10, 0.25}) {
          System.out.printf(Locale.ROOT, "| %s | %.3g | %.2f | %.0f %% | %.1f %% |%n",
              paired ? n + " pairs" : n + " against " + n, GateSchedule.bestP(paired, n, n), spread,
              100 * flagged(paired, n, spread, 0.10, 0.05, 0.05, trials, 1),
              100 * flagged(paired, n, spread, 0.0, 0.05, 0.05, trials, 2));
        }
      }
    }
    System.out.println();
    System.out.println("| CI power check | spread | fails, one sequence | fails, a second sequence on a miss |");
    System.out.println("| --- | --- | --- | --- |");
    for (int rounds : new int[] {12, 16}) {
      for (double spread : new double[] {0.05, 0.08, 0.10, 0.12, 0.135, 0.15}) {
        System.out.printf(Locale.ROOT, "| %d rounds, B 10 %% slower | %.3f | %.1f %% | %.1f %% |%n", rounds, spread,
            100 * powerCheckFails(rounds, spread, 0.10, false, 10 * trials, 3),
            100 * powerCheckFails(rounds, spread, 0.10, true, 10 * trials, 4));
      }
    }
    System.out.printf(Locale.ROOT, "| 16 rounds, B not slower at all | %.3f | %.1f %% | %.1f %% |%n", 0.10,
        100 * powerCheckFails(16, 0.10, 0.0, false, trials, 5), 100 * powerCheckFails(16, 0.10, 0.0, true, trials, 6));
  }
}
