package com.mytopling.ycsb.launcher.bench;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Summarizes a bench-harness results file (tab-separated: section, case, round, metric, value) as Markdown: per case
 * and metric the median, min, max and spread ((max-min)/median) over the alternating rounds, then the ratios against
 * each of the section's references (REFERENCES: sysbench for the run phase, the server's own LOAD DATA INFILE for
 * loads, sysbench and ours for the cpu section, the runs without the shared-classes archive for start-up), both as a
 * ratio of medians and as the median of per-round ratios (round i of a case / round i of the reference, measured in
 * the same round).
 */
final class BenchStats {
  /** Each section's references, in order: every other case of the section gets a table of ratios against each. */
  static final Map<String, List<String>> REFERENCES = Map.of("run", List.of("sysbench"),
      "load", List.of("server LOAD DATA INFILE", BenchHarness.SERVER_LOAD_BY_KEY,
          BenchHarness.localName("server LOAD DATA INFILE"), BenchHarness.localName(BenchHarness.SERVER_LOAD_BY_KEY)),
      "rocksdb",
      List.of("server LOAD DATA INFILE", BenchHarness.ROCKSDB_SERVER_BULK, BenchHarness.ROCKSDB_SERVER_BULK_BY_KEY),
      "cpu", List.of("sysbench", CpuSection.OURS, CpuSection.OURS_ON_MYSQL), "startup",
      List.of(StartupSection.CLIENT_WITHOUT), "mainjob", List.of(StartupSection.JOB_WITHOUT),
      "live", List.of(LiveSection.OFF), "tls", List.of(TlsSection.CONNECTORJ_PLAIN, TlsSection.MARIADBJ_PLAIN));
  static final Map<String, String> UNITS = Map.ofEntries(Map.entry("ops_s", "ops/s"),
      Map.entry("cpu_us_op", "client CPU µs/op"), Map.entry("cpu_user_us_op", "client user CPU µs/op"),
      Map.entry("cpu_sys_us_op", "client system CPU µs/op"), Map.entry("rows_s", "rows/s"),
      Map.entry("cpu_us_row", "client CPU µs/row"), Map.entry("maxrss_mib", "peak RSS MiB"),
      Map.entry("wall_s", "wall s"), Map.entry("server_cpu_us_op", "server CPU µs/op"),
      Map.entry("server_cpu_us_row", "server CPU µs/row"),
      Map.entry("window_cpu_us_op", "client CPU µs/op in the measured window"),
      Map.entry("window_user_us_op", "client user CPU µs/op in the measured window"),
      Map.entry("window_sys_us_op", "client system CPU µs/op in the measured window"),
      Map.entry("window_jit_us_op", "of the window's CPU, the JIT compiler threads' µs/op"),
      Map.entry("startup_cpu_s", "client CPU s before the first operation"),
      Map.entry("first_op_s", "s from process start to the first operation"), Map.entry("cpu_s", "CPU s"),
      Map.entry("host_busy_pct", "host busy % during the case"),
      Map.entry("other_busy_pct", "host busy % by others (not client, not server)"),
      Map.entry("loadavg", "load average (1 min) at the case's start"),
      Map.entry("p50_ms", "median ms"), Map.entry("max_ms", "max ms"), Map.entry("job_wall_s", "main job wall s"),
      Map.entry("input_mib", "input MiB"), Map.entry("scrapes", "scrapes of the endpoint"),
      Map.entry("scrape_kib", "KiB per scrape"), Map.entry("scrape_p50_ms", "median ms to answer a scrape"),
      Map.entry("scrape_max_ms", "longest ms to answer a scrape"));
  /** Figures that describe the conditions or sizes, not the speed of a case: no ratios. */
  static final List<String> NO_RATIO = List.of("wall_s", "maxrss_mib", "host_busy_pct", "other_busy_pct", "loadavg",
      "scrapes", "scrape_kib", "scrape_p50_ms", "scrape_max_ms");

  private BenchStats() {
  }

  static String summarize(Path results) throws IOException {
    Map<String, Map<String, Map<String, List<Double>>>> data = new LinkedHashMap<>();
    for (String line : Files.readAllLines(results, StandardCharsets.UTF_8)) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String[] f = line.split("\t", -1);
      data.computeIfAbsent(f[0], k -> new LinkedHashMap<>()).computeIfAbsent(f[1], k -> new LinkedHashMap<>())
          .computeIfAbsent(f[3], k -> new ArrayList<>()).add(Double.parseDouble(f[4]));
    }
    StringBuilder md = new StringBuilder();
    for (Map.Entry<String, Map<String, Map<String, List<Double>>>> section : data.entrySet()) {
      Map<String, Map<String, List<Double>>> cases = section.getValue();
      md.append("\n### ").append(section.getKey()).append("\n\n");
      md.append("| case | metric | median | min | max | spread | runs |\n");
      md.append("|---|---|---:|---:|---:|---:|---:|\n");
      for (Map.Entry<String, Map<String, List<Double>>> c : cases.entrySet()) {
        for (Map.Entry<String, List<Double>> m : c.getValue().entrySet()) {
          List<Double> v = m.getValue();
          double med = median(v);
          double min = v.stream().mapToDouble(Double::doubleValue).min().orElse(0);
          double max = v.stream().mapToDouble(Double::doubleValue).max().orElse(0);
          double spread = med != 0 ? (max - min) / med * 100 : 0;
          md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s%% | %d |\n", c.getKey(),
              UNITS.getOrDefault(m.getKey(), m.getKey()), fmt(med), fmt(min), fmt(max), fixed(spread, 1), v.size()));
        }
      }
      for (String ref : REFERENCES.getOrDefault(section.getKey(), List.of())) {
        if (!cases.containsKey(ref)) {
          continue;
        }
        md.append("\nRatios against ").append(ref).append(": of the medians, and the median (min to max) of the "
            + "per-round ratios, each run divided by the reference run of the same round (robust when the machine's "
            + "load drifts between rounds):\n\n");
        md.append("| case | metric | ratio of medians | per-round ratio |\n");
        md.append("|---|---|---:|---:|\n");
        Map<String, List<Double>> refMetrics = cases.get(ref);
        for (Map.Entry<String, Map<String, List<Double>>> c : cases.entrySet()) {
          if (c.getKey().equals(ref)) {
            continue;
          }
          for (Map.Entry<String, List<Double>> m : c.getValue().entrySet()) {
            if (!refMetrics.containsKey(m.getKey()) || NO_RATIO.contains(m.getKey())) {
              continue;
            }
            List<Double> vals = m.getValue();
            List<Double> refVals = refMetrics.get(m.getKey());
            double r = median(vals) / median(refVals);
            List<Double> paired = new ArrayList<>();
            for (int i = 0; i < Math.min(vals.size(), refVals.size()); i++) {
              if (refVals.get(i) != 0) {
                paired.add(vals.get(i) / refVals.get(i));
              }
            }
            md.append(String.format(Locale.ROOT, "| %s | %s | %sx | %sx (%s to %s) |\n", c.getKey(),
                UNITS.getOrDefault(m.getKey(), m.getKey()), fixed(r, 2), fixed(median(paired), 2),
                fixed(paired.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN), 2),
                fixed(paired.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN), 2)));
          }
        }
      }
    }
    return md.toString();
  }

  /** Python's statistics.median: the middle value, or the mean of the two middle ones. */
  static double median(List<Double> values) {
    double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(v);
    int n = v.length;
    return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  }

  /** Whole numbers from 100 up, two decimals below, as the published summaries print them. */
  static String fmt(double v) {
    return Math.abs(v) >= 100 ? fixed(v, 0) : fixed(v, 2);
  }

  /**
   * {@code v} with {@code digits} decimals, rounded as C's printf rounds: the double's exact binary value, ties to
   * even. Java's {@code %.2f} rounds the shortest decimal string half up instead, and 25.895 (25.89499... in binary)
   * would print as 25.90 where the published summaries say 25.89.
   */
  static String fixed(double v, int digits) {
    if (!Double.isFinite(v)) {
      return Double.isNaN(v) ? "nan" : v > 0 ? "inf" : "-inf";
    }
    return new BigDecimal(v).setScale(digits, RoundingMode.HALF_EVEN).toPlainString();
  }
}
