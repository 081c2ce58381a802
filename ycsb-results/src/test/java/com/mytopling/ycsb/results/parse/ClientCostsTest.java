package com.mytopling.ycsb.results.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.core.record.RunRecordFiles;
import com.mytopling.ycsb.results.CliRunner;
import com.mytopling.ycsb.results.model.ClientCost;
import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.model.RunSummary;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The client's own cost: the client-bound rule, a run folder's record in the summary, several clients summed. */
class ClientCostsTest {
  @TempDir
  Path tmp;

  private static ClientCost cost(double coresUsed, int cores, Double hostBusy) {
    ClientCost c = new ClientCost();
    c.phase = "run";
    c.windowS = 60.0;
    c.operations = 600_000L;
    c.userCpuS = coresUsed * 60 * 0.4;
    c.systemCpuS = coresUsed * 60 * 0.6;
    c.cpuPerOpUs = (c.userCpuS + c.systemCpuS) * 1e6 / c.operations;
    c.userCpuPerOpUs = c.userCpuS * 1e6 / c.operations;
    c.systemCpuPerOpUs = c.systemCpuS * 1e6 / c.operations;
    c.gcTimeS = 0.1;
    c.cores = cores;
    c.coresUsed = coresUsed;
    c.hostBusyShare = hostBusy;
    c.startupCpuS = 1.5;
    c.startupWallS = 1.9;
    c.judge();
    return c;
  }

  @Test
  void boundWhenItsCoresOrTheHostAreFullWithTheFiguresThatSaySo() {
    ClientCost saturated = cost(1.9, 2, 0.5);
    assertEquals(Boolean.TRUE, saturated.clientBound);
    assertTrue(saturated.reason.contains("1.90 of its 2 cores (95%)"), saturated.reason);
    ClientCost hostFull = cost(0.6, 2, 0.99);
    assertEquals(Boolean.TRUE, hostFull.clientBound);
    assertTrue(hostFull.reason.contains("the host was 99% busy"), hostFull.reason);
    ClientCost free = cost(0.6, 2, 0.70);
    assertEquals(Boolean.FALSE, free.clientBound);
    assertTrue(free.reason.startsWith("not client-bound: the client used 0.60 of its 2 cores (30%)"), free.reason);
    // Just under both limits is not bound; at them it is.
    assertEquals(Boolean.FALSE, cost(1.79, 2, 0.949).clientBound);
    assertEquals(Boolean.TRUE, cost(1.80, 2, null).clientBound);
    assertEquals(Boolean.TRUE, cost(0.1, 2, 0.95).clientBound);
    assertTrue(free.figures().contains("CPU 60.00 us/op (user 24.00, system 36.00)"), free.figures());
    assertTrue(free.figures().contains("start-up apart: 1.50 s CPU"), free.figures());
  }

  @Test
  void withoutFiguresThereIsNoVerdict() {
    ClientCost none = new ClientCost();
    none.reason = "client cost unavailable: no /proc/self/stat";
    none.judge();
    assertNull(none.clientBound);
    assertEquals(none.reason, none.figures());
  }

  @Test
  void aRunFoldersRecordReachesTheSummaryTheTableAndTheGate() throws Exception {
    Path run = Recorded.copy("one-client-not-found", tmp);
    cost(0.6, 2, 0.99).write(RunRecordFiles.clientCost(run, "run"));
    RunSummary summary = RunFolder.summarize(run);
    PhaseSummary p = summary.phase("run");
    assertEquals(Boolean.TRUE, p.clientCost.clientBound);
    assertEquals(600_000L, p.clientCost.operations);
    CliRunner show = CliRunner.run("show", run.toString());
    assertEquals(0, show.exitCode, show.toString());
    assertTrue(show.out.contains("run: CLIENT-BOUND: client cost: CPU 60.00 us/op"), show.out);
    assertTrue(show.out.contains("the host was 99% busy"), show.out);
    assertEquals(List.of(), ClientCosts.boundLines("baseline", List.of(RunFolder.summarize(
        Recorded.copy("warmup-one-client", tmp))), "run"), "no record, no mark");
    List<String> lines = ClientCosts.boundLines("candidate", List.of(summary), "run");
    assertEquals(1, lines.size());
    assertTrue(lines.get(0).startsWith("client-bound: candidate run one-client-not-found, run phase: CPU 60.00 us/op"),
        lines.get(0));
  }

  @Test
  void severalClientsAreSummedAndBoundWhenAnyIs() {
    ClientCost a = cost(0.5, 2, 0.6);
    ClientCost b = cost(1.95, 2, 0.9);
    ClientCost sum = ClientCosts.sum(List.of("client-0", "client-1", "client-2"), Arrays.asList(a, b, null));
    assertEquals(2, sum.clients);
    assertEquals(1_200_000L, sum.operations);
    assertEquals(a.userCpuS + b.userCpuS, sum.userCpuS, 1e-9);
    assertEquals((a.userCpuS + b.userCpuS + a.systemCpuS + b.systemCpuS) * 1e6 / 1_200_000, sum.cpuPerOpUs, 1e-9);
    assertEquals(0.9, sum.hostBusyShare);
    assertEquals(Boolean.TRUE, sum.clientBound);
    assertTrue(sum.reason.contains("client-1: client-bound: the client used 1.95 of its 2 cores"), sum.reason);
    assertFalse(sum.reason.contains("client-0:"), sum.reason);
    assertNull(ClientCosts.sum(List.of("client-0"), Arrays.asList((ClientCost) null)));
  }

  @Test
  void theCompilersCpuIsSummedOnlyWhenEveryClientTellsIt() {
    ClientCost a = cost(0.5, 2, 0.6);
    ClientCost b = cost(0.7, 2, 0.6);
    a.jitCpuS = 1.5;
    b.jitCpuS = 0.9;
    ClientCost sum = ClientCosts.sum(List.of("client-0", "client-1"), List.of(a, b));
    assertEquals(2.4, sum.jitCpuS, 1e-9);
    assertEquals(2.4 * 1e6 / 1_200_000, sum.jitCpuPerOpUs, 1e-9);
    assertTrue(sum.figures().contains("; JIT compiling 2.00 of it)"), sum.figures());
    b.jitCpuS = null;
    ClientCost partial = ClientCosts.sum(List.of("client-0", "client-1"), List.of(a, b));
    assertNull(partial.jitCpuS, "one client's compilers unknown: no total that would be too low");
    assertNull(partial.jitCpuPerOpUs);
  }
}
