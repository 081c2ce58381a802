package com.mytopling.ycsb.results.stats;

/**
 * The verdict on one metric between repeated baseline and candidate runs. A regression needs both: the medians
 * moved the wrong way by more than the allowed threshold, and the one-sided Mann-Whitney U test says the shift is
 * larger than run-to-run noise (p at most alpha). Either alone is not enough: a big move between noisy samples is
 * noise, and a significant but tiny move is within what the user accepts.
 */
public record RegressionCheck(String metric, boolean higherIsBetter, double[] baseline, double[] candidate,
                              double threshold, double alpha) {
  public enum Verdict { OK, REGRESSION, WORSE_BUT_WITHIN_NOISE, WORSE_BUT_WITHIN_THRESHOLD, IMPROVED }

  public double baselineMedian() {
    return Median.of(baseline);
  }

  public double candidateMedian() {
    return Median.of(candidate);
  }

  /** Relative change of the median in the "worse" direction: positive means worse. */
  public double worsening() {
    double b = baselineMedian();
    double c = candidateMedian();
    if (b == 0) {
      return 0;
    }
    return higherIsBetter ? (b - c) / b : (c - b) / b;
  }

  /** p-value of "the candidate is worse than the baseline". */
  public double pWorse() {
    return higherIsBetter ? MannWhitneyU.pLess(candidate, baseline) : MannWhitneyU.pLess(baseline, candidate);
  }

  /** p-value of "the candidate is better". */
  public double pBetter() {
    return higherIsBetter ? MannWhitneyU.pLess(baseline, candidate) : MannWhitneyU.pLess(candidate, baseline);
  }

  public Verdict verdict() {
    double worse = worsening();
    if (worse > 0) {
      boolean beyondThreshold = worse > threshold;
      boolean beyondNoise = pWorse() <= alpha;
      if (beyondThreshold && beyondNoise) {
        return Verdict.REGRESSION;
      }
      if (beyondThreshold) {
        return Verdict.WORSE_BUT_WITHIN_NOISE;
      }
      return Verdict.WORSE_BUT_WITHIN_THRESHOLD;
    }
    return -worse > threshold && pBetter() <= alpha ? Verdict.IMPROVED : Verdict.OK;
  }
}
