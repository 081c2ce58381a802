package com.mytopling.ycsb.results.parse;

import com.mytopling.ycsb.core.ConfigException;
import com.mytopling.ycsb.core.config.Property;
import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.core.dialect.CallCounter;
import com.mytopling.ycsb.core.dialect.Dialect;
import com.mytopling.ycsb.core.dialect.Dialects;
import com.mytopling.ycsb.core.dialect.InsertStatements;
import com.mytopling.ycsb.core.dialect.ServerMetric;
import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.model.SelfCheck;
import com.mytopling.ycsb.results.servermetrics.ServerMetricsFile;
import com.mytopling.ycsb.results.stats.Median;
import com.mytopling.ycsb.results.window.MeasuredPhase;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The self-check (docs/results.md, "Self-check"): what the clients counted against the server's own counters over the
 * same time, per operation type, so that a miscount of the harness or a server shared with other work shows.
 *
 * <p>The span is the server's: from its sample at the measured window's start (the one the status thread takes right
 * after its warm-up cut, or the first, before the client threads start) to its first at or after the window's end
 * (the last follows the work), on the phase clock. The clients' side is every DB call they sent in that span, by
 * kind, failed ones included, edge intervals prorated. The dialect says which counter counts which calls
 * ({@link Dialect#callCounters}); the harness's own statements that a counter counts (the sampler's SELECTs on MySQL)
 * are added to the clients' side. They agree when they differ by at most the tolerance: {@value #RELATIVE_PERCENT}% of
 * the larger count plus {@value #ABSOLUTE} (a driver's own first-connection query; the harness sends none of its own on
 * the client connections), plus what the clients send while the two boundary samples' queries run (the operation's
 * rate times their query time), plus, for batched inserts, batches filled before the span and written in it (after
 * a warm-up one per client thread, its rows or one statement; without one the rows handed over before the span's
 * first sample, which can follow the threads' start by a sample's round trip), plus the binding's lock retries and
 * reconnects (a retried statement is sent twice).
 */
final class SelfCheckRule {
  static final double RELATIVE_PERCENT = 1;
  static final long ABSOLUTE = 10;
  /**
   * The sample at the warm-up's end follows the last series' cut, where the window starts, by a round trip: the span
   * starts at the last sample up to this long after the window's start.
   */
  static final long START_SAMPLE_SLACK_MS = 250;

  private SelfCheckRule() {
  }

  static SelfCheck check(Path dir, String phaseName, PhaseSummary phase, MeasuredPhase model,
                         Map<String, String> server, Map<String, Object> metadata) {
    if (model == null) {
      return SelfCheck.unavailable("no HdrHistogram interval logs to count the client's calls in time");
    }
    List<ServerMetricsFile.Row> rows = new ArrayList<>(ServerMetricsReader.rows(dir, phaseName));
    if (rows.isEmpty()) {
      return SelfCheck.unavailable("the server's counters were not sampled ("
          + Registry.MEASUREMENT_SERVERMETRICS.name() + ")");
    }
    Dialect dialect;
    try {
      dialect = Dialects.byName(server == null || server.get("dialect") == null ? "" : server.get("dialect"));
    } catch (ConfigException e) {
      return SelfCheck.unavailable("the server's dialect is not known (no binding record)");
    }
    long offset = model.clients().get(0).offsetMs();
    rows.sort(Comparator.comparingLong(ServerMetricsFile.Row::endMs));
    long to = boundary(rows, model.endMs() - offset, true, Long.MAX_VALUE);
    // A window shorter than the slack would otherwise start at the sample that ends it.
    long from = boundary(rows, model.startMs() - offset + START_SAMPLE_SLACK_MS, false, to);
    if (to <= from) {
      return SelfCheck.unavailable("no server sample inside the measured window");
    }
    List<ServerMetricsFile.Row> span = rows.stream().filter(r -> r.startMs() >= from && r.endMs() <= to).toList();
    double seconds = (to - from) / 1000.0;
    double edgeS = (sampleMs(rows, from) + sampleMs(rows, to)) / 1000.0;
    // metadata.json's own "threads" when its properties lack threadcount (a run given -threads).
    int threads = number(metadata, Registry.THREADCOUNT, "threads");
    int clients = Math.max(1, model.clients().size());
    int batchSize = number(metadata, Registry.DB_BATCHSIZE, null);
    long retries = retries(phase.bindingTotals);
    // A batch filled during the warm-up can be written after the span's start.
    boolean warmedUp = model.clients().stream().anyMatch(c -> c.cutMs() != null);
    // Rows the clients handed to batches before the span's start sample (which can follow the threads' start by a
    // sample's round trip: a quarter of a second on a loaded host): written later, inside the span.
    double rowsBeforeSpan = from + offset > model.startMs()
        ? model.countSent(s -> s.equals("INSERT"), model.startMs(), from + offset) : 0;

    SelfCheck check = new SelfCheck();
    check.fromMs = from + offset;
    check.toMs = to + offset;
    check.tolerance = String.format(Locale.ROOT, "%.0f%% of the larger count + %d, + the rate x the boundary samples' "
        + "query time (%.0f ms), + for batched inserts one batch per client thread after a warm-up (without one, the "
        + "%.0f rows handed over before the span's first sample), + the binding's lock retries and reconnects (%d)",
        RELATIVE_PERCENT, ABSOLUTE, edgeS * 1000, rowsBeforeSpan, retries);
    List<String> missing = new ArrayList<>();
    List<String> disagreements = new ArrayList<>();
    InsertStatements inserts = BindingRecords.insertStatements(phase);
    for (CallCounter counter : dialect.callCounters(inserts, server.get("product"))) {
      Long counted = sum(span, counter.metric(), to - from);
      if (counted == null) {
        missing.add(counter.metric().column());
        continue;
      }
      // The harness's own statements among the server's count (the sampler's SELECTs on MySQL) are the client's too.
      Long harness = counter.harnessPart() == null ? null : sum(span, counter.harnessPart(), to - from);
      double client = model.countSent(calls(counter), from + offset, to + offset)
          + (counter.countsSampler() ? span.size() : 0) + (harness == null ? 0 : harness);
      if (client == 0 && counted == 0) {
        continue;
      }
      SelfCheck.Check c = new SelfCheck.Check();
      c.operation = counter.operation();
      c.clientCount = client;
      c.serverCount = counted;
      c.counter = counter.metric().column();
      c.counterSource = counter.source();
      c.allowed = RELATIVE_PERCENT / 100 * Math.max(client, counted) + ABSOLUTE + client / seconds * edgeS
          + batchesAcrossSpanStart(counter, inserts, batchSize, (double) clients * threads, warmedUp,
              rowsBeforeSpan) + retries;
      c.agrees = Math.abs(counted - client) <= c.allowed;
      check.checks.add(c);
      if (!c.agrees) {
        disagreements.add(String.format(Locale.ROOT, "%s: the client sent %,.0f, the server's %s counted %,d (%s; "
            + "allowed ±%,.0f)", c.operation, client, c.counterSource, counted, counted > client
            ? "the server saw more: another client on the server, or calls the harness did not count"
            : "the server saw fewer: calls counted that did not reach it", c.allowed));
      }
    }
    if (check.checks.isEmpty()) {
      return SelfCheck.unavailable(missing.isEmpty() ? "neither side counted any call"
          : "the server's counters " + String.join(", ", missing) + " are not in " + ServerMetricsFile.FILE_NAME
          + " for the whole window (an older sampler, a failed sample or a restart)");
    }
    List<String> lines = new ArrayList<>();
    check.checks.forEach(c -> lines.add(String.format(Locale.ROOT, "%s %,.0f vs %s %,d", c.operation, c.clientCount,
        c.counterSource, c.serverCount)));
    if (disagreements.isEmpty()) {
      check.status = SelfCheck.AGREES;
      check.text = String.format(Locale.ROOT, "self-check: the server's counters agree with the client over %.1f s "
          + "(%s)", seconds, String.join("; ", lines)) + (missing.isEmpty() ? "" : "; not compared (not sampled): "
          + String.join(", ", missing));
    } else {
      check.status = SelfCheck.DISAGREES;
      check.text = "self-check: the server's counters disagree with the client over the measured window: "
          + String.join("; ", disagreements);
      phase.warnings.add(check.text);
    }
    return check;
  }

  /**
   * What batches filled before the span's start and written inside it add to a counter (batched inserts only):
   * after a warm-up, up to one batch per client thread (its rows to a rows counter, and where each row was a
   * statement to a statements counter; one statement otherwise); without one, the rows handed over between the
   * threads' start and the span's first sample, at most that much (a batch then in flight is one statement per
   * thread).
   */
  private static double batchesAcrossSpanStart(CallCounter counter, InsertStatements inserts, int batchSize,
                                               double clientThreads, boolean warmedUp, double rowsBeforeSpan) {
    if (!inserts.batched() || !counter.calls().contains("INSERT") && !counter.calls().contains("INSERT-BATCH")) {
      return 0;
    }
    boolean perRow = counter.rows() || inserts == InsertStatements.ROW;
    double oneBatchPerThread = clientThreads * (perRow ? batchSize : 1);
    if (warmedUp) {
      return oneBatchPerThread;
    }
    return Math.min(oneBatchPerThread, perRow ? rowsBeforeSpan : rowsBeforeSpan > 0 ? clientThreads : 0);
  }

  /** The client's series a counter counts: its calls and their failed variants (or a binding series by name). */
  private static Predicate<String> calls(CallCounter counter) {
    return series -> counter.calls().contains(series) || (OperationNames.isCountedDbCall(series)
        && counter.calls().contains(series.substring(0, series.indexOf('-') < 0 ? series.length()
        : series.indexOf('-'))));
  }

  /**
   * The last sample at or before a moment of the sampler's clock (the window's start, plus the slack of the sample
   * that follows the warm-up's cut; without a warm-up the first sample precedes the client threads), or the first
   * at or after it (the window's end: the last sample follows the work); the nearest one when there is none that
   * side. Only samples before {@code before} count (the start's candidates end before the window's end sample).
   */
  private static long boundary(List<ServerMetricsFile.Row> rows, long moment, boolean after, long before) {
    List<Long> samples = new ArrayList<>();
    samples.add(rows.get(0).startMs());
    rows.forEach(r -> samples.add(r.endMs()));
    samples.removeIf(t -> t >= before);
    if (samples.isEmpty()) {
      return before;
    }
    Long best = null;
    for (long t : samples) {
      if (after ? t >= moment && (best == null || t < best) : t <= moment && (best == null || t > best)) {
        best = t;
      }
    }
    if (best == null) {
      best = samples.stream().min(Comparator.comparingLong(t -> Math.abs(t - moment))).orElseThrow();
    }
    return best;
  }

  /** How long the sample at a boundary took (the row ending there says); the median when no row ends there. */
  private static double sampleMs(List<ServerMetricsFile.Row> rows, long boundary) {
    for (ServerMetricsFile.Row r : rows) {
      if (r.endMs() == boundary && r.sampleMs() != null) {
        return r.sampleMs();
      }
    }
    double[] all = rows.stream().filter(r -> r.sampleMs() != null).mapToDouble(ServerMetricsFile.Row::sampleMs)
        .toArray();
    return all.length == 0 ? 0 : Median.of(all);
  }

  /** The counter's change over the span, or null when rows with it do not cover the span (failed, restarted, absent). */
  private static Long sum(List<ServerMetricsFile.Row> span, ServerMetric metric, long lengthMs) {
    long total = 0;
    long covered = 0;
    for (ServerMetricsFile.Row r : span) {
      Long v = r.values().get(metric);
      if (v != null && !ServerMetricsReader.acrossRestart(r)) {
        total += v;
        covered += r.endMs() - r.startMs();
      }
    }
    return covered == lengthMs ? total : null;
  }

  private static long retries(Map<String, String> totals) {
    long n = 0;
    if (totals != null) {
      for (String key : List.of("lock_retries", "reconnects")) {
        try {
          n += totals.get(key) == null ? 0 : Long.parseLong(totals.get(key));
        } catch (NumberFormatException e) {
          // Not a count: nothing to allow for.
        }
      }
    }
    return n;
  }

  /** A recorded whole number, leniently: the property's default when it is not recorded or does not parse. */
  private static int number(Map<String, Object> metadata, Property property, String topLevel) {
    int fallback = (int) property.wholeDefault();
    String value = RunFolder.property(metadata, property.name());
    if (value == null && topLevel != null && metadata != null && metadata.get(topLevel) != null) {
      value = String.valueOf(metadata.get(topLevel));
    }
    try {
      return value == null ? fallback : Math.max(1, Integer.parseInt(value.trim()));
    } catch (NumberFormatException e) {
      return fallback;
    }
  }
}
