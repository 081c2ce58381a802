package com.mytopling.ycsb.results.parse;

import com.mytopling.ycsb.core.dialect.ServerMetric;
import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.model.RunSummary;
import com.mytopling.ycsb.results.servermetrics.ServerMetricsFile;
import com.mytopling.ycsb.results.stats.Median;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Puts a run folder's server-metrics.csv into its phases' summaries: each counter per second and each gauge's average
 * and largest value over the measured window (the rows whose interval starts at the warm-up's end or later, on the
 * status lines' clock), the median query time of a sample, and every interval without figures. A run that was to be
 * sampled but has no rows for a phase gets a warning: a failed sampler is never silent.
 */
public final class ServerMetricsReader {
  /**
   * How far before the measured window's start a row may start and still count: the sampler samples at the warm-up's
   * end on its own clock, while the window starts at the first measured interval, which the status thread's cut
   * makes a few milliseconds later; half a second, or half the status interval when that is shorter.
   */
  static double tolerance(int statusIntervalS) {
    return Math.min(0.5, statusIntervalS / 2.0);
  }

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

  static void attach(Path runDir, String phaseName, PhaseSummary phase, int statusIntervalS) {
    List<ServerMetricsFile.Row> rows = rows(runDir, phaseName);
    if (rows.isEmpty()) {
      return;
    }
    double from = phase.warmup == null || phase.warmup.measuredFromS == null ? 0 : phase.warmup.measuredFromS;
    PhaseSummary.ServerMetricsSummary s = new PhaseSummary.ServerMetricsSummary();
    s.file = ServerMetricsFile.FILE_NAME;
    List<Double> sampleMs = new ArrayList<>();
    List<ServerMetricsFile.Row> measured = new ArrayList<>();
    for (ServerMetricsFile.Row r : rows) {
      if (r.sampleMs() != null) {
        sampleMs.add(r.sampleMs());
      }
      if (r.note() != null) {
        s.problems.add(String.format(java.util.Locale.ROOT, "%.0f s: %s", r.elapsedS(), r.note()));
      }
      if (r.elapsedS() - r.intervalS() >= from - tolerance(statusIntervalS) && !r.values().isEmpty()) {
        measured.add(r);
      }
    }
    s.intervals = measured.size();
    for (ServerMetric m : ServerMetric.values()) {
      double sum = 0;
      double seconds = 0;
      double max = Double.NEGATIVE_INFINITY;
      int n = 0;
      for (ServerMetricsFile.Row r : measured) {
        Long v = r.values().get(m);
        if (v != null) {
          sum += v;
          seconds += r.intervalS();
          max = Math.max(max, v);
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
    if (!"true".equalsIgnoreCase(String.valueOf(RunFolder.property(summary.metadata, "measurement.servermetrics")))) {
      return;
    }
    summary.phases.forEach((name, phase) -> {
      if (phase.serverMetrics == null) {
        phase.warnings.add("server metrics were to be sampled (measurement.servermetrics=true) but "
            + ServerMetricsFile.FILE_NAME + " has no rows for this phase: see " + name + ".err for why");
      }
    });
  }
}
