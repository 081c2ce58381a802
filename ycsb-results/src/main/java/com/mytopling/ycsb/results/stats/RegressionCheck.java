package com.mytopling.ycsb.results.stats;

/**
 * The verdict on one metric between repeated baseline and candidate runs. A regression needs both: the medians
 * moved the wrong way by more than the allowed threshold, and a one-sided test says the shift is larger than
 * run-to-run noise (p at most alpha). Either alone is not enough: a big move between noisy samples is noise, and a
 * significant but tiny move is within what the user accepts.
 *
 * <p>The tests are {@link RankTests}' (Commons Statistics); this class holds the gate's rule only. Unpaired (the
 * default): the change is that of the medians and the test is Mann-Whitney U. Paired (runs
 * measured in pairs, {@code baseline[i]} next to {@code candidate[i]}, as the A/B gate interleaves them): the change
 * is the median of the pairs' ratios and the test is the Wilcoxon signed-rank test on their logarithms, so that what
 * the two runs of a pair share (how busy the machine was then) cancels out.
 */
public record RegressionCheck(String metric, boolean higherIsBetter, double[] baseline, double[] candidate,
                              double threshold, double alpha, boolean paired) {
  public enum Verdict { OK, REGRESSION, WORSE_BUT_WITHIN_NOISE, WORSE_BUT_WITHIN_THRESHOLD, IMPROVED }

  public RegressionCheck {
    if (paired && baseline.length != candidate.length) {
      throw new IllegalArgumentException(metric + ": paired samples of different sizes (" + baseline.length + ", "
          + candidate.length + ")");
    }
  }

  /** An unpaired check. */
  public RegressionCheck(String metric, boolean higherIsBetter, double[] baseline, double[] candidate,
                         double threshold, double alpha) {
    this(metric, higherIsBetter, baseline, candidate, threshold, alpha, false);
  }

  /** The same samples judged as pairs. */
  public RegressionCheck asPaired() {
    return new RegressionCheck(metric, higherIsBetter, baseline, candidate, threshold, alpha, true);
  }

  public double baselineMedian() {
    return Median.of(baseline);
  }

  public double candidateMedian() {
    return Median.of(candidate);
  }

  /** Median over the pairs of candidate / baseline. */
  public double medianRatio() {
    double[] ratios = new double[baseline.length];
    for (int i = 0; i < ratios.length; i++) {
      ratios[i] = candidate[i] / baseline[i];
    }
    return Median.of(ratios);
  }

  /** Relative change in the "worse" direction: positive means worse. */
  public double worsening() {
    if (paired) {
      double r = medianRatio();
      return higherIsBetter ? 1 - r : r - 1;
    }
    double b = baselineMedian();
    double c = candidateMedian();
    if (b == 0) {
      return 0;
    }
    return higherIsBetter ? (b - c) / b : (c - b) / b;
  }

  /** p-value of "the candidate is worse than the baseline". */
  public double pWorse() {
    if (paired) {
      return RankTests.pNegative(higherIsBetter ? logRatios(candidate, baseline) : logRatios(baseline, candidate));
    }
    return higherIsBetter ? RankTests.pLess(candidate, baseline) : RankTests.pLess(baseline, candidate);
  }

  /** p-value of "the candidate is better". */
  public double pBetter() {
    if (paired) {
      return RankTests.pNegative(higherIsBetter ? logRatios(baseline, candidate) : logRatios(candidate, baseline));
    }
    return higherIsBetter ? RankTests.pLess(baseline, candidate) : RankTests.pLess(candidate, baseline);
  }

  /** log(top[i] / bottom[i]) for each pair; pairs with a zero leave no finite ratio and are left out. */
  private static double[] logRatios(double[] top, double[] bottom) {
    return java.util.stream.IntStream.range(0, top.length).mapToDouble(i -> Math.log(top[i] / bottom[i]))
        .filter(Double::isFinite).toArray();
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
