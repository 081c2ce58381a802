package com.mytopling.ycsb.launcher.client;

import com.mytopling.ycsb.results.model.ClientCost;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Measures what the client process itself costs over a phase's measured window (ClientCost): its user and system CPU
 * from /proc/self/stat, the part of it its JIT compiler threads used (CompilerThreadsCpu), the collectors' time from
 * the JVM, the whole host's busy share from /proc/stat, each read at the window's start (the phase's start, or the
 * warm-up's end) and at its end; what the process used before its first operation is the start-up, apart. Read
 * three or four times a phase, never on the operations' path.
 *
 * <p>Linux's /proc counts CPU time in clock ticks of USER_HZ, which is 100 on every architecture Linux exposes to user
 * space that a JVM runs on (x86, arm64, ppc64, s390x); the 10 ms resolution is why windows shorter than a second
 * give rough figures. Where /proc is missing (not Linux) the record says the cost is unavailable.
 *
 * <p>Its readers of /proc lines are public: the developers' bench-harness (module ycsb-bench) reads the server's and
 * the host's CPU with them (bench.HostLoad), so that /proc's fields are counted in one place.
 */
public final class ClientCostMeter {
  public static final double TICKS_PER_SECOND = 100.0;
  private static final Path SELF_STAT = Path.of("/proc/self/stat");
  private static final Path HOST_STAT = Path.of("/proc/stat");
  private static final Path UPTIME = Path.of("/proc/uptime");

  /**
   * One reading: process CPU ticks, host CPU jiffies, GC milliseconds, the monotonic clock, the process's age (ms
   * since it started), the operations done so far, the compiler threads' CPU ticks by thread (CompilerThreadsCpu;
   * null when unknown).
   */
  record Sample(long userTicks, long systemTicks, long hostBusy, long hostTotal, long gcMs, long nanos,
                long processAgeMs, long ops, Map<Long, Long> compilerTicks) {
  }

  private final String phase;
  private Sample phaseStart;
  private Sample windowStart;
  private boolean warmupExcluded;

  ClientCostMeter(String phase) {
    this.phase = phase;
  }

  /** The phase's first operation is about to run: the end of the start-up, and the window's start. */
  void phaseStarted() {
    phaseStart = sample(0);
    windowStart = phaseStart;
  }

  /** The warm-up ended with {@code opsSoFar} operations done: the window starts here instead. */
  void warmupEnded(long opsSoFar) {
    if (phaseStart != null) {
      windowStart = sample(opsSoFar);
      warmupExcluded = true;
    }
  }

  /** The client threads finished with {@code opsDone} operations: the figures of the window. */
  ClientCost finish(long opsDone) {
    ClientCost cost = new ClientCost();
    cost.phase = phase;
    Sample end = sample(opsDone);
    if (phaseStart == null || end == null || windowStart == null) {
      cost.cores = Runtime.getRuntime().availableProcessors();
      cost.reason = "client cost unavailable: no /proc/self/stat (figures are read from Linux's /proc)";
      cost.judge();
      return cost;
    }
    fill(cost, windowStart, end, warmupExcluded, phaseStart);
    return cost;
  }

  /** The record's figures from two readings; {@code startup}: the reading at the phase's first operation. */
  static void fill(ClientCost cost, Sample from, Sample to, boolean warmupExcluded, Sample startup) {
    if (cost.cores == null) {
      cost.cores = Runtime.getRuntime().availableProcessors();
    }
    double seconds = (to.nanos() - from.nanos()) / 1e9;
    long ops = to.ops() - from.ops();
    double user = (to.userTicks() - from.userTicks()) / TICKS_PER_SECOND;
    double system = (to.systemTicks() - from.systemTicks()) / TICKS_PER_SECOND;
    cost.windowS = round(seconds, 3);
    cost.warmupExcluded = warmupExcluded;
    cost.operations = ops;
    cost.userCpuS = round(user, 2);
    cost.systemCpuS = round(system, 2);
    if (ops > 0) {
      cost.cpuPerOpUs = round((user + system) * 1e6 / ops, 3);
      cost.userCpuPerOpUs = round(user * 1e6 / ops, 3);
      cost.systemCpuPerOpUs = round(system * 1e6 / ops, 3);
    }
    cost.gcTimeS = round((to.gcMs() - from.gcMs()) / 1000.0, 3);
    Long jit = CompilerThreadsCpu.ticksBetween(from.compilerTicks(), to.compilerTicks());
    if (jit != null) {
      cost.jitCpuS = round(jit / TICKS_PER_SECOND, 2);
      if (ops > 0) {
        cost.jitCpuPerOpUs = round(jit / TICKS_PER_SECOND * 1e6 / ops, 3);
      }
    }
    if (seconds > 0) {
      cost.coresUsed = round((user + system) / seconds, 3);
    }
    long hostTotal = to.hostTotal() - from.hostTotal();
    if (hostTotal > 0) {
      cost.hostBusyShare = round((double) (to.hostBusy() - from.hostBusy()) / hostTotal, 3);
    }
    cost.startupCpuS = round((startup.userTicks() + startup.systemTicks()) / TICKS_PER_SECOND, 2);
    cost.processUserCpuS = round(to.userTicks() / TICKS_PER_SECOND, 2);
    cost.processSystemCpuS = round(to.systemTicks() / TICKS_PER_SECOND, 2);
    cost.startupWallS = round(startup.processAgeMs() / 1000.0, 3);
    cost.judge();
  }

  /** The one line scripts/ycsb prints at the end of a phase: the figures, then the verdict. */
  static String line(ClientCost c) {
    return "[client-cost] " + c.phase + ": " + (c.cpuPerOpUs == null ? c.reason : c.figures() + "; " + c.reason);
  }

  /** A reading now, or null when /proc cannot be read. */
  static Sample sample(long ops) {
    try {
      String stat = Files.readString(SELF_STAT, StandardCharsets.US_ASCII);
      long[] process = processTicks(stat);
      long[] host = hostJiffies(Files.readAllLines(HOST_STAT, StandardCharsets.US_ASCII).get(0));
      long ageMs = processAgeMs(stat, Files.readString(UPTIME, StandardCharsets.US_ASCII));
      return new Sample(process[0], process[1], host[0], host[1], gcMillis(), System.nanoTime(), ageMs, ops,
          CompilerThreadsCpu.read());
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /**
   * The fields of a /proc/PID/stat line from field 3 on (field N at index N - 3). The command name (field 2) is in
   * parentheses and may contain spaces, so fields are counted after its closing parenthesis.
   */
  private static String[] statFields(String stat) {
    return stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
  }

  /** utime and stime (fields 14 and 15) of a /proc/PID/stat line. */
  public static long[] processTicks(String stat) {
    String[] f = statFields(stat);
    return new long[] {Long.parseLong(f[11]), Long.parseLong(f[12])};
  }

  /**
   * How long ago the process started, in ms: /proc/uptime's seconds since boot less the process's starttime (field 22
   * of its stat line, ticks since boot). Both count from boot on one clock, to 10 ms. (ProcessHandle's startInstant
   * adds the boot time, which /proc/stat gives in whole seconds: up to a second off, as much as a client's start-up.)
   */
  static long processAgeMs(String stat, String uptime) {
    long startTicks = Long.parseLong(statFields(stat)[19]);
    double upSeconds = Double.parseDouble(uptime.trim().split("\\s+")[0]);
    return Math.max(0, Math.round(upSeconds * 1000 - startTicks * 1000 / TICKS_PER_SECOND));
  }

  /**
   * The host's busy and total jiffies from /proc/stat's first line (cpu user nice system idle iowait irq softirq
   * steal ...): idle and iowait are not busy; guest time is already inside user and nice.
   */
  public static long[] hostJiffies(String cpuLine) {
    String[] f = cpuLine.trim().split("\\s+");
    if (!f[0].equals("cpu")) {
      throw new IllegalArgumentException("not /proc/stat's cpu line: " + cpuLine);
    }
    long total = 0;
    long idle = 0;
    for (int i = 1; i < f.length && i <= 8; i++) {
      long v = Long.parseLong(f[i]);
      total += v;
      if (i == 4 || i == 5) {
        idle += v;
      }
    }
    return new long[] {total - idle, total};
  }

  private static long gcMillis() {
    long ms = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      ms += Math.max(0, gc.getCollectionTime());
    }
    return ms;
  }

  private static Double round(double v, int digits) {
    if (!Double.isFinite(v)) {
      return null;
    }
    double scale = Math.pow(10, digits);
    return Math.round(v * scale) / scale;
  }
}
