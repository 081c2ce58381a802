package com.mytopling.ycsb.results.window;

import static com.mytopling.ycsb.results.window.SyntheticRun.Part;
import static com.mytopling.ycsb.results.window.SyntheticRun.clock;
import static com.mytopling.ycsb.results.window.SyntheticRun.log;
import static com.mytopling.ycsb.results.window.SyntheticRun.metadata;
import static com.mytopling.ycsb.results.window.SyntheticRun.steady;
import static com.mytopling.ycsb.results.window.SyntheticRun.ycsbOutput;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.results.CliRunner;
import com.mytopling.ycsb.results.ReportException;
import com.mytopling.ycsb.results.model.PhaseClock;
import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.parse.RunFolder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 20's findings where features cross (warm-up x several operation types, warm-up x counts, several clients x
 * clocks, a small common window): each was a test that failed on the code before the one measured-window model.
 */
class CrossingsWindowTest {
  private static final long T0 = 1_795_000_000_123L;

  /**
   * A cut whose interval start HdrHistogram's reader reads back one millisecond early: it takes a log's StartTime and
   * each interval's offset as seconds in doubles and truncates their sum times 1000.
   */
  private static long truncatedMoment(long from) {
    for (long t = from; t < from + 1000; t++) {
      double startSec = Double.parseDouble(String.format(Locale.ROOT, "%.3f", T0 / 1000.0));
      double offsetSec = Double.parseDouble(String.format(Locale.ROOT, "%.3f", (t - T0) / 1000.0));
      if ((long) ((startSec + offsetSec) * 1000.0) != t) {
        return t;
      }
    }
    throw new IllegalStateException("no truncated moment near " + from);
  }

  @Test
  void warmUpCutInTheMillisecondAnIntervalStartsKeepsThatIntervalForEveryOperationType(@TempDir Path dir)
      throws Exception {
    // The status thread cut READ's interval at the cut's millisecond and UPDATE's one millisecond later (YCSB cuts
    // series one after another): both intervals are measured, both start at or after the cut.
    long cut = truncatedMoment(T0 + 2000);
    long end = cut + 3000;
    Path hdr = dir.resolve("hdr/run");
    log(hdr.resolve("READ.hdr"), "READ", T0, new Part(T0, cut, 500, 9000),
        new Part(cut, cut + 1000, 1000, 100), new Part(cut + 1000, end, 2000, 100));
    log(hdr.resolve("UPDATE.hdr"), "UPDATE", T0, new Part(T0, cut + 1, 500, 9000),
        new Part(cut + 1, cut + 1000, 1000, 200), new Part(cut + 1000, end, 2000, 200));
    clock(hdr, T0, end, 1, 2, cut);
    metadata(dir, 2, 1);
    ycsbOutput(dir.resolve("run.out"), end - T0, 7000, new String[] {"READ", "3500", "OK", "3500"},
        new String[] {"UPDATE", "3500", "OK", "3500"});
    PhaseSummary run = RunFolder.summarize(dir).phase("run");
    assertEquals(2999L, run.operations.get("READ").count, "999 of its first measured interval's 1,000 ms are in");
    assertEquals(3000L, run.operations.get("UPDATE").count, "UPDATE's first measured interval is not dropped");
    // One window for both types: from the later series' cut (UPDATE's, 1 ms after READ's), READ's first measured
    // interval prorated by the 999 of its 1,000 ms inside it.
    assertEquals(end - cut - 1, run.runtimeMs, 1e-9);
    assertEquals((2999.0 + 3000) * 1000 / (end - cut - 1), run.successfulThroughputOps, 1e-6);
  }

  /** One client, 2 s warm-up of slow reads and updates, 3 s measured; 10 of the measured reads failed. */
  private static Path warmedUpClient(Path dir) throws Exception {
    Path hdr = dir.resolve("hdr/run");
    long cut = T0 + 2000;
    long end = T0 + 5000;
    log(hdr.resolve("READ.hdr"), "READ", T0, new Part(T0, cut, 400, 9000), new Part(cut, end, 3000, 100));
    log(hdr.resolve("READ-FAILED.hdr"), "READ-FAILED", T0, new Part(T0, cut, 50, 9000), new Part(cut, end, 10, 100));
    log(hdr.resolve("UPDATE.hdr"), "UPDATE", T0, new Part(T0, cut, 400, 9000), new Part(cut, end, 3000, 200));
    clock(hdr, T0, end, 1, 2, cut);
    metadata(dir, 2, 1);
    ycsbOutput(dir.resolve("run.out"), 5000, 6860, new String[] {"READ", "3400", "OK", "3400"},
        new String[] {"READ-FAILED", "60", "NOT_FOUND", "60"}, new String[] {"UPDATE", "3400", "OK", "3400"});
    return dir;
  }

  @Test
  void withAWarmUpTheSuccessfulOperationsAreTheMeasuredWindowsOwn(@TempDir Path dir) throws Exception {
    PhaseSummary run = RunFolder.summarize(warmedUpClient(dir)).phase("run");
    assertEquals(6000L, run.successfulOperations, "the window's successful operations, not the whole phase's 6,800");
    assertEquals(3000.0, run.runtimeMs, 1e-9);
    assertEquals(run.successfulOperations * 1000.0 / run.runtimeMs, run.successfulThroughputOps, 1e-9,
        "one window: successful throughput is successful operations over the measured time");
    assertEquals(6010.0 * 1000 / 3000, run.throughputOps, 1e-9);
  }

  @Test
  void showsSuccessfulShareComparesTheWindowWithTheWindow(@TempDir Path dir) throws Exception {
    warmedUpClient(dir);
    CliRunner show = CliRunner.run("show", dir.toString());
    assertEquals(0, show.exitCode, show.toString());
    assertTrue(show.out.contains("6,000 of 6,010 operations successful"), show.out);
  }

  @Test
  void mergedClientsWithReadModifyWriteCountTheWindowOnly(@TempDir Path dir) throws Exception {
    // Workload F on two clients: each RMW is a READ, an UPDATE and a READ-MODIFY-WRITE sample. Per client and
    // measured second 100 plain reads and 50 RMW: 150 operations; 2 s warm-up, 2 s measured.
    for (int c = 0; c < 2; c++) {
      Path hdr = dir.resolve("hdr/run/client-" + c);
      long cut = T0 + 2000;
      long end = T0 + 4000;
      log(hdr.resolve("READ.hdr"), "READ", T0, new Part(T0, cut, 1000, 900), steady(cut, 2, 1000, 150, 100)[0],
          steady(cut, 2, 1000, 150, 100)[1]);
      log(hdr.resolve("UPDATE.hdr"), "UPDATE", T0, new Part(T0, cut, 500, 900), steady(cut, 2, 1000, 50, 100)[0],
          steady(cut, 2, 1000, 50, 100)[1]);
      log(hdr.resolve("READ-MODIFY-WRITE.hdr"), "READ-MODIFY-WRITE", T0, new Part(T0, cut, 500, 900),
          steady(cut, 2, 1000, 50, 200)[0], steady(cut, 2, 1000, 50, 200)[1]);
      clock(hdr, T0, end, 1, 2, cut);
      ycsbOutput(dir.resolve("client-" + c + "/run.out"), 4000, 1300, new String[] {"READ", "1300", "OK", "1300"},
          new String[] {"UPDATE", "600", "OK", "600"}, new String[] {"READ-MODIFY-WRITE", "600", "OK", "600"});
    }
    metadata(dir, 2, 1);
    PhaseSummary run = RunFolder.summarize(dir).phase("run");
    assertEquals(600L, run.successfulOperations, "2 clients x 2 s x 150 operations in the window");
    assertEquals(150.0 * 2, run.successfulThroughputOps, 1e-9);
  }

  @Test
  void batchedInsertsCountStatementsAndRowsInTheSameWindow(@TempDir Path dir) throws Exception {
    // Load-like run phase with batches of 100 rows: 1 s warm-up (10 statements), 2 s measured (20 statements, 2,000
    // rows handed to batches). The whole phase stored 3,000 rows.
    Path hdr = dir.resolve("hdr/run");
    long cut = T0 + 1000;
    long end = T0 + 3000;
    log(hdr.resolve("INSERT.hdr"), "INSERT", T0, new Part(T0, cut, 1000, 5), new Part(cut, end, 2000, 5));
    log(hdr.resolve("INSERT-BATCH.hdr"), "INSERT-BATCH", T0, new Part(T0, cut, 10, 50_000),
        new Part(cut, end, 20, 10_000));
    clock(hdr, T0, end, 1, 1, cut);
    metadata(dir, 1, 1);
    ycsbOutput(dir.resolve("run.out"), 3000, 3000, new String[] {"INSERT", "3000", "BATCHED_OK", "3000"},
        new String[] {"INSERT-BATCH", "30", "OK", "3000"});
    PhaseSummary run = RunFolder.summarize(dir).phase("run");
    assertNotNull(run.batchedInserts);
    assertEquals(20L, run.batchedInserts.statements);
    assertEquals(2000L, run.batchedInserts.rows, "rows of the measured window, as the statements are");
    assertEquals(20 * 10_000.0 / 2000, run.batchedInserts.costPerRowUs, 1.0);
    assertEquals(2000L, run.successfulOperations);
  }

  @Test
  void mergeOfFoldersWithoutMetadataStillLeavesTheirWarmUpOut(@TempDir Path tmp) throws Exception {
    for (String name : new String[] {"a", "b"}) {
      Path hdr = tmp.resolve(name).resolve("hdr/run");
      log(hdr.resolve("READ.hdr"), "READ", T0, new Part(T0, T0 + 2000, 200, 9000), new Part(T0 + 2000, T0 + 3000, 1000,
          100), new Part(T0 + 3000, T0 + 4000, 1000, 100));
      clock(hdr, T0, T0 + 4000, 1, 2, T0 + 2000);
    }
    Path out = tmp.resolve("merged");
    CliRunner merge = CliRunner.run("merge", tmp.resolve("a").toString(), tmp.resolve("b").toString(), "--out",
        out.toString());
    assertEquals(0, merge.exitCode, merge.toString());
    PhaseSummary run = RunFolder.summarize(out).phase("run");
    assertEquals(4000L, run.operations.get("READ").count, "each client's warm-up (phase.json) left out");
    assertEquals(2000.0, run.throughputOps, 1e-9);
    assertNotNull(run.warmup);
  }

  /** Two clients that started at the same server moment; client-1's own clock is {@code skewMs} ahead. */
  private static Path skewedClients(Path dir, long skewMs) throws Exception {
    long serverStart = T0;
    for (int c = 0; c < 2; c++) {
      long own = c == 0 ? 0 : skewMs;
      Path hdr = dir.resolve("hdr/run/client-" + c);
      // client-0 ends its work at 4 s, client-1 at 5 s (server clock).
      int seconds = c == 0 ? 4 : 5;
      log(hdr.resolve("READ.hdr"), "READ", T0 + own, steady(T0 + own, seconds, 1000, 1000, 100 + c));
      PhaseClock clock = clock(hdr, T0 + own, T0 + own + seconds * 1000L, 1, 0, null);
      clock.barrierStartMs = serverStart;
      clock.startedServerMs = serverStart;
      clock.serverClockUncertaintyMs = 1L;
      clock.write(hdr.resolve(PhaseClock.FILE_NAME));
    }
    metadata(dir, 0, 1);
    return dir;
  }

  @Test
  void aClientsClockSkewDoesNotShiftItsWindow(@TempDir Path tmp) throws Exception {
    PhaseSummary aligned = RunFolder.summarize(skewedClients(tmp.resolve("aligned"), 0)).phase("run");
    PhaseSummary skewed = RunFolder.summarize(skewedClients(tmp.resolve("skewed"), 600)).phase("run");
    assertEquals(4000.0, aligned.runtimeMs, 1e-9);
    assertEquals(aligned.runtimeMs, skewed.runtimeMs, 1e-9, "the window is on the server's clock");
    assertEquals(aligned.throughputOps, skewed.throughputOps, 1e-9);
    assertEquals(2000.0, skewed.throughputOps, 1e-9);
  }

  @Test
  void aSkewLongerThanTheRunDoesNotMakeTheMergeRefuse(@TempDir Path tmp) throws Exception {
    PhaseSummary run = RunFolder.summarize(skewedClients(tmp, 3_600_000)).phase("run");
    assertEquals(4000.0, run.runtimeMs, 1e-9);
    assertEquals(2000.0, run.throughputOps, 1e-9);
  }

  @Test
  void aCommonWindowThatIsASmallPartOfTheClientsSpanFailsTheMergeInOneLine(@TempDir Path dir) throws Exception {
    // As reported: a common window of 1.5 s in a 5.0 s span.
    log(dir.resolve("hdr/run/client-0/READ.hdr"), "READ", T0, steady(T0, 2, 1000, 1000, 100)[0],
        new Part(T0 + 1000, T0 + 2500, 1500, 100));
    log(dir.resolve("hdr/run/client-1/READ.hdr"), "READ", T0 + 1000, new Part(T0 + 1000, T0 + 2000, 1000, 100),
        new Part(T0 + 2000, T0 + 5000, 3000, 100));
    metadata(dir, 0, 1);
    ReportException e = org.junit.jupiter.api.Assertions.assertThrows(ReportException.class,
        () -> RunFolder.summarize(dir));
    assertTrue(e.getMessage().contains("1.5 s") && e.getMessage().contains("5.0 s"), e.getMessage());
    assertTrue(!e.getMessage().contains("\n"), "one line");
    assertTrue(Files.isDirectory(dir));
  }
}
