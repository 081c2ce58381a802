package com.mytopling.ycsb.results.stats;

import java.util.Arrays;

/** Median of a sample: the middle value, or the mean of the two middle ones. */
public final class Median {
  private Median() {
  }

  public static double of(double[] sample) {
    if (sample.length == 0) {
      throw new IllegalArgumentException("median of an empty sample");
    }
    double[] sorted = sample.clone();
    Arrays.sort(sorted);
    int mid = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2.0;
  }
}
