package com.mytopling.ycsb.results.window;

import com.mytopling.ycsb.results.merge.HistogramStats;
import com.mytopling.ycsb.results.parse.HdrLog;
import com.mytopling.ycsb.results.model.StatusSample;
import com.mytopling.ycsb.results.parse.OperationNames;
import com.mytopling.ycsb.results.parse.Percentiles;
import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * A status-line-like time series of a merged phase over its whole span, warm-up included (charts shade it), built
 * from the measured phase's clients on the phase clock. Time from the first client's first operation is cut into bins
 * as long as the clients' typical interval (YCSB's status interval). A bin's throughput spreads each interval's
 * operations evenly over the interval; a bin's latency statistics come from the merged histograms of the intervals
 * whose midpoint lies in it.
 */
final class Timeline {
  private Timeline() {
  }

  /** The first client's first operation on the phase clock, warm-up included; null when no client has any. */
  static Long startMs(MeasuredPhase phase) {
    Long start = null;
    for (ClientLogs client : phase.clients()) {
      long[] active = wholeSpan(client);
      if (active != null) {
        start = start == null ? active[0] : Math.min(start, active[0]);
      }
    }
    return start;
  }

  /** A client's first interval with operations to its last with operations or CLEANUP, warm-up included. */
  private static long[] wholeSpan(ClientLogs client) {
    long start = Long.MAX_VALUE;
    long end = Long.MIN_VALUE;
    for (HdrLog log : client.logs()) {
      boolean operations = OperationNames.isCountedDbCall(log.series());
      if (operations || log.series().equals(OperationNames.CLEANUP)) {
        for (HdrLog.Interval i : log.intervals()) {
          if (i.count() > 0) {
            start = operations ? Math.min(start, i.startMs()) : start;
            end = Math.max(end, i.endMs());
          }
        }
      }
    }
    return start == Long.MAX_VALUE ? null : new long[] {start, Math.max(start, end)};
  }

  static List<StatusSample> build(MeasuredPhase phase) {
    long start = Long.MAX_VALUE;
    long end = Long.MIN_VALUE;
    List<Long> lengths = new ArrayList<>();
    for (ClientLogs client : phase.clients()) {
      long[] active = wholeSpan(client);
      if (active != null) {
        start = Math.min(start, active[0]);
        end = Math.max(end, active[1]);
      }
      for (HdrLog log : client.logs()) {
        log.intervals().forEach(i -> lengths.add(i.endMs() - i.startMs()));
      }
    }
    long binMs = typicalLength(lengths);
    if (binMs <= 0 || end <= start) {
      return List.of();
    }
    int binCount = (int) ((end - start + binMs - 1) / binMs);
    double[] ops = new double[binCount];
    double[] successful = new double[binCount];
    // One union per bin and series, each interval added as it is decoded (HdrLog.Interval says why).
    List<Map<String, Histogram>> latencies = new ArrayList<>();
    for (int b = 0; b < binCount; b++) {
      latencies.add(new TreeMap<>());
    }
    for (ClientLogs client : phase.clients()) {
      for (HdrLog log : client.logs()) {
        int sign = MeasuredPhase.Count.ALL_OPERATIONS.sign(log.series());
        for (HdrLog.Interval interval : log.intervals()) {
          // Throughput: the interval's operations spread evenly over its length, so clients whose intervals are
          // not aligned do not alias into alternating full and empty bins.
          if (sign != 0) {
            spread(ops, sign * interval.count(), interval, start, binMs);
          }
          int successSign = MeasuredPhase.Count.SUCCESSFUL_OPERATIONS.sign(log.series());
          if (successSign != 0) {
            spread(successful, successSign * interval.count(), interval, start, binMs);
          }
          // Latency: whole intervals only (a histogram cannot be split), into the bin holding the midpoint.
          long mid = (interval.startMs() + interval.endMs()) / 2;
          int bin = (int) Math.max(0, Math.min(binCount - 1, (mid - start) / binMs));
          latencies.get(bin).computeIfAbsent(log.series(), k -> HistogramStats.emptyUnion()).add(interval.histogram());
        }
      }
    }
    SimpleDateFormat format = new SimpleDateFormat("yyyy-MM-dd HH:mm:ss:SSS");
    List<StatusSample> series = new ArrayList<>();
    double total = 0;
    double totalSuccessful = 0;
    for (int b = 0; b < binCount; b++) {
      long binStart = start + b * binMs;
      long binEnd = Math.min(binStart + binMs, end);
      total += ops[b];
      totalSuccessful += Math.max(0, successful[b]);
      StatusSample sample = new StatusSample();
      sample.timestamp = format.format(new Date(binEnd));
      sample.elapsedS = Math.round((binEnd - start) / 1000.0);
      sample.totalOps = Math.round(total);
      sample.currentOpsPerSec = ops[b] * 1000.0 / (binEnd - binStart);
      sample.successfulOps = Math.round(totalSuccessful);
      sample.successfulOpsPerSec = Math.max(0, successful[b]) * 1000.0 / (binEnd - binStart);
      latencies.get(b).forEach((name, union) -> sample.latencyUs.put(name, statusStats(union)));
      series.add(sample);
    }
    return series;
  }

  private static void spread(double[] ops, long count, HdrLog.Interval interval, long start, long binMs) {
    long length = interval.endMs() - interval.startMs();
    if (length <= 0) {
      int bin = (int) Math.max(0, Math.min(ops.length - 1, (interval.startMs() - start) / binMs));
      ops[bin] += count;
      return;
    }
    for (int b = 0; b < ops.length; b++) {
      long binStart = start + b * binMs;
      long overlap = Math.min(interval.endMs(), binStart + binMs) - Math.max(interval.startMs(), binStart);
      if (overlap > 0) {
        ops[b] += (double) count * overlap / length;
      }
    }
  }

  /** The same statistics a YCSB status line prints. */
  private static Map<String, Double> statusStats(Histogram h) {
    Map<String, Double> stats = new LinkedHashMap<>();
    stats.put("count", (double) h.getTotalCount());
    if (h.getTotalCount() > 0) {
      stats.put("max", (double) h.getMaxValue());
      stats.put("min", (double) h.getMinValue());
      stats.put("avg", h.getMean());
      for (double p : new double[] {90, 99, 99.9, 99.99}) {
        stats.put(Percentiles.key(p), (double) h.getValueAtPercentile(p));
      }
    }
    return stats;
  }

  /** The median interval length: the status interval, unaffected by the short last interval of each client. */
  private static long typicalLength(List<Long> lengths) {
    if (lengths.isEmpty()) {
      return 0;
    }
    long[] sorted = lengths.stream().mapToLong(Long::longValue).toArray();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }
}
