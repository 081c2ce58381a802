package com.mytopling.ycsb.results.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * E-Divisive means on series with known change points and this project's noise (NoisySeries): 5 % from run to run
 * on one machine, up to ±25 % from machine to machine. Deterministic: fixed seeds.
 */
class ChangePointsTest {
  /** One gate job's figure: the median of its 5 runs (scripts/ci-regression's stored mode). */
  static double[] gateHistory(long seed, int n, double machineSpread, double... steps) {
    double[][] runs = new double[5][];
    for (int k = 0; k < 5; k++) {
      runs[k] = NoisySeries.make(seed * 7 + k, n, 0.05, 0, steps);
    }
    Random random = new Random(seed);
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      double[] x = new double[5];
      for (int k = 0; k < 5; k++) {
        x[k] = runs[k][i];
      }
      Arrays.sort(x);
      v[i] = x[2] * (machineSpread == 0 ? 1 : 1 + machineSpread * (2 * random.nextDouble() - 1));
    }
    return v;
  }

  /** Flat histories of 30 gate jobs, on one machine or on machines ±25 % apart: no change point in any. */
  @Test
  void noFalseChangePointOnFlatNoisySeries() {
    for (int seed = 0; seed < 100; seed++) {
      assertEquals(List.of(), ChangePoints.find(gateHistory(900 + seed, 30, 0)), "one machine, seed " + seed);
      assertEquals(List.of(), ChangePoints.find(gateHistory(1900 + seed, 30, 0.25)), "machines ±25 %, seed " + seed);
    }
  }

  /** Flat series of 30 single runs (5 % noise, and on machines ±25 % apart): a false change point is rare. */
  @Test
  void falseChangePointsAreRareOnSingleRuns() {
    int oneMachine = 0;
    int machines = 0;
    for (int seed = 0; seed < 500; seed++) {
      oneMachine += ChangePoints.find(NoisySeries.make(seed, 30, 0.05, 0)).size();
      machines += ChangePoints.find(NoisySeries.make(500 + seed, 30, 0.05, 0.25)).size();
    }
    assertTrue(oneMachine <= 2 && machines <= 2, oneMachine + " and " + machines + " false change points in 500 "
        + "series each");
  }

  /** The case: a history of 30 gate runs with one planted 10 % step shows exactly that change point. */
  @Test
  void aTenPercentStepInThirtyGateRunsIsFoundWhereItWasPlanted() {
    List<ChangePoints.ChangePoint> points = ChangePoints.find(gateHistory(5000, 30, 0, 18, 0.90));
    assertEquals(1, points.size(), points.toString());
    assertEquals(18, points.get(0).index());
    assertEquals(-0.10, points.get(0).change(), 0.03);
    int exact = 0;
    for (int seed = 0; seed < 100; seed++) {
      List<ChangePoints.ChangePoint> found = ChangePoints.find(gateHistory(6000 + seed, 30, 0, 15, 0.90));
      assertEquals(1, found.size(), "seed " + seed + ": " + found);
      assertTrue(Math.abs(found.get(0).index() - 15) <= 2, "seed " + seed + ": " + found);
      exact += found.get(0).index() == 15 ? 1 : 0;
    }
    assertTrue(exact >= 90, exact + " of 100 at the planted run");
  }

  @Test
  void twoStepsAreTwoChangePointsWithTheirSizes() {
    List<ChangePoints.ChangePoint> points = ChangePoints.find(gateHistory(77, 40, 0, 12, 0.85, 27, 1.25));
    assertEquals(2, points.size(), points.toString());
    assertEquals(12, points.get(0).index());
    assertEquals(27, points.get(1).index());
    assertEquals(-0.15, points.get(0).change(), 0.03);
    assertEquals(0.25, points.get(1).change(), 0.04);
    assertTrue(points.get(0).permutationP() <= ChangePoints.PERMUTATION_ALPHA
        && points.get(0).tTestP() <= ChangePoints.T_TEST_ALPHA, points.get(0).toString());
  }

  @Test
  void aLargeStepIsSeenThroughMachineNoiseAndATenPercentOneIsNot() {
    // Between machines (±25 %) a halving still shows; a 10 % step hides in the noise, and nothing is claimed.
    List<ChangePoints.ChangePoint> halved = ChangePoints.find(gateHistory(31, 30, 0.25, 15, 0.5));
    assertEquals(1, halved.size(), halved.toString());
    assertTrue(Math.abs(halved.get(0).index() - 15) <= 1, halved.toString());
    assertEquals(List.of(), ChangePoints.find(gateHistory(32, 30, 0.25, 15, 0.9)));
  }

  @Test
  void tooShortOrConstantSeriesHaveNone() {
    assertEquals(List.of(), ChangePoints.find(new double[] {1, 2, 3, 100, 100}));
    assertEquals(List.of(), ChangePoints.find(new double[] {5, 5, 5, 5, 5, 5, 5, 5}));
  }

  @Test
  void pointsNeededAfterAChange() {
    assertEquals(-1, ChangePoints.pointsNeededAfter(13));   // C(13, 6) = 1716 < 2000
    assertEquals(5, ChangePoints.pointsNeededAfter(14));    // C(14, 5) = 2002
    assertEquals(4, ChangePoints.pointsNeededAfter(20));    // C(20, 3) = 1140, C(20, 4) = 4845
    assertEquals(3, ChangePoints.pointsNeededAfter(24));    // C(24, 3) = 2024
    assertEquals(3, ChangePoints.pointsNeededAfter(30));
    // A clean halving 6 points from the end of 14 is found.
    double[] fourteen = new double[14];
    for (int i = 0; i < 14; i++) {
      fourteen[i] = i < 8 ? 10_000 + i : 5_000 + i;
    }
    List<ChangePoints.ChangePoint> found = ChangePoints.find(fourteen);
    assertEquals(1, found.size(), found.toString());
    assertEquals(8, found.get(0).index());
  }
}
