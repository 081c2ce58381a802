package com.mytopling.ycsb.results.html;

import static com.mytopling.ycsb.results.html.Html.esc;

import com.mytopling.ycsb.results.ReportException;
import com.mytopling.ycsb.results.cli.Format;
import com.mytopling.ycsb.results.model.OperationStats;
import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.model.RunSummary;
import com.mytopling.ycsb.results.model.SweepRecord;
import com.mytopling.ycsb.results.parse.RunLoader;
import java.awt.Color;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;

/**
 * The report of a sweep folder (scripts/benchmark --sweep), headline first: the points that failed, then a table of
 * the points (the run phase's throughput, failures, each operation's p50/p95/p99/p99.9 and the verdicts, with links
 * to their own reports), then the throughput of successful operations (and of all) and each operation's p50, p95 and
 * p99 against the swept variable.
 */
public final class SweepReport {
  private static final String[] PERCENTILES = {"p50", "p95", "p99"};

  private final Path dir;
  private final Path pageDir;
  private final SweepRecord record;
  private final List<Long> values = new ArrayList<>();
  private final List<RunSummary> summaries = new ArrayList<>();
  private final List<String> folders = new ArrayList<>();

  /** @param pageDir where the page goes, for the links to the points' reports */
  public SweepReport(Path dir, Path pageDir) {
    this.dir = dir;
    this.pageDir = pageDir;
    this.record = SweepRecord.read(dir.resolve(SweepRecord.FILE_NAME));
    for (SweepRecord.Point point : record.points) {
      Path run = dir.resolve(point.run);
      if (point.exitStatus == 0 && Files.isRegularFile(run.resolve("summary.json"))) {
        values.add(point.value);
        summaries.add(RunLoader.load(run));
        folders.add(point.run);
      }
    }
  }

  public static boolean isSweep(Path path) {
    return Files.isRegularFile(path.resolve(SweepRecord.FILE_NAME));
  }

  public String render() {
    String title = "Sweep of " + record.variable + ": " + dir.toAbsolutePath().normalize().getFileName();
    StringBuilder b = new StringBuilder("<h1>").append(esc(title)).append("</h1>\n");
    b.append("<p>One run per value of <b>").append(esc(record.variable)).append("</b> (")
        .append(esc(String.join(", ", record.values.stream().map(String::valueOf).toList()))).append("); load: ")
        .append(esc(record.load)).append(". Each point is a normal run folder with its own report.html. Throughput "
            + "is of successful operations (all operations beside it); latency in microseconds, run phase.</p>\n");
    for (SweepRecord.Point point : record.points) {
      if (point.exitStatus != 0) {
        b.append("<p class=\"bad\">").append(esc(record.variable)).append('=').append(point.value)
            .append(" failed (exit ").append(point.exitStatus).append("): see ").append(esc(point.run))
            .append("</p>\n");
      }
    }
    if (summaries.isEmpty()) {
      throw new ReportException(dir + ": no point of the sweep finished with a summary");
    }
    table(b);
    b.append("<h2 id=\"charts\">Charts</h2>\n");
    b.append(Html.chart(throughputChart(), "sweep-throughput", "run phase throughput against " + record.variable));
    for (String op : operations()) {
      b.append(Html.chart(latencyChart(op), "sweep-latency-" + op,
          "run phase " + op + " p50, p95 and p99 against " + record.variable));
    }
    return Html.page(title, b.toString());
  }

  private Set<String> operations() {
    Set<String> ops = new LinkedHashSet<>();
    for (RunSummary s : summaries) {
      PhaseSummary run = s.phase("run");
      if (run != null) {
        ops.addAll(run.workloadOperations().keySet());
      }
    }
    return ops;
  }

  private XYChart chart(String title, String yTitle) {
    XYChart chart = new XYChartBuilder().width(1000).height(550).title(title).xAxisTitle(record.variable)
        .yAxisTitle(yTitle).build();
    com.mytopling.ycsb.results.chart.RunCharts.style(chart.getStyler());
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
    chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
    long min = values.stream().mapToLong(Long::longValue).min().orElse(1);
    long max = values.stream().mapToLong(Long::longValue).max().orElse(1);
    // Threads 1, 4, 16, 64 or records 1M..100M: spread evenly on a log axis.
    chart.getStyler().setXAxisLogarithmic(min > 0 && max >= 10L * min);
    // From 0, in whole numbers: two close points would otherwise get an axis of their own two values, to 12 digits.
    chart.getStyler().setYAxisMin(0.0);
    chart.getStyler().setYAxisDecimalPattern("#,##0");
    return chart;
  }

  private XYChart throughputChart() {
    XYChart chart = chart("Run phase throughput against " + record.variable, "operations per second");
    add(chart, "successful operations", s -> s.successfulThroughputOps);
    add(chart, "all operations", s -> s.throughputOps);
    return chart.getSeriesMap().isEmpty() ? null : chart;
  }

  private XYChart latencyChart(String op) {
    XYChart chart = chart("Run phase " + op + " latency against " + record.variable, "latency (us)");
    for (String p : PERCENTILES) {
      add(chart, op + " " + p, s -> {
        OperationStats stats = s.operations.get(op);
        return stats == null ? null : stats.percentile(p);
      });
    }
    return chart.getSeriesMap().isEmpty() ? null : chart;
  }

  private void add(XYChart chart, String name, java.util.function.Function<PhaseSummary, Double> pick) {
    List<Double> x = new ArrayList<>();
    List<Double> y = new ArrayList<>();
    for (int i = 0; i < summaries.size(); i++) {
      PhaseSummary run = summaries.get(i).phase("run");
      Double v = run == null ? null : pick.apply(run);
      if (v != null) {
        x.add(values.get(i).doubleValue());
        y.add(v);
      }
    }
    if (!x.isEmpty()) {
      chart.addSeries(name, x, y);
    }
  }

  /**
   * The headline of a sweep: one row per point with the run phase's throughput, failures, p50/p95/p99/p99.9 of each
   * operation and the point's verdicts ({@link Verdicts}), each linked to the point's own report.
   */
  private void table(StringBuilder b) {
    List<String> ops = new ArrayList<>(operations());
    List<String> header = new ArrayList<>(List.of(esc(record.variable), "run", "successful ops/s", "all ops/s",
        "failed"));
    for (String op : ops) {
      for (String p : Headline.PERCENTILES) {
        header.add(esc(op + " " + p));
      }
    }
    header.add("verdicts");
    List<List<String>> rows = new ArrayList<>();
    for (int i = 0; i < summaries.size(); i++) {
      PhaseSummary run = summaries.get(i).phase("run");
      List<String> row = new ArrayList<>();
      row.add(String.format(Locale.ROOT, "%,d", values.get(i)));
      Path report = dir.resolve(folders.get(i)).resolve("report.html");
      String link = pageDir == null ? report.toString() : pageDir.toAbsolutePath().normalize()
          .relativize(report.toAbsolutePath().normalize()).toString();
      row.add("<a href=\"" + esc(link) + "\">" + esc(folders.get(i)) + "</a>");
      String key = "run." + values.get(i) + ".";
      row.add(figure(key + "successful_throughput", Format.throughput(run == null ? null : run.successfulThroughputOps)));
      row.add(figure(key + "throughput", Format.throughput(run == null ? null : run.throughputOps)));
      Long failed = run == null ? null : Headline.failed(run);
      row.add(figure(key + "failed", Format.number(failed == null ? null : failed.doubleValue())));
      for (String op : ops) {
        OperationStats s = run == null ? null : run.operations.get(op);
        for (String p : Headline.PERCENTILES) {
          row.add(figure(key + op + "." + p, Format.number(s == null ? null : s.percentile(p))));
        }
      }
      StringBuilder verdicts = new StringBuilder();
      if (run != null) {
        for (Verdicts.Verdict v : Verdicts.of(run)) {
          verdicts.append("<div class=\"").append(v.css()).append("\" data-verdict=\"").append(esc(v.kind()))
              .append("\">").append(esc(v.text())).append("</div>");
        }
      }
      row.add(verdicts.length() == 0 ? "-" : verdicts.toString());
      rows.add(row);
    }
    b.append("<section id=\"headline\" class=\"headline\"><h2>Points (run phase; latency in us)</h2>\n")
        .append(Html.table(header, rows)).append("</section>\n");
  }

  private static String figure(String key, String value) {
    return "<span data-figure=\"" + esc(key) + "\">" + esc(value) + "</span>";
  }
}
