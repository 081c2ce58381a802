package com.mytopling.ycsb.launcher.bench;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A developers' profiling aid (docs/speed.md), not part of the harness: runs a command and reports its CPU time per
 * thread (user and system, from /proc/PID/task/TID/stat, polled every 0.2 s; threads whose names differ only in
 * digits are added up), which shows what the client threads, the JIT compiler and the GC each cost.
 *
 * <pre>java -cp ycsb-launcher/target/test-classes com.mytopling.ycsb.launcher.bench.ThreadCpu COMMAND ARGS...</pre>
 */
public final class ThreadCpu {
  private ThreadCpu() {
  }

  public static void main(String[] args) throws Exception {
    if (args.length == 0) {
      System.err.println("usage: ThreadCpu COMMAND ARGS...");
      System.exit(2);
    }
    System.out.print(measure(List.of(args)));
  }

  static String measure(List<String> command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .redirectError(ProcessBuilder.Redirect.DISCARD).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
        .start();
    Map<String, Object[]> last = new LinkedHashMap<>();
    Path tasks = Path.of("/proc", Long.toString(p.pid()), "task");
    do {
      try (Stream<Path> ids = Files.list(tasks)) {
        for (Path tid : ids.toList()) {
          try {
            String s = Files.readString(tid.resolve("stat"));
            String name = s.substring(s.indexOf('(') + 1, s.lastIndexOf(')'));
            String[] f = s.substring(s.lastIndexOf(')') + 2).split(" ");
            last.put(tid.getFileName().toString(), new Object[] {name, Long.parseLong(f[11]), Long.parseLong(f[12])});
          } catch (IOException e) {
            // the thread ended between listing and reading
          }
        }
      } catch (IOException e) {
        // the process ended
      }
    } while (!p.waitFor(200, TimeUnit.MILLISECONDS));
    if (last.isEmpty()) {
      throw new IOException("the command ended before its threads could be read from " + tasks);
    }
    return report(last.values(), ticks());
  }

  /** The totals and the 15 costliest thread groups, from {name, user ticks, system ticks} per thread. */
  static String report(Iterable<Object[]> threads, double tick) {
    Map<String, long[]> agg = new LinkedHashMap<>();
    for (Object[] t : threads) {
      long[] a = agg.computeIfAbsent(((String) t[0]).replaceAll("\\d+", "#"), k -> new long[3]);
      a[0] += (Long) t[1];
      a[1] += (Long) t[2];
      a[2]++;
    }
    long u = agg.values().stream().mapToLong(a -> a[0]).sum();
    long s = agg.values().stream().mapToLong(a -> a[1]).sum();
    StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "total user %.2fs sys %.2fs%n", u / tick,
        s / tick));
    List<Map.Entry<String, long[]>> sorted = new ArrayList<>(agg.entrySet());
    sorted.sort((x, y) -> Long.compare(y.getValue()[0] + y.getValue()[1], x.getValue()[0] + x.getValue()[1]));
    for (Map.Entry<String, long[]> e : sorted.subList(0, Math.min(15, sorted.size()))) {
      long[] a = e.getValue();
      out.append(String.format(Locale.ROOT, "%-28s threads=%-3d user=%.2fs sys=%.2fs%n", e.getKey(), a[2],
          a[0] / tick, a[1] / tick));
    }
    return out.toString();
  }

  private static double ticks() throws IOException, InterruptedException {
    return Double.parseDouble(BenchHarness.output(List.of("getconf", "CLK_TCK")).strip());
  }
}
