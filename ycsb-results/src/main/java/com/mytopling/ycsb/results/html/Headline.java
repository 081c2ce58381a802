package com.mytopling.ycsb.results.html;

import static com.mytopling.ycsb.results.html.Html.esc;

import com.mytopling.ycsb.results.chart.ChartedRun;
import com.mytopling.ycsb.results.cli.Format;
import com.mytopling.ycsb.results.model.OperationStats;
import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.model.StatusSample;
import com.mytopling.ycsb.results.parse.OperationNames;
import com.mytopling.ycsb.results.parse.SuccessfulOperations;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The first screen of every report: per phase (run first, the figure readers come for), the throughput of
 * successful operations and of all, the failed operations, p50/p95/p99/p99.9 of each operation type, and the phase's
 * {@link Verdicts}; for several runs the same figures side by side, each with its ratio to the first run and that
 * ratio's spread. Every figure is marked {@code data-figure="PHASE.NAME"} so a test can read it from the page.
 */
final class Headline {
  /** The percentiles of the headline, in order. */
  static final List<String> PERCENTILES = List.of("p50", "p95", "p99", "p99.9");

  private Headline() {
  }

  /** Phases in headline order: run, then load, then any other. */
  static List<String> phases(Set<String> phases) {
    List<String> ordered = new ArrayList<>();
    if (phases.contains("run")) {
      ordered.add("run");
    }
    phases.stream().filter(p -> !p.equals("run")).forEach(ordered::add);
    return ordered;
  }

  // ---------------------------------------------------------------- one run

  static String ofRun(ChartedRun run) {
    StringBuilder b = new StringBuilder("<section id=\"headline\" class=\"headline\">\n");
    serverLine(b, run, false);
    for (String phase : phases(run.summary().phases.keySet())) {
      PhaseSummary p = run.summary().phase(phase);
      b.append("<div class=\"phase\" data-phase=\"").append(esc(phase)).append("\">\n<h2>").append(esc(phase))
          .append(" phase</h2>\n<div class=\"figures\">");
      figure(b, phase + ".successful_throughput", Format.throughput(p.successfulThroughputOps), "successful ops/s",
          true);
      figure(b, phase + ".throughput", Format.throughput(p.throughputOps), "all ops/s", false);
      Long failed = failed(p);
      figure(b, phase + ".failed", failed == null ? "-" : Format.number(failed.doubleValue()),
          "failed" + failedShare(p, failed), false);
      figure(b, phase + ".measured_s", p.runtimeMs == null ? "-"
          : String.format(Locale.ROOT, "%,.1f", p.runtimeMs / 1000.0), "s measured", false);
      b.append("</div>\n");
      verdicts(b, Verdicts.of(p));
      latencyTable(b, phase, p);
      b.append("</div>\n");
    }
    return b.append("</section>\n").toString();
  }

  /**
   * What was measured, in one line: the server's product and version, engine, driver and the connections' TLS
   * ("MySQL 9.7.4-2 (InnoDB) through MySQL Connector/J 9.1.0, TLS TLSv1.3 TLS_AES_128_GCM_SHA256"); nothing when the
   * run recorded no server (published figures name theirs in their metadata).
   */
  private static void serverLine(StringBuilder b, ChartedRun run, boolean named) {
    Map<String, String> s = run.summary().server;
    if (s == null || s.get("server") == null) {
      return;
    }
    String product = s.get("product");
    StringBuilder line = new StringBuilder(product == null ? s.get("server") : product + " " + s.get("server"));
    if (s.get("engine") != null) {
      line.append(" (").append(s.get("engine")).append(')');
    }
    if (s.get("driver") != null) {
      line.append(" through ").append(s.get("driver"));
    }
    line.append(", TLS ").append(s.get("tls") == null ? "not recorded" : s.get("tls"));
    b.append("<p class=\"server\" data-server=\"").append(esc(run.label())).append("\">")
        .append(named ? esc(run.label()) + ": " : "").append(esc(line.toString())).append("</p>\n");
  }

  private static void figure(StringBuilder b, String key, String value, String unit, boolean main) {
    b.append("<div class=\"figure").append(main ? " main" : "").append("\"><span class=\"value\" data-figure=\"")
        .append(esc(key)).append("\">").append(esc(value)).append("</span> <span class=\"unit\">").append(esc(unit))
        .append("</span></div>");
  }

  private static void verdicts(StringBuilder b, List<Verdicts.Verdict> verdicts) {
    if (verdicts.isEmpty()) {
      return;
    }
    b.append("<ul class=\"verdicts\">");
    for (Verdicts.Verdict v : verdicts) {
      b.append("<li class=\"").append(v.css()).append("\" data-verdict=\"").append(esc(v.kind())).append("\">")
          .append(esc(v.text())).append("</li>");
    }
    b.append("</ul>\n");
  }

  private static void latencyTable(StringBuilder b, String phase, PhaseSummary p) {
    boolean batched = p.batchedInserts != null;
    Map<String, OperationStats> ops = p.workloadOperations();
    if (ops.isEmpty()) {
      return;
    }
    b.append("<div class=\"scroll\"><table class=\"latency\"><tr><th>operation (us)</th><th>count</th>");
    PERCENTILES.forEach(pct -> b.append("<th>").append(pct).append("</th>"));
    b.append("</tr>\n");
    ops.forEach((op, s) -> {
      b.append("<tr><td>").append(esc(OperationNames.label(op, batched))).append("</td><td class=\"n\">")
          .append(Format.number(s.count == null ? null : s.count.doubleValue())).append("</td>");
      for (String pct : PERCENTILES) {
        b.append("<td class=\"n\" data-figure=\"").append(esc(phase + "." + op + "." + pct)).append("\">")
            .append(Format.number(s.percentile(pct))).append("</td>");
      }
      b.append("</tr>\n");
    });
    b.append("</table></div>\n");
  }

  /**
   * Failed operations from the return codes: DB calls that returned anything but OK (or, batched, BATCHED_OK), and
   * batched rows the server did not store; null when the phase has no return codes (published figures).
   */
  static Long failed(PhaseSummary p) {
    long failed = 0;
    boolean any = false;
    for (String call : OperationNames.dbCalls()) {
      OperationStats s = p.operations.get(call);
      if (s == null || s.returnCodes.isEmpty()) {
        continue;
      }
      any = true;
      for (var code : s.returnCodes.entrySet()) {
        if (!code.getKey().equals("OK") && !code.getKey().equals("BATCHED_OK")) {
          failed += code.getValue();
        }
      }
    }
    return any ? failed + SuccessfulOperations.rowsNotStored(p) : null;
  }

  private static String failedShare(PhaseSummary p, Long failed) {
    if (failed == null || p.successfulOperations == null || failed + p.successfulOperations == 0) {
      return "";
    }
    return String.format(Locale.ROOT, " (%.2f %%)", 100.0 * failed / (failed + p.successfulOperations));
  }

  // ---------------------------------------------------------------- runs side by side

  /** One compared figure: how to read it from a phase and, where status lines allow, its interval-to-interval spread. */
  private record Figure(String key, String label, Function<PhaseSummary, Double> value,
                        Function<PhaseSummary, Double> variation, boolean throughput) {
  }

  static String ofComparison(List<ChartedRun> runs) {
    StringBuilder b = new StringBuilder("<section id=\"headline\" class=\"headline\">\n");
    runs.forEach(r -> serverLine(b, r, true));
    Set<String> all = new LinkedHashSet<>();
    runs.forEach(r -> all.addAll(r.summary().phases.keySet()));
    for (String phase : phases(all)) {
      b.append("<div class=\"phase\" data-phase=\"").append(esc(phase)).append("\">\n<h2>").append(esc(phase))
          .append(" phase</h2>\n<div class=\"scroll\"><table class=\"compare\"><tr><th>figure</th>");
      for (int i = 0; i < runs.size(); i++) {
        b.append("<th>").append(esc(runs.get(i).label())).append(i == 0 ? " (baseline)" : "").append("</th>");
        if (i > 0) {
          b.append("<th>ratio ± spread</th>");
        }
      }
      b.append("</tr>\n");
      for (Figure f : figures(runs, phase)) {
        b.append("<tr><td>").append(esc(f.label())).append("</td>");
        PhaseSummary base = runs.get(0).summary().phase(phase);
        Double baseValue = base == null ? null : f.value().apply(base);
        for (int i = 0; i < runs.size(); i++) {
          PhaseSummary p = runs.get(i).summary().phase(phase);
          Double v = p == null ? null : f.value().apply(p);
          b.append("<td class=\"n\" data-figure=\"").append(esc(phase + "." + f.key() + "." + i)).append("\">")
              .append(f.throughput() ? Format.throughput(v) : Format.number(v)).append("</td>");
          if (i > 0) {
            b.append("<td class=\"n\" data-figure=\"").append(esc(phase + "." + f.key() + ".ratio." + i)).append("\">")
                .append(ratio(baseValue, v, spread(f, base, p))).append("</td>");
          }
        }
        b.append("</tr>\n");
      }
      b.append("</table></div>\n<ul class=\"verdicts\">");
      for (ChartedRun r : runs) {
        PhaseSummary p = r.summary().phase(phase);
        if (p != null) {
          for (Verdicts.Verdict v : Verdicts.of(p)) {
            b.append("<li class=\"").append(v.css()).append("\" data-verdict=\"").append(esc(v.kind()))
                .append("\">").append(esc(r.label())).append(": ").append(esc(v.text())).append("</li>");
          }
        }
      }
      b.append("</ul>\n</div>\n");
    }
    b.append("<p class=\"note\">Ratios against the first run (throughput: higher is better; latency and failures: "
        + "lower is better). The spread is the two runs' own interval-to-interval variation combined (the "
        + "coefficients of variation of their status intervals in the measured window, root of the sum of squares): "
        + "a ratio closer to 1 than its spread is within what each run did from one interval to the next. It is "
        + "given where the status lines have the figure: throughput, p99 and p99.9.</p>\n");
    return b.append("</section>\n").toString();
  }

  private static List<Figure> figures(List<ChartedRun> runs, String phase) {
    List<Figure> figures = new ArrayList<>();
    figures.add(new Figure("successful_throughput", "successful ops/s", p -> p.successfulThroughputOps,
        p -> throughputVariation(p, true), true));
    figures.add(new Figure("throughput", "all ops/s", p -> p.throughputOps, p -> throughputVariation(p, false), true));
    figures.add(new Figure("failed", "failed operations", p -> {
      Long f = failed(p);
      return f == null ? null : f.doubleValue();
    }, p -> null, false));
    Set<String> ops = new LinkedHashSet<>();
    boolean batched = false;
    for (ChartedRun r : runs) {
      PhaseSummary p = r.summary().phase(phase);
      if (p != null) {
        ops.addAll(p.workloadOperations().keySet());
        batched |= p.batchedInserts != null;
      }
    }
    for (String op : ops) {
      for (String pct : PERCENTILES) {
        figures.add(new Figure(op + "." + pct, OperationNames.label(op, batched) + " " + pct + " (us)", p -> {
          OperationStats s = p.operations.get(op);
          return s == null ? null : s.percentile(pct);
        }, p -> latencyVariation(p, op, pct), false));
      }
    }
    return figures;
  }

  private static Double spread(Figure f, PhaseSummary base, PhaseSummary other) {
    if (base == null || other == null) {
      return null;
    }
    Double a = f.variation().apply(base);
    Double b = f.variation().apply(other);
    return a == null || b == null ? null : Math.sqrt(a * a + b * b);
  }

  private static String ratio(Double base, Double value, Double spread) {
    if (base == null || value == null || base == 0) {
      return "-";
    }
    String r = Format.ratio(value / base);
    return spread == null ? r : r + String.format(Locale.ROOT, " ±%.0f%%", spread * 100);
  }

  /** The steady-state rule's variation of the intervals' throughput (the one place it is computed), as a fraction. */
  private static Double throughputVariation(PhaseSummary p, boolean successful) {
    if (p.steadyState == null || p.steadyState.variationPercent == null || p.steadyState.intervals < 3) {
      return null;
    }
    boolean judgedSuccessful = "successful".equals(p.steadyState.series);
    return successful == judgedSuccessful || !successful ? p.steadyState.variationPercent / 100 : null;
  }

  /** Coefficient of variation of the percentile over the measured window's status intervals; null under three. */
  private static Double latencyVariation(PhaseSummary p, String op, String pct) {
    double from = p.warmup == null || p.warmup.measuredFromS == null ? 0 : p.warmup.measuredFromS;
    List<Double> values = new ArrayList<>();
    for (StatusSample s : p.statusSeries) {
      Map<String, Double> stats = s.latencyUs.get(op);
      if (s.elapsedS > from && stats != null && stats.get(pct) != null && stats.getOrDefault("count", 0.0) > 0) {
        values.add(stats.get(pct));
      }
    }
    if (values.size() < 3) {
      return null;
    }
    double mean = values.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    double var = values.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum() / (values.size() - 1);
    return mean > 0 ? Math.sqrt(var) / mean : null;
  }
}
