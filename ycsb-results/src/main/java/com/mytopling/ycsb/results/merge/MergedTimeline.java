package com.mytopling.ycsb.results.merge;

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
 * A status-line-like time series for a merged phase, built from the clients' HdrHistogram intervals. Time from
 * the first client's start is cut into bins as long as the clients' typical interval (YCSB's status interval).
 * A bin's throughput spreads each interval's operations evenly over the interval; a bin's latency statistics
 * come from the merged histograms of the intervals whose midpoint lies in it.
 */
final class MergedTimeline {
  private MergedTimeline() {
  }

  /** The first client's first operation, epoch milliseconds; null when no client has any. */
  static Long startMs(List<HdrPhaseMerger.ClientLogs> clients) {
    Long start = null;
    for (HdrPhaseMerger.ClientLogs client : clients) {
      long[] active = HdrPhaseMerger.activeSpan(client);
      if (active != null) {
        start = start == null ? active[0] : Math.min(start, active[0]);
      }
    }
    return start;
  }

  static List<StatusSample> build(List<HdrPhaseMerger.ClientLogs> clients) {
    long start = Long.MAX_VALUE;
    long end = Long.MIN_VALUE;
    List<Long> lengths = new ArrayList<>();
    for (HdrPhaseMerger.ClientLogs client : clients) {
      long[] active = HdrPhaseMerger.activeSpan(client);
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
    List<Map<String, List<Histogram>>> latencies = new ArrayList<>();
    for (int b = 0; b < binCount; b++) {
      latencies.add(new TreeMap<>());
    }
    for (HdrPhaseMerger.ClientLogs client : clients) {
      for (HdrLog log : client.logs()) {
        int sign = sign(log);
        for (HdrLog.Interval interval : log.intervals()) {
          // Throughput: the interval's operations spread evenly over its length, so clients whose intervals are
          // not aligned do not alias into alternating full and empty bins.
          if (sign != 0) {
            spread(ops, sign * interval.histogram().getTotalCount(), interval, start, binMs);
          }
          int successSign = successSign(log);
          if (successSign != 0) {
            spread(successful, successSign * interval.histogram().getTotalCount(), interval, start, binMs);
          }
          // Latency: whole intervals only (a histogram cannot be split), into the bin holding the midpoint.
          long mid = (interval.startMs() + interval.endMs()) / 2;
          int bin = (int) Math.max(0, Math.min(binCount - 1, (mid - start) / binMs));
          latencies.get(bin).computeIfAbsent(log.series(), k -> new ArrayList<>()).add(interval.histogram());
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
      latencies.get(b).forEach((name, parts) -> sample.latencyUs.put(name, statusStats(HistogramStats.union(parts))));
      series.add(sample);
    }
    return series;
  }

  /** Successful calls count (READ, UPDATE, INSERT, SCAN, DELETE: DBWrapper puts failed ones elsewhere), less RMW. */
  private static int successSign(HdrLog log) {
    if (OperationNames.isSuccessfulDbCall(log.series())) {
      return 1;
    }
    return log.series().equals(OperationNames.READ_MODIFY_WRITE) ? -1 : 0;
  }

  private static int sign(HdrLog log) {
    if (OperationNames.isCountedDbCall(log.series())) {
      return 1;
    }
    return log.series().equals(OperationNames.READ_MODIFY_WRITE) ? -1 : 0;
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
