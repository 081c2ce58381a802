package com.mytopling.ycsb.launcher.bench;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one client command cost the machine: wall seconds, CPU seconds (user and system of the command and its
 * children, as getrusage reports them after it exits) and its peak resident set size. The command's output goes to
 * PREFIX.out and PREFIX.err.
 *
 * <p>Java cannot wait4 a child, so the command runs under bash, whose {@code times} prints the user and system time
 * of its reaped children (getrusage(RUSAGE_CHILDREN), millisecond precision) once the command has ended. The peak RSS
 * is the largest VmHWM (the kernel's high-water mark of the resident set) read from /proc every 50 ms while the
 * command runs.
 */
record Measured(int exitStatus, double wallS, double userS, double sysS, long maxRssKib) {
  private static final Pattern TIMES = Pattern.compile("(\\d+)m([\\d.]+)s\\s+(\\d+)m([\\d.]+)s");

  double cpuS() {
    return userS + sysS;
  }

  static Measured run(Path prefix, List<String> command, Map<String, String> env) throws IOException,
      InterruptedException {
    Path times = Path.of(prefix + ".times");
    List<String> cmd = new ArrayList<>(List.of("bash", "-c", "\"$@\"; rc=$?; times > \"$TIMES_FILE\"; exit $rc",
        "measure"));
    cmd.addAll(command);
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(new File(prefix + ".out"))
        .redirectError(new File(prefix + ".err")).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    pb.environment().putAll(env);
    pb.environment().put("TIMES_FILE", times.toString());
    long start = System.nanoTime();
    Process shell = pb.start();
    long peak = 0;
    while (!shell.waitFor(50, TimeUnit.MILLISECONDS)) {
      for (ProcessHandle h : shell.descendants().toList()) {
        peak = Math.max(peak, vmHwmKib(h.pid()));
      }
    }
    double wall = (System.nanoTime() - start) / 1e9;
    String text = Files.readString(times, StandardCharsets.UTF_8);
    Files.deleteIfExists(times);
    // Two lines: the shell's own times, then its children's.
    Matcher m = TIMES.matcher(text.lines().skip(1).findFirst().orElse(""));
    if (!m.find()) {
      throw new IOException("no CPU times of " + command.get(0) + " (bash printed '" + text.strip() + "')");
    }
    double user = Long.parseLong(m.group(1)) * 60 + Double.parseDouble(m.group(2));
    double sys = Long.parseLong(m.group(3)) * 60 + Double.parseDouble(m.group(4));
    return new Measured(shell.exitValue(), wall, user, sys, peak);
  }

  private static long vmHwmKib(long pid) {
    try {
      for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"), StandardCharsets.UTF_8)) {
        if (line.startsWith("VmHWM:")) {
          return Long.parseLong(line.substring(6).trim().split("\\s+")[0]);
        }
      }
    } catch (IOException | RuntimeException e) {
      // Ended between listing and reading: its last reading stands.
    }
    return 0;
  }
}
