package com.mytopling.ycsb.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PairwiseTest {
  private static Map<String, List<?>> factors() {
    Map<String, List<?>> f = new LinkedHashMap<>();
    f.put("workload", List.of("A", "D", "E", "F", "file"));
    f.put("clients", List.of(1, 2));
    f.put("warmup", List.of(0, 1));
    f.put("batching", List.of(false, true));
    f.put("target", List.of("innodb", "myrocks"));
    f.put("shards", List.of(1, 2));
    return f;
  }

  @Test
  void everyPairOfValuesMeetsInSomeCombination() {
    Map<String, List<?>> f = factors();
    List<Map<String, Integer>> cells = Pairwise.of(f);
    List<String> names = List.copyOf(f.keySet());
    for (int a = 0; a < names.size(); a++) {
      for (int b = a + 1; b < names.size(); b++) {
        for (int va = 0; va < f.get(names.get(a)).size(); va++) {
          for (int vb = 0; vb < f.get(names.get(b)).size(); vb++) {
            String fa = names.get(a);
            String fb = names.get(b);
            int x = va;
            int y = vb;
            assertTrue(cells.stream().anyMatch(c -> c.get(fa) == x && c.get(fb) == y),
                fa + "=" + f.get(fa).get(x) + " never meets " + fb + "=" + f.get(fb).get(y));
          }
        }
      }
    }
    // Far fewer than the 160 combinations of the product; at least 5 x 2, the largest two factors' pairs.
    assertTrue(cells.size() >= 10 && cells.size() <= 14, cells.size() + " combinations: " + cells);
  }

  @Test
  void theSameFactorsGiveTheSameCombinations() {
    assertEquals(Pairwise.of(factors()), Pairwise.of(factors()));
  }
}
