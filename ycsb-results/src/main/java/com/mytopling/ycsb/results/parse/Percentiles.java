package com.mytopling.ycsb.results.parse;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/** Names of percentiles as summary.json keys them: "p50", "p99", "p99.9". */
public final class Percentiles {
  /** The percentiles every report shows, in this order, when present. */
  public static final String[] STANDARD = {"p50", "p95", "p99", "p99.9"};

  private Percentiles() {
  }

  public static String key(double percentile) {
    return "p" + new BigDecimal(Double.toString(percentile)).stripTrailingZeros().toPlainString();
  }

  public static double value(String key) {
    return Double.parseDouble(key.substring(1));
  }

  /** Orders keys by percentile so p99.9 comes after p99 whatever order the source had. */
  public static Map<String, Double> sorted(Map<String, Double> byKey) {
    TreeMap<Double, String> order = new TreeMap<>();
    byKey.keySet().forEach(k -> order.put(value(k), k));
    Map<String, Double> result = new LinkedHashMap<>();
    order.values().forEach(k -> result.put(k, byKey.get(k)));
    return result;
  }
}
