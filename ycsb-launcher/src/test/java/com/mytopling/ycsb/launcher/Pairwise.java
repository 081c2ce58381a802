package com.mytopling.ycsb.launcher;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An all-pairs (pairwise) set of combinations: every value of every factor meets every value of every other factor in
 * at least one combination. Built by the classic greedy rule (AETG's, over the whole Cartesian product, which is small
 * here): take the combination that covers the most pairs not yet covered, the first one in the product's order on a
 * tie, until every pair is covered. Deterministic: the same factors give the same combinations in the same order.
 */
final class Pairwise {
  private Pairwise() {
  }

  /** The combinations, each a map from factor name to the value's index in that factor's list. */
  static List<Map<String, Integer>> of(Map<String, List<?>> factors) {
    List<String> names = new ArrayList<>(factors.keySet());
    int n = names.size();
    int[] sizes = new int[n];
    for (int i = 0; i < n; i++) {
      sizes[i] = factors.get(names.get(i)).size();
    }
    List<int[]> product = new ArrayList<>();
    product(sizes, 0, new int[n], product);
    BitSet uncovered = new BitSet();
    int pairs = 0;
    for (int a = 0; a < n; a++) {
      for (int b = a + 1; b < n; b++) {
        pairs += sizes[a] * sizes[b];
      }
    }
    uncovered.set(0, pairs);
    List<Map<String, Integer>> chosen = new ArrayList<>();
    while (!uncovered.isEmpty()) {
      int[] best = null;
      int bestGain = 0;
      for (int[] candidate : product) {
        int gain = 0;
        for (int p : pairsOf(candidate, sizes)) {
          if (uncovered.get(p)) {
            gain++;
          }
        }
        if (gain > bestGain) {
          best = candidate;
          bestGain = gain;
        }
      }
      for (int p : pairsOf(best, sizes)) {
        uncovered.clear(p);
      }
      Map<String, Integer> combination = new LinkedHashMap<>();
      for (int i = 0; i < n; i++) {
        combination.put(names.get(i), best[i]);
      }
      chosen.add(combination);
    }
    return chosen;
  }

  private static void product(int[] sizes, int at, int[] current, List<int[]> out) {
    if (at == sizes.length) {
      out.add(current.clone());
      return;
    }
    for (int v = 0; v < sizes[at]; v++) {
      current[at] = v;
      product(sizes, at + 1, current, out);
    }
  }

  /** The numbers of the pairs a combination covers: factor pair (a, b) with a before b, then value a, value b. */
  private static int[] pairsOf(int[] c, int[] sizes) {
    int n = sizes.length;
    int[] out = new int[n * (n - 1) / 2];
    int k = 0;
    int base = 0;
    for (int a = 0; a < n; a++) {
      for (int b = a + 1; b < n; b++) {
        out[k++] = base + c[a] * sizes[b] + c[b];
        base += sizes[a] * sizes[b];
      }
    }
    return out;
  }
}
