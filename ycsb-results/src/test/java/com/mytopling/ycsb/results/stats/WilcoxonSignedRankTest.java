package com.mytopling.ycsb.results.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Exact p-values worked out by hand from the 2^n sign assignments. */
class WilcoxonSignedRankTest {
  @Test
  void allNegativeIsTheFloor() {
    assertEquals(1.0 / 64, WilcoxonSignedRank.pNegative(new double[] {-1, -2, -3, -4, -5, -6}), 1e-12);
    assertEquals(WilcoxonSignedRank.floor(6), 1.0 / 64, 1e-12);
  }

  @Test
  void allPositiveIsOne() {
    assertEquals(1.0, WilcoxonSignedRank.pNegative(new double[] {1, 2, 3}), 1e-12);
  }

  @Test
  void oneSmallPositiveAmongNegatives() {
    // Ranks 1..4, the positive one has rank 1: negative rank sum 9. Sign assignments with a negative rank sum of
    // at least 9 out of 16: {2,3,4} (9) and {1,2,3,4} (10), {1,3,4} (8) does not count: 2 of 16.
    assertEquals(2.0 / 16, WilcoxonSignedRank.pNegative(new double[] {0.1, -0.2, -0.3, -0.4}), 1e-12);
  }

  @Test
  void zerosAreDroppedAndTiesShareTheirRank() {
    assertEquals(WilcoxonSignedRank.pNegative(new double[] {-1, -2}),
        WilcoxonSignedRank.pNegative(new double[] {0, -1, 0, -2}), 1e-12);
    // |d| tied: both ranks 1.5; negative sum 1.5 out of sums {0, 1.5, 1.5, 3}: 3 of 4 are at least 1.5.
    assertEquals(0.75, WilcoxonSignedRank.pNegative(new double[] {-1, 1}), 1e-12);
    assertEquals(1.0, WilcoxonSignedRank.pNegative(new double[] {0, 0}), 1e-12);
  }

  @Test
  void normalApproximationBeyondTheExactLimitAgreesRoughly() {
    double[] d = new double[24];
    for (int i = 0; i < d.length; i++) {
      d[i] = -(i + 1);
    }
    double p = WilcoxonSignedRank.pNegative(d);
    assertEquals(0.0, p, 1e-4);
  }
}
