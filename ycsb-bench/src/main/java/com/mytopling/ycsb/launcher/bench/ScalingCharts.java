package com.mytopling.ycsb.launcher.bench;

import com.mytopling.ycsb.results.chart.ChartFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The scaling section's curves (docs/speed.md) from its results.tsv, as PNG and SVG: report merge's time and memory
 * against the clients merged, the file workload's memory against the records streamed, the start barrier's release
 * delay against the clients. Log scales where the x values span decades; medians of the rounds.
 */
final class ScalingCharts {
  private static final Pattern LEADING_NUMBER = Pattern.compile("(\\d+)");

  private ScalingCharts() {
  }

  /** Writes the charts into {@code out}; returns the files written. */
  static List<Path> write(Path results, Path out) throws IOException {
    Map<String, Map<String, Map<Long, List<Double>>>> data = read(results);
    Files.createDirectories(out);
    List<Path> files = new ArrayList<>();
    Map<String, Map<Long, List<Double>>> merge = data.getOrDefault("scaling-merge", Map.of());
    if (!merge.isEmpty()) {
      XYChart c = chart("report merge of a 10-minute run's logs (60 intervals x 2 series per client)",
          "clients merged", "seconds / MiB", true);
      add(c, "wall time, s", merge.get("wall_s"));
      add(c, "CPU time, s", merge.get("cpu_s"));
      add(c, "peak RSS, MiB", merge.get("maxrss_mib"));
      add(c, "input logs, MiB", merge.get("input_mib"));
      files.addAll(ChartFiles.save(c, out, "scaling-merge"));
    }
    Map<String, Map<Long, List<Double>>> file = data.getOrDefault("scaling-file", Map.of());
    if (!file.isEmpty()) {
      XYChart c = chart("file workload streaming a data file through BasicDB: client peak RSS", "records", "MiB", true);
      add(c, "keys generated (-Xmx256m)", file.get("maxrss_mib keys generated"));
      add(c, "keys from a field, fingerprints kept (-Xmx8g)", file.get("maxrss_mib keys from a field"));
      files.addAll(ChartFiles.save(c, out, "scaling-file-workload"));
    }
    Map<String, Map<Long, List<Double>>> barrier = data.getOrDefault("scaling-barrier", Map.of());
    if (!barrier.isEmpty()) {
      XYChart c = chart("start barrier: each client's start after the agreed moment (server clock)", "clients",
          "ms", false);
      c.getStyler().setXAxisLogarithmic(true);
      add(c, "median of the clients", barrier.get("p50_ms"));
      add(c, "latest client", barrier.get("max_ms"));
      files.addAll(ChartFiles.save(c, out, "scaling-barrier"));
    }
    return files;
  }

  private static XYChart chart(String title, String x, String y, boolean logLog) {
    XYChart c = new XYChartBuilder().width(900).height(500).title(title).xAxisTitle(x).yAxisTitle(y).build();
    c.getStyler().setXAxisLogarithmic(logLog);
    c.getStyler().setYAxisLogarithmic(logLog);
    c.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
    return c;
  }

  private static void add(XYChart c, String name, Map<Long, List<Double>> points) {
    if (points == null || points.isEmpty()) {
      return;
    }
    List<Double> xs = new ArrayList<>();
    List<Double> ys = new ArrayList<>();
    points.forEach((x, values) -> {
      xs.add(x.doubleValue());
      // Log scales need values above 0: on a log y axis a 0 is drawn at 0.1.
      ys.add(Math.max(c.getStyler().isYAxisLogarithmic() ? 0.1 : 0, BenchStats.median(values)));
    });
    c.addSeries(name, xs, ys).setMarker(SeriesMarkers.CIRCLE);
  }

  /**
   * section -> metric (the file workload's with its variant) -> x (the case's first number: clients or records) ->
   * values of the rounds.
   */
  static Map<String, Map<String, Map<Long, List<Double>>>> read(Path results) throws IOException {
    Map<String, Map<String, Map<Long, List<Double>>>> data = new LinkedHashMap<>();
    for (String line : Files.readAllLines(results, StandardCharsets.UTF_8)) {
      String[] f = line.split("\t", -1);
      if (f.length < 5 || !f[0].startsWith("scaling-")) {
        continue;
      }
      Matcher m = LEADING_NUMBER.matcher(f[1]);
      if (!m.find()) {
        continue;
      }
      String metric = f[3];
      if (f[0].equals("scaling-file")) {
        metric += f[1].contains("keys generated") ? " keys generated" : " keys from a field";
      }
      data.computeIfAbsent(f[0], k -> new LinkedHashMap<>()).computeIfAbsent(metric, k -> new TreeMap<>())
          .computeIfAbsent(Long.parseLong(m.group(1)), k -> new ArrayList<>()).add(Double.parseDouble(f[4]));
    }
    return data;
  }
}
