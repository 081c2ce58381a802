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

  // Run-phase throughput of interleaved A/B jobs recorded on this project's 2-core machine while other builds used
  // it (load average 6 to 19), in pair order (A B, B A, A B, ...): the machine's capacity drifted by more than the
  // 10 % slowdown in the first set, which is B throttled to 90 % of A's latest rate (scripts/ci-regression
  // --candidate-throttle 90%). The second set is A against A.
  private static final double[] THROTTLED_A = {8_011, 6_558, 6_219, 5_637, 8_754, 8_754};
  private static final double[] THROTTLED_B = {7_098, 6_900, 5_582, 5_485, 7_735, 7_809};
  private static final double[] SAME_A = {11_868, 9_957, 9_450, 12_985, 12_220, 12_485};
  private static final double[] SAME_B = {11_106, 10_145, 8_657, 12_220, 12_956, 13_024};

  @Test
  void driftingMachineHidesAThrottledCandidateFromTheUnpairedTestButNotFromThePairedOne() {
    RegressionCheck unpaired = new RegressionCheck("run throughput", true, THROTTLED_A, THROTTLED_B, 0.05, 0.05);
    assertEquals(RegressionCheck.Verdict.WORSE_BUT_WITHIN_THRESHOLD, unpaired.verdict());
    RegressionCheck paired = unpaired.asPaired();
    assertEquals(RegressionCheck.Verdict.REGRESSION, paired.verdict());
    // Pair ratios .884 .886 .892 .898 .973 1.052: median (.892 + .898) / 2.
    assertEquals(1 - (7_809.0 / 8_754 + 5_582.0 / 6_219) / 2, paired.worsening(), 1e-12);
    // Only the two smallest |log ratio| (ranks 1 and 2, one of them the positive pair) may change sign and keep the
    // negative rank sum at least 19: 3 of 64 sign assignments.
    assertEquals(3.0 / 64, paired.pWorse(), 1e-12);
  }

  @Test
  void pairedSameBuildIsNoRegression() {
    RegressionCheck paired = new RegressionCheck("run throughput", true, SAME_A, SAME_B, 0.05, 0.05).asPaired();
    assertEquals(RegressionCheck.Verdict.WORSE_BUT_WITHIN_THRESHOLD, paired.verdict());
  }

  @Test
  void pairedLatencyRiseIsARegression() {
    double[] base = {4_700, 6_900, 4_800, 7_100, 4_750, 6_800};
    double[] worse = {5_600, 8_300, 5_700, 8_400, 5_800, 8_100}; // each pair about +18 %, the machine drifting
    assertEquals(RegressionCheck.Verdict.REGRESSION,
        new RegressionCheck("READ p99", false, base, worse, 0.10, 0.05).asPaired().verdict());
    assertEquals(RegressionCheck.Verdict.IMPROVED,
        new RegressionCheck("READ p99", false, worse, base, 0.10, 0.05).asPaired().verdict());
  }
}
