package com.mytopling.ycsb.results.html;

import static com.mytopling.ycsb.results.html.Html.esc;

import com.mytopling.ycsb.results.chart.RunCharts;
import com.mytopling.ycsb.results.cli.Format;
import com.mytopling.ycsb.results.history.ChangePoints;
import com.mytopling.ycsb.results.history.History;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;

/**
 * The page of scripts/report history --out: per series (one setup), its change points first (each named by the first
 * point after it, with the size of the change and both tests' p), then a chart per followed figure (throughput,
 * p99 of each operation) over the points with the change points marked, then the points themselves.
 */
public final class HistoryReport {
  private final List<History.Series> series;

  public HistoryReport(List<History.Series> series) {
    this.series = series;
  }

  public String render() {
    StringBuilder b = new StringBuilder("<h1>History: ").append(series.size())
        .append(series.size() == 1 ? " series" : " series").append("</h1>\n");
    b.append("<p class=\"note\">One series per setup (target, workload, sizes, threads, clients, server version), "
        + "points in time order, each the median of its runs. Change points by E-Divisive means (significant by its "
        + "permutation test, p &lt;= ").append(String.format(Locale.ROOT, "%s, and Welch's t-test, p &lt;= %s",
            BigDecimalText.of(ChangePoints.PERMUTATION_ALPHA), BigDecimalText.of(ChangePoints.T_TEST_ALPHA)))
        .append("); docs/results.md, \"History and change points\".</p>\n");
    b.append("<section id=\"headline\" class=\"headline\">\n");
    int n = 1;
    for (History.Series s : series) {
      b.append("<div class=\"phase\" data-series=\"").append(n).append("\"><h2>Series ").append(n).append("</h2>\n")
          .append("<p>").append(esc(s.setup())).append("; ").append(s.points().size()).append(" points</p>\n<ul "
              + "class=\"verdicts\">");
      for (History.Metric m : s.metrics()) {
        if (m.changes().isEmpty()) {
          b.append("<li class=\"good\" data-metric=\"").append(esc(m.name())).append("\">").append(esc(m.name()))
              .append(": no change point</li>");
        }
        for (ChangePoints.ChangePoint c : m.changes()) {
          boolean worse = m.higherIsBetter() ? c.change() < 0 : c.change() > 0;
          History.Point p = s.points().get(c.index());
          b.append("<li class=\"").append(worse ? "bad" : "good").append("\" data-metric=\"").append(esc(m.name()))
              .append("\" data-change-point=\"").append(c.index() + 1).append("\">").append(esc(m.name())).append(": ")
              .append(esc(Format.percent(c.change()))).append(" (").append(Format.number(c.meanBefore()))
              .append(" to ").append(Format.number(c.meanAfter())).append(") ").append(esc(where(p, c.index())))
              .append(String.format(Locale.ROOT, "; p %.3f, t-test p %.2g", c.permutationP(), c.tTestP()))
              .append("</li>");
        }
      }
      b.append("</ul></div>\n");
      n++;
    }
    b.append("</section>\n<h2 id=\"charts\">Charts</h2>\n");
    n = 1;
    for (History.Series s : series) {
      for (History.Metric m : s.metrics()) {
        b.append(Html.chart(chart(s, m, n), "history-" + n + "-" + m.name().replaceAll("[^A-Za-z0-9]+", "-"),
            "series " + n + ": " + m.name() + " by point, change points marked"));
      }
      n++;
    }
    b.append("<h2 id=\"details\">Points</h2>\n");
    n = 1;
    for (History.Series s : series) {
      List<String> header = new ArrayList<>(List.of("point", "name", "time", "commit", "image", "runs"));
      s.metrics().forEach(m -> header.add(esc(m.name())));
      List<List<String>> rows = new ArrayList<>();
      for (int i = 0; i < s.points().size(); i++) {
        History.Point p = s.points().get(i);
        List<String> row = new ArrayList<>(List.of(Integer.toString(i + 1), esc(p.name()), esc(nz(p.time())),
            esc(nz(p.commit())), esc(nz(p.image())), Integer.toString(p.runs().size())));
        for (History.Metric m : s.metrics()) {
          double v = m.values()[i];
          row.add(Double.isNaN(v) ? "-" : Format.number(v));
        }
        rows.add(row);
      }
      b.append("<details").append(series.size() == 1 ? " open" : "").append("><summary>series ").append(n++)
          .append(": ").append(s.points().size()).append(" points</summary>\n").append(Html.table(header, rows))
          .append("</details>\n");
    }
    return Html.page("History of " + series.size() + " series", b.toString());
  }

  /** A threshold as written in the source (0.0001, not 1.0E-4). */
  private static final class BigDecimalText {
    static String of(double v) {
      return java.math.BigDecimal.valueOf(v).toPlainString();
    }
  }

  private static String nz(String s) {
    return s == null ? "-" : s;
  }

  private static String where(History.Point p, int index) {
    StringBuilder b = new StringBuilder("from point ").append(index + 1).append(", ").append(p.name());
    if (p.commit() != null) {
      b.append(", commit ").append(p.commit().length() > 12 ? p.commit().substring(0, 12) : p.commit());
    }
    if (p.image() != null) {
      b.append(", ").append(p.image());
    }
    return b.toString();
  }

  private static XYChart chart(History.Series s, History.Metric m, int n) {
    XYChart chart = new XYChartBuilder().width(1000).height(500).title("series " + n + ": " + m.name())
        .xAxisTitle("point (oldest first)").yAxisTitle(m.name()).build();
    RunCharts.style(chart.getStyler());
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
    chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
    List<Double> x = new ArrayList<>();
    List<Double> y = new ArrayList<>();
    double top = 0;
    for (int i = 0; i < m.values().length; i++) {
      if (!Double.isNaN(m.values()[i])) {
        x.add(i + 1.0);
        y.add(m.values()[i]);
        top = Math.max(top, m.values()[i]);
      }
    }
    if (x.isEmpty()) {
      return null;
    }
    chart.addSeries(m.name(), x, y);
    for (ChangePoints.ChangePoint c : m.changes()) {
      // Between the last point before the change and the first after it.
      double at = c.index() + 0.5;
      chart.addSeries(String.format(Locale.ROOT, "change %s from point %d", Format.percent(c.change()), c.index() + 1),
          new double[] {at, at}, new double[] {0, top * 1.05});
    }
    chart.getStyler().setYAxisMin(0.0);
    return chart;
  }
}
