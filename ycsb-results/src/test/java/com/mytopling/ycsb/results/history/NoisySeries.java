package com.mytopling.ycsb.results.history;

import java.util.Random;

/**
 * Series like this project's recorded runs: around 10,000 ops/s, each run off by Gaussian noise of 5 % (one machine,
 * run to run), optionally each on one of several machines that differ by up to ±25 % (uniform), and steps planted at
 * known runs.
 */
final class NoisySeries {
  private NoisySeries() {
  }

  /**
   * @param steps pairs of (index, factor): from that run on, the level is multiplied by the factor
   */
  static double[] make(long seed, int n, double runNoise, double machineSpread, double... steps) {
    Random random = new Random(seed);
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      double level = 10_000;
      for (int s = 0; s + 1 < steps.length; s += 2) {
        if (i >= steps[s]) {
          level *= steps[s + 1];
        }
      }
      double machine = machineSpread == 0 ? 1 : 1 + machineSpread * (2 * random.nextDouble() - 1);
      v[i] = level * machine * (1 + runNoise * random.nextGaussian());
    }
    return v;
  }
}
