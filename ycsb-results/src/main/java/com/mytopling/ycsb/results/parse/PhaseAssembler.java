package com.mytopling.ycsb.results.parse;

import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.results.model.OperationStats;
import com.mytopling.ycsb.results.model.PhaseSummary;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Turns YCSB's measurement lines into a {@link PhaseSummary}; the one place that knows YCSB's labels. */
public final class PhaseAssembler {
  /** YCSB 0.17 names percentiles "50thPercentileLatency(us)" for whole numbers and "99.9PercentileLatency(us)" else. */
  private static final Pattern PERCENTILE = Pattern.compile("^(\\d+(?:\\.\\d+)?)(?:st|nd|rd|th)?PercentileLatency\\(us\\)$");
  private static final String INTENDED_PREFIX = "Intended-";
  /** Series YCSB records with measurement.trackjvm=true through the latency machinery, though they are not latencies. */

  private PhaseAssembler() {
  }

  /**
   * @param intendedOnly true when the run used measurement.interval=intended, where YCSB reports intended latency
   *     under the plain operation names
   */
  public static PhaseSummary assemble(List<MeasurementLine> lines, boolean intendedOnly) {
    PhaseSummary phase = new PhaseSummary();
    phase.source = "ycsb-output";
    phase.latencyBasis = intendedOnly ? "intended" : "actual";
    Map<String, Map<String, Double>> otherMetrics = new LinkedHashMap<>();
    int histogramBuckets = 0;
    for (MeasurementLine line : lines) {
      String series = line.series();
      String name = line.measurement();
      if (series.equals("OVERALL")) {
        if (name.equals("RunTime(ms)")) {
          phase.runtimeMs = line.value();
        } else if (name.equals("Throughput(ops/sec)")) {
          phase.throughputOps = line.value();
        } else {
          otherMetrics.computeIfAbsent(series, s -> new LinkedHashMap<>()).put(name, line.value());
        }
        continue;
      }
      if (!name.isEmpty() && (Character.isDigit(name.charAt(0)) && !PERCENTILE.matcher(name).matches() || name.startsWith(">"))) {
        // measurementtype=histogram/timeseries bucket lines: the shape of the distribution, not a statistic.
        histogramBuckets++;
        continue;
      }
      Map<String, OperationStats> target = targetMap(phase, series);
      if (target == null || !isStatistic(name)) {
        otherMetrics.computeIfAbsent(series, s -> new LinkedHashMap<>()).put(name, line.value());
        continue;
      }
      String key = series.startsWith(INTENDED_PREFIX) ? series.substring(INTENDED_PREFIX.length()) : series;
      apply(target.computeIfAbsent(key, k -> new OperationStats()), name, line.value());
    }
    phase.metrics = otherMetrics;
    for (Map<String, OperationStats> map : List.of(phase.operations, phase.intendedOperations, phase.jvmSamples)) {
      map.values().forEach(s -> s.percentilesUs = Percentiles.sorted(s.percentilesUs));
    }
    phase.operations.forEach((name, stats) -> stats.returnCodes.forEach((code, n) -> {
      if (!code.equals("OK") && !code.equals("BATCHED_OK") && n > 0) {
        phase.warnings.add(name + ": " + n + (name.endsWith("-BATCH") ? " rows" : " operations") + " returned " + code);
      }
    }));
    if (histogramBuckets > 0) {
      phase.warnings.add(histogramBuckets + " histogram/time-series bucket lines skipped ("
          + Registry.MEASUREMENTTYPE.name() + " other than hdrhistogram)");
    }
    if (phase.runtimeMs == null || phase.throughputOps == null) {
      phase.warnings.add("YCSB's [OVERALL] RunTime(ms) or Throughput(ops/sec) line is missing");
    }
    return phase;
  }

  private static Map<String, OperationStats> targetMap(PhaseSummary phase, String series) {
    if (series.startsWith(INTENDED_PREFIX)) {
      return phase.intendedOperations;
    }
    if (OperationNames.isJvmSample(series)) {
      return phase.jvmSamples;
    }
    return phase.operations;
  }

  private static boolean isStatistic(String name) {
    return name.equals("Operations") || name.equals("AverageLatency(us)") || name.equals("MinLatency(us)")
        || name.equals("MaxLatency(us)") || name.startsWith("Return=") || PERCENTILE.matcher(name).matches();
  }

  private static void apply(OperationStats stats, String name, double value) {
    switch (name) {
      case "Operations" -> stats.count = (long) value;
      case "AverageLatency(us)" -> stats.avgUs = value;
      case "MinLatency(us)" -> stats.minUs = value;
      case "MaxLatency(us)" -> stats.maxUs = value;
      default -> {
        if (name.startsWith("Return=")) {
          stats.returnCodes.merge(name.substring("Return=".length()), (long) value, Long::sum);
        } else {
          Matcher m = PERCENTILE.matcher(name);
          if (m.matches()) {
            stats.percentilesUs.put(Percentiles.key(Double.parseDouble(m.group(1))), value);
          }
        }
      }
    }
  }
}
