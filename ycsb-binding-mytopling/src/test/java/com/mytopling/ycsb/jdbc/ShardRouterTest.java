package com.mytopling.ycsb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ShardRouterTest {
  @Test
  void hashIsFixedAcrossRunsAndJvms() {
    // These values are part of the data layout of sharded tables: changing them strands rows.
    ShardRouter r = new ShardRouter(4);
    assertEquals(r.shard("user1"), new ShardRouter(4).shard("user1"));
    int[] expected = new int[8];
    for (int i = 0; i < expected.length; i++) {
      expected[i] = r.shard("user" + i);
    }
    // FNV-1a 64 of "user0".."user7" mod 4, computed independently.
    assertEquals("[2, 1, 0, 3, 2, 1, 0, 3]", java.util.Arrays.toString(expected));
  }

  @Test
  void spreadsKeysEvenly() {
    ShardRouter r = new ShardRouter(3);
    int[] counts = new int[3];
    for (int i = 0; i < 30_000; i++) {
      counts[r.shard("user" + site.ycsb.Utils.hash(i))]++;
    }
    for (int c : counts) {
      assertTrue(c > 9_000 && c < 11_000, java.util.Arrays.toString(counts));
    }
  }

  @Test
  void oneShardTakesEverything() {
    assertEquals(0, new ShardRouter(1).shard("anything"));
  }
}
