package com.mytopling.ycsb.launcher.client;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The CPU of the JVM's just-in-time compiler threads, from /proc/self/task: how much of a window's CPU went into
 * compiling the operations' code rather than running it. In a run of some hundred thousand operations that is a
 * large share of the client's user time (a third in docs/speed.md's profile), and it does not grow with the run, so
 * a client's cost per operation is only comparable across run lengths with it told apart.
 *
 * <p>HotSpot names these threads "C1 CompilerThreadN" and "C2 CompilerThreadN" (JVMCI: "JVMCI CompilerThreadN");
 * Linux keeps the first 15 characters ("C2 CompilerThre", "JVMCI CompilerT"). A thread that ends takes its CPU out
 * of /proc/self/task, so the figure is only exact when no compiler thread can end: HotSpot ends idle ones only
 * with UseDynamicNumberOfCompilerThreads (on by default; scripts' clients turn it off) and more than one thread of a
 * compiler. Otherwise, and off HotSpot or Linux, there is no reading (null), never a low one.
 */
public final class CompilerThreadsCpu {
  private static final Path TASKS = Path.of("/proc/self/task");
  private static final String NAME_PART = "CompilerT";

  private CompilerThreadsCpu() {
  }

  /** Each compiler thread's user + system CPU ticks by thread id, or null when a window's figure would not be exact. */
  public static Map<Long, Long> read() {
    if (!threadsStay()) {
      return null;
    }
    Map<Long, Long> ticks = new HashMap<>();
    try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
      for (Path task : tasks) {
        String stat;
        try {
          stat = Files.readString(task.resolve("stat"), StandardCharsets.US_ASCII);
        } catch (NoSuchFileException ended) {
          continue; // a thread that ended while the folder was listed
        }
        if (isCompiler(stat)) {
          long[] t = ClientCostMeter.processTicks(stat);
          ticks.put(Long.parseLong(task.getFileName().toString()), t[0] + t[1]);
        }
      }
    } catch (IOException | RuntimeException e) {
      return null;
    }
    return ticks;
  }

  /**
   * The compiler threads' ticks between two readings; null when either is missing or a thread of the first is gone
   * from the second (its CPU left /proc with it). Threads that started in between count from zero.
   */
  public static Long ticksBetween(Map<Long, Long> from, Map<Long, Long> to) {
    if (from == null || to == null || !to.keySet().containsAll(from.keySet())) {
      return null;
    }
    long ticks = 0;
    for (Map.Entry<Long, Long> e : to.entrySet()) {
      ticks += e.getValue() - from.getOrDefault(e.getKey(), 0L);
    }
    return ticks;
  }

  /** True when the stat line's command name (field 2) is a compiler thread's. */
  static boolean isCompiler(String stat) {
    int open = stat.indexOf('(');
    int close = stat.lastIndexOf(')');
    return open >= 0 && close > open && stat.substring(open + 1, close).contains(NAME_PART);
  }

  /** True when this JVM never ends a compiler thread, so that no compiler CPU can leave /proc/self/task. */
  private static boolean threadsStay() {
    try {
      HotSpotDiagnosticMXBean hotspot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
      boolean dynamic = Boolean.parseBoolean(hotspot.getVMOption("UseDynamicNumberOfCompilerThreads").getValue());
      int count = Integer.parseInt(hotspot.getVMOption("CICompilerCount").getValue());
      boolean bothCompilers = Boolean.parseBoolean(hotspot.getVMOption("TieredCompilation").getValue())
          && Integer.parseInt(hotspot.getVMOption("TieredStopAtLevel").getValue()) == 4;
      // HotSpot keeps the first thread of each compiler: with tiered compilation's two compilers and two threads, one
      // C1 and one C2 thread, neither ends.
      return !dynamic || count == 1 || (count == 2 && bothCompilers);
    } catch (RuntimeException notHotSpot) {
      return false;
    }
  }
}
