package com.mytopling.ycsb.results.html;

import static com.mytopling.ycsb.results.html.Html.esc;

import java.awt.Color;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * Draws a chart that RunCharts (or a page) built with XChart as a small inline SVG: the same series, titles, axes (log
 * or linear, fixed bounds) and warm-up band, with text as text. XChart's own SVG draws every letter as an outline,
 * about 60 KB a chart whatever its data, which made a 15 s run's page weigh a megabyte; here a chart is a few KB plus
 * its points. What is charted stays defined once, in the XChart objects; only the drawing is here.
 *
 * <p>Series are down-sampled for drawing: a line of more than {@link #MAX_POINTS} points keeps, in each of
 * {@code MAX_POINTS / 2} buckets of consecutive points, the lowest and the highest, so spikes and stalls stay visible
 * at any length. The data itself stays in the run folder (summary.json, the HdrHistogram logs, server-metrics.csv).
 */
final class SvgChart {
  static final int MAX_POINTS = 600;
  private static final int WIDTH = 800;
  private static final int HEIGHT = 400;
  private static final int LEFT = 64;
  private static final int RIGHT = 16;
  private static final int TOP = 30;
  private static final int PLOT_HEIGHT = 250;
  /** Distinct on white and for common colour blindness (Okabe-Ito and Tableau hues). */
  private static final String[] PALETTE = {"#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9",
      "#7f3c8d", "#8c6d31", "#3969ac", "#e73f74"};
  private static final double CHAR_WIDTH = 6.6;

  /** The drawing and how much of the data it shows. */
  record Drawn(String svg, int points, int drawnPoints) {
  }

  private SvgChart() {
  }

  static Drawn render(Chart<?, ?> chart, String label) {
    if (chart instanceof XYChart xy) {
      return new XyDrawing(xy, label).draw();
    }
    if (chart instanceof CategoryChart bars) {
      return new BarDrawing(bars, label).draw();
    }
    throw new IllegalArgumentException("no SVG drawing for " + chart.getClass().getSimpleName());
  }

  // ---------------------------------------------------------------- shared pieces

  private static String colour(Color c, int index) {
    if (c == null) {
      return PALETTE[index % PALETTE.length];
    }
    return String.format(Locale.ROOT, "#%02x%02x%02x", c.getRed(), c.getGreen(), c.getBlue());
  }

  static String num(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e9) {
      return Long.toString((long) v);
    }
    return String.format(Locale.ROOT, "%.1f", v);
  }

  /** Tick labels: 950, 12k, 1.5M, 0.25. */
  static String compact(double v) {
    double a = Math.abs(v);
    if (a >= 1e9) {
      return trim(v / 1e9) + "G";
    }
    if (a >= 1e6) {
      return trim(v / 1e6) + "M";
    }
    if (a >= 1e4) {
      return trim(v / 1e3) + "k";
    }
    if (a >= 1 || a == 0) {
      return trim(v);
    }
    return String.format(Locale.ROOT, "%.2g", v);
  }

  private static String trim(double v) {
    String s = String.format(Locale.ROOT, "%.2f", v);
    s = s.replaceAll("0+$", "");
    return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
  }

  /** Linear ticks at 1, 2 or 5 times a power of ten, about {@code target} of them. */
  static List<Double> niceTicks(double min, double max, int target) {
    List<Double> ticks = new ArrayList<>();
    if (!(max > min)) {
      ticks.add(min);
      return ticks;
    }
    double raw = (max - min) / target;
    double power = Math.pow(10, Math.floor(Math.log10(raw)));
    double step = power;
    for (double m : new double[] {1, 2, 5, 10}) {
      step = m * power;
      if (step >= raw) {
        break;
      }
    }
    for (double t = Math.ceil(min / step) * step; t <= max + step * 1e-9; t += step) {
      ticks.add(Math.abs(t) < step * 1e-9 ? 0 : t);
    }
    return ticks;
  }

  /** Time ticks for an axis in seconds: whole minutes or hours once the axis spans that much. */
  static List<Double> timeTicks(double min, double max) {
    double span = max - min;
    double[] steps = {1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400};
    double step = steps[steps.length - 1];
    for (double s : steps) {
      if (span / s <= 8) {
        step = s;
        break;
      }
    }
    List<Double> ticks = new ArrayList<>();
    for (double t = Math.ceil(min / step) * step; t <= max + 1e-9; t += step) {
      ticks.add(t);
    }
    return ticks;
  }

  static String timeLabel(double seconds, double span) {
    if (span >= 3 * 3600) {
      return trim(seconds / 3600) + "h";
    }
    if (span >= 600) {
      return trim(seconds / 60) + "m";
    }
    return trim(seconds) + "s";
  }

  /** A legend in rows under the plot; returns its height. */
  private static int legend(StringBuilder svg, List<String> names, List<String> colours, List<Boolean> bands, int top) {
    double x = LEFT;
    int y = top;
    for (int i = 0; i < names.size(); i++) {
      double w = 22 + names.get(i).length() * CHAR_WIDTH + 14;
      if (x + w > WIDTH - RIGHT && x > LEFT) {
        x = LEFT;
        y += 18;
      }
      if (bands.get(i)) {
        svg.append(String.format(Locale.ROOT, "<rect x=\"%s\" y=\"%d\" width=\"16\" height=\"10\" fill=\"%s\" "
            + "fill-opacity=\"0.25\" class=\"band\"/>", num(x), y - 9, colours.get(i)));
      } else {
        svg.append(String.format(Locale.ROOT, "<rect x=\"%s\" y=\"%d\" width=\"16\" height=\"4\" fill=\"%s\"/>",
            num(x), y - 6, colours.get(i)));
      }
      svg.append(String.format(Locale.ROOT, "<text x=\"%s\" y=\"%d\">%s</text>", num(x + 22), y, esc(names.get(i))));
      x += w;
    }
    return y - top + 18;
  }

  private static String open(String label, int height) {
    return "<svg role=\"img\" aria-label=\"" + esc(label) + "\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 "
        + WIDTH + " " + height + "\" font-family=\"system-ui,sans-serif\" font-size=\"12\" fill=\"#222\">";
  }

  private static void title(StringBuilder svg, String title) {
    if (title != null && !title.isEmpty()) {
      svg.append("<text x=\"").append(WIDTH / 2).append("\" y=\"18\" text-anchor=\"middle\" font-size=\"14\" "
          + "font-weight=\"600\">").append(esc(title)).append("</text>");
    }
  }

  private static void yTitle(StringBuilder svg, String title) {
    if (title != null && !title.isEmpty()) {
      int cy = TOP + PLOT_HEIGHT / 2;
      svg.append("<text x=\"14\" y=\"").append(cy).append("\" text-anchor=\"middle\" transform=\"rotate(-90 14 ")
          .append(cy).append(")\">").append(esc(title)).append("</text>");
    }
  }

  /** Wraps the drawing with its final height (the legend decides it). */
  private static String finish(String label, StringBuilder body, int height) {
    return open(label, height) + body + "</svg>";
  }

  // ---------------------------------------------------------------- lines over x

  /** One axis: linear or logarithmic, mapping data to pixels. */
  private record Axis(double min, double max, boolean log, double from, double to) {
    double px(double v) {
      double f = log ? (Math.log10(v) - Math.log10(min)) / (Math.log10(max) - Math.log10(min))
          : (v - min) / (max - min);
      return from + f * (to - from);
    }

    static Axis of(double min, double max, boolean log, double from, double to) {
      if (log) {
        min = Math.pow(10, Math.floor(Math.log10(min)));
        max = Math.pow(10, Math.ceil(Math.log10(max)));
      }
      if (!(max > min)) {
        max = min + (min == 0 ? 1 : Math.abs(min));
      }
      return new Axis(min, max, log, from, to);
    }

    List<Double> ticks(boolean time) {
      if (log) {
        List<Double> t = new ArrayList<>();
        for (double d = min; d <= max * 1.0001; d *= 10) {
          t.add(d);
        }
        return t;
      }
      return time ? timeTicks(min, max) : niceTicks(min, max, 6);
    }
  }

  private static final class XyDrawing {
    private final XYChart chart;
    private final String label;

    XyDrawing(XYChart chart, String label) {
      this.chart = chart;
      this.label = label;
    }

    Drawn draw() {
      var styler = chart.getStyler();
      boolean xLog = styler.isXAxisLogarithmic();
      boolean yLog = styler.isYAxisLogarithmic();
      List<XYSeries> series = new ArrayList<>(chart.getSeriesMap().values());
      double xMin = Double.MAX_VALUE;
      double xMax = -Double.MAX_VALUE;
      double yMin = Double.MAX_VALUE;
      double yMax = -Double.MAX_VALUE;
      for (XYSeries s : series) {
        double[] x = s.getXData();
        double[] y = s.getYData();
        for (int i = 0; i < x.length; i++) {
          if (usable(x[i], xLog) && usable(y[i], yLog)) {
            xMin = Math.min(xMin, x[i]);
            xMax = Math.max(xMax, x[i]);
            yMin = Math.min(yMin, y[i]);
            yMax = Math.max(yMax, y[i]);
          }
        }
      }
      if (xMin > xMax) {
        xMin = 0;
        xMax = 1;
        yMin = 0;
        yMax = 1;
      }
      if (styler.getYAxisMin() != null && !yLog) {
        yMin = styler.getYAxisMin();
      }
      if (styler.getYAxisMax() != null && !yLog) {
        yMax = styler.getYAxisMax();
      }
      if (!yLog && yMin > 0 && yMin < yMax * 0.5) {
        yMin = 0;
      }
      if (!yLog && !(yMax > yMin)) {
        // A flat line: from 0 (or below it) to a tenth above it, not an axis of no height.
        yMin = Math.min(0, yMin);
        yMax = yMax > 0 ? yMax * 1.1 : yMin + 1;
      }
      boolean time = chart.getXAxisTitle() != null && chart.getXAxisTitle().startsWith("seconds");
      Axis xa = Axis.of(xMin, xMax, xLog, LEFT, WIDTH - RIGHT);
      Axis ya = Axis.of(yMin, yMax, yLog, TOP + PLOT_HEIGHT, TOP);
      StringBuilder svg = new StringBuilder();
      title(svg, chart.getTitle());
      grid(svg, xa, ya, time);
      String clip = clipId();
      svg.append("<defs><clipPath id=\"").append(clip).append("\"><rect x=\"").append(LEFT).append("\" y=\"")
          .append(TOP).append("\" width=\"").append(WIDTH - LEFT - RIGHT).append("\" height=\"").append(PLOT_HEIGHT)
          .append("\"/></clipPath></defs><g clip-path=\"url(#").append(clip).append(")\">");
      List<String> names = new ArrayList<>();
      List<String> colours = new ArrayList<>();
      List<Boolean> bands = new ArrayList<>();
      int points = 0;
      int drawn = 0;
      int index = 0;
      for (XYSeries s : series) {
        boolean band = s.getXYSeriesRenderStyle() == XYSeries.XYSeriesRenderStyle.Area;
        String c = band ? "#808080" : colour(s.getLineColor(), index++);
        double[] x = s.getXData();
        double[] y = s.getYData();
        points += x.length;
        if (band) {
          double x0 = xa.px(Math.max(x[0], xa.min()));
          double x1 = xa.px(Math.min(x[x.length - 1], xa.max()));
          svg.append(String.format(Locale.ROOT, "<rect class=\"band\" x=\"%s\" y=\"%d\" width=\"%s\" height=\"%d\" "
              + "fill=\"%s\" fill-opacity=\"0.2\"/>", num(x0), TOP, num(Math.max(0, x1 - x0)), PLOT_HEIGHT, c));
          drawn += 2;
        } else {
          int[] keep = downSample(x, y, xLog, yLog);
          drawn += keep.length;
          StringBuilder pts = new StringBuilder();
          for (int i : keep) {
            pts.append(num(Math.round(xa.px(x[i]) * 10) / 10.0)).append(',')
                .append(num(Math.round(ya.px(clamp(y[i], ya)) * 10) / 10.0)).append(' ');
          }
          svg.append("<polyline fill=\"none\" stroke=\"").append(c).append("\" stroke-width=\"1.6\" "
              + "stroke-linejoin=\"round\" points=\"").append(pts.toString().strip()).append("\"/>");
        }
        names.add(s.getName());
        colours.add(c);
        bands.add(band);
      }
      svg.append("</g>");
      yTitle(svg, chart.getYAxisTitle());
      int axisTitleY = TOP + PLOT_HEIGHT + 34;
      if (chart.getXAxisTitle() != null) {
        svg.append("<text x=\"").append((LEFT + WIDTH - RIGHT) / 2).append("\" y=\"").append(axisTitleY)
            .append("\" text-anchor=\"middle\">").append(esc(chart.getXAxisTitle())).append("</text>");
      }
      int legendHeight = legend(svg, names, colours, bands, axisTitleY + 22);
      return new Drawn(finish(label, svg, axisTitleY + 8 + legendHeight), points, drawn);
    }

    private static double clamp(double v, Axis a) {
      double lo = Math.min(a.min(), a.max());
      double hi = Math.max(a.min(), a.max());
      return Math.max(lo, Math.min(hi, v));
    }

    private static boolean usable(double v, boolean log) {
      return Double.isFinite(v) && (!log || v > 0);
    }

    /**
     * Indexes of the points to draw: all of them up to MAX_POINTS, else the lowest and highest of each bucket of
     * consecutive points, in order.
     */
    private static int[] downSample(double[] x, double[] y, boolean xLog, boolean yLog) {
      List<Integer> usable = new ArrayList<>();
      for (int i = 0; i < x.length; i++) {
        if (usable(x[i], xLog) && usable(y[i], yLog)) {
          usable.add(i);
        }
      }
      if (usable.size() <= MAX_POINTS) {
        return usable.stream().mapToInt(Integer::intValue).toArray();
      }
      int buckets = MAX_POINTS / 2;
      List<Integer> keep = new ArrayList<>();
      for (int b = 0; b < buckets; b++) {
        int from = (int) ((long) b * usable.size() / buckets);
        int to = (int) ((long) (b + 1) * usable.size() / buckets);
        int lo = usable.get(from);
        int hi = usable.get(from);
        for (int k = from; k < to; k++) {
          int i = usable.get(k);
          if (y[i] < y[lo]) {
            lo = i;
          }
          if (y[i] > y[hi]) {
            hi = i;
          }
        }
        keep.add(Math.min(lo, hi));
        if (lo != hi) {
          keep.add(Math.max(lo, hi));
        }
      }
      return keep.stream().mapToInt(Integer::intValue).toArray();
    }

    private void grid(StringBuilder svg, Axis xa, Axis ya, boolean time) {
      svg.append("<g stroke=\"#e4e4e4\" stroke-width=\"1\">");
      List<Double> yt = ya.ticks(false);
      for (double t : yt) {
        double py = ya.px(t);
        svg.append("<line x1=\"").append(LEFT).append("\" x2=\"").append(WIDTH - RIGHT).append("\" y1=\"")
            .append(num(Math.round(py * 10) / 10.0)).append("\" y2=\"").append(num(Math.round(py * 10) / 10.0))
            .append("\"/>");
      }
      svg.append("</g><g stroke=\"#999\"><line x1=\"").append(LEFT).append("\" x2=\"").append(WIDTH - RIGHT)
          .append("\" y1=\"").append(TOP + PLOT_HEIGHT).append("\" y2=\"").append(TOP + PLOT_HEIGHT).append("\"/>")
          .append("<line x1=\"").append(LEFT).append("\" x2=\"").append(LEFT).append("\" y1=\"").append(TOP)
          .append("\" y2=\"").append(TOP + PLOT_HEIGHT).append("\"/></g>");
      svg.append("<g font-size=\"11\" fill=\"#555\">");
      for (double t : yt) {
        svg.append("<text x=\"").append(LEFT - 6).append("\" y=\"").append(num(Math.round(ya.px(t) * 10) / 10.0 + 4))
            .append("\" text-anchor=\"end\">").append(compact(t)).append("</text>");
      }
      List<Double> xt = xa.ticks(time);
      double span = xa.max() - xa.min();
      for (double t : xt) {
        double px = Math.round(xa.px(t) * 10) / 10.0;
        svg.append("<text x=\"").append(num(px)).append("\" y=\"").append(TOP + PLOT_HEIGHT + 16)
            .append("\" text-anchor=\"middle\">").append(time && !xa.log() ? timeLabel(t, span) : compact(t))
            .append("</text>");
      }
      svg.append("</g>");
    }
  }

  private static final java.util.concurrent.atomic.AtomicInteger CLIPS = new java.util.concurrent.atomic.AtomicInteger();

  /** Unique within a page: several charts' clip paths share one document. */
  private static String clipId() {
    return "clip" + CLIPS.incrementAndGet();
  }

  // ---------------------------------------------------------------- bars per category

  private static final class BarDrawing {
    private final CategoryChart chart;
    private final String label;

    BarDrawing(CategoryChart chart, String label) {
      this.chart = chart;
      this.label = label;
    }

    Drawn draw() {
      List<CategorySeries> series = new ArrayList<>(chart.getSeriesMap().values());
      Set<String> categories = new LinkedHashSet<>();
      double max = 0;
      int points = 0;
      for (CategorySeries s : series) {
        s.getXData().forEach(c -> categories.add(String.valueOf(c)));
        for (Number n : s.getYData()) {
          if (n != null) {
            max = Math.max(max, n.doubleValue());
            points++;
          }
        }
      }
      Axis ya = Axis.of(0, max > 0 ? max * 1.05 : 1, false, TOP + PLOT_HEIGHT, TOP);
      StringBuilder svg = new StringBuilder();
      title(svg, chart.getTitle());
      svg.append("<g stroke=\"#e4e4e4\">");
      List<Double> ticks = ya.ticks(false);
      for (double t : ticks) {
        double py = Math.round(ya.px(t) * 10) / 10.0;
        svg.append("<line x1=\"").append(LEFT).append("\" x2=\"").append(WIDTH - RIGHT).append("\" y1=\"")
            .append(num(py)).append("\" y2=\"").append(num(py)).append("\"/>");
      }
      svg.append("</g><g font-size=\"11\" fill=\"#555\">");
      for (double t : ticks) {
        svg.append("<text x=\"").append(LEFT - 6).append("\" y=\"").append(num(Math.round(ya.px(t) * 10) / 10.0 + 4))
            .append("\" text-anchor=\"end\">").append(compact(t)).append("</text>");
      }
      List<String> cats = new ArrayList<>(categories);
      double groupWidth = (WIDTH - LEFT - RIGHT) / (double) Math.max(1, cats.size());
      double barWidth = groupWidth * 0.8 / Math.max(1, series.size());
      for (int c = 0; c < cats.size(); c++) {
        svg.append("<text x=\"").append(num(Math.round((LEFT + groupWidth * (c + 0.5)) * 10) / 10.0)).append("\" y=\"")
            .append(TOP + PLOT_HEIGHT + 16).append("\" text-anchor=\"middle\">").append(esc(cats.get(c)))
            .append("</text>");
      }
      svg.append("</g>");
      List<String> names = new ArrayList<>();
      List<String> colours = new ArrayList<>();
      List<Boolean> bands = new ArrayList<>();
      for (int si = 0; si < series.size(); si++) {
        CategorySeries s = series.get(si);
        String colour = colour(s.getFillColor(), si);
        List<?> xs = new ArrayList<>(s.getXData());
        List<? extends Number> ys = new ArrayList<>((Collection<? extends Number>) s.getYData());
        for (int i = 0; i < xs.size(); i++) {
          Number v = ys.get(i);
          if (v == null) {
            continue;
          }
          int c = cats.indexOf(String.valueOf(xs.get(i)));
          double x = LEFT + groupWidth * c + groupWidth * 0.1 + barWidth * si;
          double top = ya.px(v.doubleValue());
          svg.append(String.format(Locale.ROOT, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"%s\">"
                  + "<title>%s %s: %s</title></rect>", num(Math.round(x * 10) / 10.0),
              num(Math.round(top * 10) / 10.0), num(Math.round(barWidth * 10) / 10.0),
              num(Math.round((TOP + PLOT_HEIGHT - top) * 10) / 10.0), colour, esc(s.getName()),
              esc(String.valueOf(xs.get(i))), num(v.doubleValue())));
        }
        names.add(s.getName());
        colours.add(colour);
        bands.add(false);
      }
      svg.append("<line stroke=\"#999\" x1=\"").append(LEFT).append("\" x2=\"").append(WIDTH - RIGHT).append("\" y1=\"")
          .append(TOP + PLOT_HEIGHT).append("\" y2=\"").append(TOP + PLOT_HEIGHT).append("\"/>");
      yTitle(svg, chart.getYAxisTitle());
      int axisTitleY = TOP + PLOT_HEIGHT + 34;
      if (chart.getXAxisTitle() != null) {
        svg.append("<text x=\"").append((LEFT + WIDTH - RIGHT) / 2).append("\" y=\"").append(axisTitleY)
            .append("\" text-anchor=\"middle\">").append(esc(chart.getXAxisTitle())).append("</text>");
      }
      int legendHeight = legend(svg, names, colours, bands, axisTitleY + 22);
      return new Drawn(finish(label, svg, axisTitleY + 8 + legendHeight), points, points);
    }
  }
}
