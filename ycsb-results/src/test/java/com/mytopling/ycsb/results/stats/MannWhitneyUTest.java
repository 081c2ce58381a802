package com.mytopling.ycsb.results.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class MannWhitneyUTest {
  @Test
  void exactPValuesOfCompletelySeparatedSamples() {
    // All of low below all of high: only 1 of C(n+m, n) splits is as extreme.
    assertEquals(1.0 / 20, MannWhitneyU.pLess(new double[] {1, 2, 3}, new double[] {4, 5, 6}), 1e-12);
    assertEquals(1.0 / 252, MannWhitneyU.pLess(new double[] {1, 2, 3, 4, 5}, new double[] {6, 7, 8, 9, 10}), 1e-12);
    assertEquals(1.0, MannWhitneyU.pLess(new double[] {4, 5, 6}, new double[] {1, 2, 3}), 1e-12);
  }

  @Test
  void knownSmallCase() {
    // low = {1, 3}, high = {2, 4}: U = 3 (1<2, 1<4, 3<4); of the 6 splits, U >= 3 for {1,2}(4), {1,3}(3): p = 2/6.
    assertEquals(2.0 / 6, MannWhitneyU.pLess(new double[] {1, 3}, new double[] {2, 4}), 1e-12);
  }

  @Test
  void tiesCountHalf() {
    // 1<2, 1<3, 2=2 (half), 2<3, 2=2 (half), 2<3
    assertEquals(5.0, MannWhitneyU.u(new double[] {1, 2, 2}, new double[] {2, 3}), 1e-12);
    // Identical samples give no evidence either way.
    assertTrue(MannWhitneyU.pLess(new double[] {5, 5, 5}, new double[] {5, 5, 5}) > 0.5);
  }

  @Test
  void normalApproximationAgreesWithExactNearTheLimit() {
    Random random = new Random(7);
    double[] a = new double[12];
    double[] b = new double[12];
    for (int i = 0; i < 12; i++) {
      a[i] = random.nextGaussian();
      b[i] = random.nextGaussian() + 0.8;
    }
    double exact = MannWhitneyU.pLess(a, b);
    double[] a2 = new double[40];
    double[] b2 = new double[40];
    for (int i = 0; i < 40; i++) {
      a2[i] = a[i % 12] + i * 1e-9;
      b2[i] = b[i % 12] + i * 1e-9;
    }
    assertTrue(exact < 0.1, "shifted samples are detected: p=" + exact);
    assertTrue(MannWhitneyU.pLess(a2, b2) < exact, "more runs of the same shift give a smaller p");
    assertEquals(0.5, MannWhitneyU.standardNormalCdf(0), 1e-7);
    assertEquals(0.975, MannWhitneyU.standardNormalCdf(1.959964), 1e-6);
  }
}
