package com.mytopling.ycsb.results.chart;

import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.results.parse.OperationNames;
import com.mytopling.ycsb.results.parse.RunFolder;
import com.mytopling.ycsb.results.window.MeasuredPhase;
import com.mytopling.ycsb.results.merge.HistogramStats;
import com.mytopling.ycsb.results.model.OperationStats;
import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.model.StatusSample;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;

/**
 * Draws the charts of one or more runs: throughput bars, latency percentile bars per operation, throughput and p99
 * over time (from the status lines), and the latency distribution per operation on log scales (from hdr logs).
 * Missing data leaves a chart out rather than drawing a zero.
 */
public final class RunCharts {
  private static final int WIDTH = 1000;
  private static final int HEIGHT = 600;

  private final List<ChartedRun> runs;
  private final Path outDir;
  private final List<Path> written = new ArrayList<>();
  private final List<String> skipped = new ArrayList<>();
  private final Map<Path, Optional<MeasuredPhase>> models = new java.util.HashMap<>();

  /** Charts of these runs; {@link #drawAll} writes them into {@code outDir} (null when they are only drawn). */
  public RunCharts(List<ChartedRun> runs, Path outDir) {
    this.runs = runs;
    this.outDir = outDir;
  }

  /** Charts drawn in memory, for pages that inline them (report html). */
  public RunCharts(List<ChartedRun> runs) {
    this(runs, null);
  }

  public List<Path> written() {
    return written;
  }

  /** Charts that could not be drawn, and why. */
  public List<String> skipped() {
    return skipped;
  }

  public void drawAll() throws IOException {
    Files.createDirectories(outDir);
    save(throughputBars(), "throughput");
    for (String phase : phases()) {
      for (String op : operations(phase)) {
        save(latencyBars(phase, op), "latency-" + phase + "-" + ChartFiles.slug(op));
        XYChart distribution = distribution(phase, op);
        if (distribution == null) {
          skipped.add(phase + " " + op + " distribution: no hdr logs (run YCSB with -p "
              + Registry.HDRHISTOGRAM_FILEOUTPUT.name() + "=true)");
        }
        save(distribution, "distribution-" + phase + "-" + ChartFiles.slug(op));
        save(p99OverTime(phase, op), "p99-over-time-" + phase + "-" + ChartFiles.slug(op));
      }
      XYChart overTime = throughputOverTime(phase);
      if (overTime == null) {
        skipped.add(phase + " throughput over time: no status lines (run YCSB with -s)");
      }
      save(overTime, "throughput-over-time-" + phase);
      for (ServerMetricCharts.Group group : ServerMetricCharts.Group.values()) {
        save(serverMetrics(phase, group), "server-" + group.slug + "-" + phase);
      }
    }
  }

  private void save(org.knowm.xchart.internal.chartpart.Chart<?, ?> chart, String name) throws IOException {
    if (chart != null) {
      written.addAll(ChartFiles.save(chart, outDir, name));
    }
  }

  /** The phases any run has, load before run. */
  public Set<String> phases() {
    Set<String> phases = new LinkedHashSet<>();
    runs.forEach(r -> phases.addAll(r.summary().phases.keySet()));
    return phases;
  }

  /** The workload operations of a phase in any run (CLEANUP left out). */
  public Set<String> operations(String phase) {
    Set<String> ops = new LinkedHashSet<>();
    for (ChartedRun r : runs) {
      PhaseSummary p = r.summary().phase(phase);
      if (p != null) {
        ops.addAll(p.workloadOperations().keySet());
      }
    }
    return ops;
  }

  /** Throughput per phase and run: successful and all operations; null when no run has a figure. */
  public CategoryChart throughputBars() {
    List<String> phases = new ArrayList<>(phases());
    CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
        .title("Throughput: successful operations (OK; batched inserts: rows stored) and all operations")
        .xAxisTitle("phase").yAxisTitle("operations per second").build();
    style(chart.getStyler());
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
    boolean any = false;
    for (ChartedRun r : runs) {
      List<String> x = new ArrayList<>();
      List<Number> successful = new ArrayList<>();
      List<Number> all = new ArrayList<>();
      boolean anySuccessful = false;
      for (String phase : phases) {
        PhaseSummary p = r.summary().phase(phase);
        x.add(phase);
        successful.add(p == null ? null : p.successfulThroughputOps);
        all.add(p == null ? null : p.throughputOps);
        anySuccessful |= p != null && p.successfulThroughputOps != null;
        any |= p != null && p.throughputOps != null;
      }
      if (anySuccessful) {
        chart.addSeries(r.label() + " successful", x, successful);
      }
      chart.addSeries(r.label() + " all operations", x, all);
    }
    return any ? chart : null;
  }

  /** avg, p50, p95, p99, p99.9 of one operation per run; null when no run has them. */
  public CategoryChart latencyBars(String phase, String op) {
    CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
        .title(phase + " " + label(phase, op) + " latency percentiles").xAxisTitle("percentile")
        .yAxisTitle("latency (us)").build();
    style(chart.getStyler());
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
    List<String> categories = List.of("avg", "p50", "p95", "p99", "p99.9");
    int series = 0;
    for (ChartedRun r : runs) {
      PhaseSummary p = r.summary().phase(phase);
      if (p == null) {
        continue;
      }
      String basis = "intended".equals(p.latencyBasis) ? " (intended)" : "";
      series += addLatencySeries(chart, r.label() + basis, p.operations.get(op), categories);
      series += addLatencySeries(chart, r.label() + " (intended)", p.intendedOperations.get(op), categories);
    }
    return series > 0 ? chart : null;
  }

  private static int addLatencySeries(CategoryChart chart, String name, OperationStats stats, List<String> categories) {
    if (stats == null) {
      return 0;
    }
    List<Number> y = new ArrayList<>();
    boolean any = false;
    for (String c : categories) {
      Double v = c.equals("avg") ? stats.avgUs : stats.percentile(c);
      y.add(v);
      any |= v != null;
    }
    if (!any) {
      return 0;
    }
    chart.addSeries(name, categories, y);
    return 1;
  }

  /** Throughput per status interval, successful and all operations; null without status lines. */
  public XYChart throughputOverTime(String phase) {
    XYChart chart = timeChart(phase + " throughput over time: successful and all operations", "operations per second");
    int series = 0;
    for (ChartedRun r : runs) {
      PhaseSummary p = r.summary().phase(phase);
      if (p == null) {
        continue;
      }
      series += addRateSeries(chart, r.label() + " successful", p.statusSeries, s -> s.successfulOpsPerSec);
      series += addRateSeries(chart, r.label() + " all operations", p.statusSeries, s -> s.currentOpsPerSec);
    }
    if (series == 0) {
      return null;
    }
    fromZero(chart);
    warmupBand(chart, phase);
    return chart;
  }

  /**
   * The y axis from 0 (every figure over time is a rate, a latency or a count) and never of zero height: XChart
   * draws a flat series (a hit ratio of 100 % throughout, no deadlocks at all) on an axis of no range, off the chart.
   */
  private static void fromZero(XYChart chart) {
    double top = 0;
    for (XYSeries s : chart.getSeriesMap().values()) {
      for (double v : s.getYData()) {
        top = Math.max(top, v);
      }
    }
    chart.getStyler().setYAxisMin(0.0);
    chart.getStyler().setYAxisMax(top > 0 ? top * 1.05 : 1.0);
  }

  private static int addRateSeries(XYChart chart, String name, List<StatusSample> samples,
                                   java.util.function.Function<StatusSample, Double> rate) {
    List<Double> x = new ArrayList<>();
    List<Double> y = new ArrayList<>();
    for (StatusSample s : samples) {
      if (rate.apply(s) != null) {
        x.add((double) s.elapsedS);
        y.add(rate.apply(s));
      }
    }
    if (x.size() < 2) {
      return 0;
    }
    chart.addSeries(name, x, y).setMarker(org.knowm.xchart.style.markers.SeriesMarkers.NONE);
    return 1;
  }

  /** The series' name as reports give it: where inserts were batched, INSERT and INSERT-BATCH say what they time. */
  private String label(String phase, String op) {
    boolean batched = runs.stream().anyMatch(r -> r.summary().phase(phase) != null
        && r.summary().phase(phase).batchedInserts != null);
    return OperationNames.label(op, batched);
  }

  /** p99 (and average) latency of one operation per status interval; null without status lines. */
  public XYChart p99OverTime(String phase, String op) {
    XYChart chart = timeChart(phase + " " + label(phase, op) + " p99 latency over time (per status interval)",
        "p99 latency (us)");
    int series = 0;
    for (ChartedRun r : runs) {
      PhaseSummary p = r.summary().phase(phase);
      if (p == null) {
        continue;
      }
      series += addLatencySeries(chart, r.label() + " p99", p.statusSeries, op, "p99");
      series += addLatencySeries(chart, r.label() + " p99 (intended)", p.statusSeries, "Intended-" + op, "p99");
      series += addLatencySeries(chart, r.label() + " avg", p.statusSeries, op, "avg");
    }
    if (series == 0) {
      return null;
    }
    fromZero(chart);
    warmupBand(chart, phase);
    return chart;
  }

  private static int addLatencySeries(XYChart chart, String name, List<StatusSample> samples, String series,
                                      String statistic) {
    List<Double> x = new ArrayList<>();
    List<Double> y = new ArrayList<>();
    for (StatusSample s : samples) {
      Map<String, Double> stats = s.latencyUs.get(series);
      // An interval with no operations of this kind has no p99, not a p99 of 0.
      if (stats != null && stats.get(statistic) != null && stats.getOrDefault("count", 0.0) > 0) {
        x.add((double) s.elapsedS);
        y.add(stats.get(statistic));
      }
    }
    if (x.size() < 2) {
      return 0;
    }
    chart.addSeries(name, x, y).setMarker(org.knowm.xchart.style.markers.SeriesMarkers.NONE);
    return 1;
  }

  private XYChart timeChart(String title, String yTitle) {
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title)
        .xAxisTitle("seconds since phase start").yAxisTitle(yTitle).build();
    style(chart.getStyler());
    chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
    return chart;
  }

  /**
   * Latency by percentile with x = 1 / (1 - percentile) on a log axis, so p90, p99, p99.9 are evenly spaced and
   * the tail is as visible as the median; y on a log axis too.
   */
  public XYChart distribution(String phase, String op) {
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
        .title(phase + " " + label(phase, op) + " latency by percentile")
        .xAxisTitle("1/(1-percentile): 10 = p90, 100 = p99, 1000 = p99.9, 10000 = p99.99")
        .yAxisTitle("latency (us)").build();
    style(chart.getStyler());
    chart.getStyler().setXAxisLogarithmic(true);
    chart.getStyler().setYAxisLogarithmic(true);
    chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
    int series = 0;
    for (ChartedRun r : runs) {
      series += addDistribution(chart, r.label(), histogramOf(r, phase, op));
      series += addDistribution(chart, r.label() + " (intended)", histogramOf(r, phase, "Intended-" + op));
    }
    return series > 0 ? chart : null;
  }

  private static int addDistribution(XYChart chart, String name, Histogram histogram) {
    if (histogram == null || histogram.getTotalCount() == 0) {
      return 0;
    }
    List<Double> x = new ArrayList<>();
    List<Double> y = new ArrayList<>();
    for (HistogramIterationValue v : histogram.percentiles(5)) {
      double fraction = v.getPercentileLevelIteratedTo() / 100.0;
      if (fraction >= 1.0) {
        break;
      }
      // Log axes cannot show 0 us; a value below 1 us is drawn at 1 us.
      x.add(1.0 / (1.0 - fraction));
      y.add(Math.max(1.0, (double) v.getValueIteratedTo()));
    }
    if (x.size() < 2) {
      return 0;
    }
    chart.addSeries(name, x, y).setMarker(org.knowm.xchart.style.markers.SeriesMarkers.NONE);
    return 1;
  }

  /**
   * The series' samples in the phase's measured window (all clients), or null if it has none: the same intervals the
   * summary's percentiles come from, so the spectrum matches them.
   */
  private Histogram histogramOf(ChartedRun run, String phase, String series) {
    PhaseSummary p = run.summary().phase(phase);
    if (p == null || run.folder() == null || p.hdrLogs.isEmpty()) {
      return null;
    }
    // Each phase's model is read once however many charts look for its series (a day's logs have thousands of
    // intervals).
    MeasuredPhase model = models.computeIfAbsent(run.folder().resolve(phase),
        key -> Optional.ofNullable(RunFolder.measuredPhase(run.folder(), phase))).orElse(null);
    Histogram h = model == null ? null : model.histograms().get(series);
    return h == null || h.getTotalCount() == 0 ? null : h;
  }

  /** The server's figures of one group over time, per run; null when no run sampled them. */
  public XYChart serverMetrics(String phase, ServerMetricCharts.Group group) {
    XYChart chart = timeChart(phase + " server: " + group.title, group.unit);
    if (group.logarithmic) {
      chart.getStyler().setYAxisLogarithmic(true);
    }
    int series = 0;
    for (ChartedRun r : runs) {
      if (r.summary().phase(phase) == null || r.folder() == null) {
        continue;
      }
      var rows = com.mytopling.ycsb.results.parse.ServerMetricsReader.rows(r.folder(), phase);
      String prefix = runs.size() > 1 ? r.label() + " " : "";
      for (ServerMetricCharts.Line line : group.lines) {
        List<Double> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        for (var row : rows) {
          Double v = line.value(row);
          if (v != null && (!group.logarithmic || v > 0)) {
            x.add(row.elapsedS());
            y.add(v);
          }
        }
        if (x.size() >= 2) {
          chart.addSeries(prefix + line.label(), x, y).setMarker(org.knowm.xchart.style.markers.SeriesMarkers.NONE);
          series++;
        }
      }
    }
    if (series == 0) {
      return null;
    }
    fromZero(chart);
    warmupBand(chart, phase);
    return chart;
  }

  /**
   * A shaded band over the warm-up (the seconds left out of the phase's figures), from 0 to where the measured window
   * starts, as tall as the chart's highest point: an area series, so it is drawn and named in the legend.
   */
  private void warmupBand(XYChart chart, String phase) {
    double end = 0;
    for (ChartedRun r : runs) {
      PhaseSummary p = r.summary().phase(phase);
      if (p != null && p.warmup != null && p.warmup.measuredFromS != null) {
        end = Math.max(end, p.warmup.measuredFromS);
      }
    }
    if (end <= 0) {
      return;
    }
    double top = 0;
    for (XYSeries s : chart.getSeriesMap().values()) {
      for (double v : s.getYData()) {
        top = Math.max(top, v);
      }
    }
    if (top <= 0) {
      return;
    }
    XYSeries band = chart.addSeries(String.format(java.util.Locale.ROOT, "warm-up, left out (%.0f s)", end),
        new double[] {0, end}, new double[] {top, top});
    band.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Area);
    band.setMarker(org.knowm.xchart.style.markers.SeriesMarkers.NONE);
    band.setFillColor(new Color(128, 128, 128, 60));
    band.setLineColor(new Color(128, 128, 128, 120));
  }

  public static void style(Styler styler) {
    // Solid grid lines: a dashed one is drawn as hundreds of small rectangles in SVG.
    if (styler instanceof org.knowm.xchart.style.AxesChartStyler axes) {
      axes.setPlotGridLinesStroke(new java.awt.BasicStroke(0.5f));
      axes.setPlotGridLinesColor(new Color(225, 225, 225));
    }
    styler.setChartBackgroundColor(Color.WHITE);
    styler.setPlotBackgroundColor(Color.WHITE);
    styler.setLegendBorderColor(Color.LIGHT_GRAY);
    styler.setPlotBorderVisible(false);
  }
}
