package com.mytopling.ycsb.results.merge;

import com.mytopling.ycsb.results.parse.HdrLog;
import com.mytopling.ycsb.results.ReportException;
import com.mytopling.ycsb.results.model.OperationStats;
import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.parse.OperationNames;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;

/**
 * Merges several YCSB clients' HdrHistogram interval logs of one phase into one phase summary.
 *
 * <p>Latency: every interval of every client goes into one histogram per series, and percentiles are read from
 * that: exactly what one YCSB process doing all the work would report (percentiles of several clients must never
 * be averaged: the mean of two p99s is not the p99 of anything).
 *
 * <p>Throughput: operations counted in the common window (the time in which every client was working), divided by
 * its length. Intervals wholly inside the window count fully; an interval crossing an edge of the window counts
 * in proportion to its overlap (at most one status interval per client at each end is prorated this way). A
 * client works from its first interval with operations to its last interval with operations or cleanup (the
 * cleanup flushes the last batches): intervals written after that, such as the one YCSB's final report cuts after
 * the workload's own cleanup (the file workload measures the table's size there), hold no work and are left out.
 * The same is done for successful operations, counted from the series that hold successful calls only.
 */
public final class HdrPhaseMerger {
  private static final String INTENDED_PREFIX = "Intended-";
  private static final java.util.Set<String> JVM_SAMPLE_SERIES =
      java.util.Set.of("THREAD_COUNT", "SYS_LOAD_AVG", "GCS", "GCS_TIME", "USED_MEM_MB");

  /** One client's logs of the phase. */
  public record ClientLogs(String client, List<HdrLog> logs) {
    /** The logs' intervals from {@code cutMs} on (see {@link HdrLog#from}); series with none are dropped. */
    public ClientLogs from(long cutMs) {
      return new ClientLogs(client, logs.stream().map(l -> l.from(cutMs)).filter(l -> !l.intervals().isEmpty())
          .toList());
    }
  }

  private HdrPhaseMerger() {
  }

  public static List<HdrLog> readDir(Path dir) {
    List<Path> files = HdrLog.filesIn(dir);
    if (files.isEmpty()) {
      throw new ReportException(dir + ": no *.hdr files (was YCSB run with -p hdrhistogram.fileoutput=true?)");
    }
    return files.stream().map(HdrLog::read).toList();
  }

  public static PhaseSummary merge(List<ClientLogs> clients) {
    return merge(clients, java.util.Collections.nCopies(clients.size(), null));
  }

  /**
   * Merges the clients' logs, each from the end of its warm-up on.
   *
   * @param warmupEndsMs per client, the moment its warm-up ended (its logs are cut there), or null for none. Latency
   *     and throughput count the intervals that start at or after it; the timeline keeps every interval, so that
   *     charts show the warm-up too.
   */
  public static PhaseSummary merge(List<ClientLogs> clients, List<Long> warmupEndsMs) {
    if (clients.isEmpty()) {
      throw new ReportException("nothing to merge: no client HdrHistogram logs given");
    }
    List<ClientLogs> measured = new ArrayList<>();
    for (int i = 0; i < clients.size(); i++) {
      Long cut = warmupEndsMs.get(i);
      measured.add(cut == null ? clients.get(i) : clients.get(i).from(cut));
    }
    PhaseSummary phase = new PhaseSummary();
    phase.source = "merged-hdr-logs";
    mergeLatencies(measured, phase);
    mergeThroughput(measured, phase);
    phase.statusSeries = MergedTimeline.build(clients);
    return phase;
  }

  /** Epoch milliseconds of elapsed 0 of a merged phase's status series: the first client's first operation. */
  public static Long timelineStartMs(List<ClientLogs> clients) {
    return MergedTimeline.startMs(clients);
  }

  private static void mergeLatencies(List<ClientLogs> clients, PhaseSummary phase) {
    Map<String, List<Histogram>> bySeries = new LinkedHashMap<>();
    for (ClientLogs client : clients) {
      for (HdrLog log : client.logs()) {
        List<Histogram> parts = bySeries.computeIfAbsent(log.series(), s -> new ArrayList<>());
        log.intervals().forEach(i -> parts.add(i.histogram()));
      }
    }
    for (String series : new TreeSet<>(bySeries.keySet())) {
      OperationStats stats = HistogramStats.of(HistogramStats.union(bySeries.get(series)));
      if (series.startsWith(INTENDED_PREFIX)) {
        phase.intendedOperations.put(series.substring(INTENDED_PREFIX.length()), stats);
      } else if (JVM_SAMPLE_SERIES.contains(series)) {
        phase.jvmSamples.put(series, stats);
      } else {
        phase.operations.put(series, stats);
      }
    }
  }

  private static void mergeThroughput(List<ClientLogs> clients, PhaseSummary phase) {
    PhaseSummary.MergeInfo info = new PhaseSummary.MergeInfo();
    info.clientCount = clients.size();
    info.method = "sum over clients of operations in the common time window (edge intervals prorated) / window length";
    phase.clients = new ArrayList<>();
    long windowStart = Long.MIN_VALUE;
    long windowEnd = Long.MAX_VALUE;
    for (ClientLogs client : clients) {
      List<HdrLog> counted = countedLogs(client);
      if (counted.isEmpty()) {
        throw new ReportException("client " + client.client() + ": no operation series (READ, UPDATE, INSERT, SCAN, "
            + "DELETE) among its HdrHistogram logs, so its throughput cannot be counted");
      }
      PhaseSummary.ClientFigures figures = new PhaseSummary.ClientFigures();
      figures.client = client.client();
      long[] active = activeSpan(client);
      if (active == null) {
        throw new ReportException("client " + client.client() + ": its HdrHistogram logs hold no operations"
            + " (after the warm-up, if one was asked for: a warm-up as long as the phase leaves nothing to measure)");
      }
      figures.startMs = active[0];
      figures.endMs = active[1];
      figures.operations = Math.round(operationsBetween(client, Long.MIN_VALUE, Long.MAX_VALUE, false));
      phase.clients.add(figures);
      windowStart = Math.max(windowStart, figures.startMs);
      windowEnd = Math.min(windowEnd, figures.endMs);
      counted.forEach(l -> info.countedSeries.add(l.series()));
    }
    info.countedSeries = new ArrayList<>(new TreeSet<>(info.countedSeries));
    if (windowEnd <= windowStart) {
      throw new ReportException("the clients' runs do not overlap in time (no common window): "
          + "were they started together? Throughput cannot be summed honestly");
    }
    double ops = 0;
    double successful = 0;
    for (int c = 0; c < clients.size(); c++) {
      ops += operationsBetween(clients.get(c), windowStart, windowEnd, false);
      double ok = Math.max(0, operationsBetween(clients.get(c), windowStart, windowEnd, true));
      phase.clients.get(c).successfulOpsInCommonWindow = ok;
      successful += ok;
    }
    info.commonWindowStartMs = windowStart;
    info.commonWindowEndMs = windowEnd;
    info.opsInCommonWindow = ops;
    info.successfulOpsInCommonWindow = successful;
    phase.successfulThroughputOps = successful * 1000.0 / (windowEnd - windowStart);
    phase.merge = info;
    phase.runtimeMs = (double) (windowEnd - windowStart);
    phase.throughputOps = ops * 1000.0 / (windowEnd - windowStart);
    long first = phase.clients.stream().mapToLong(c -> c.startMs).min().orElseThrow();
    long last = phase.clients.stream().mapToLong(c -> c.endMs).max().orElseThrow();
    if ((windowEnd - windowStart) < 0.8 * (last - first)) {
      phase.warnings.add(String.format("the common window (%.1f s) covers less than 80%% of the span from the first "
          + "client's start to the last one's end (%.1f s): clients were started or finished far apart",
          (windowEnd - windowStart) / 1000.0, (last - first) / 1000.0));
    }
  }

  private static List<HdrLog> countedLogs(ClientLogs client) {
    List<HdrLog> result = new ArrayList<>();
    for (HdrLog log : client.logs()) {
      if (OperationNames.isCountedDbCall(log.series()) || log.series().equals(OperationNames.READ_MODIFY_WRITE)) {
        result.add(log);
      }
    }
    return result;
  }

  /**
   * The client's working span: from the start of its first interval with operations to the end of its last
   * interval with operations or cleanup; null when no interval has any.
   */
  static long[] activeSpan(ClientLogs client) {
    long start = Long.MAX_VALUE;
    long end = Long.MIN_VALUE;
    for (HdrLog log : client.logs()) {
      boolean operations = OperationNames.isCountedDbCall(log.series());
      if (!operations && !log.series().equals(OperationNames.CLEANUP)) {
        continue;
      }
      for (HdrLog.Interval interval : log.intervals()) {
        if (interval.histogram().getTotalCount() > 0) {
          if (operations) {
            start = Math.min(start, interval.startMs());
          }
          end = Math.max(end, interval.endMs());
        }
      }
    }
    return start == Long.MAX_VALUE ? null : new long[] {start, Math.max(start, end)};
  }

  /**
   * Operations the client's threads completed in [fromMs, toMs): DB calls, less one READ and UPDATE per RMW; with
   * {@code successfulOnly} the successful calls only (the failed ones are in OP-FAILED series).
   */
  static double operationsBetween(ClientLogs client, long fromMs, long toMs, boolean successfulOnly) {
    double ops = 0;
    for (HdrLog log : client.logs()) {
      int sign;
      if (successfulOnly ? OperationNames.isSuccessfulDbCall(log.series())
          : OperationNames.isCountedDbCall(log.series())) {
        sign = 1;
      } else if (log.series().equals(OperationNames.READ_MODIFY_WRITE)) {
        sign = -1;
      } else {
        continue;
      }
      for (HdrLog.Interval interval : log.intervals()) {
        ops += sign * interval.histogram().getTotalCount() * overlapFraction(interval, fromMs, toMs);
      }
    }
    return ops;
  }

  private static double overlapFraction(HdrLog.Interval interval, long fromMs, long toMs) {
    long length = interval.endMs() - interval.startMs();
    if (length <= 0) {
      return interval.startMs() >= fromMs && interval.startMs() < toMs ? 1.0 : 0.0;
    }
    long overlap = Math.min(interval.endMs(), toMs) - Math.max(interval.startMs(), fromMs);
    return overlap <= 0 ? 0.0 : (double) overlap / length;
  }
}
