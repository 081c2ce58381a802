package com.mytopling.ycsb.results.model;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Latency statistics and return codes of one YCSB series (READ, UPDATE, INSERT-BATCH, Intended-READ, ...).
 * All latencies are in microseconds, as YCSB records them. A field is null when the source did not report it:
 * an absent percentile is never shown as zero.
 */
public class OperationStats {
  public Long count;
  public Double avgUs;
  public Double minUs;
  public Double maxUs;
  /** Keys "p50", "p95", "p99", "p99.9", ... in ascending order of the percentile. */
  public Map<String, Double> percentilesUs = new LinkedHashMap<>();
  /** YCSB Return=CODE lines: code to count. For batched series the count is in rows. */
  public Map<String, Long> returnCodes = new LinkedHashMap<>();

  public Double percentile(String key) {
    return percentilesUs.get(key);
  }
}
