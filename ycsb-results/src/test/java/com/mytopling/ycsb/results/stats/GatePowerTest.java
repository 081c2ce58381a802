package com.mytopling.ycsb.results.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The power figures docs/results.md quotes, on fixed seeds: what each schedule can and cannot see. */
class GatePowerTest {
  @Test
  void eightPairsSeeATenPercentDropOnOneMachine() {
    double power = GatePower.flagged(true, 8, 0.05, 0.10, 0.05, 0.05, 500, 1);
    assertTrue(power >= 0.95, "power " + power);
    double falseAlarms = GatePower.flagged(true, 8, 0.05, 0.0, 0.05, 0.05, 500, 2);
    assertTrue(falseAlarms <= 0.02, "false alarms " + falseAlarms);
  }

  @Test
  void fourPairsSeeNothingAtAll() {
    // The schedule the gate now refuses: its best p is 1/16, above 0.05, whatever the drop.
    assertEquals(0.0, GatePower.flagged(true, 4, 0.05, 0.50, 0.05, 0.05, 200, 1));
  }

  @Test
  void noScheduleOfCiSizeSeesTenPercentBetweenMachines() {
    // +-25 % between machines: a stored baseline recorded elsewhere cannot show a 10 % change.
    assertTrue(GatePower.flagged(false, 8, 0.25, 0.10, 0.05, 0.05, 500, 1) < 0.3);
  }

  @Test
  void aSecondSequenceOnAMissKeepsASoundGateGreenAndABlindOneRed() {
    // A CI machine's spread (0.09 to 0.135 measured): one sequence of 16 rounds fails a sound gate's check about one
    // time in eight.
    double once = GatePower.powerCheckFails(16, 0.12, 0.10, false, 4000, 3);
    assertTrue(once > 0.08 && once < 0.16, "one sequence fails " + once);
    double twice = GatePower.powerCheckFails(16, 0.12, 0.10, true, 4000, 4);
    assertTrue(twice < 0.02, "with a second sequence on a miss " + twice);
    // A gate that cannot see the throttle (B no slower) still fails the check nearly always.
    assertTrue(GatePower.powerCheckFails(16, 0.10, 0.0, true, 1000, 6) > 0.9);
  }
}
