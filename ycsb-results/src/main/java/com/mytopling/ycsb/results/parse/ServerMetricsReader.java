package com.mytopling.ycsb.results.parse;

import com.mytopling.ycsb.core.dialect.ServerMetric;
import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.model.RunSummary;
import com.mytopling.ycsb.results.servermetrics.ServerMetricsFile;
import com.mytopling.ycsb.results.stats.Median;
import com.mytopling.ycsb.results.window.MeasuredPhase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Puts a run folder's server-metrics.csv into its phases' summaries over the phase's one measured window (the same
 * {@link MeasuredPhase} the client's figures come from): each counter per second and each gauge's average and largest
 * value, the median query time of a sample, and every interval without figures. The rows carry the sampling client's
 * own clock (client 0 samples for all) and are moved onto the phase clock by its offset. A row counts in proportion
 * to its overlap with the window (the sampler samples at the window's ends, so the rows there overlap it all but a
 * few milliseconds); gauges count from the rows at least half inside it. A row across a server restart has no
 * counter figures (a sampler of an older harness left only the counters that went back empty: the others are not
 * counted either). A run that was to be sampled but has no rows for a phase gets a warning: a failed sampler is never
 * silent.
 */
public final class ServerMetricsReader {
  private ServerMetricsReader() {
  }

  /** The file's rows of one phase, in order; empty when the folder has no file. */
  public static List<ServerMetricsFile.Row> rows(Path runDir, String phase) {
    Path file = runDir.resolve(ServerMetricsFile.FILE_NAME);
    if (!Files.isRegularFile(file)) {
      return List.of();
    }
    return ServerMetricsFile.read(file).stream().filter(r -> phase.equals(r.phase())).toList();
  }

  /** True for a row whose counters are not differences of one server's values (it spans a restart). */
  public static boolean acrossRestart(ServerMetricsFile.Row r) {
    return r.note() != null && (r.note().contains("restarted") || r.note().contains("went back"));
  }

  /** The share of a row inside the phase's window (1 for every row of a phase without one). */
  public static double share(ServerMetricsFile.Row r, MeasuredPhase model) {
    if (model == null) {
      return 1;
    }
    long offset = model.clients().get(0).offsetMs();
    long start = r.startMs() + offset;
    long end = r.endMs() + offset;
    if (end <= start) {
      return start >= model.startMs() && start < model.endMs() ? 1 : 0;
    }
    long overlap = Math.min(end, model.endMs()) - Math.max(start, model.startMs());
    return overlap <= 0 ? 0 : (double) overlap / (end - start);
  }

  static void attach(Path runDir, String phaseName, PhaseSummary phase, MeasuredPhase model) {
    List<ServerMetricsFile.Row> rows = rows(runDir, phaseName);
    if (rows.isEmpty()) {
      return;
    }
    PhaseSummary.ServerMetricsSummary s = new PhaseSummary.ServerMetricsSummary();
    s.file = ServerMetricsFile.FILE_NAME;
    List<Double> sampleMs = new ArrayList<>();
    for (ServerMetricsFile.Row r : rows) {
      if (r.sampleMs() != null) {
        sampleMs.add(r.sampleMs());
      }
      if (r.note() != null) {
        s.problems.add(String.format(java.util.Locale.ROOT, "%.0f s: %s", r.elapsedS(), r.note()));
      }
      if (!r.values().isEmpty() && share(r, model) >= 0.5) {
        s.intervals++;
      }
    }
    for (ServerMetric m : ServerMetric.values()) {
      double sum = 0;
      double seconds = 0;
      double max = Double.NEGATIVE_INFINITY;
      int n = 0;
      for (ServerMetricsFile.Row r : rows) {
        Long v = r.values().get(m);
        double w = share(r, model);
        if (v == null || w <= 0) {
          continue;
        }
        if (m.kind == ServerMetric.Kind.GAUGE) {
          if (w >= 0.5) {
            sum += v;
            max = Math.max(max, v);
            n++;
          }
        } else if (!acrossRestart(r)) {
          sum += v * w;
          seconds += r.intervalS() * w;
          n++;
        }
      }
      if (n == 0) {
        continue;
      }
      if (m.kind == ServerMetric.Kind.GAUGE) {
        s.perSecond.put(m.column(), sum / n);
        s.max.put(m.column(), max);
      } else if (seconds > 0) {
        s.perSecond.put(m.column(), sum / seconds);
      }
    }
    s.medianSampleMs = sampleMs.isEmpty() ? null : Median.of(sampleMs.stream().mapToDouble(Double::doubleValue).toArray());
    phase.serverMetrics = s;
    if (!s.problems.isEmpty()) {
      phase.warnings.add("server metrics: " + s.problems.size() + " interval(s) without figures (first: "
          + s.problems.get(0) + ")");
    }
  }

  /** Warns for each phase that was to be sampled (measurement.servermetrics=true) but has no rows. */
  static void checkRecorded(Path runDir, RunSummary summary) {
    String sampled = RunFolder.property(summary.metadata, Registry.MEASUREMENT_SERVERMETRICS.name());
    if (!"true".equalsIgnoreCase(String.valueOf(sampled))) {
      return;
    }
    summary.phases.forEach((name, phase) -> {
      if (phase.serverMetrics == null) {
        phase.warnings.add("server metrics were to be sampled (" + Registry.MEASUREMENT_SERVERMETRICS.name()
            + "=true) but "
            + ServerMetricsFile.FILE_NAME + " has no rows for this phase: see " + name + ".err for why");
      }
    });
  }
}
