package com.mytopling.ycsb.results.html;

import static com.mytopling.ycsb.results.html.Html.esc;

import com.mytopling.ycsb.core.dialect.ServerMetric;
import com.mytopling.ycsb.results.chart.ChartedRun;
import com.mytopling.ycsb.results.chart.RunCharts;
import com.mytopling.ycsb.results.chart.ServerMetricCharts;
import com.mytopling.ycsb.results.cli.ComparisonTable;
import com.mytopling.ycsb.results.cli.Format;
import com.mytopling.ycsb.results.cli.RunSettings;
import com.mytopling.ycsb.results.model.ClientCost;
import com.mytopling.ycsb.results.model.OperationStats;
import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.model.SelfCheck;
import com.mytopling.ycsb.results.model.RunSummary;
import com.mytopling.ycsb.results.model.StatusSample;
import com.mytopling.ycsb.results.parse.OperationNames;
import com.mytopling.ycsb.results.parse.Percentiles;
import com.mytopling.ycsb.results.parse.ServerMetricsReader;
import com.mytopling.ycsb.results.servermetrics.ServerMetricsFile;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * report.html of one run, or of several side by side (scripts/report html), headline first: each phase's throughput,
 * failures, latency percentiles and verdicts on the first screen ({@link Headline}; for several runs with their ratios
 * to the first and the ratios' spread), then the charts (throughput and latency over time with the warm-up shaded, the
 * percentile spectrum, the server's counters), then the details (latency in full, return codes, the binding's totals,
 * the server's figures beside the client's intervals), and the setup and properties last, collapsed. Charts are
 * RunCharts' (the same as scripts/report chart writes), drawn inline as small SVG by {@link SvgChart}.
 */
public final class HtmlReport {
  /** The interval table's longest form: longer runs get rows of several intervals (the file has every one). */
  static final int MAX_INTERVAL_ROWS = 240;
  private final List<ChartedRun> runs;
  private final RunCharts charts;

  public HtmlReport(List<ChartedRun> runs) {
    this.runs = runs;
    this.charts = new RunCharts(runs);
  }

  public String render() {
    StringBuilder b = new StringBuilder();
    String title = runs.size() == 1 ? runs.get(0).label() : runs.size() + " runs side by side";
    b.append("<h1>").append(esc(title)).append("</h1>\n");
    b.append("<p class=\"note\">Successful operations returned OK (batched inserts: rows the server stored); all "
        + "operations include failed ones. Latencies in microseconds. Figures first, then charts, then details and "
        + "the setup. Definitions: docs/results.md.</p>\n");
    b.append(runs.size() == 1 ? Headline.ofRun(runs.get(0)) : Headline.ofComparison(runs));
    if (runs.size() > 1) {
      likeForLike(b);
    }
    b.append("<h2 id=\"charts\">Charts</h2>\n");
    if (runs.size() > 1) {
      b.append(Html.chart(charts.throughputBars(), "throughput", "Throughput per phase: successful and all operations"));
    }
    List<String> phases = Headline.phases(charts.phases());
    for (String phase : phases) {
      phaseCharts(b, phase);
    }
    b.append("<h2 id=\"details\">Details</h2>\n");
    if (runs.size() > 1) {
      comparison(b);
    }
    for (String phase : phases) {
      phaseDetails(b, phase);
    }
    setup(b);
    return Html.page(title, b.toString());
  }

  private void setup(StringBuilder b) {
    b.append("<h2 id=\"setup\">Setup and properties</h2>\n");
    List<Map<String, String>> settings = new ArrayList<>();
    Set<String> names = new LinkedHashSet<>(List.of("kind", "target", "start_time", "end_time", "harness_version",
        "jvm", "server", "dialect", "engine", "driver"));
    for (ChartedRun r : runs) {
      Map<String, String> s = new TreeMap<>();
      RunSummary run = r.summary();
      s.put("kind", run.kind);
      Map<String, Object> meta = run.metadata == null ? Map.of() : run.metadata;
      for (String key : List.of("target", "start_time", "end_time", "harness_version", "jvm", "source")) {
        if (meta.get(key) != null) {
          s.put(key, String.valueOf(meta.get(key)));
        }
      }
      if (run.server != null) {
        run.server.forEach((k, v) -> {
          if (v != null && !k.equals("url")) {
            s.put(k.equals("server") ? "server" : k, v);
          }
        });
      }
      s.putAll(RunSettings.of(run));
      settings.add(s);
    }
    settings.forEach(m -> names.addAll(new java.util.TreeSet<>(m.keySet())));
    List<String> header = new ArrayList<>(List.of("setting"));
    runs.forEach(r -> header.add(esc(r.label())));
    List<List<String>> rows = new ArrayList<>();
    List<Integer> differs = new ArrayList<>();
    for (String name : names) {
      if (settings.stream().noneMatch(m -> m.containsKey(name))) {
        continue;
      }
      List<String> row = new ArrayList<>(List.of(esc(name)));
      Set<String> values = new LinkedHashSet<>();
      for (Map<String, String> m : settings) {
        row.add(esc(m.getOrDefault(name, "(not recorded)")));
        values.add(m.getOrDefault(name, "(not recorded)"));
      }
      if (values.size() > 1 && !List.of("start_time", "end_time").contains(name)) {
        differs.add(rows.size());
      }
      rows.add(row);
    }
    // Collapsed, and searchable: the browser's find opens a closed details element on a match; printed open.
    b.append("<details class=\"setup\"><summary>").append(rows.size())
        .append(" settings and properties of ").append(runs.size() == 1 ? "the run" : "each run")
        .append(runs.size() > 1 ? " (those that differ highlighted)" : "").append("</summary>\n")
        .append(Html.table(header, rows, runs.size() > 1 ? differs : List.of())).append("</details>\n");
  }

  /** Under the headline of a comparison: the settings that differ, which every ratio mixes with the database. */
  private void likeForLike(StringBuilder b) {
    List<String> differences = RunSettings.differences(runs.stream().map(ChartedRun::summary).toList());
    if (differences.isEmpty()) {
      b.append("<p class=\"good\">The runs' recorded setups do not differ.</p>\n");
    } else {
      b.append("<p class=\"warn\"><b>Not like-for-like</b> (highlighted in the setup at the end; ratios mix the "
          + "database with these):</p>\n<ul>\n");
      differences.forEach(d -> b.append("<li>").append(esc(d)).append("</li>\n"));
      b.append("</ul>\n");
    }
    for (ChartedRun r : runs) {
      if (r.summary().metadata != null && r.summary().metadata.get("unknown") instanceof List<?> unknown
          && !unknown.isEmpty()) {
        b.append("<p class=\"note\">Not known for ").append(esc(r.label())).append(": ")
            .append(esc(String.join("; ", unknown.stream().map(String::valueOf).toList()))).append("</p>\n");
      }
    }
  }

  /** Every compared figure (counts, averages, max, intended latency too), with its ratio to the first run. */
  private void comparison(StringBuilder b) {
    List<RunSummary> summaries = runs.stream().map(ChartedRun::summary).toList();
    List<String> header = new ArrayList<>(List.of("metric", esc(summaries.get(0).run)));
    for (int i = 1; i < summaries.size(); i++) {
      header.add(esc(summaries.get(i).run));
      header.add("ratio");
    }
    List<List<String>> rows = new ArrayList<>();
    for (ComparisonTable.Row row : ComparisonTable.build(summaries)) {
      List<String> cells = new ArrayList<>(List.of(esc(row.label())));
      for (int i = 0; i < summaries.size(); i++) {
        Double v = row.values().get(i);
        cells.add(row.unit().equals("ops/s") ? Format.throughput(v) : Format.number(v));
        if (i > 0) {
          cells.add(Format.ratio(row.ratio(i)));
        }
      }
      rows.add(cells);
    }
    b.append("<details id=\"comparison\"><summary>Every figure side by side (")
        .append(rows.size()).append(" rows, ratios against the first run)</summary>\n")
        .append(Html.table(header, rows)).append("</details>\n");
  }

  /** A phase's charts: throughput and latency over time, the percentile spectrum, bars per run, the server. */
  private void phaseCharts(StringBuilder b, String phase) {
    b.append("<h3 id=\"charts-").append(esc(phase)).append("\">").append(esc(phase)).append(" phase</h3>\n");
    b.append(Html.chart(charts.throughputOverTime(phase), "throughput-over-time-" + phase,
        phase + ": operations per second in each status interval"));
    for (String op : charts.operations(phase)) {
      b.append(Html.chart(charts.p99OverTime(phase, op), "latency-over-time-" + phase + "-" + op,
          phase + " " + op + ": p99 and average latency in each status interval"));
    }
    for (String op : charts.operations(phase)) {
      b.append(Html.chart(charts.distribution(phase, op), "distribution-" + phase + "-" + op,
          phase + " " + op + ": latency percentile spectrum (log scales) from the HdrHistogram logs, measured window"));
      if (runs.size() > 1) {
        b.append(Html.chart(charts.latencyBars(phase, op), "latency-" + phase + "-" + op,
            phase + " " + op + ": latency percentiles per run"));
      }
    }
    for (ServerMetricCharts.Group group : ServerMetricCharts.Group.values()) {
      b.append(Html.chart(charts.serverMetrics(phase, group), "server-" + group.slug + "-" + phase,
          phase + " server: " + group.title));
    }
  }

  /** A phase's tables: how it was measured, latency in full, return codes, the binding's totals, the server. */
  private void phaseDetails(StringBuilder b, String phase) {
    b.append("<h3 id=\"phase-").append(esc(phase)).append("\">").append(esc(phase)).append(" phase</h3>\n");
    for (ChartedRun r : runs) {
      PhaseSummary p = r.summary().phase(phase);
      if (p == null) {
        continue;
      }
      String who = runs.size() > 1 ? esc(r.label()) + ": " : "";
      b.append("<p>").append(who).append("figures from ").append(esc(p.source == null ? "(unknown)" : p.source))
          .append(p.merge != null ? " (" + p.merge.clientCount + " clients)" : "").append(".");
      if (p.warmup != null) {
        b.append(" Warm-up: the first ").append(p.warmup.seconds).append(" s are left out of throughput and latency "
            + "(shaded on the charts over time). <span class=\"note\">").append(esc(p.warmup.method)).append("</span>");
      }
      b.append("</p>\n");
      selfCheck(b, who, p.selfCheck);
      clientCost(b, who, p.clientCost);
    }
    b.append("<details open><summary>Latency, return codes, totals and warnings</summary>\n");
    for (ChartedRun r : runs) {
      PhaseSummary p = r.summary().phase(phase);
      if (p != null) {
        phaseTables(b, r, phase, p);
      }
    }
    b.append("</details>\n");
    serverMetrics(b, phase);
  }

  /**
   * The self-check's section (issue 20): the verdict, and per operation type the client's count beside the server
   * counter's over the same window. A section renderer of its own, so that the report's layout can move it.
   */
  static void selfCheck(StringBuilder b, String who, SelfCheck check) {
    if (check == null) {
      return;
    }
    String css = SelfCheck.AGREES.equals(check.status) ? "good" : SelfCheck.DISAGREES.equals(check.status) ? "bad"
        : "warn";
    b.append("<div class=\"self-check\"><p>").append(who).append("<span class=\"").append(css).append("\">")
        .append(esc(check.text)).append("</span></p>\n");
    if (!check.checks.isEmpty()) {
      List<List<String>> rows = new ArrayList<>();
      for (SelfCheck.Check c : check.checks) {
        rows.add(List.of(esc(c.operation), Format.number(c.clientCount), esc(c.counterSource),
            Format.number(c.serverCount == null ? null : c.serverCount.doubleValue()), Format.number(c.allowed),
            c.agrees ? "<span class=\"good\">agrees</span>" : "<span class=\"bad\">disagrees</span>"));
      }
      b.append(Html.table(List.of("operation", "client sent", "server counter", "server counted", "allowed ±",
          "verdict"), rows));
      b.append("<p class=\"note\">Tolerance: ").append(esc(check.tolerance)).append("</p>\n");
    }
    b.append("</div>\n");
  }

  /**
   * The client's own cost over the measured window and the client-bound verdict with its figures (ClientCost); one
   * paragraph, nothing for runs without the launcher's record.
   */
  static void clientCost(StringBuilder b, String who, ClientCost c) {
    if (c == null) {
      return;
    }
    boolean bound = Boolean.TRUE.equals(c.clientBound);
    b.append("<p").append(bound ? " class=\"warn\"" : "").append(">").append(who)
        .append(bound ? "<strong>client-bound</strong>: " : "").append("the client's own cost: ")
        .append(esc(c.figures())).append(c.clientBound == null ? "" : ". <span class=\"note\">" + esc(c.reason)
            + "</span>").append("</p>\n");
  }

  private void phaseTables(StringBuilder b, ChartedRun r, String phase, PhaseSummary p) {
    String who = runs.size() > 1 ? " (" + esc(r.label()) + ")" : "";
    boolean batched = p.batchedInserts != null;
    b.append("<h3>Latency").append(who).append("</h3>\n");
    List<String> header = new ArrayList<>(List.of("operation", "count", "avg"));
    header.addAll(List.of(Percentiles.STANDARD));
    header.add("max");
    List<List<String>> rows = new ArrayList<>();
    p.workloadOperations().forEach((op, s) -> rows.add(latencyRow(OperationNames.label(op, batched), s)));
    p.intendedOperations.forEach((op, s) -> {
      if (!op.equals("CLEANUP")) {
        rows.add(latencyRow(OperationNames.label(op, batched) + " (intended)", s));
      }
    });
    b.append(rows.isEmpty() ? "<p class=\"note\">No latency figures.</p>\n" : Html.table(header, rows));
    if (batched) {
      PhaseSummary.BatchedInserts bi = p.batchedInserts;
      b.append("<p>Inserts were batched: ").append(esc(Format.batchedInserts(bi))).append(", ")
          .append(Format.number(bi.costPerRowUs)).append(" us of batch time per row. "
              + "INSERT (buffer append) is the time to add a row to the client's batch, not an insert's.</p>\n");
    }
    b.append("<h3>Return codes").append(who).append("</h3>\n");
    List<List<String>> codes = new ArrayList<>();
    p.operations.forEach((op, s) -> s.returnCodes.forEach((code, n) -> codes.add(List.of(
        esc(OperationNames.label(op, batched)), esc(code), Format.number(n.doubleValue()),
        op.endsWith("-BATCH") ? "rows" : "calls"))));
    b.append(codes.isEmpty() ? "<p class=\"note\">No return codes recorded.</p>\n"
        : Html.table(List.of("series", "code", "count", "unit"), codes));
    if (p.successfulOperations != null) {
      b.append("<p>").append(Format.number(p.successfulOperations.doubleValue()))
          .append(" successful operations.</p>\n");
    }
    if (p.bindingTotals != null && !p.bindingTotals.isEmpty()) {
      b.append("<h3>Binding totals").append(who).append("</h3>\n");
      List<List<String>> totals = new ArrayList<>();
      p.bindingTotals.forEach((k, v) -> totals.add(List.of(esc(k), esc(v))));
      b.append(Html.table(List.of("total", "value"), totals));
    }
    if (!p.warnings.isEmpty()) {
      b.append("<h3>Warnings").append(who).append("</h3>\n<ul>\n");
      p.warnings.forEach(w -> b.append("<li class=\"warn\">").append(esc(w)).append("</li>\n"));
      b.append("</ul>\n");
    }
  }

  private static List<String> latencyRow(String label, OperationStats s) {
    List<String> row = new ArrayList<>(List.of(esc(label), Format.number(asDouble(s.count)), Format.number(s.avgUs)));
    for (String pct : Percentiles.STANDARD) {
      row.add(Format.number(s.percentile(pct)));
    }
    row.add(Format.number(s.maxUs));
    return row;
  }

  private void serverMetrics(StringBuilder b, String phase) {
    boolean any = runs.stream().anyMatch(r -> r.summary().phase(phase) != null
        && r.summary().phase(phase).serverMetrics != null);
    if (!any) {
      return;
    }
    b.append("<h3>Server</h3>\n<p class=\"note\">The server's counters, sampled on a connection of its own at every "
        + "status interval (server-metrics.csv): changes per second over each interval, on the same clock as the "
        + "client's intervals (charts above).</p>\n");
    for (ChartedRun r : runs) {
      PhaseSummary p = r.summary().phase(phase);
      if (p == null || p.serverMetrics == null) {
        continue;
      }
      PhaseSummary.ServerMetricsSummary s = p.serverMetrics;
      List<List<String>> rows = new ArrayList<>();
      for (ServerMetric m : ServerMetric.values()) {
        Double v = s.perSecond.get(m.column());
        if (v != null) {
          rows.add(List.of(esc(m.column()), Format.number(v), m.kind == ServerMetric.Kind.GAUGE
              ? "average (max " + Format.number(s.max.get(m.column())) + ")" : "per second"));
        }
      }
      b.append("<p>").append(runs.size() > 1 ? esc(r.label()) + ": " : "").append(s.intervals)
          .append(" intervals measured").append(s.medianSampleMs == null ? ""
              : String.format(Locale.ROOT, "; one sample's query took %.1f ms (median)", s.medianSampleMs))
          .append(".</p>\n");
      b.append(Html.table(List.of("metric", "value", "over the measured window"), rows));
      s.problems.forEach(problem -> b.append("<p class=\"warn\">").append(esc(problem)).append("</p>\n"));
    }
    for (ChartedRun r : runs) {
      if (r.folder() != null && r.summary().phase(phase) != null) {
        intervals(b, r, phase);
      }
    }
  }

  /** The client's and the server's figures interval by interval, matched on the status lines' clock. */
  private void intervals(StringBuilder b, ChartedRun r, String phase) {
    List<ServerMetricsFile.Row> server = ServerMetricsReader.rows(r.folder(), phase);
    List<StatusSample> client = r.summary().phase(phase).statusSeries;
    if (server.isEmpty()) {
      return;
    }
    List<ServerMetric> shown = new ArrayList<>();
    for (ServerMetric m : ServerMetric.values()) {
      if (server.stream().anyMatch(row -> row.values().containsKey(m))) {
        shown.add(m);
      }
    }
    List<String> header = new ArrayList<>(List.of("elapsed s", "client successful ops/s", "client all ops/s"));
    shown.forEach(m -> header.add(esc(m.column()) + (m.kind == ServerMetric.Kind.GAUGE ? "" : "/s")));
    header.add("note");
    List<List<String>> rows = new ArrayList<>();
    int per = (server.size() + MAX_INTERVAL_ROWS - 1) / MAX_INTERVAL_ROWS;
    for (ServerMetricsFile.Row row : merged(server, per)) {
      StatusSample match = per > 1 ? null : nearest(client, row.elapsedS(), row.intervalS() / 2);
      List<String> cells = new ArrayList<>();
      cells.add(String.format(Locale.ROOT, "%.1f", row.elapsedS()));
      cells.add(match == null ? "-" : Format.number(match.successfulOpsPerSec));
      cells.add(match == null ? "-" : Format.number(match.currentOpsPerSec));
      shown.forEach(m -> cells.add(Format.number(row.rate(m))));
      cells.add(esc(row.note()));
      rows.add(cells);
    }
    b.append("<details><summary>").append(runs.size() > 1 ? esc(r.label()) + ": " : "")
        .append(per > 1 ? "client and server, " + per + " intervals a row (" + server.size() + " intervals; every "
            + "one is in server-metrics.csv)" : "client and server, interval by interval").append("</summary>\n")
        .append(Html.table(header, rows)).append("</details>\n");
  }

  /**
   * Rows of {@code per} consecutive intervals each, so a day-long run's table stays a page: counters summed over the
   * row's span (their rate is over it), gauges at their largest, the notes of the first interval that had one. The
   * client's figures are left out of such rows (an interval's rate is not the span's).
   */
  private static List<ServerMetricsFile.Row> merged(List<ServerMetricsFile.Row> rows, int per) {
    if (per <= 1) {
      return rows;
    }
    List<ServerMetricsFile.Row> merged = new ArrayList<>();
    for (int from = 0; from < rows.size(); from += per) {
      List<ServerMetricsFile.Row> part = rows.subList(from, Math.min(rows.size(), from + per));
      java.util.EnumMap<ServerMetric, Long> values = new java.util.EnumMap<>(ServerMetric.class);
      String note = null;
      Double sampleMs = null;
      for (ServerMetricsFile.Row r : part) {
        r.values().forEach((m, v) -> values.merge(m, v, m.kind == ServerMetric.Kind.GAUGE ? Math::max : Long::sum));
        note = note == null ? r.note() : note;
        sampleMs = r.sampleMs() == null ? sampleMs : sampleMs == null ? r.sampleMs() : Math.max(sampleMs, r.sampleMs());
      }
      ServerMetricsFile.Row last = part.get(part.size() - 1);
      merged.add(new ServerMetricsFile.Row(last.phase(), part.get(0).startMs(), last.endMs(), last.elapsedS(), sampleMs,
          values, note));
    }
    return merged;
  }

  private static StatusSample nearest(List<StatusSample> samples, double elapsedS, double within) {
    StatusSample best = null;
    double bestDistance = Double.MAX_VALUE;
    for (StatusSample s : samples) {
      double d = Math.abs(s.elapsedS - elapsedS);
      if (d < bestDistance) {
        best = s;
        bestDistance = d;
      }
    }
    return bestDistance <= Math.max(within, 0.5) ? best : null;
  }

  private static Double asDouble(Long v) {
    return v == null ? null : v.doubleValue();
  }
}
