package com.mytopling.ycsb.results.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.results.ReportException;
import org.junit.jupiter.api.Test;

/** The smallest schedules whose test can reach alpha (issue 20.7's figures). */
class GateScheduleTest {
  @Test
  void smallestPairedSchedules() {
    assertEquals(5, GateSchedule.smallestRuns(true, 0.05));   // 1/32 = 0.031; 4 pairs: 0.0625
    assertEquals(7, GateSchedule.smallestRuns(true, 0.01));   // 1/128 = 0.0078; 6 pairs: 0.0156
    assertEquals(10, GateSchedule.smallestRuns(true, 0.001)); // 1/1024
  }

  @Test
  void smallestUnpairedSchedules() {
    assertEquals(3, GateSchedule.smallestRuns(false, 0.05));  // 1/20 = 0.05 exactly
    assertEquals(5, GateSchedule.smallestRuns(false, 0.01));  // 4 a side: 1/70 = 0.014; 5: 1/252
  }

  @Test
  void unequalSidesCount() {
    assertFalse(GateSchedule.canReach(false, 3, 3, 0.01));
    assertTrue(GateSchedule.canReach(false, 3, 10, 0.01)); // 1/C(13, 3) = 1/286
  }

  @Test
  void refusalIsOneLineNamingTheFix() {
    ReportException e = assertThrows(ReportException.class, () -> GateSchedule.check(true, 3, 3, 0.05));
    assertEquals("3 pairs can never show a regression at alpha 0.0500: the Wilcoxon signed-rank test's smallest "
        + "possible p with them is 0.125; use at least 5 pairs", e.getMessage());
    GateSchedule.check(true, 5, 5, 0.05);
    GateSchedule.check(false, 3, 3, 0.05);
  }
}
