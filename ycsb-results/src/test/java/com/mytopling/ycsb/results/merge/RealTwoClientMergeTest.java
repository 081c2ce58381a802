package com.mytopling.ycsb.results.merge;

import com.mytopling.ycsb.results.parse.HdrLog;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.results.CliRunner;
import com.mytopling.ycsb.results.RealYcsb;
import com.mytopling.ycsb.results.model.OperationStats;
import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.model.RunSummary;
import com.mytopling.ycsb.results.parse.RunLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** `report merge` on two real YCSB clients that ran at the same time. */
class RealTwoClientMergeTest {
  @Test
  void mergeCommandBuildsTheMultiClientLayoutAndExactFigures() throws Exception {
    Path clients = RealYcsb.twoClientRuns();
    Path out = Files.createTempDirectory("merged-").resolve("run");
    CliRunner result = CliRunner.run("merge", clients.resolve("a").toString(), clients.resolve("b").toString(),
        "--out", out.toString());
    assertEquals(0, result.exitCode, result.toString());
    // Issue 11.12: clients are numbered from 0, as scripts/benchmark numbers them.
    assertTrue(Files.isRegularFile(out.resolve("hdr/run/client-0/READ.hdr")));
    assertTrue(Files.isRegularFile(out.resolve("hdr/run/client-1/READ.hdr")));
    assertTrue(Files.isRegularFile(out.resolve("client-1/run.out")));
    assertTrue(Files.notExists(out.resolve("client-2")));

    RunSummary summary = RunLoader.load(out);
    PhaseSummary run = summary.phase("run");
    assertEquals("merged-hdr-logs", run.source);
    assertEquals(2, run.merge.clientCount);
    assertEquals(2, ((Number) summary.metadata.get("clients")).intValue());
    long start = run.merge.commonWindowStartMs;
    long end = run.merge.commonWindowEndMs;
    for (String op : List.of("READ", "UPDATE")) {
      // Merged percentiles are the HdrHistogram union of the clients' intervals in the common window (at least half of
      // each inside it).
      Histogram inWindow = new Histogram(3);
      double counted = 0;
      long countInOutputs = 0;
      for (String c : List.of("a", "b")) {
        for (HdrLog.Interval i : HdrLog.read(clients.resolve(c).resolve("hdr/run/" + op + ".hdr")).intervals()) {
          long overlap = Math.min(i.endMs(), end) - Math.max(i.startMs(), start);
          if (overlap > 0 && overlap * 2 >= i.endMs() - i.startMs()) {
            inWindow.add(i.histogram());
          }
          // The count is the window's, edge intervals prorated, as every count of the phase.
          counted += overlap > 0 ? i.histogram().getTotalCount() * (double) overlap / (i.endMs() - i.startMs()) : 0;
        }
        countInOutputs += Long.parseLong(Files.readString(clients.resolve(c).resolve("run.out")).lines()
            .filter(l -> l.startsWith("[" + op + "], Operations,")).findFirst().orElseThrow().split(", ")[2].trim());
      }
      OperationStats merged = run.operations.get(op);
      assertEquals(Math.round(counted), merged.count, op + " count of the common window");
      assertTrue(merged.count <= countInOutputs && merged.count > 0.5 * countInOutputs, merged.count + "");
      assertEquals((double) inWindow.getValueAtPercentile(99), merged.percentile("p99"));
      assertEquals((double) inWindow.getValueAtPercentile(99.9), merged.percentile("p99.9"));
      assertEquals(countInOutputs, merged.returnCodes.get("OK"), "return codes summed from client outputs");
    }
    assertEquals(2L * RealYcsb.TWO_CLIENT_OPERATIONS, run.clients.stream().mapToLong(c -> c.operations).sum());
    assertTrue(run.merge.opsInCommonWindow > 0 && run.merge.opsInCommonWindow <= 2.0 * RealYcsb.TWO_CLIENT_OPERATIONS);
    assertNotNull(run.throughputOps);
    assertNotNull(run.clients.get(0).throughputOps, "each client's own YCSB figure is kept for reference");

    CliRunner show = CliRunner.run("show", out.toString());
    assertEquals(0, show.exitCode, show.toString());
    assertTrue(show.out.contains("merged-hdr-logs (2 clients)"), show.out);
  }
}
