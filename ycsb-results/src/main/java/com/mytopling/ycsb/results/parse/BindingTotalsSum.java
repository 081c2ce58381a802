package com.mytopling.ycsb.results.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The binding's totals of several clients added up, figure by figure (stored, failed, reconnects, ...). A client
 * without a totals line had nothing to count (the binding prints it only when a figure is not zero).
 */
final class BindingTotalsSum {
  private final Map<String, Long> sums = new LinkedHashMap<>();
  private final List<String> problems = new ArrayList<>();

  void add(String client, Map<String, String> totals) {
    if (totals == null) {
      return;
    }
    totals.forEach((name, value) -> {
      try {
        sums.merge(name, Long.parseLong(value), Long::sum);
      } catch (NumberFormatException e) {
        problems.add(client + ": binding total " + name + "=" + value + " is not a count; left out of the sums");
      }
    });
  }

  /** The sums as the totals line writes them, or null when no client printed one. */
  Map<String, String> sum() {
    if (sums.isEmpty()) {
      return null;
    }
    Map<String, String> result = new LinkedHashMap<>();
    sums.forEach((k, v) -> result.put(k, Long.toString(v)));
    return result;
  }

  List<String> problems() {
    return problems;
  }
}
