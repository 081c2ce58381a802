package com.mytopling.ycsb.launcher.bench;

import com.mytopling.ycsb.launcher.client.ClientCostMeter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How busy the machine is, read at a case's start and end: the load average, the host's busy and total CPU time
 * (/proc/stat's cpu line) and the server process's CPU time (/proc/PID/stat), both read by ClientCostMeter's readers.
 * The difference of two readings says how much of the machine a case had: what the server used and what everything
 * else did (other people's builds on a shared machine), besides the client's own CPU, which the caller measures.
 * Times are in USER_HZ ticks.
 */
record HostLoad(double loadAverage, long busyTicks, long totalTicks, long serverTicks) {

  static HostLoad now(Path serverPidFile) throws IOException {
    double load = Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
    long[] host = ClientCostMeter.hostJiffies(
        Files.readAllLines(Path.of("/proc/stat"), StandardCharsets.US_ASCII).get(0));
    long[] server = ClientCostMeter.processTicks(
        Files.readString(Path.of("/proc", Files.readString(serverPidFile).strip(), "stat")));
    return new HostLoad(load, host[0], host[1], server[0] + server[1]);
  }

  /** The server's CPU seconds (user + system) since {@code before}. */
  double serverSeconds(HostLoad before) {
    return (serverTicks - before.serverTicks) / ClientCostMeter.TICKS_PER_SECOND;
  }

  /** CPU-seconds the whole host was busy since {@code before} (all CPUs together). */
  double busySeconds(HostLoad before) {
    return (busyTicks - before.busyTicks) / ClientCostMeter.TICKS_PER_SECOND;
  }

  double totalSeconds(HostLoad before) {
    return Math.max(1, totalTicks - before.totalTicks) / ClientCostMeter.TICKS_PER_SECOND;
  }

  /** Busy share of the host since {@code before}, 0 to 1. */
  double busyShare(HostLoad before) {
    return busySeconds(before) / totalSeconds(before);
  }

  /**
   * Share of the host since {@code before} that was busy with neither the server nor a client that used
   * {@code clientCpuS}: other work on the machine, what makes wall-clock figures noisy. 0 to 1.
   */
  double othersShare(HostLoad before, double clientCpuS) {
    return Math.max(0, busySeconds(before) - serverSeconds(before) - clientCpuS) / totalSeconds(before);
  }
}
