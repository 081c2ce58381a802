package com.mytopling.ycsb.results.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.results.ReportException;
import com.mytopling.ycsb.results.model.OperationStats;
import com.mytopling.ycsb.results.model.PhaseClock;
import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.model.RunSummary;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The warm-up is left out exactly: constructed interval logs whose warm-up intervals hold slow operations and whose
 * measured intervals hold fast ones, so any warm-up sample that leaks into the figures shows; and recorded real runs,
 * checked against the interval logs read independently.
 */
class WarmupTest {
  private static final long START = 1_795_000_000_000L;

  /** One interval: its bounds relative to START and its samples. */
  private record Part(long fromMs, long toMs, int count, long latencyUs) {
  }

  private static void log(Path file, String series, Part... parts) throws Exception {
    Files.createDirectories(file.getParent());
    try (PrintStream out = new PrintStream(Files.newOutputStream(file))) {
      HistogramLogWriter w = new HistogramLogWriter(out);
      w.outputComment("[Logging for: " + series + "]");
      w.outputLogFormatVersion();
      w.outputStartTime(START);
      w.setBaseTime(START);
      w.outputLegend();
      for (Part p : parts) {
        Histogram h = new Histogram(3);
        h.recordValueWithCount(p.latencyUs(), p.count());
        h.setStartTimeStamp(START + p.fromMs());
        h.setEndTimeStamp(START + p.toMs());
        w.outputIntervalHistogram(h);
      }
    }
  }

  private static void clock(Path hdrDir, long warmupS, Long cutAfterStartMs, long endAfterStartMs) throws Exception {
    PhaseClock c = new PhaseClock();
    c.phase = "run";
    c.startMs = START;
    c.endMs = START + endAfterStartMs;
    c.statusIntervalS = 1;
    c.warmupS = warmupS;
    c.warmupEndMs = cutAfterStartMs == null ? null : START + cutAfterStartMs;
    c.write(hdrDir.resolve(PhaseClock.FILE_NAME));
  }

  private static void metadata(Path dir, long warmupS) throws Exception {
    Files.writeString(dir.resolve("metadata.json"), "{\"properties\": {\"measurement.warmup\": \"" + warmupS
        + "\", \"status.interval\": \"1\"}}");
  }

  /** YCSB's own report of the whole phase: 2,200 reads in 4 s. */
  private static void ycsbOutput(Path dir) throws Exception {
    Files.writeString(dir.resolve("run.out"), String.join("\n", "[OVERALL], RunTime(ms), 4000",
        "[OVERALL], Throughput(ops/sec), 550.0", "[READ], Operations, 2200", "[READ], AverageLatency(us), 1000",
        "[READ], MinLatency(us), 100", "[READ], MaxLatency(us), 10000", "[READ], 99thPercentileLatency(us), 10000",
        "[READ], Return=OK, 2200", ""));
  }

  /** Two seconds of slow reads (100 per s at 10 ms), then two of fast ones (1,000 per s at 100 and 200 us). */
  private static void oneClient(Path dir) throws Exception {
    log(dir.resolve("hdr/run/READ.hdr"), "READ", new Part(0, 1000, 100, 10_000), new Part(1000, 2000, 100, 10_000),
        new Part(2000, 3000, 1000, 100), new Part(3000, 4000, 1000, 200));
    ycsbOutput(dir);
  }

  @Test
  void aSingleClientsWarmUpIsLeftOutOfThroughputAndPercentiles(@TempDir Path dir) throws Exception {
    oneClient(dir);
    clock(dir.resolve("hdr/run"), 2, 2000L, 4000);
    metadata(dir, 2);
    PhaseSummary run = RunFolder.summarize(dir).phase("run");
    OperationStats read = run.operations.get("READ");
    assertEquals(2000L, read.count, "the 200 warm-up reads are not counted");
    assertTrue(read.maxUs < 300, "no warm-up sample (10 ms) in the measured latency: max " + read.maxUs);
    assertTrue(read.percentile("p99") < 300, "p99 " + read.percentile("p99"));
    assertEquals(2000.0, run.runtimeMs, 0.001, "the measured window: from the cut to the end of the work");
    assertEquals(1000.0, run.throughputOps, 0.001);
    assertEquals(1000.0, run.successfulThroughputOps, 0.001);
    assertEquals(2200L, read.returnCodes.get("OK"), "return codes stay YCSB's, of the whole phase");
    assertEquals(2L, run.warmup.seconds);
    assertEquals(2.0, run.warmup.measuredFromS, 0.001);
    assertTrue(run.warmup.method.contains("no interval is split"), run.warmup.method);
    assertEquals("hdr-logs-after-warmup", run.source);
  }

  @Test
  void withoutAWarmUpTheFiguresAreYcsbsOwn(@TempDir Path dir) throws Exception {
    oneClient(dir);
    metadata(dir, 0);
    PhaseSummary run = RunFolder.summarize(dir).phase("run");
    assertEquals(2200L, run.operations.get("READ").count);
    assertEquals(550.0, run.throughputOps, 0.001);
    assertNull(run.warmup);
  }

  @Test
  void withoutTheClockAnIntervalCrossingTheWarmUpsEndIsLeftOutWhole(@TempDir Path dir) throws Exception {
    // Logs of a harness that wrote no phase.json: the warm-up (1.5 s) is counted from the first interval's start,
    // and the interval from 1 s to 2 s, which crosses it, is left out whole (never prorated).
    oneClient(dir);
    metadata(dir, 1);
    Files.writeString(dir.resolve("metadata.json"), "{\"properties\": {\"measurement.warmup\": \"1\"}}");
    PhaseSummary run = RunFolder.summarize(dir).phase("run");
    assertEquals(2100L, run.operations.get("READ").count, "only the first second is warm-up here");
    assertTrue(run.warmup.method.contains("no phase.json"), run.warmup.method);
  }

  @Test
  void aPhaseThatEndedBeforeItsWarmUpDidIsOneClearError(@TempDir Path dir) throws Exception {
    oneClient(dir);
    clock(dir.resolve("hdr/run"), 30, null, 4000);
    metadata(dir, 30);
    ReportException e = assertThrows(ReportException.class, () -> RunFolder.summarize(dir));
    assertTrue(e.getMessage().contains("ended before its 30 s warm-up"), e.getMessage());
  }

  @Test
  void mergedClientsEachLeaveTheirOwnWarmUpOut(@TempDir Path dir) throws Exception {
    // client-1 started half a second after client-0; each cut its logs 2 s after its own start.
    log(dir.resolve("hdr/run/client-0/READ.hdr"), "READ", new Part(0, 1000, 100, 10_000),
        new Part(1000, 2000, 100, 10_000), new Part(2000, 3000, 1000, 100), new Part(3000, 4000, 1000, 200));
    log(dir.resolve("hdr/run/client-1/READ.hdr"), "READ", new Part(500, 1500, 100, 10_000),
        new Part(1500, 2500, 100, 10_000), new Part(2500, 3500, 1000, 300), new Part(3500, 4500, 1000, 400));
    PhaseClock c0 = new PhaseClock();
    c0.phase = "run";
    c0.startMs = START;
    c0.warmupS = 2L;
    c0.warmupEndMs = START + 2000;
    c0.write(dir.resolve("hdr/run/client-0/phase.json"));
    PhaseClock c1 = new PhaseClock();
    c1.phase = "run";
    c1.startMs = START + 500;
    c1.warmupS = 2L;
    c1.warmupEndMs = START + 2500;
    c1.write(dir.resolve("hdr/run/client-1/phase.json"));
    metadata(dir, 2);
    PhaseSummary run = RunFolder.summarize(dir).phase("run");
    OperationStats read = run.operations.get("READ");
    // The common window's reads (each client's 200 warm-up reads left out; edges prorated, see below): 3,000.
    assertEquals(3000L, read.count, "the common window's reads");
    assertTrue(read.maxUs < 500, "no warm-up sample: max " + read.maxUs);
    // Common window: from the later cut (2.5 s) to the earlier end (4.0 s); client-0 counts 1,000 + 1,000 of its
    // last interval in it (all of [2.5, 3) prorated: 500, [3, 4): 1,000), client-1 its [2.5, 3.5) 1,000 and half of
    // [3.5, 4.5): 500. 3,000 operations in 1.5 s.
    assertEquals(2500, run.merge.commonWindowStartMs - START);
    assertEquals(4000, run.merge.commonWindowEndMs - START);
    assertEquals(2000.0, run.throughputOps, 0.001);
    assertEquals(2.5, run.warmup.measuredFromS, 0.001, "on the merged timeline, which starts at client-0's first");
  }

  @Test
  void recordedRunsLeaveOutExactlyTheIntervalsBeforeTheirCut(@TempDir Path tmp) throws Exception {
    for (String name : List.of("warmup-one-client", "warmup-two-clients")) {
      Path dir = Recorded.copy(name, tmp);
      RunSummary summary = RunFolder.summarize(dir);
      PhaseSummary run = summary.phase("run");
      assertNotNull(run.warmup, name);
      double measured = 0;
      long whole = 0;
      List<Path> hdrDirs = RunFolder.clientDirs(dir.resolve("hdr/run"));
      for (Path hdrDir : hdrDirs.isEmpty() ? List.of(dir.resolve("hdr/run")) : hdrDirs) {
        long cut = PhaseClock.in(hdrDir).warmupEndMs;
        for (String series : List.of("READ", "UPDATE")) {
          for (HdrLog.Interval i : HdrLog.read(hdrDir.resolve(series + ".hdr")).intervals()) {
            whole += i.histogram().getTotalCount();
            // After the cut, in proportion to the part inside the window (these recordings ran without the start
            // barrier, on the clients' own clock).
            long overlap = Math.min(i.endMs(), run.window.endMs) - Math.max(i.startMs(), run.window.startMs);
            if (i.startMs() >= cut && overlap > 0) {
              measured += i.histogram().getTotalCount() * (double) overlap / (i.endMs() - i.startMs());
            }
          }
        }
      }
      long counted = run.operations.get("READ").count + run.operations.get("UPDATE").count;
      assertEquals(measured, counted, 1.0, name + ": each type's count rounded");
      assertTrue(measured < whole, name + ": the warm-up held operations (" + whole + " in all)");
      // On the status clock (one client) or the merged timeline (from the first client's first operation).
      assertTrue(run.warmup.measuredFromS > 1.0 && run.warmup.measuredFromS < 4.0, name + " " + run.warmup.measuredFromS);
    }
  }
}
