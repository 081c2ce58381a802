package com.mytopling.ycsb.launcher.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** An HdrHistogram of microseconds as the live endpoint's classic and native buckets in seconds. */
class LatencyBucketsTest {
  @Test
  void classicBoundsAreFourPerDoublingFromUnderAMicrosecondTo128SecondsThenInfinity() {
    double[] b = LatencyBuckets.CLASSIC_BOUNDS;
    assertEquals(110, b.length);
    assertEquals(Math.pow(2, -20), b[0]);
    assertEquals(128.0, b[b.length - 2]);
    assertEquals(Double.POSITIVE_INFINITY, b[b.length - 1]);
    for (int i = 1; i < b.length - 1; i++) {
      assertEquals(Math.pow(2, 0.25), b[i] / b[i - 1], 1e-12);
    }
  }

  @Test
  void aNativeBucketHoldsTheValuesAboveItsLowerBoundUpToItsUpperBound() {
    assertEquals(0, LatencyBuckets.nativeIndex(1.0));
    assertEquals(8, LatencyBuckets.nativeIndex(2.0));
    assertEquals(3, LatencyBuckets.nativeIndex(Math.pow(2, 3 / 8.0)));
    assertEquals(4, LatencyBuckets.nativeIndex(Math.nextUp(Math.pow(2, 3 / 8.0))));
    Random r = new Random(36);
    for (int k = 0; k < 100_000; k++) {
      double v = Math.exp(r.nextDouble() * 30 - 22);
      int i = LatencyBuckets.nativeIndex(v);
      assertTrue(LatencyBuckets.nativeUpperBound(i - 1) < v && v <= LatencyBuckets.nativeUpperBound(i), v + " in " + i);
    }
  }

  @Test
  void everyValueIsCountedOnceInTheBucketsThatHoldIt() {
    Histogram h = new Histogram(3);
    long[] micros = {0, 0, 1, 7, 500, 1000, 2047, 2048, 5001, 123_456, 9_000_000, 200_000_000};
    double exactSum = 0;
    for (long v : micros) {
      h.recordValue(v);
      exactSum += v / 1e6;
    }
    LatencyBuckets b = LatencyBuckets.of(h);
    assertEquals(micros.length, b.count);
    assertEquals(2, b.zero);
    assertEquals(exactSum, b.sum, exactSum * 0.001, "the sum of the ranges' middle values, within 0.1%");
    long cumulative = 0;
    for (int i = 0; i < LatencyBuckets.CLASSIC_BOUNDS.length; i++) {
      cumulative += b.classic[i];
      long atOrBelow = 0;
      for (long v : micros) {
        // HdrHistogram's 3 significant digits: a value is counted at the top of its range (0.1% at most above it).
        if (h.highestEquivalentValue(v) / 1e6 <= LatencyBuckets.CLASSIC_BOUNDS[i]) {
          atOrBelow++;
        }
      }
      assertEquals(atOrBelow, cumulative, "le " + LatencyBuckets.CLASSIC_BOUNDS[i]);
    }
    assertEquals(1, b.classic[b.classic.length - 1], "200 s is above the last finite bound");
    long nativeCount = b.zero;
    for (Map.Entry<Integer, Long> e : b.positive.entrySet()) {
      nativeCount += e.getValue();
    }
    assertEquals(micros.length, nativeCount);
    assertEquals(1L, b.positive.get(LatencyBuckets.nativeIndex(7e-6)));
  }

  /** The cut's walk over ascending values finds the same native buckets as the logarithm does for each value. */
  @Test
  void theAscendingWalkFindsEachValuesNativeBucket() {
    Histogram h = new Histogram(3);
    h.setAutoResize(true);
    Random r = new Random(7);
    for (int k = 0; k < 50_000; k++) {
      h.recordValue((long) Math.exp(r.nextDouble() * 25));
    }
    LatencyBuckets b = LatencyBuckets.of(h);
    java.util.TreeMap<Integer, Long> expected = new java.util.TreeMap<>();
    for (org.HdrHistogram.HistogramIterationValue v : h.recordedValues()) {
      if (v.getValueIteratedTo() > 0) {
        expected.merge(LatencyBuckets.nativeIndex(v.getValueIteratedTo() / 1e6), v.getCountAddedInThisIterationStep(),
            Long::sum);
      }
    }
    assertEquals(expected, b.positive);
  }

  @Test
  void lessAnEarlierStateIsWhatWasRecordedSince() {
    Histogram h = new Histogram(3);
    h.recordValue(100);
    h.recordValue(3000);
    LatencyBuckets before = LatencyBuckets.of(h);
    h.recordValue(3000);
    h.recordValue(0);
    LatencyBuckets since = LatencyBuckets.of(h).minus(before);
    assertEquals(2, since.count);
    assertEquals(1, since.zero);
    assertEquals(Map.of(LatencyBuckets.nativeIndex(h.highestEquivalentValue(3000) / 1e6), 1L), since.positive);
    assertEquals(1, since.classic[LatencyBuckets.classicIndex(h.highestEquivalentValue(3000) / 1e6)]);
    assertEquals(0.003, since.sum, 0.00001);
    assertEquals(0, LatencyBuckets.of(null).count);
  }
}
