package com.mytopling.ycsb.results.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Verdicts on constructed samples: recorded-like noise with and without a real shift. */
class RegressionCheckTest {
  // Throughput of five runs on a noisy 2-core machine: about +-4 % around 10,000 ops/s.
  private static final double[] BASELINE = {10_120, 9_730, 10_390, 9_880, 10_050};

  private static RegressionCheck throughput(double[] candidate) {
    return new RegressionCheck("run throughput", true, BASELINE, candidate, 0.05, 0.05);
  }

  @Test
  void realDropIsARegression() {
    double[] candidate = {8_610, 8_930, 8_450, 8_800, 8_700}; // about -13 %
    RegressionCheck check = throughput(candidate);
    assertEquals(RegressionCheck.Verdict.REGRESSION, check.verdict());
    assertEquals(1.0 / 252, check.pWorse(), 1e-12);
  }

  @Test
  void sameDistributionIsNot() {
    double[] candidate = {9_950, 10_210, 9_790, 10_300, 9_900};
    assertEquals(RegressionCheck.Verdict.WORSE_BUT_WITHIN_THRESHOLD, throughput(candidate).verdict());
  }

  @Test
  void largeMoveOfTheMedianInsideTheNoiseIsNot() {
    // The median fell 6 % but one candidate run is the fastest of all: not beyond noise at alpha 0.05.
    double[] baseline = {10_000, 9_000, 11_000};
    double[] candidate = {9_400, 8_600, 11_200};
    RegressionCheck check = new RegressionCheck("run throughput", true, baseline, candidate, 0.05, 0.05);
    assertEquals(RegressionCheck.Verdict.WORSE_BUT_WITHIN_NOISE, check.verdict());
  }

  @Test
  void significantButSmallDropIsWithinThreshold() {
    double[] baseline = {10_000, 10_001, 10_002, 10_003, 10_004};
    double[] candidate = {9_800, 9_801, 9_802, 9_803, 9_804}; // -2 %, perfectly separated
    RegressionCheck check = new RegressionCheck("run throughput", true, baseline, candidate, 0.05, 0.05);
    assertEquals(RegressionCheck.Verdict.WORSE_BUT_WITHIN_THRESHOLD, check.verdict());
  }

  @Test
  void latencyRiseIsARegressionAndFallAnImprovement() {
    double[] p99Base = {4_700, 4_900, 4_800, 5_100, 4_750};
    double[] p99Worse = {6_100, 5_900, 6_300, 6_000, 6_200};
    assertEquals(RegressionCheck.Verdict.REGRESSION,
        new RegressionCheck("READ p99", false, p99Base, p99Worse, 0.10, 0.05).verdict());
    assertEquals(RegressionCheck.Verdict.IMPROVED,
        new RegressionCheck("READ p99", false, p99Worse, p99Base, 0.10, 0.05).verdict());
  }
}
