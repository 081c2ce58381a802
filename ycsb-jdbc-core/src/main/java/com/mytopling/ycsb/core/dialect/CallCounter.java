package com.mytopling.ycsb.core.dialect;

import java.util.Set;

/**
 * One line of a phase's self-check (docs/results.md, "Self-check"): a server counter (a {@link ServerMetric} the
 * sampler records) that counts the client's DB calls of the given kinds, whatever they returned (a call that failed
 * was sent too). Which counter counts what is each dialect's business ({@link Dialect#callCounters}).
 *
 * @param operation how the line is named: the client's operation type (READ, UPDATE, INSERT, DELETE) or ALL
 * @param calls YCSB's call names it counts (READ, SCAN, UPDATE, INSERT, DELETE; their -FAILED series too)
 * @param metric the server-metrics.csv column
 * @param source the server's own counter names, for people
 * @param rows true when the counter counts rows rather than statements (batched inserts: one statement, many rows)
 * @param countsSampler true when the sampler's own queries add to it (SQL Server's batch requests): one per sample
 * @param harnessPart the metric that counts the harness's own statements among the counter's (the sampler's SELECTs
 *     on MySQL, which reads a counter only a SELECT can), added to the client's side; null when none count there
 */
public record CallCounter(String operation, Set<String> calls, ServerMetric metric, String source, boolean rows,
                          boolean countsSampler, ServerMetric harnessPart) {
  public CallCounter(String operation, Set<String> calls, ServerMetric metric, String source, boolean rows,
                     boolean countsSampler) {
    this(operation, calls, metric, source, rows, countsSampler, null);
  }
}
