package com.mytopling.ycsb.launcher.ci;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The power check's rounds: A, throttled B and A again, in orders that put no side ahead of another over the job. */
class PowerCheckOrderTest {
  @Test
  void everyOrderOfThreeOnceAndInAnyEvenNumberOfRoundsEachSideAsOftenBeforeAsAfterEachOther() {
    int[][] orders = CiRegression.ROUND_ORDERS;
    Set<String> distinct = new HashSet<>();
    for (int[] o : orders) {
      assertEquals(Set.of(0, 1, 2), Set.of(o[0], o[1], o[2]), Arrays.toString(o));
      distinct.add(Arrays.toString(o));
    }
    assertEquals(6, distinct.size(), "the six orders of three");
    for (int rounds = 2; rounds <= 24; rounds += 2) {
      int[][] before = new int[3][3];
      for (int r = 0; r < rounds; r++) {
        int[] o = orders[r % orders.length];
        for (int i = 0; i < 3; i++) {
          for (int j = i + 1; j < 3; j++) {
            before[o[i]][o[j]]++;
          }
        }
      }
      for (int x = 0; x < 3; x++) {
        for (int y = x + 1; y < 3; y++) {
          assertEquals(before[x][y], before[y][x], rounds + " rounds: side " + x + " before " + y);
        }
      }
    }
  }
}
