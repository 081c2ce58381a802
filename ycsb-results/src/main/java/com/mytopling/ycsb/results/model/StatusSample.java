package com.mytopling.ycsb.results.model;

import java.util.LinkedHashMap;
import java.util.Map;

/** One YCSB status line (-s): cumulative progress and the latencies of the interval that just ended. */
public class StatusSample {
  /** Wall-clock time as YCSB printed it (local time of the client host, no zone). */
  public String timestamp;
  /** Seconds since the phase started, as YCSB printed them (whole seconds). */
  public long elapsedS;
  /** Operations completed since the phase started. */
  public long totalOps;
  /** Throughput of the interval; null when YCSB printed none or an infinite value (first tick). */
  public Double currentOpsPerSec;
  /** Successful operations since the phase started (our launcher's status line); null when not printed. */
  public Long successfulOps;
  /** Throughput of successful operations in the interval (our launcher's status line); null when not printed. */
  public Double successfulOpsPerSec;
  /** Series name to the interval's statistics: count, min, max, avg, p90, p99, p99.9, p99.99 (microseconds). */
  public Map<String, Map<String, Double>> latencyUs = new LinkedHashMap<>();
}
