package com.mytopling.ycsb.results.merge;

import com.mytopling.ycsb.results.model.OperationStats;
import com.mytopling.ycsb.results.parse.Percentiles;
import org.HdrHistogram.Histogram;

/** Statistics of an HdrHistogram computed the way YCSB computes its final report, so both agree. */
public final class HistogramStats {
  /** Percentiles a merged phase reports: YCSB's benchmark set plus p90 and p99.99, which the status lines use. */
  public static final double[] REPORTED = {50, 90, 95, 99, 99.9, 99.99};

  private HistogramStats() {
  }

  public static OperationStats of(Histogram histogram) {
    OperationStats stats = new OperationStats();
    stats.count = histogram.getTotalCount();
    if (stats.count == 0) {
      return stats;
    }
    stats.avgUs = histogram.getMean();
    stats.minUs = (double) histogram.getMinValue();
    stats.maxUs = (double) histogram.getMaxValue();
    for (double p : REPORTED) {
      stats.percentilesUs.put(Percentiles.key(p), (double) histogram.getValueAtPercentile(p));
    }
    return stats;
  }

  /** One histogram holding every value of the given ones; auto-resizing so no value is clipped. */
  public static Histogram union(Iterable<Histogram> parts) {
    Histogram total = emptyUnion();
    for (Histogram h : parts) {
      total.add(h);
    }
    return total;
  }

  /** An empty union to add histograms into one at a time ({@link #union} of none). */
  public static Histogram emptyUnion() {
    Histogram total = new Histogram(3);
    total.setAutoResize(true);
    return total;
  }
}
