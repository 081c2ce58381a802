package com.mytopling.ycsb.results.html;

import com.mytopling.ycsb.core.dialect.ServerMetric;
import com.mytopling.ycsb.results.Json;
import com.mytopling.ycsb.results.model.OperationStats;
import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.model.RunSummary;
import com.mytopling.ycsb.results.model.StatusSample;
import com.mytopling.ycsb.results.servermetrics.ServerMetricsFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * A run folder of any length, as scripts/benchmark would leave it, made up: a workload A run phase of {@code seconds}
 * with a status line, an HdrHistogram interval of READ and UPDATE and a row of server metrics every
 * {@code intervalS} seconds (noisy throughput around 10,000 ops/s, latencies in the hundreds of microseconds with a
 * tail). For page-weight tests and measurements: how large report.html gets for a 15 s, an hour's or a day's run.
 */
final class SyntheticRun {
  private SyntheticRun() {
  }

  static Path write(Path dir, String name, int seconds, int intervalS) throws IOException {
    Path run = dir.resolve(name);
    Files.createDirectories(run.resolve("hdr/run"));
    Random random = new Random(seconds);
    long start = 1_764_000_000_000L;
    int intervals = Math.max(1, seconds / intervalS);
    RunSummary summary = new RunSummary();
    summary.run = name;
    Map<String, Object> metadata = new LinkedHashMap<>();
    metadata.put("target", "mariadb");
    metadata.put("workload", "workloada");
    metadata.put("threads", 4);
    metadata.put("records", 100_000);
    metadata.put("start_time", "2026-11-25T10:00:00Z");
    summary.metadata = metadata;
    PhaseSummary p = new PhaseSummary();
    p.source = "ycsb-output";
    p.runtimeMs = seconds * 1000.0;
    Map<String, Histogram> whole = new LinkedHashMap<>();
    Map<String, HistogramLogWriter> writers = new LinkedHashMap<>();
    for (String op : List.of("READ", "UPDATE")) {
      whole.put(op, new Histogram(3_600_000_000L, 3));
      HistogramLogWriter w = new HistogramLogWriter(run.resolve("hdr/run/" + op + ".hdr").toFile());
      w.outputLogFormatVersion();
      // As YCSB writes them: the start time, then interval times relative to it.
      w.outputStartTime(start);
      w.setBaseTime(start);
      w.outputLegend();
      writers.put(op, w);
      p.hdrLogs.add("hdr/run/" + op + ".hdr");
    }
    long total = 0;
    Path csv = run.resolve(ServerMetricsFile.FILE_NAME);
    for (int i = 0; i < intervals; i++) {
      long from = start + (long) i * intervalS * 1000;
      long to = from + intervalS * 1000L;
      double rate = 10_000 * (1 + 0.05 * random.nextGaussian());
      long ops = Math.round(rate * intervalS);
      total += ops;
      StatusSample s = new StatusSample();
      s.timestamp = "interval " + i;
      s.elapsedS = (long) (i + 1) * intervalS;
      s.totalOps = total;
      s.currentOpsPerSec = rate;
      s.successfulOps = total;
      s.successfulOpsPerSec = rate;
      for (String op : List.of("READ", "UPDATE")) {
        Histogram h = new Histogram(3_600_000_000L, 3);
        h.setStartTimeStamp(from);
        h.setEndTimeStamp(to);
        // 200 samples stand for the interval's operations (a log's size hardly depends on their number).
        for (int k = 0; k < 200; k++) {
          h.recordValue(Math.max(1, (long) (300 * Math.exp(0.6 * random.nextGaussian()))));
        }
        whole.get(op).add(h);
        writers.get(op).outputIntervalHistogram(h);
        Map<String, Double> lat = new LinkedHashMap<>();
        lat.put("count", (double) ops / 2);
        lat.put("avg", h.getMean());
        lat.put("p90", (double) h.getValueAtPercentile(90));
        lat.put("p99", (double) h.getValueAtPercentile(99));
        lat.put("p99.9", (double) h.getValueAtPercentile(99.9));
        s.latencyUs.put(op, lat);
      }
      p.statusSeries.add(s);
      EnumMap<ServerMetric, Long> values = new EnumMap<>(ServerMetric.class);
      values.put(ServerMetric.ROWS_READ, ops / 2);
      values.put(ServerMetric.ROWS_UPDATED, ops / 2);
      values.put(ServerMetric.STATEMENTS, ops);
      values.put(ServerMetric.BUFFER_POOL_READ_REQUESTS, ops * 4);
      values.put(ServerMetric.BUFFER_POOL_DISK_READS, (long) (ops * 0.01));
      values.put(ServerMetric.FSYNCS, ops / 100);
      values.put(ServerMetric.THREADS_RUNNING, 1L + random.nextInt(4));
      ServerMetricsFile.append(csv, new ServerMetricsFile.Row("run", from, to, (i + 1) * (double) intervalS, 1.0,
          values, null));
    }
    writers.values().forEach(HistogramLogWriter::close);
    p.throughputOps = total * 1000.0 / p.runtimeMs;
    p.successfulThroughputOps = p.throughputOps;
    p.successfulOperations = total;
    for (String op : List.of("READ", "UPDATE")) {
      Histogram h = whole.get(op);
      OperationStats stats = new OperationStats();
      stats.count = total / 2;
      stats.avgUs = h.getMean();
      stats.minUs = (double) h.getMinValue();
      stats.maxUs = (double) h.getMaxValue();
      for (double pct : new double[] {50, 95, 99, 99.9}) {
        stats.percentilesUs.put(pct == 99.9 ? "p99.9" : "p" + (int) pct, (double) h.getValueAtPercentile(pct));
      }
      stats.returnCodes.put("OK", total / 2);
      p.operations.put(op, stats);
    }
    PhaseSummary.SteadyState steady = new PhaseSummary.SteadyState();
    steady.intervals = intervals;
    steady.steady = intervals >= 5 ? Boolean.TRUE : null;
    steady.verdict = intervals >= 5 ? "steady: synthetic" : "steady state unknown: " + intervals + " intervals";
    steady.variationPercent = 5.0;
    steady.series = "successful";
    p.steadyState = steady;
    PhaseSummary.ServerMetricsSummary sm = new PhaseSummary.ServerMetricsSummary();
    sm.file = ServerMetricsFile.FILE_NAME;
    sm.intervals = intervals;
    sm.perSecond.put("rows_read", 5000.0);
    p.serverMetrics = sm;
    summary.phases.put("run", p);
    Json.writeFile(run.resolve("summary.json"), summary);
    return run;
  }
}
