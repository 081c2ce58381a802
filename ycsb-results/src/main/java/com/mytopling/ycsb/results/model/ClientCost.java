package com.mytopling.ycsb.results.model;

import com.mytopling.ycsb.results.Json;
import com.mytopling.ycsb.results.ReportException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * What the client itself cost over a phase's measured window (docs/results.md, "The client's own cost"): its
 * process's CPU (user, system), CPU per operation, GC time, and how busy the whole host was, with the start-up
 * (JVM start, class loading, connections, before the first operation) apart. The launcher writes it per phase
 * (client-cost-PHASE.json in the phase's folder); the summary carries it as {@code client_cost}.
 *
 * <p>A phase is <b>client-bound</b> when the client was saturated, so that its figures may say more about the client
 * than about the server: its process used at least {@value #CORE_SHARE_LIMIT} of the cores it had, or the host was at
 * least {@value #HOST_BUSY_LIMIT} busy (on a host it shares with the server, the client's CPU was then taken from the
 * server's). {@link #judge} is the one place of that rule.
 */
public class ClientCost {
  public static final String SCHEMA = "mytopling-ycsb-client-cost";
  /** Share of the client's cores at or above which its process was saturated. */
  public static final double CORE_SHARE_LIMIT = 0.90;
  /** Busy share of the whole host at or above which it was full. */
  public static final double HOST_BUSY_LIMIT = 0.95;

  public String schema = SCHEMA;
  public int schemaVersion = 1;
  /** "load" or "run". */
  public String phase;
  /** Length of the measured window, seconds: the phase's start (or the warm-up's end) to its client threads' end. */
  public Double windowS;
  /** True when the window starts at the end of the warm-up (measurement.warmup). */
  public Boolean warmupExcluded;
  /** Operations the client threads did in the window (a load's rows). */
  public Long operations;
  /** The client process's user and system CPU time in the window, seconds (all its threads). */
  public Double userCpuS;
  public Double systemCpuS;
  /** (user + system) CPU per operation in the window, and each part, microseconds. */
  public Double cpuPerOpUs;
  public Double userCpuPerOpUs;
  public Double systemCpuPerOpUs;
  /**
   * Of the CPU in the window, what the JVM's just-in-time compiler threads used (user + system), seconds, and per
   * operation, microseconds: compiling the operations' code rather than running it, a cost that does not grow with
   * the run's length. Null when the JVM could not tell it exactly.
   */
  public Double jitCpuS;
  public Double jitCpuPerOpUs;
  /** Time the JVM's collectors reported in the window, seconds. */
  public Double gcTimeS;
  /** Processors the client's JVM had (its CPU limit, if any). */
  public Integer cores;
  /** Cores the client's process kept busy on average: its CPU time over the window's length. */
  public Double coresUsed;
  /** Busy share of the whole host over the window (all its CPUs, /proc/stat), 0 to 1. */
  public Double hostBusyShare;
  /** CPU the client's process used before its first operation (JVM start, class loading, connecting), seconds. */
  public Double startupCpuS;
  /** From the process's start to the phase's first operation, seconds: the client's time to first operation. */
  public Double startupWallS;
  /** The whole process's user and system CPU at the phase's end, start-up included, seconds. */
  public Double processUserCpuS;
  public Double processSystemCpuS;
  /** True when the client was saturated (see the class comment); null when the figures are unavailable. */
  public Boolean clientBound;
  /** One line with the figures that say whether the client was bound, or why nothing was measured. */
  public String reason;
  /** For a phase of several clients: how many clients' figures are summed here. */
  public Integer clients;

  /** The verdict and its line from the window's figures (cores, coresUsed, hostBusyShare). */
  public void judge() {
    if (coresUsed == null || cores == null || cores <= 0) {
      clientBound = null;
      if (reason == null) {
        reason = "client cost unavailable";
      }
      return;
    }
    double coreShare = coresUsed / cores;
    boolean saturated = coreShare >= CORE_SHARE_LIMIT;
    boolean hostFull = hostBusyShare != null && hostBusyShare >= HOST_BUSY_LIMIT;
    clientBound = saturated || hostFull;
    String figures = String.format(Locale.ROOT, "the client used %.2f of its %d cores (%.0f%%)%s", coresUsed, cores,
        coreShare * 100, hostBusyShare == null ? "" : String.format(Locale.ROOT, ", the host was %.0f%% busy",
            hostBusyShare * 100));
    if (!clientBound) {
      reason = "not client-bound: " + figures;
    } else if (saturated) {
      reason = "client-bound: " + figures + " (at least " + pct(CORE_SHARE_LIMIT) + " of its cores)";
    } else {
      reason = "client-bound: " + figures + " (the host at least " + pct(HOST_BUSY_LIMIT) + " busy: the client's CPU "
          + "was taken from whatever else ran there, the server too if it shares the host)";
    }
  }

  /**
   * The figures in one line for people (summary table, report, gate): CPU per operation and its parts over the
   * window, GC, cores used, the host's busy share, the start-up apart.
   */
  public String figures() {
    if (cpuPerOpUs == null) {
      return reason == null ? "client cost unavailable" : reason;
    }
    StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "CPU %.2f us/op (user %.2f, system %.2f%s) over "
        + "%s%.1f s window and %,d operations, GC %.2f s", cpuPerOpUs, userCpuPerOpUs, systemCpuPerOpUs,
        jitCpuPerOpUs == null ? "" : String.format(Locale.ROOT, "; JIT compiling %.2f of it", jitCpuPerOpUs),
        Boolean.TRUE.equals(warmupExcluded) ? "the post-warm-up " : "the ", windowS, operations,
        gcTimeS == null ? 0.0 : gcTimeS));
    if (coresUsed != null && cores != null) {
      s.append(String.format(Locale.ROOT, ", %.2f of %d cores", coresUsed, cores));
    }
    if (hostBusyShare != null) {
      s.append(String.format(Locale.ROOT, ", host %.0f%% busy", hostBusyShare * 100));
    }
    if (startupCpuS != null) {
      s.append(String.format(Locale.ROOT, "; start-up apart: %.2f s CPU", startupCpuS));
      if (startupWallS != null) {
        s.append(String.format(Locale.ROOT, ", first operation %.2f s after the process started", startupWallS));
      }
    }
    return s.toString();
  }

  private static String pct(double share) {
    return String.format(Locale.ROOT, "%.0f%%", share * 100);
  }

  public static ClientCost read(Path file) {
    ClientCost cost = Json.readFile(file, ClientCost.class);
    if (!SCHEMA.equals(cost.schema)) {
      throw new ReportException(file + ": not a client-cost record of this harness (schema '" + cost.schema + "')");
    }
    return cost;
  }

  public void write(Path file) throws IOException {
    if (file.getParent() != null) {
      java.nio.file.Files.createDirectories(file.getParent());
    }
    Json.writeFile(file, this);
  }
}
