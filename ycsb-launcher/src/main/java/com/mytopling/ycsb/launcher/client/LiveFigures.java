package com.mytopling.ycsb.launcher.client;

import com.mytopling.ycsb.fileloader.BindingRows;
import com.mytopling.ycsb.results.parse.OperationNames;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.Exemplars;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.NativeHistogramBuckets;
import io.prometheus.metrics.model.snapshots.Quantile;
import io.prometheus.metrics.model.snapshots.Quantiles;
import io.prometheus.metrics.model.snapshots.SummarySnapshot;
import io.prometheus.metrics.model.snapshots.Unit;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import site.ycsb.measurements.Measurements;

/**
 * A client's figures as the live endpoint serves them (docs/monitoring.md): made once per status interval, right
 * after the status thread's cut, from what YCSB's measurements then hold ({@link YcsbSeries}), and kept as one
 * immutable snapshot that every scrape returns until the next cut. A scrape reads one volatile field; the client
 * threads never meet the endpoint, and nothing is added to an operation's path.
 *
 * <p>Each figure carries the cut's time as its timestamp, so Prometheus stores it at the moment it describes (the
 * interval bounds of the HdrHistogram logs), not at the moment it was scraped: a rate between two cuts is exact
 * whatever the scrape interval. A counter or histogram that appears with a count above zero (a series YCSB makes at
 * its first operation) is first served as zero at the cut before it appeared, for two cuts and until a scrape has
 * taken the second (so that every scraper scraping at least once a status interval takes it: a Prometheus pair), and
 * with its counts from then on, so that Prometheus' increase() counts its first interval too. The final cut too:
 * while it holds such zeros it is made again once scrapes have taken them ({@link #finalPending}). A scraper slower
 * than the status interval may miss a zero; its increase() then extrapolates that series' first interval.
 *
 * <p>Figures, each with the constant labels (measurement.openmetrics.labels and phase):
 * <ul>
 *   <li>{@code ycsb_operations_total{operation, status, window}}: YCSB's return codes per series (for INSERT-BATCH:
 *       rows per statement outcome);</li>
 *   <li>{@code ycsb_latency_seconds{operation, window}} and {@code ycsb_intended_latency_seconds}: histograms of each
 *       series (READ holds the successful reads, READ-FAILED the failed ones, as in YCSB's report);</li>
 *   <li>{@code window} is {@code warmup} for what was recorded before the warm-up's cut (frozen after it) and
 *       {@code measured} for what was recorded after it (from the phase's start when there is no warm-up): the
 *       measured counters end at the counts the summary's window is made of;</li>
 *   <li>{@code ycsb_rows_total{outcome}}: the binding's rows stored, failed and skipped (batched loads);</li>
 *   <li>{@code ycsb_client_cpu_seconds_total{mode}}: the client process's user and system CPU;</li>
 *   <li>{@code ycsb_state{state}}: 1 for the phase's state (warmup, measured, finished), 0 for the others;</li>
 *   <li>{@code ycsb_planned_operations};</li>
 *   <li>at the final cut, {@code ycsb_measured_latency_seconds{operation, quantile}}: this client's exact
 *       percentiles over its measured window (a summary; hdrhistogram.percentiles).</li>
 * </ul>
 */
final class LiveFigures implements MultiCollector {
  static final String OPERATIONS = "ycsb_operations";
  static final String LATENCY = "ycsb_latency_seconds";
  static final String INTENDED = "ycsb_intended_latency_seconds";
  static final String ROWS = "ycsb_rows";
  static final String CPU = "ycsb_client_cpu_seconds";
  static final String STATE = "ycsb_state";
  static final String PLANNED = "ycsb_planned_operations";
  static final String MEASURED_LATENCY = "ycsb_measured_latency_seconds";
  /** The label names the endpoint uses itself: not for measurement.openmetrics.labels. */
  static final Set<String> OWN_LABELS = Set.of("operation", "status", "window", "outcome", "mode", "state", "phase",
      "le", "quantile");

  private static final Path SELF_STAT = Path.of("/proc/self/stat");

  private final Labels constant;
  private final boolean warmup;
  private final Measurements measurements;
  /** hdrhistogram.percentiles: the exact percentiles served at the final cut. */
  private final List<Double> percentiles;
  private volatile BindingRows rows;
  private volatile long planned;

  // Written by the thread that cuts (the status thread, then the main thread after it has ended).
  private Cumulative warmupBase;
  /** Each series' HdrHistogram at the warm-up's cut (copies), for the final cut's exact percentiles. */
  private final Map<String, Histogram> warmupHistograms = new TreeMap<>();
  /** Figures served with their counts. */
  private final Set<String> real = new HashSet<>();
  /** Figures served as zero until a scrape takes them: the cut they were first served at, and the zero's time. */
  private final Map<String, long[]> pendingZero = new java.util.HashMap<>();
  private long previousCutMs = -1;
  private long cuts;
  /** When the client threads were started (every count was zero then), epoch ms; -1 before. */
  private volatile long threadsStartedMs = -1;

  /** One cut's figures, numbered. */
  private record Published(MetricSnapshots snapshots, long cut) {
  }

  private volatile Published current = new Published(new MetricSnapshots(), -1);
  /** The number of the final cut that holds every figure's counts, or -1 before it. */
  private volatile long finalCutNumber = -1;
  /** The newest cut a scrape has been given (written by the scrape thread). */
  private volatile long servedCut = -1;
  /** When the last scrapes came (System.nanoTime), newest at {@code scrapes % length}; the scrape thread's only. */
  private final long[] scrapeNanos = new long[8];
  private int scrapes;

  /**
   * @param constant labels put on every figure (the user's and the phase)
   * @param warmup true when the phase has a warm-up (its window label starts as warmup)
   * @param percentiles the percentiles (hdrhistogram.percentiles) served exactly at the final cut
   */
  LiveFigures(Labels constant, boolean warmup, Measurements measurements, List<Double> percentiles) {
    this.constant = constant;
    this.warmup = warmup;
    this.measurements = measurements;
    this.percentiles = List.copyOf(percentiles);
  }

  /**
   * The client threads start now: every count is zero at this moment, the zero of a series that the first cut
   * already finds with a count (the status thread's first line can come after the first operations).
   */
  void threadsStarting(long nowMs) {
    threadsStartedMs = nowMs;
  }

  /** What the phase plans and the binding's row totals (null for other bindings), known once the phase is set up. */
  void phase(long plannedOperations, BindingRows bindingRows) {
    this.planned = plannedOperations;
    this.rows = bindingRows;
  }

  @Override
  public MetricSnapshots collect() {
    Published p = current;
    synchronized (scrapeNanos) {
      scrapeNanos[scrapes++ % scrapeNanos.length] = System.nanoTime();
      servedCut = Math.max(servedCut, p.cut());
    }
    return p.snapshots();
  }

  /**
   * The longest gap between the last scrapes (up to 8 of them), ms; 0 when fewer than two came. Where several
   * scrapers take the figures (two Prometheus servers of a pair), each has taken them within about this long.
   */
  long longestScrapeGapMs() {
    synchronized (scrapeNanos) {
      int n = Math.min(scrapes, scrapeNanos.length);
      long longest = 0;
      for (int i = scrapes - n + 1; i < scrapes; i++) {
        long gap = scrapeNanos[i % scrapeNanos.length] - scrapeNanos[(i - 1) % scrapeNanos.length];
        longest = Math.max(longest, gap);
      }
      return TimeUnit.NANOSECONDS.toMillis(longest);
    }
  }

  /**
   * Waits until a scrape has been given the newest cut's figures; false when {@code ms} passed first. Called after
   * the phase, so a poll every 10 ms costs nothing.
   */
  boolean awaitServed(long ms) throws InterruptedException {
    long cut = current.cut();
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ms);
    while (servedCut < cut) {
      if (System.nanoTime() >= deadline) {
        return false;
      }
      Thread.sleep(10);
    }
    return true;
  }

  /**
   * True when the final cut was made and still serves some new figure as zero (a scrape has not taken that zero
   * yet): the cut must be made again once one has ({@link #awaitServed}), so that the figures end with their counts.
   */
  boolean finalPending() {
    return finalCutNumber < 0;
  }

  /**
   * Right after a cut of every series, on the thread that made it.
   *
   * @param warmupCut true for the cut at the warm-up's end
   * @param done true once the work has ended (the last status line, and the final report's cut)
   * @param finalCut true for the last cut of the phase (after YCSB's final report), made again while
   *                 {@link #finalPending}
   */
  void afterCut(long nowMs, boolean warmupCut, boolean done, boolean finalCut) {
    Cumulative now = Cumulative.read(measurements);
    if (warmupCut && warmup && warmupBase == null) {
      warmupBase = now;
      for (YcsbSeries.Series series : YcsbSeries.read(measurements)) {
        if (!series.intended() && series.latencies() != null) {
          warmupHistograms.put(series.name(), series.latencies().copy());
        }
      }
    }
    Map<String, Cumulative> windows = new LinkedHashMap<>();
    if (!warmup) {
      windows.put("measured", now);
    } else if (warmupBase == null) {
      windows.put("warmup", now);
    } else {
      windows.put("warmup", warmupBase);
      windows.put("measured", now.minus(warmupBase));
    }
    Builder b = new Builder(nowMs, finalCut);
    List<MetricSnapshot> out = new ArrayList<>();
    out.add(b.operations(windows));
    HistogramSnapshot latency = b.latency(LATENCY, windows, false);
    HistogramSnapshot intended = b.latency(INTENDED, windows, true);
    if (!latency.getDataPoints().isEmpty()) {
      out.add(latency);
    }
    if (!intended.getDataPoints().isEmpty()) {
      out.add(intended);
    }
    BindingRows r = rows;
    if (r != null) {
      out.add(b.rows(r));
    }
    long[] cpu = cpuTicks();
    if (cpu != null) {
      out.add(b.cpu(cpu));
    }
    out.add(b.state(done ? "finished" : warmup && warmupBase == null ? "warmup" : "measured"));
    out.add(new GaugeSnapshot(new MetricMetadata(PLANNED, "Operations the phase plans (a load: rows to insert)"),
        List.of(new GaugeSnapshot.GaugeDataPointSnapshot(planned, constant, null, nowMs))));
    if (finalCut) {
      out.add(exactPercentiles(nowMs));
    }
    Published published = new Published(new MetricSnapshots(out), cuts++);
    previousCutMs = nowMs;
    if (finalCut && pendingZero.isEmpty()) {
      finalCutNumber = published.cut();
    }
    current = published;
  }

  /**
   * At the final cut, each series' exact percentiles over this client's measured window, from its HdrHistogram (the
   * total less the warm-up's), as YCSB's report and the summary compute them for one client. Several clients' merged
   * percentiles are the union's, in summary.json: percentiles of clients cannot be merged.
   */
  private SummarySnapshot exactPercentiles(long nowMs) {
    List<SummarySnapshot.SummaryDataPointSnapshot> points = new ArrayList<>();
    for (YcsbSeries.Series series : YcsbSeries.read(measurements)) {
      if (series.intended() || series.latencies() == null || OperationNames.isJvmSample(series.name())) {
        continue;
      }
      Histogram h = series.latencies().copy();
      Histogram base = warmupHistograms.get(series.name());
      if (base != null) {
        h.subtract(base);
      }
      if (h.getTotalCount() == 0) {
        continue;
      }
      List<Quantile> q = new ArrayList<>();
      for (double p : percentiles) {
        q.add(new Quantile(p / 100, h.getValueAtPercentile(p) / 1e6));
      }
      points.add(new SummarySnapshot.SummaryDataPointSnapshot(h.getTotalCount(), h.getMean() * h.getTotalCount() / 1e6,
          Quantiles.of(q), constant.merge(Labels.of("operation", series.name(), "window", "measured")),
          Exemplars.EMPTY, 0, nowMs));
    }
    return new SummarySnapshot(new MetricMetadata(MEASURED_LATENCY, "After the phase: this client's exact latency "
        + "percentiles over its measured window (hdrhistogram.percentiles), from its HdrHistogram", Unit.SECONDS),
        points);
  }

  /** The process's user and system CPU ticks from /proc/self/stat, or null where there is none. */
  private static long[] cpuTicks() {
    try {
      return ClientCostMeter.processTicks(Files.readString(SELF_STAT, StandardCharsets.US_ASCII));
    } catch (java.io.IOException | RuntimeException e) {
      return null;
    }
  }

  /** Every series' accumulated latencies and return codes at one cut. */
  record Cumulative(Map<String, LatencyBuckets> latency, Map<String, LatencyBuckets> intended,
                    Map<String, Map<String, Long>> codes) {
    static Cumulative read(Measurements m) {
      Map<String, LatencyBuckets> latency = new TreeMap<>();
      Map<String, LatencyBuckets> intended = new TreeMap<>();
      Map<String, Map<String, Long>> codes = new TreeMap<>();
      for (YcsbSeries.Series s : YcsbSeries.read(m)) {
        if (OperationNames.isJvmSample(s.name())) {
          continue;
        }
        (s.intended() ? intended : latency).put(s.name(), LatencyBuckets.of(s.latencies()));
        if (!s.returnCodes().isEmpty()) {
          codes.computeIfAbsent(s.name(), k -> new TreeMap<>()).putAll(s.returnCodes());
        }
      }
      return new Cumulative(latency, intended, codes);
    }

    /** What was recorded since {@code base}. */
    Cumulative minus(Cumulative base) {
      Map<String, LatencyBuckets> l = new TreeMap<>();
      latency.forEach((k, v) -> l.put(k, v.minus(base.latency.getOrDefault(k, LatencyBuckets.EMPTY))));
      Map<String, LatencyBuckets> i = new TreeMap<>();
      intended.forEach((k, v) -> i.put(k, v.minus(base.intended.getOrDefault(k, LatencyBuckets.EMPTY))));
      Map<String, Map<String, Long>> c = new TreeMap<>();
      codes.forEach((op, byCode) -> {
        Map<String, Long> d = new TreeMap<>();
        byCode.forEach((code, n) -> d.put(code, n - base.codes.getOrDefault(op, Map.of()).getOrDefault(code, 0L)));
        c.put(op, d);
      });
      return new Cumulative(l, i, c);
    }
  }

  /** The snapshots of one cut. */
  private final class Builder {
    private final long nowMs;
    private final boolean finalCut;

    Builder(long nowMs, boolean finalCut) {
      this.nowMs = nowMs;
      this.finalCut = finalCut;
    }

    /**
     * When a counter or histogram is served as zero, the zero's time; else -1 (served with its counts, now). A series
     * first seen with a count above zero is served as zero at the cut before (then true: it did not exist) in two
     * cuts, until a scrape has been given the second.
     */
    private long zeroAt(String name, Labels labels, boolean nonZero) {
      String key = name + labels;
      if (real.contains(key)) {
        return -1;
      }
      long[] pending = pendingZero.get(key);
      if (pending != null) {
        if (servedCut >= pending[0] + 1) {
          pendingZero.remove(key);
          real.add(key);
          return -1;
        }
        return pending[1];
      }
      long zeroMs = previousCutMs >= 0 ? previousCutMs : threadsStartedMs;
      if (!nonZero || zeroMs < 0 || zeroMs >= nowMs) {
        real.add(key);
        return -1;
      }
      pendingZero.put(key, new long[] {cuts, zeroMs});
      return zeroMs;
    }

    CounterSnapshot operations(Map<String, Cumulative> windows) {
      List<CounterSnapshot.CounterDataPointSnapshot> points = new ArrayList<>();
      windows.forEach((window, c) -> c.codes().forEach((op, byCode) -> byCode.forEach((code, n) -> {
        Labels l = constant.merge(Labels.of("operation", op, "status", code, "window", window));
        points.add(counter(OPERATIONS, l, n));
      })));
      return new CounterSnapshot(new MetricMetadata(OPERATIONS, "Operations by YCSB series and return code (for "
          + "INSERT-BATCH: rows by the outcome of their statement), from YCSB's own counts"), points);
    }

    private CounterSnapshot.CounterDataPointSnapshot counter(String name, Labels l, double value) {
      long zero = zeroAt(name, l, value != 0);
      return new CounterSnapshot.CounterDataPointSnapshot(zero >= 0 ? 0 : value, l, null, 0, zero >= 0 ? zero : nowMs);
    }

    HistogramSnapshot latency(String name, Map<String, Cumulative> windows, boolean intendedSeries) {
      List<HistogramSnapshot.HistogramDataPointSnapshot> points = new ArrayList<>();
      windows.forEach((window, c) -> (intendedSeries ? c.intended() : c.latency()).forEach((series, buckets) -> {
        Labels l = constant.merge(Labels.of("operation", series, "window", window));
        long zero = zeroAt(name, l, buckets.count != 0);
        points.add(histogram(zero >= 0 ? LatencyBuckets.EMPTY : buckets, l, zero >= 0 ? zero : nowMs));
      }));
      String help = intendedSeries
          ? "Latency from each operation's intended start (measurement.interval), by YCSB series"
          : "Latency by YCSB series (READ: successful reads, READ-FAILED: failed ones, INSERT-BATCH: per statement)";
      return new HistogramSnapshot(new MetricMetadata(name, help, Unit.SECONDS), points);
    }

    private HistogramSnapshot.HistogramDataPointSnapshot histogram(LatencyBuckets b, Labels l, long at) {
      int[] indexes = new int[b.positive.size()];
      long[] counts = new long[b.positive.size()];
      int i = 0;
      for (Map.Entry<Integer, Long> e : b.positive.entrySet()) {
        indexes[i] = e.getKey();
        counts[i++] = e.getValue();
      }
      return new HistogramSnapshot.HistogramDataPointSnapshot(
          ClassicHistogramBuckets.of(LatencyBuckets.CLASSIC_BOUNDS, b.classic), LatencyBuckets.NATIVE_SCHEMA, b.zero,
          0.0, NativeHistogramBuckets.of(indexes, counts), NativeHistogramBuckets.EMPTY, b.sum, l, Exemplars.EMPTY, 0,
          at);
    }

    CounterSnapshot rows(BindingRows r) {
      List<CounterSnapshot.CounterDataPointSnapshot> points = new ArrayList<>();
      points.add(counter(ROWS, constant.merge(Labels.of("outcome", "stored")), r.stored()));
      points.add(counter(ROWS, constant.merge(Labels.of("outcome", "failed")), r.failed()));
      points.add(counter(ROWS, constant.merge(Labels.of("outcome", "skipped")), r.skipped()));
      return new CounterSnapshot(new MetricMetadata(ROWS, "Rows the binding has stored, counted failed or skipped "
          + "(batched loads: a buffered row counts when its statement ends)"), points);
    }

    CounterSnapshot cpu(long[] ticks) {
      List<CounterSnapshot.CounterDataPointSnapshot> points = new ArrayList<>();
      points.add(counter(CPU, constant.merge(Labels.of("mode", "user")), ticks[0] / ClientCostMeter.TICKS_PER_SECOND));
      points.add(counter(CPU, constant.merge(Labels.of("mode", "system")),
          ticks[1] / ClientCostMeter.TICKS_PER_SECOND));
      return new CounterSnapshot(new MetricMetadata(CPU, "The client process's own CPU since it started "
          + "(/proc/self/stat, 10 ms ticks)", Unit.SECONDS), points);
    }

    GaugeSnapshot state(String state) {
      List<GaugeSnapshot.GaugeDataPointSnapshot> points = new ArrayList<>();
      for (String s : List.of("warmup", "measured", "finished")) {
        points.add(new GaugeSnapshot.GaugeDataPointSnapshot(s.equals(state) ? 1 : 0,
            constant.merge(Labels.of("state", s)), null, nowMs));
      }
      return new GaugeSnapshot(new MetricMetadata(STATE, "1 for the phase's state: warmup (left out of the figures), "
          + "measured (the window the summary is made of), finished (the work has ended)"), points);
    }
  }
}
