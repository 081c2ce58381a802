package com.mytopling.ycsb.results.parse;

import com.mytopling.ycsb.core.record.RunRecordFiles;
import com.mytopling.ycsb.results.model.ClientCost;
import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.model.RunSummary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The client's own cost of a phase (client-cost-PHASE.json in the phase's folder, written by the launcher), and the
 * sum of several clients' for a merged phase. Folders written before the launcher recorded it have none: null.
 */
public final class ClientCosts {
  private ClientCosts() {
  }

  /** The record of {@code phase} in {@code folder} (the run folder, or client-N/), or null when there is none. */
  public static ClientCost read(Path folder, String phase) {
    Path file = RunRecordFiles.clientCost(folder, phase);
    return Files.isRegularFile(file) ? ClientCost.read(file) : null;
  }

  /**
   * Several clients' costs as one: CPU, operations, GC time and JIT CPU (when every client has it) added (so CPU per operation is the clients' CPU over
   * their operations), the longest window, the busiest host; client-bound when any client was, with that client's
   * line. {@code names} label the clients in the reason. Null when no client has a record.
   */
  public static ClientCost sum(List<String> names, List<ClientCost> costs) {
    ClientCost total = new ClientCost();
    List<String> bound = new ArrayList<>();
    List<String> missing = new ArrayList<>();
    int n = 0;
    double user = 0;
    double system = 0;
    double gc = 0;
    Double jit = 0.0;
    long ops = 0;
    double startup = 0;
    for (int i = 0; i < costs.size(); i++) {
      ClientCost c = costs.get(i);
      if (c == null || c.userCpuS == null || c.systemCpuS == null || c.operations == null) {
        missing.add(names.get(i));
        continue;
      }
      n++;
      total.phase = c.phase;
      user += c.userCpuS;
      system += c.systemCpuS;
      gc += c.gcTimeS == null ? 0 : c.gcTimeS;
      jit = jit == null || c.jitCpuS == null ? null : jit + c.jitCpuS;
      ops += c.operations;
      startup += c.startupCpuS == null ? 0 : c.startupCpuS;
      total.windowS = max(total.windowS, c.windowS);
      total.hostBusyShare = max(total.hostBusyShare, c.hostBusyShare);
      total.startupWallS = max(total.startupWallS, c.startupWallS);
      total.warmupExcluded = c.warmupExcluded;
      if (Boolean.TRUE.equals(c.clientBound)) {
        bound.add(names.get(i) + ": " + c.reason);
      }
    }
    if (n == 0) {
      return null;
    }
    total.clients = n;
    total.userCpuS = user;
    total.systemCpuS = system;
    total.gcTimeS = gc;
    total.operations = ops;
    total.startupCpuS = startup;
    if (ops > 0) {
      total.cpuPerOpUs = (user + system) * 1e6 / ops;
      total.userCpuPerOpUs = user * 1e6 / ops;
      total.systemCpuPerOpUs = system * 1e6 / ops;
      total.jitCpuPerOpUs = jit == null ? null : jit * 1e6 / ops;
    }
    total.jitCpuS = jit;
    total.clientBound = !bound.isEmpty();
    String pre = n + " clients";
    if (!missing.isEmpty()) {
      pre += " (no record from " + String.join(", ", missing) + ")";
    }
    total.reason = bound.isEmpty() ? "not client-bound: none of the " + pre + " was saturated"
        : "client-bound: " + String.join("; ", bound);
    return total;
  }

  private static Double max(Double a, Double b) {
    return a == null ? b : b == null ? a : Math.max(a, b);
  }

  /**
   * For a gate's output: one line per run whose {@code phase} was client-bound, naming the side and run with the
   * figures that say so ("client-bound: baseline run R: run: ..."). Empty when no run was.
   */
  public static List<String> boundLines(String side, List<RunSummary> runs, String phase) {
    List<String> lines = new ArrayList<>();
    for (RunSummary run : runs) {
      PhaseSummary p = run.phase(phase);
      if (p != null && p.clientCost != null && Boolean.TRUE.equals(p.clientCost.clientBound)) {
        lines.add("client-bound: " + side + " run " + run.run + ", " + phase + " phase: " + p.clientCost.figures()
            + " (" + p.clientCost.reason + ")");
      }
    }
    return lines;
  }
}
