package com.mytopling.ycsb.results.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.core.dialect.ServerMetric;
import com.mytopling.ycsb.results.ReportException;
import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.model.RunSummary;
import com.mytopling.ycsb.results.servermetrics.ServerMetricsFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** server-metrics.csv: its one format, and what summaries make of it (recorded real runs on MariaDB and MyRocks). */
class ServerMetricsTest {
  @Test
  void rowsRoundTripWithUnknownFiguresLeftEmptyAndNotesQuoted(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("server-metrics.csv");
    Map<ServerMetric, Long> values = new EnumMap<>(ServerMetric.class);
    values.put(ServerMetric.ROWS_READ, 5000L);
    values.put(ServerMetric.DEADLOCKS, 0L);
    values.put(ServerMetric.THREADS_RUNNING, 3L);
    ServerMetricsFile.append(file, new ServerMetricsFile.Row("run", 1000, 11_000, 10.0, 1.25, values, null));
    ServerMetricsFile.append(file, new ServerMetricsFile.Row("run", 11_000, 21_000, 20.0, null, Map.of(),
        "sample failed: Lock wait, \"timeout\"\nexceeded"));
    List<String> lines = Files.readAllLines(file);
    assertEquals(3, lines.size(), "one header, then one line per row: " + lines);
    assertTrue(lines.get(0).startsWith("phase,start_ms,end_ms,elapsed_s,interval_s,sample_ms,rows_read,"), lines.get(0));
    List<ServerMetricsFile.Row> rows = ServerMetricsFile.read(file);
    assertEquals(5000L, rows.get(0).values().get(ServerMetric.ROWS_READ));
    assertEquals(0L, rows.get(0).values().get(ServerMetric.DEADLOCKS), "0 stays 0");
    assertFalse(rows.get(0).values().containsKey(ServerMetric.ROWS_INSERTED), "unknown stays unknown, never 0");
    assertEquals(500.0, rows.get(0).rate(ServerMetric.ROWS_READ), 1e-9);
    assertEquals(3.0, rows.get(0).rate(ServerMetric.THREADS_RUNNING), 1e-9, "a gauge is its value");
    assertTrue(rows.get(1).values().isEmpty());
    assertEquals("sample failed: Lock wait, \"timeout\" exceeded", rows.get(1).note());
    assertNull(rows.get(1).sampleMs());
  }

  @Test
  void columnsAreFoundByName(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("server-metrics.csv");
    Files.writeString(file, "elapsed_s,phase,end_ms,start_ms,rows_read,future_column\n10,run,11000,1000,70,x\n");
    ServerMetricsFile.Row row = ServerMetricsFile.read(file).get(0);
    assertEquals(70L, row.values().get(ServerMetric.ROWS_READ));
    assertEquals(1000L, row.startMs());
    Files.writeString(file, "phase,rows_read\nrun,1\n");
    assertThrows(ReportException.class, () -> ServerMetricsFile.read(file));
  }

  @Test
  void summariesSumTheMeasuredWindowOfARecordedRun(@TempDir Path tmp) throws Exception {
    Path dir = Recorded.copy("warmup-one-client", tmp);
    RunSummary summary = RunFolder.summarize(dir);
    PhaseSummary run = summary.phase("run");
    PhaseSummary.ServerMetricsSummary s = run.serverMetrics;
    // Recomputed from the file: each row of the run phase in proportion to its overlap with the measured window (the
    // same window as the client's figures; one client on its own clock here).
    double from = run.warmup.measuredFromS;
    double rowsRead = 0;
    double seconds = 0;
    int intervals = 0;
    for (ServerMetricsFile.Row r : ServerMetricsFile.read(dir.resolve("server-metrics.csv"))) {
      long overlap = Math.min(r.endMs(), run.window.endMs) - Math.max(r.startMs(), run.window.startMs);
      double share = r.endMs() > r.startMs() ? Math.max(0, overlap) / (double) (r.endMs() - r.startMs()) : 0;
      if (r.phase().equals("run") && share > 0) {
        rowsRead += r.values().get(ServerMetric.ROWS_READ) * share;
        seconds += r.intervalS() * share;
        intervals += share >= 0.5 ? 1 : 0;
        // The sampler samples at the window's ends: a row is in it all but a few milliseconds, or not at all.
        assertTrue(share > 0.95, "row ending at " + r.elapsedS() + " s is " + share + " inside");
      }
    }
    assertEquals(intervals, s.intervals);
    long startingAtTheCut = ServerMetricsFile.read(dir.resolve("server-metrics.csv")).stream()
        .filter(r -> r.phase().equals("run") && Math.abs(r.elapsedS() - r.intervalS() - 2.0) < 0.05).count();
    assertEquals(1, startingAtTheCut, "the sampler sampled at the warm-up's end (2 s)");
    assertTrue(from > 2.0, "the measured window starts just after the cut: " + from);
    assertEquals(rowsRead / seconds, s.perSecond.get("rows_read"), 1e-6);
    assertTrue(s.perSecond.get("rows_read") > 0 && s.perSecond.get("rows_updated") > 0, s.perSecond.toString());
    assertFalse(s.perSecond.containsKey("rocksdb_stall_micros"), "no RocksDB on this server: " + s.perSecond);
    assertTrue(s.max.containsKey("threads_running"));
    assertTrue(s.medianSampleMs > 0);
    // The server read about as many rows as the client read and updated in the window (each update reads its row).
    double clientOps = run.throughputOps;
    assertTrue(s.perSecond.get("rows_read") > 0.5 * clientOps && s.perSecond.get("rows_read") < 2 * clientOps,
        s.perSecond + " against " + clientOps + " ops/s");
    // The load phase: the server inserted the rows the client loaded.
    long inserted = ServerMetricsFile.read(dir.resolve("server-metrics.csv")).stream()
        .filter(r -> r.phase().equals("load")).mapToLong(r -> r.values().getOrDefault(ServerMetric.ROWS_INSERTED, 0L))
        .sum();
    assertEquals(summary.phase("load").operations.get("INSERT").returnCodes.get("OK"), inserted);
  }

  @Test
  void aRowAcrossAServerRestartCountsNoCounter(@TempDir Path dir) throws Exception {
    // Issue 20, finding 5: a sampler of an older harness left only the counters that went back empty; the others
    // (here rows_inserted, which grew past its old value after the restart) hold a difference of two servers' counts.
    long t0 = 1_795_000_000_000L;
    com.mytopling.ycsb.results.window.SyntheticRun.log(dir.resolve("hdr/run/READ.hdr"), "READ", t0,
        com.mytopling.ycsb.results.window.SyntheticRun.steady(t0, 30, 1000, 100, 100));
    com.mytopling.ycsb.results.window.SyntheticRun.clock(dir.resolve("hdr/run"), t0, t0 + 30_000, 10, 0, null);
    com.mytopling.ycsb.results.window.SyntheticRun.metadata(dir, 0, 10);
    com.mytopling.ycsb.results.window.SyntheticRun.ycsbOutput(dir.resolve("run.out"), 30_000, 3000,
        new String[] {"READ", "3000", "OK", "3000"});
    Path file = dir.resolve("server-metrics.csv");
    for (int i = 0; i < 3; i++) {
      Map<ServerMetric, Long> values = new EnumMap<>(ServerMetric.class);
      values.put(ServerMetric.ROWS_INSERTED, i == 1 ? 999_999L : 100L);
      values.put(ServerMetric.THREADS_RUNNING, 2L);
      ServerMetricsFile.append(file, new ServerMetricsFile.Row("run", t0 + i * 10_000L, t0 + (i + 1) * 10_000L,
          (i + 1) * 10.0, 1.0, values, i == 1 ? "counters went back (server restarted?): rows_read left empty" : null));
    }
    PhaseSummary run = RunFolder.summarize(dir).phase("run");
    assertEquals(10.0, run.serverMetrics.perSecond.get("rows_inserted"), 1e-9,
        "the rows before and after the restart only: 200 rows in 20 s");
    assertEquals(2.0, run.serverMetrics.perSecond.get("threads_running"), 1e-9, "a gauge is not a difference");
  }

  @Test
  void myRocksRunsHaveTheEnginesFigures(@TempDir Path tmp) throws Exception {
    PhaseSummary.ServerMetricsSummary s = RunFolder.summarize(Recorded.copy("myrocks-server-metrics", tmp))
        .phase("run").serverMetrics;
    for (String column : List.of("rocksdb_stall_micros", "rocksdb_compact_write_bytes", "rocksdb_block_cache_hits",
        "rocksdb_wal_syncs")) {
      assertTrue(s.perSecond.containsKey(column), column + " in " + s.perSecond);
    }
  }

  @Test
  void aRunThatWasToBeSampledButHasNoRowsSaysSo(@TempDir Path tmp) throws Exception {
    Path dir = Recorded.copy("warmup-one-client", tmp);
    Files.delete(dir.resolve("server-metrics.csv"));
    RunSummary summary = RunFolder.summarize(dir);
    assertTrue(summary.phase("run").warnings.stream().anyMatch(w -> w.contains("server metrics were to be sampled")),
        summary.phase("run").warnings.toString());
  }
}
