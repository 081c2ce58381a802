package com.mytopling.ycsb.results.window;

import com.mytopling.ycsb.results.ReportException;
import com.mytopling.ycsb.results.merge.HistogramStats;
import com.mytopling.ycsb.results.parse.HdrLog;
import com.mytopling.ycsb.results.parse.OperationNames;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.HdrHistogram.Histogram;

/**
 * The one measured window of a phase (docs/results.md, "The measured window"): the phase's clients x operation series
 * of HdrHistogram intervals on one clock, and the window every figure of the phase is counted in. Throughput,
 * percentiles, successful and failed operations, rows, statements, per-row costs, the server's rows, the steady-state
 * verdict and the self-check all ask this class which part of which interval counts, so they cannot disagree.
 *
 * <ul>
 *   <li>The clock: the database server's when every client recorded its start on it (the start barrier), else the
 *       clients' own (see {@link ClientLogs}).</li>
 *   <li>A client's measured intervals: those that start at or after its warm-up's cut (exact recorded bounds; the
 *       status thread cut every series there, so none straddles it).</li>
 *   <li>A client's work: from the start of its first measured interval with operations (no earlier than the latest
 *       series' cut: the status thread cuts the series one after another) to the end of its last interval with
 *       operations, CLEANUP, or the statements cleanup sends (the last batches' INSERT-BATCH, INSERT-BULK-COMMIT):
 *       the status thread cuts each series at its own moment, so the interval holding the final flush's statements
 *       can end after CLEANUP's, and the window must not prorate away what the server certainly ran.</li>
 *   <li>The window: from the latest client's start of work to the earliest client's end of work; for one client, its
 *       work. Clients whose work does not overlap are refused; so is a common window shorter than
 *       {@value #MIN_COMMON_SHARE} of the span from the first client's start to the last one's end (the figure would
 *       describe a small part of the work), with a warning under {@value #WARN_COMMON_SHARE}.</li>
 *   <li>Counts: an interval inside the window counts whole, one crossing an edge (another client's interval, or a
 *       series cut before the latest one; at most one per series at each edge) in proportion to its overlap.</li>
 *   <li>Latency: a histogram cannot be split in time, so an interval's samples are in the window's percentiles when
 *       at least half of it lies in the window.</li>
 * </ul>
 */
public final class MeasuredPhase {
  public static final double MIN_COMMON_SHARE = 0.5;
  public static final double WARN_COMMON_SHARE = 0.8;

  /** An operation's share of a series: +1 for the DB calls it counts, -1 for READ-MODIFY-WRITE, 0 for others. */
  public enum Count {
    ALL_OPERATIONS, SUCCESSFUL_OPERATIONS;

    int sign(String series) {
      boolean call = this == ALL_OPERATIONS ? OperationNames.isCountedDbCall(series)
          : OperationNames.isSuccessfulDbCall(series);
      if (call) {
        return 1;
      }
      return series.equals(OperationNames.READ_MODIFY_WRITE) ? -1 : 0;
    }
  }

  /** One bin of the window's time: its bounds on the phase clock and the operations counted in it. */
  public record Bin(long startMs, long endMs, double operations, double successful) {
    public double lengthS() {
      return (endMs - startMs) / 1000.0;
    }
  }

  private final List<ClientLogs> clients;
  private final List<long[]> work = new ArrayList<>();
  private final long startMs;
  private final long endMs;
  private final boolean serverClock;
  private final long warmupS;
  private final List<String> warnings = new ArrayList<>();

  private MeasuredPhase(List<ClientLogs> clients, boolean serverClock, long warmupS) {
    if (clients.isEmpty()) {
      throw new ReportException("nothing to measure: no client HdrHistogram logs given");
    }
    this.clients = List.copyOf(clients);
    this.serverClock = serverClock;
    this.warmupS = warmupS;
    long start = Long.MIN_VALUE;
    long end = Long.MAX_VALUE;
    for (ClientLogs client : clients) {
      long[] span = work(client);
      if (span == null) {
        throw new ReportException((clients.size() == 1 ? "" : "client " + client.client() + ": ") + "its HdrHistogram "
            + "logs hold no operations (READ, UPDATE, INSERT, SCAN, DELETE)" + (client.cutMs() == null ? ""
            : " after the warm-up: a warm-up as long as the phase leaves nothing to measure"));
      }
      work.add(span);
      start = Math.max(start, span[0]);
      end = Math.min(end, span[1]);
    }
    long first = work.stream().mapToLong(s -> s[0]).min().orElseThrow();
    long last = work.stream().mapToLong(s -> s[1]).max().orElseThrow();
    if (end <= start) {
      throw new ReportException("the clients' runs do not overlap in time (no common window" + (serverClock
          ? ", on the server's clock" : ", on their own clocks, which the start barrier did not relate")
          + "): were they started together? Throughput cannot be summed honestly");
    }
    this.startMs = start;
    this.endMs = end;
    double share = (double) (end - start) / (last - first);
    if (share < MIN_COMMON_SHARE) {
      throw new ReportException(String.format(Locale.ROOT, "the clients' common window (%.1f s) is %.0f%% of the span "
          + "from the first client's start to the last one's end (%.1f s), under %.0f%%: the merged figures would "
          + "describe a small part of the work; start the clients together (the start barrier) with equal work",
          (end - start) / 1000.0, 100 * share, (last - first) / 1000.0, 100 * MIN_COMMON_SHARE));
    }
    if (share < WARN_COMMON_SHARE) {
      warnings.add(String.format(Locale.ROOT, "the common window (%.1f s) covers less than %.0f%% of the span from the "
          + "first client's start to the last one's end (%.1f s): clients were started or finished far apart",
          (end - start) / 1000.0, 100 * WARN_COMMON_SHARE, (last - first) / 1000.0));
    }
  }

  /**
   * The phase of these clients.
   *
   * @param serverClock true when their logs are on the server's clock (every client went through the start barrier)
   * @param warmupS the warm-up asked for, seconds (each client's cut is in its {@link ClientLogs})
   */
  public static MeasuredPhase of(List<ClientLogs> clients, boolean serverClock, long warmupS) {
    return new MeasuredPhase(clients, serverClock, warmupS);
  }

  /** measurement.warmup of the phase, seconds (0: none). */
  public long warmupS() {
    return warmupS;
  }

  public List<ClientLogs> clients() {
    return clients;
  }

  /** Start of the window, epoch milliseconds on the phase clock. */
  public long startMs() {
    return startMs;
  }

  public long endMs() {
    return endMs;
  }

  public long lengthMs() {
    return endMs - startMs;
  }

  /** True when the phase clock is the database server's (offsets from the start barrier), false: the clients' own. */
  public boolean serverClock() {
    return serverClock;
  }

  /** Things a reader of the figures should know (a common window that is a small part of the span). */
  public List<String> warnings() {
    return warnings;
  }

  /** The client's work: [start, end] on the phase clock. */
  public long[] work(int client) {
    return work.get(client).clone();
  }

  /** The share of an interval of the client that counts in [fromMs, toMs) of the window (see the class comment). */
  private static double share(ClientLogs client, HdrLog.Interval i, long fromMs, long toMs) {
    if (client.cutMs() != null && i.startMs() < client.cutMs()) {
      return 0;
    }
    long length = i.endMs() - i.startMs();
    if (length <= 0) {
      return i.startMs() >= fromMs && i.startMs() < toMs ? 1 : 0;
    }
    long overlap = Math.min(i.endMs(), toMs) - Math.max(i.startMs(), fromMs);
    return overlap <= 0 ? 0 : (double) overlap / length;
  }

  /** The share of an interval that counts in the window. */
  public double weight(ClientLogs client, HdrLog.Interval i) {
    return share(client, i, startMs, endMs);
  }

  /** True when the interval's samples are in the window's latency figures: at least half of it is in the window. */
  public boolean inLatency(ClientLogs client, HdrLog.Interval i) {
    return weight(client, i) >= 0.5;
  }

  /** Samples of the matching series in the window, all clients, edge intervals prorated. */
  public double count(Predicate<String> series) {
    double n = 0;
    for (ClientLogs c : clients) {
      n += count(c, series, startMs, endMs);
    }
    return n;
  }

  /** Samples of the matching series of one client in [fromMs, toMs) ∩ the window. */
  public double count(ClientLogs client, Predicate<String> series, long fromMs, long toMs) {
    long from = Math.max(fromMs, startMs);
    long to = Math.min(toMs, endMs);
    double n = 0;
    if (to <= from) {
      return 0;
    }
    for (HdrLog log : client.logs()) {
      if (series.test(log.series())) {
        for (HdrLog.Interval i : log.intervals()) {
          n += i.count() * share(client, i, from, to);
        }
      }
    }
    return n;
  }

  /**
   * Samples of the matching series of all clients in [fromMs, toMs) of the phase clock, warm-up or not, inside the
   * window or not (edge intervals prorated): what the clients sent in that time, for comparing with the server's
   * counters over the same time (the self-check).
   */
  public double countSent(Predicate<String> series, long fromMs, long toMs) {
    double n = 0;
    for (ClientLogs c : clients) {
      for (HdrLog log : c.logs()) {
        if (series.test(log.series())) {
          for (HdrLog.Interval i : log.intervals()) {
            long length = i.endMs() - i.startMs();
            long overlap = Math.min(i.endMs(), toMs) - Math.max(i.startMs(), fromMs);
            if (length <= 0) {
              n += i.startMs() >= fromMs && i.startMs() < toMs ? i.count() : 0;
            } else if (overlap > 0) {
              n += i.count() * (double) overlap / length;
            }
          }
        }
      }
    }
    return n;
  }

  /** Operations (DB calls less one per read-modify-write) of all clients in [fromMs, toMs) ∩ the window. */
  public double operations(Count which, long fromMs, long toMs) {
    double n = 0;
    for (ClientLogs c : clients) {
      n += operations(c, which, fromMs, toMs);
    }
    return n;
  }

  public double operations(Count which) {
    return operations(which, startMs, endMs);
  }

  public double operations(ClientLogs client, Count which, long fromMs, long toMs) {
    return count(client, s -> which.sign(s) > 0, fromMs, toMs)
        - count(client, s -> which.sign(s) < 0, fromMs, toMs);
  }

  /** Every series' samples in the window's latency figures, all clients in one histogram per series, by name. */
  public Map<String, Histogram> histograms() {
    // Each interval decoded, added and let go: memory for one union per series, however many clients.
    Map<String, Histogram> union = new TreeMap<>();
    for (ClientLogs c : clients) {
      for (HdrLog log : c.logs()) {
        Histogram series = union.computeIfAbsent(log.series(), k -> HistogramStats.emptyUnion());
        for (HdrLog.Interval i : log.intervals()) {
          if (inLatency(c, i)) {
            series.add(i.histogram());
          }
        }
      }
    }
    return new LinkedHashMap<>(union);
  }

  /**
   * The window cut into bins at the status interval's boundaries of the first client (its most frequent operation
   * series; the other clients' intervals prorated into them): a single client's own status intervals, exactly.
   */
  public List<Bin> bins() {
    List<Long> bounds = new ArrayList<>();
    bounds.add(startMs);
    HdrLog reference = null;
    ClientLogs first = clients.get(0);
    for (HdrLog log : first.logs()) {
      if (OperationNames.isCountedDbCall(log.series())
          && (reference == null || log.totalCount() > reference.totalCount())) {
        reference = log;
      }
    }
    if (reference != null) {
      for (HdrLog.Interval i : reference.intervals()) {
        if (i.endMs() > startMs && i.endMs() < endMs) {
          bounds.add(i.endMs());
        }
      }
    }
    bounds.add(endMs);
    List<Bin> bins = new ArrayList<>();
    for (int b = 0; b + 1 < bounds.size(); b++) {
      long from = bounds.get(b);
      long to = bounds.get(b + 1);
      if (to > from) {
        bins.add(new Bin(from, to, operations(Count.ALL_OPERATIONS, from, to),
            operations(Count.SUCCESSFUL_OPERATIONS, from, to)));
      }
    }
    return bins;
  }

  /**
   * The client's work after its cut: from its first measured interval with operations to the end of its last with
   * work; null when it has none. The status thread cuts the series one after another, and on a busy machine (or at
   * its first cut, before the JIT has compiled the histograms' code) the last can be cut hundreds of milliseconds
   * after the first: the work starts no earlier than the latest first measured interval of the series that existed
   * at the cut (a series created later starts its first interval at its first operation and says nothing about the
   * cut), so every operation type is counted over the same window.
   */
  private static long[] work(ClientLogs client) {
    long start = Long.MAX_VALUE;
    long end = Long.MIN_VALUE;
    long latestCut = Long.MIN_VALUE;
    for (HdrLog log : client.logs()) {
      boolean operations = OperationNames.isCountedDbCall(log.series());
      if (!operations && !OperationNames.isWorkAfterOperations(log.series())) {
        continue;
      }
      boolean existedAtCut = false;
      for (HdrLog.Interval i : log.intervals()) {
        boolean measured = client.cutMs() == null || i.startMs() >= client.cutMs();
        if (!measured) {
          existedAtCut = true;
        } else if (existedAtCut && operations) {
          latestCut = Math.max(latestCut, i.startMs());
          existedAtCut = false;
        }
        if (i.count() > 0 && measured) {
          if (operations) {
            start = Math.min(start, i.startMs());
          }
          end = Math.max(end, i.endMs());
        }
      }
    }
    if (start == Long.MAX_VALUE) {
      return null;
    }
    start = Math.max(start, latestCut);
    return new long[] {start, Math.max(start, end)};
  }
}
