package com.mytopling.ycsb.results.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.results.RealYcsb;
import com.mytopling.ycsb.results.merge.HistogramStats;
import com.mytopling.ycsb.results.model.OperationStats;
import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.model.RunSummary;
import com.mytopling.ycsb.results.model.StatusSample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Parsers on real YCSB 0.17 output made by forking YCSB's Client with BasicDB. */
class RealYcsbOutputTest {
  /** Reads one figure straight from the raw text, independently of the parser under test. */
  private static double raw(Path file, String series, String measurement) throws Exception {
    Pattern p = Pattern.compile("^\\[" + Pattern.quote(series) + "\\], " + Pattern.quote(measurement) + ", (\\S+)$",
        Pattern.MULTILINE);
    Matcher m = p.matcher(Files.readString(file));
    assertTrue(m.find(), "no " + series + " " + measurement + " in " + file);
    return Double.parseDouble(m.group(1));
  }

  @Test
  void summaryAgreesWithTheRawLines() throws Exception {
    Path dir = RealYcsb.singleClientRun();
    RunSummary summary = RunFolder.summarize(dir);
    PhaseSummary load = summary.phase("load");
    assertEquals(RealYcsb.RECORDS, load.operations.get("INSERT").count);
    assertEquals(RealYcsb.RECORDS, load.operations.get("INSERT").returnCodes.get("OK"));
    assertEquals(raw(dir.resolve("load.out"), "OVERALL", "Throughput(ops/sec)"), load.throughputOps);

    PhaseSummary run = summary.phase("run");
    Path out = dir.resolve("run.out");
    // Issue 20: the measured window, from the first operation's interval to the end of the last interval with work.
    // YCSB's own run time also counts starting the client threads; stock YCSB (this run) cuts its last interval in
    // its final report, which can come well after the work (our launcher cuts it when the work ends).
    var model = RunFolder.measuredPhase(dir, "run");
    assertEquals((double) model.lengthMs(), run.runtimeMs);
    assertTrue(run.runtimeMs > 0.5 * raw(out, "OVERALL", "RunTime(ms)") && run.runtimeMs < 2 * raw(out, "OVERALL",
        "RunTime(ms)"), run.runtimeMs + " against YCSB's " + raw(out, "OVERALL", "RunTime(ms)"));
    assertEquals(RealYcsb.OPERATIONS * 1000.0 / run.runtimeMs, run.throughputOps, 1e-9);
    for (String op : List.of("READ", "UPDATE")) {
      OperationStats s = run.operations.get(op);
      assertEquals((long) raw(out, op, "Operations"), s.count);
      assertEquals(raw(out, op, "AverageLatency(us)"), s.avgUs);
      assertEquals(raw(out, op, "50thPercentileLatency(us)"), s.percentile("p50"));
      assertEquals(raw(out, op, "95thPercentileLatency(us)"), s.percentile("p95"));
      assertEquals(raw(out, op, "99thPercentileLatency(us)"), s.percentile("p99"));
      assertEquals(raw(out, op, "99.9PercentileLatency(us)"), s.percentile("p99.9"));
      assertEquals(List.of("p50", "p90", "p95", "p99", "p99.9", "p99.99"), List.copyOf(s.percentilesUs.keySet()),
          "from the interval logs: the percentiles every measured phase reports");
      OperationStats intended = run.intendedOperations.get(op);
      assertNotNull(intended, "Intended-" + op + " kept separately");
      assertEquals(raw(out, "Intended-" + op, "99thPercentileLatency(us)"), intended.percentile("p99"));
    }
    assertEquals(RealYcsb.OPERATIONS,
        run.operations.get("READ").count + run.operations.get("UPDATE").count);
    assertFalse(run.operations.containsKey("THREAD_COUNT"), "measurement.trackjvm samples are not operations");
    assertTrue(run.jvmSamples.containsKey("USED_MEM_MB"));
    assertTrue(run.metrics.containsKey("TOTAL_GC_TIME"));
    assertFalse(run.workloadOperations().containsKey("CLEANUP"));
  }

  @Test
  void statusLinesBecomeATimeSeries() throws Exception {
    PhaseSummary run = RunFolder.summarize(RealYcsb.singleClientRun()).phase("run");
    List<StatusSample> series = run.statusSeries;
    assertTrue(series.size() >= 2, "status.interval=1 gives a line per second plus the final one");
    for (int i = 1; i < series.size(); i++) {
      assertTrue(series.get(i).totalOps >= series.get(i - 1).totalOps);
      assertTrue(series.get(i).elapsedS >= series.get(i - 1).elapsedS);
    }
    assertEquals(RealYcsb.OPERATIONS, series.get(series.size() - 1).totalOps);
    long readsSeen = series.stream().mapToLong(s -> {
      var read = s.latencyUs.get("READ");
      return read == null ? 0 : read.get("count").longValue();
    }).sum();
    assertEquals(run.operations.get("READ").count, readsSeen, "interval counts add up to the final count");
    assertTrue(series.stream().anyMatch(s -> s.latencyUs.containsKey("Intended-READ")));
  }

  @Test
  void hdrLogsHoldTheSameHistogramAsTheReport() throws Exception {
    Path dir = RealYcsb.singleClientRun();
    PhaseSummary run = RunFolder.summarize(dir).phase("run");
    assertTrue(run.hdrLogs.contains("hdr/run/READ.hdr"), run.hdrLogs.toString());
    HdrLog log = HdrLog.read(dir.resolve("hdr/run/READ.hdr"));
    assertEquals("READ", log.series());
    Histogram all = HistogramStats.union(log.intervals().stream().map(HdrLog.Interval::histogram).toList());
    OperationStats fromLog = HistogramStats.of(all);
    OperationStats fromReport = run.operations.get("READ");
    assertEquals(fromReport.count, fromLog.count);
    for (String p : List.of("p50", "p95", "p99", "p99.9")) {
      assertEquals(fromReport.percentile(p), fromLog.percentile(p), p);
    }
    assertEquals(fromReport.maxUs, fromLog.maxUs);
    assertTrue(log.startMs() > 1_600_000_000_000L, "interval timestamps are absolute epoch milliseconds");
  }

  @Test
  void jsonExportersParseLikeText() throws Exception {
    for (String exporter : List.of("JSONMeasurementsExporter", "JSONArrayMeasurementsExporter")) {
      Path dir = Files.createTempDirectory("ycsb-json-");
      RealYcsb.ycsb(dir, "load", List.of("-load", "-p", "exporter=site.ycsb.measurements.exporter." + exporter));
      String text = Files.readString(dir.resolve("load.out"));
      PhaseSummary load = PhaseAssembler.assemble(YcsbOutputParser.parse("load.out", text), false);
      assertEquals(RealYcsb.RECORDS, load.operations.get("INSERT").count, exporter);
      assertEquals(RealYcsb.RECORDS, load.operations.get("INSERT").returnCodes.get("OK"), exporter);
      assertNotNull(load.throughputOps, exporter);
      assertNotNull(load.operations.get("INSERT").percentile("p99"), exporter);
    }
  }
}
