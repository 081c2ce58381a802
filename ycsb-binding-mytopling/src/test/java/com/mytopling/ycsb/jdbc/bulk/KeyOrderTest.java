package com.mytopling.ycsb.jdbc.bulk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class KeyOrderTest {
  @Test
  void sortsAPermutationByKeyLeavingKeysInPlace() {
    String[] keys = {"user9", "user10", "user1", "user5"};
    int[] order = new int[4];
    new KeyOrder(4).sort(keys, 4, order);
    assertArrayEquals(new int[] {2, 1, 3, 0}, order);
    assertArrayEquals(new String[] {"user9", "user10", "user1", "user5"}, keys);
  }

  @Test
  void randomBatchesOfManySizesComeOutSortedAndComplete() {
    Random rnd = new Random(42);
    KeyOrder ko = new KeyOrder(1);
    for (int n : new int[] {0, 1, 2, 15, 16, 17, 100, 5000}) {
      String[] keys = new String[n + 3];
      for (int i = 0; i < n; i++) {
        keys[i] = "user" + rnd.nextInt(n * 2 + 1);
      }
      int[] order = new int[n];
      ko.sort(keys, n, order);
      for (int i = 1; i < n; i++) {
        assertTrue(keys[order[i - 1]].compareTo(keys[order[i]]) <= 0, "sorted at " + i + " of " + n);
      }
      int[] seen = order.clone();
      Arrays.sort(seen);
      for (int i = 0; i < n; i++) {
        assertTrue(seen[i] == i, "permutation of 0.." + n);
      }
    }
  }

  @Test
  void equalKeysKeepArrivalOrder() {
    String[] keys = new String[40];
    for (int i = 0; i < 40; i++) {
      keys[i] = i % 2 == 0 ? "b" : "a";
    }
    int[] order = new int[40];
    new KeyOrder(40).sort(keys, 40, order);
    for (int i = 1; i < 20; i++) {
      assertTrue(order[i - 1] < order[i]);
    }
  }
}
