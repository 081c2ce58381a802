package com.mytopling.ycsb.launcher.client;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * One series' latencies (an HdrHistogram of microseconds, as YCSB records them) as Prometheus histogram buckets in
 * seconds, for the live endpoint: classic buckets with fixed bounds (OpenMetrics text) and native buckets (Prometheus'
 * protobuf, for a Prometheus with native histograms on). Made from the histogram YCSB's status thread accumulates, so
 * that the endpoint's figures are those of the HdrHistogram logs and the final report: there is no second timing path.
 *
 * <p>Each HdrHistogram bucket (3 significant digits: a range of values 0.1% wide at most, one microsecond below 2,048
 * us) is counted at its highest value, so a value lands in the bucket whose bound is at or above it; a value within
 * 0.1% below a bound may land one bucket up. The sum is the counts times each range's middle value, as HdrHistogram's
 * own mean (YCSB's AverageLatency) is.
 *
 * <p>Classic bounds: 2^(k/4) seconds from 2^-20 s (0.95 us) to 2^7 s (128 s), each 19% above the one before, then
 * +Inf: 109 bounds that never change, so every bucket series exists from a series' first point. Native buckets:
 * schema {@value #NATIVE_SCHEMA} (each bound 2^(1/8), 9%, above the one before); exact zeros (an operation under a
 * microsecond, which YCSB records as 0) are the zero bucket.
 */
public final class LatencyBuckets {
  /** Native histogram schema: bucket bounds 2^(i / 2^3) seconds. */
  static final int NATIVE_SCHEMA = 3;
  /** Classic bounds per doubling. */
  static final int CLASSIC_PER_DOUBLING = 4;
  private static final int LOWEST_CLASSIC_EXPONENT = -20 * CLASSIC_PER_DOUBLING;
  private static final int HIGHEST_CLASSIC_EXPONENT = 7 * CLASSIC_PER_DOUBLING;
  /** The classic upper bounds in seconds, ascending, +Inf last. */
  static final double[] CLASSIC_BOUNDS = classicBounds();
  /** The first native index kept in {@link #NATIVE_BOUNDS}: 2^-20 s, under the smallest value (1 us). */
  private static final int NATIVE_FIRST = -20 << NATIVE_SCHEMA;
  /** Native upper bounds from NATIVE_FIRST to 2^32 s, so that a cut finds buckets without a logarithm per value. */
  private static final double[] NATIVE_BOUNDS = nativeBounds(NATIVE_FIRST, 32 << NATIVE_SCHEMA);

  /** Values per classic bucket (not cumulative; +Inf last), as Prometheus' model holds them. */
  final long[] classic;
  /** Values per native bucket index (positive values); index i holds (2^((i-1)/8), 2^(i/8)] seconds. */
  final TreeMap<Integer, Long> positive;
  /** Values of exactly 0 us. */
  final long zero;
  final long count;
  /** Seconds. */
  final double sum;

  private LatencyBuckets(long[] classic, TreeMap<Integer, Long> positive, long zero, long count, double sum) {
    this.classic = classic;
    this.positive = positive;
    this.zero = zero;
    this.count = count;
    this.sum = sum;
  }

  static final LatencyBuckets EMPTY = new LatencyBuckets(new long[CLASSIC_BOUNDS.length], new TreeMap<>(), 0, 0, 0);

  /** The buckets of {@code micros} (an HdrHistogram of microseconds); {@link #EMPTY} for null. */
  static LatencyBuckets of(Histogram micros) {
    if (micros == null || micros.getTotalCount() == 0) {
      return EMPTY;
    }
    long[] classic = new long[CLASSIC_BOUNDS.length];
    long[] nativeCounts = new long[NATIVE_BOUNDS.length];
    TreeMap<Integer, Long> positive = new TreeMap<>();
    long zero = 0;
    long count = 0;
    double sumMicros = 0;
    // The values come in ascending order: each bucket index only moves up (once per status interval, for every value
    // the series holds, so no logarithm per value).
    int c = 0;
    int ni = 0;
    for (HistogramIterationValue v : micros.recordedValues()) {
      long n = v.getCountAddedInThisIterationStep();
      long highest = v.getValueIteratedTo();
      count += n;
      sumMicros += n * (double) micros.medianEquivalentValue(highest);
      double seconds = highest / 1e6;
      while (CLASSIC_BOUNDS[c] < seconds) {
        c++;
      }
      classic[c] += n;
      if (highest == 0) {
        zero += n;
        continue;
      }
      while (ni < NATIVE_BOUNDS.length && NATIVE_BOUNDS[ni] < seconds) {
        ni++;
      }
      if (ni < NATIVE_BOUNDS.length) {
        nativeCounts[ni] += n;
      } else {
        positive.merge(nativeIndex(seconds), n, Long::sum); // beyond 2^32 s
      }
    }
    for (int i = 0; i < nativeCounts.length; i++) {
      if (nativeCounts[i] != 0) {
        positive.merge(NATIVE_FIRST + i, nativeCounts[i], Long::sum);
      }
    }
    return new LatencyBuckets(classic, positive, zero, count, sumMicros / 1e6);
  }

  /** These buckets less {@code base} (an earlier state of the same series): what was recorded since. */
  LatencyBuckets minus(LatencyBuckets base) {
    long[] c = classic.clone();
    for (int i = 0; i < c.length; i++) {
      c[i] -= base.classic[i];
    }
    TreeMap<Integer, Long> p = new TreeMap<>(positive);
    for (Map.Entry<Integer, Long> e : base.positive.entrySet()) {
      p.merge(e.getKey(), -e.getValue(), Long::sum);
    }
    p.values().removeIf(n -> n == 0);
    return new LatencyBuckets(c, p, zero - base.zero, count - base.count, Math.max(0, sum - base.sum));
  }

  /** The index of the first classic bound at or above {@code seconds}. */
  static int classicIndex(double seconds) {
    int i = Arrays.binarySearch(CLASSIC_BOUNDS, seconds);
    return i >= 0 ? i : -i - 1;
  }

  /** The native bucket of a positive value: the i with 2^((i-1)/8) < seconds <= 2^(i/8). */
  static int nativeIndex(double seconds) {
    int i = (int) Math.ceil(Math.log(seconds) / Math.log(2) * (1 << NATIVE_SCHEMA));
    // log() rounds: move to the bucket whose bounds hold the value exactly.
    while (nativeUpperBound(i - 1) >= seconds) {
      i--;
    }
    while (nativeUpperBound(i) < seconds) {
      i++;
    }
    return i;
  }

  /** The bounds (lower, upper] of the classic bucket that holds {@code seconds}: the bucket error of a figure. */
  public static double[] classicBucket(double seconds) {
    int i = classicIndex(seconds);
    return new double[] {i == 0 ? 0 : CLASSIC_BOUNDS[i - 1], CLASSIC_BOUNDS[i]};
  }

  /** The bounds (lower, upper] of the native bucket that holds {@code seconds} (positive). */
  public static double[] nativeBucket(double seconds) {
    int i = nativeIndex(seconds);
    return new double[] {nativeUpperBound(i - 1), nativeUpperBound(i)};
  }

  static double nativeUpperBound(int index) {
    return Math.pow(2, index / (double) (1 << NATIVE_SCHEMA));
  }

  private static double[] nativeBounds(int first, int last) {
    double[] b = new double[last - first + 1];
    for (int i = first; i <= last; i++) {
      b[i - first] = nativeUpperBound(i);
    }
    return b;
  }

  private static double[] classicBounds() {
    int n = HIGHEST_CLASSIC_EXPONENT - LOWEST_CLASSIC_EXPONENT + 1;
    double[] b = new double[n + 1];
    for (int k = 0; k < n; k++) {
      b[k] = Math.pow(2, (LOWEST_CLASSIC_EXPONENT + k) / (double) CLASSIC_PER_DOUBLING);
    }
    b[n] = Double.POSITIVE_INFINITY;
    return b;
  }
}
