package com.mytopling.ycsb.results.window;

import com.mytopling.ycsb.results.parse.HdrLog;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.results.ReportException;
import com.mytopling.ycsb.results.model.OperationStats;
import com.mytopling.ycsb.results.model.PhaseSummary;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The measured window of several clients: merged percentiles are those of one histogram of all values in the window,
 * throughput is summed over the common window.
 */
class MeasuredPhaseTest {
  private static final long T0 = 1_790_000_000_000L;

  @TempDir
  Path tmp;

  /** Writes a log the way YCSB does: comment, version, StartTime, base time, legend, then intervals. */
  private static Path writeLog(Path dir, String series, long startMs, List<Histogram> intervals) throws IOException {
    Files.createDirectories(dir);
    Path file = dir.resolve(series + ".hdr");
    try (PrintStream out = new PrintStream(Files.newOutputStream(file))) {
      HistogramLogWriter writer = new HistogramLogWriter(out);
      writer.outputComment("[Logging for: " + series + "]");
      writer.outputLogFormatVersion();
      writer.outputStartTime(startMs);
      writer.setBaseTime(startMs);
      writer.outputLegend();
      intervals.forEach(writer::outputIntervalHistogram);
    }
    return file;
  }

  private static Histogram interval(long startMs, long endMs, long[] values) {
    Histogram h = new Histogram(3);
    for (long v : values) {
      h.recordValue(v);
    }
    h.setStartTimeStamp(startMs);
    h.setEndTimeStamp(endMs);
    return h;
  }

  @Test
  void mergedPercentilesEqualOneHistogramOfAllValues() throws IOException {
    Random random = new Random(42);
    Histogram everything = new Histogram(3);
    List<ClientLogs> clients = new ArrayList<>();
    // Three clients with different latency profiles, so averaging their percentiles would be visibly wrong.
    double[] scale = {200, 1_000, 20_000};
    List<Double> clientP99s = new ArrayList<>();
    for (int c = 0; c < 3; c++) {
      List<Histogram> intervals = new ArrayList<>();
      Histogram clientAll = new Histogram(3);
      for (int i = 0; i < 6; i++) {
        long[] values = new long[2_000 + 500 * c];
        for (int k = 0; k < values.length; k++) {
          values[k] = 1 + (long) (scale[c] * -Math.log(1 - random.nextDouble()));
        }
        intervals.add(interval(T0 + i * 10_000L, T0 + (i + 1) * 10_000L, values));
        for (long v : values) {
          everything.recordValue(v);
          clientAll.recordValue(v);
        }
      }
      clientP99s.add((double) clientAll.getValueAtPercentile(99));
      Path dir = tmp.resolve("client-" + (c + 1));
      writeLog(dir, "READ", T0, intervals);
      clients.add(ClientLogs.of("client-" + (c + 1), ClientLogs.readDir(dir)));
    }
    OperationStats merged = merge(clients).operations.get("READ");
    assertEquals(everything.getTotalCount(), merged.count);
    assertEquals((double) everything.getMinValue(), merged.minUs);
    assertEquals((double) everything.getMaxValue(), merged.maxUs);
    assertEquals(everything.getMean(), merged.avgUs, 1e-9);
    for (double p : new double[] {50, 90, 95, 99, 99.9, 99.99}) {
      assertEquals((double) everything.getValueAtPercentile(p), merged.percentilesUs.get("p" + fmt(p)), "p" + p);
    }
    double averagedP99 = clientP99s.stream().mapToDouble(d -> d).average().orElseThrow();
    assertNotEquals(averagedP99, merged.percentile("p99"), "the merge must not average percentiles");
  }

  private static PhaseSummary merge(List<ClientLogs> clients) {
    return PhaseFigures.of(MeasuredPhase.of(clients, false, 0), true);
  }

  private static String fmt(double p) {
    return p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p);
  }

  @Test
  void throughputIsSummedOverTheCommonWindow() throws IOException {
    // Client 1 runs 0-30 s, client 2 runs 10-40 s, each 1,000 READ per 10 s interval: the common window is
    // 10-30 s, in which each did 2,000, so 4,000 operations in 20 s = 200 ops/s.
    Path c1 = writeLog(tmp.resolve("c1"), "READ", T0, List.of(
        interval(T0, T0 + 10_000, uniform(1000)), interval(T0 + 10_000, T0 + 20_000, uniform(1000)),
        interval(T0 + 20_000, T0 + 30_000, uniform(1000)))).getParent();
    Path c2 = writeLog(tmp.resolve("c2"), "READ", T0 + 10_000, List.of(
        interval(T0 + 10_000, T0 + 20_000, uniform(1000)), interval(T0 + 20_000, T0 + 30_000, uniform(1000)),
        interval(T0 + 30_000, T0 + 40_000, uniform(1000)))).getParent();
    // CLEANUP and binding series do not count as operations.
    writeLog(c1, "CLEANUP", T0, List.of(interval(T0 + 29_000, T0 + 30_000, uniform(8))));
    writeLog(c2, "INSERT-BATCH", T0 + 10_000, List.of(interval(T0 + 10_000, T0 + 40_000, uniform(50))));
    PhaseSummary merged = merge(List.of(
        ClientLogs.of("client-1", ClientLogs.readDir(c1)),
        ClientLogs.of("client-2", ClientLogs.readDir(c2))));
    assertEquals(T0 + 10_000, merged.merge.commonWindowStartMs);
    assertEquals(T0 + 30_000, merged.merge.commonWindowEndMs);
    assertEquals(4000.0, merged.merge.opsInCommonWindow, 1e-6);
    assertEquals(200.0, merged.throughputOps, 1e-9);
    assertEquals(20_000.0, merged.runtimeMs);
    assertEquals(List.of("READ"), merged.merge.countedSeries);
    assertEquals(4000L, merged.operations.get("READ").count, "latency of the window: the intervals in it");
    assertTrue(merged.warnings.isEmpty() || merged.warnings.get(0).contains("common window"));

    // The derived time series: 10 s bins from the first start; 1,000 ops per bin alone, 2,000 when both ran.
    var timeline = merged.statusSeries;
    assertEquals(4, timeline.size());
    assertEquals(List.of(100.0, 200.0, 200.0, 100.0), timeline.stream().map(s -> s.currentOpsPerSec).toList());
    assertEquals(List.of(10L, 20L, 30L, 40L), timeline.stream().map(s -> s.elapsedS).toList());
    assertEquals(6000L, timeline.get(3).totalOps);
    assertEquals(2000.0, timeline.get(1).latencyUs.get("READ").get("count"));
  }

  @Test
  void theFinalFlushsStatementsCountWholeWhereTheirIntervalEndsAfterCleanups() throws IOException {
    // A batched load of one client (StatementCountIT's, in CI): 1,000 rows appended by 10 s, the last two batches
    // flushed by cleanup. The status thread cut INSERT-BATCH's last interval 200 ms after CLEANUP's: before, the
    // window ended with CLEANUP's and took 40% of each of the last two statements away (31 reported, the server's 32).
    Path c = tmp.resolve("flush");
    writeLog(c, "INSERT", T0, List.of(interval(T0, T0 + 10_000, uniform(1000))));
    writeLog(c, "INSERT-BATCH", T0, List.of(interval(T0, T0 + 9_500, uniform(30)),
        interval(T0 + 9_500, T0 + 10_500, uniform(2))));
    writeLog(c, "CLEANUP", T0, List.of(interval(T0 + 9_900, T0 + 10_300, uniform(16))));
    MeasuredPhase m = MeasuredPhase.of(List.of(ClientLogs.of("c", ClientLogs.readDir(c))), false, 0);
    assertEquals(T0 + 10_500, m.endMs(), "the client's work ends with its last statement's interval");
    assertEquals(32.0, m.count("INSERT-BATCH"::equals), 1e-9);
    assertEquals(1000.0, m.count("INSERT"::equals), 1e-9);
    assertEquals(32L, PhaseFigures.of(m, false).operations.get("INSERT-BATCH").count);
  }

  @Test
  void readModifyWriteCountsOnceNotThrice() throws IOException {
    // Workload F: each read-modify-write is one READ, one UPDATE and one READ-MODIFY-WRITE record; 100 plain
    // reads + 50 RMW = 150 operations in 10 s.
    Path c = tmp.resolve("rmw");
    writeLog(c, "READ", T0, List.of(interval(T0, T0 + 10_000, uniform(150))));
    writeLog(c, "UPDATE", T0, List.of(interval(T0, T0 + 10_000, uniform(50))));
    writeLog(c, "READ-MODIFY-WRITE", T0, List.of(interval(T0, T0 + 10_000, uniform(50))));
    PhaseSummary merged = merge(List.of(ClientLogs.of("c", ClientLogs.readDir(c))));
    assertEquals(15.0, merged.throughputOps, 1e-9);
  }

  @Test
  void clientsThatNeverOverlapAreRefused() throws IOException {
    Path c1 = writeLog(tmp.resolve("early"), "READ", T0, List.of(interval(T0, T0 + 10_000, uniform(10)))).getParent();
    Path c2 = writeLog(tmp.resolve("late"), "READ", T0, List.of(interval(T0 + 20_000, T0 + 30_000, uniform(10)))).getParent();
    ReportException e = assertThrows(ReportException.class, () -> merge(List.of(
        ClientLogs.of("a", ClientLogs.readDir(c1)),
        ClientLogs.of("b", ClientLogs.readDir(c2)))));
    assertTrue(e.getMessage().contains("do not overlap"), e.getMessage());
  }

  @Test
  void foreignFileIsRefusedWithItsName() throws IOException {
    Path dir = tmp.resolve("foreign");
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("READ.hdr"), "this is not a histogram log\n1,2,3\n");
    ReportException e = assertThrows(ReportException.class, () -> ClientLogs.readDir(dir));
    assertTrue(e.getMessage().contains("READ.hdr"), e.getMessage());
  }

  private static long[] uniform(int n) {
    long[] values = new long[n];
    for (int i = 0; i < n; i++) {
      values[i] = 100 + i % 50;
    }
    return values;
  }
}
