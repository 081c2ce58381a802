package com.mytopling.ycsb.results.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The library's tests as the gate calls them: the one-sided direction, the exact p-values worked out by hand (from the
 * C(n+m, n) splits and the 2^n sign assignments, as the hand-written tests these replace did), the zero rule and the
 * best p of a schedule.
 */
class RankTestsTest {
  @Test
  void mannWhitneyExactPValuesOfSeparatedSamples() {
    // All of low below all of high: only 1 of C(n+m, n) splits is as extreme.
    assertEquals(1.0 / 20, RankTests.pLess(new double[] {1, 2, 3}, new double[] {4, 5, 6}), 1e-12);
    assertEquals(1.0 / 252, RankTests.pLess(new double[] {1, 2, 3, 4, 5}, new double[] {6, 7, 8, 9, 10}), 1e-12);
    assertEquals(1.0, RankTests.pLess(new double[] {4, 5, 6}, new double[] {1, 2, 3}), 1e-12);
    // low = {1, 3}, high = {2, 4}: U = 3 of 4; of the 6 splits, U >= 3 for {1,2} and {1,3}: p = 2/6.
    assertEquals(2.0 / 6, RankTests.pLess(new double[] {1, 3}, new double[] {2, 4}), 1e-12);
  }

  @Test
  void identicalSamplesGiveNoEvidence() {
    assertTrue(RankTests.pLess(new double[] {5, 5, 5}, new double[] {5, 5, 5}) > 0.5);
    assertEquals(1.0, RankTests.pNegative(new double[] {0, 0}), 1e-12);
  }

  @Test
  void moreRunsOfTheSameShiftGiveASmallerP() {
    Random random = new Random(7);
    double[] a = new double[12];
    double[] b = new double[12];
    for (int i = 0; i < 12; i++) {
      a[i] = random.nextGaussian();
      b[i] = random.nextGaussian() + 0.8;
    }
    double exact = RankTests.pLess(a, b);
    double[] a2 = new double[60];
    double[] b2 = new double[60];
    for (int i = 0; i < 60; i++) {
      a2[i] = a[i % 12] + i * 1e-9;
      b2[i] = b[i % 12] + i * 1e-9;
    }
    assertTrue(exact < 0.1, "shifted samples are detected: p=" + exact);
    // 60 a side is beyond the library's exact limit: its normal approximation.
    assertTrue(RankTests.pLess(a2, b2) < exact, "more runs of the same shift give a smaller p");
  }

  @Test
  void wilcoxonExactPValues() {
    assertEquals(1.0 / 64, RankTests.pNegative(new double[] {-1, -2, -3, -4, -5, -6}), 1e-12);
    assertEquals(1.0, RankTests.pNegative(new double[] {1, 2, 3}), 1e-12);
    // Ranks 1..4, the positive one has rank 1: negative rank sum 9. Sign assignments with a negative rank sum of at
    // least 9 out of 16: {2,3,4} (9) and {1,2,3,4} (10): 2 of 16.
    assertEquals(2.0 / 16, RankTests.pNegative(new double[] {0.1, -0.2, -0.3, -0.4}), 1e-12);
  }

  @Test
  void pairsWithoutADifferenceAreLeftOut() {
    assertEquals(RankTests.pNegative(new double[] {-1, -2}), RankTests.pNegative(new double[] {0, -1, 0, -2}), 1e-12);
  }

  @Test
  void bestPValuesOfASchedule() {
    assertEquals(0.125, RankTests.bestPaired(3), 1e-12);
    assertEquals(0.0625, RankTests.bestPaired(4), 1e-12);
    assertEquals(1.0 / 128, RankTests.bestPaired(7), 1e-12);
    assertEquals(1.0 / 20, RankTests.bestUnpaired(3, 3), 1e-12);
    assertEquals(1.0 / 10, RankTests.bestUnpaired(2, 3), 1e-12);
    assertEquals(1.0 / 252, RankTests.bestUnpaired(5, 5), 1e-12);
    // Exactly alpha, as the gate compares: 3 against 3 can reach 0.05.
    assertTrue(RankTests.bestUnpaired(3, 3) <= 0.05);
  }
}
