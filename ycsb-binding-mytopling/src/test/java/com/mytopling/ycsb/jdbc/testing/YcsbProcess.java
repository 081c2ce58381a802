package com.mytopling.ycsb.jdbc.testing;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs YCSB's own command line, {@code site.ycsb.Client}, in a forked JVM with the test
 * classpath, as a user would: the real client threads, measurements and exit code.
 */
public final class YcsbProcess {
  private YcsbProcess() {
  }

  /** What a finished client printed and how it exited. */
  public static final class Result {
    public final int exitCode;
    public final String stdout;
    public final String stderr;
    public final YcsbOutput output;

    Result(int exitCode, String stdout, String stderr) {
      this.exitCode = exitCode;
      this.stdout = stdout;
      this.stderr = stderr;
      this.output = YcsbOutput.parse(stdout);
    }

    @Override
    public String toString() {
      return "exit " + exitCode + "\n--- stdout\n" + stdout + "\n--- stderr\n" + tail(stderr, 4000);
    }
  }

  public static Result run(List<String> args) {
    return runMain("site.ycsb.Client", args);
  }

  /** Runs any main class of the test classpath in a fresh JVM (at most 10 minutes). */
  public static Result runMain(String mainClass, List<String> args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx512m");
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(mainClass);
    cmd.addAll(args);
    try {
      File out = File.createTempFile("ycsb-out", ".txt");
      File err = File.createTempFile("ycsb-err", ".txt");
      try {
        Process p = new ProcessBuilder(cmd).redirectOutput(out).redirectError(err).redirectInput(
            ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
          p.destroyForcibly();
          throw new AssertionError("YCSB did not finish in 10 minutes: " + String.join(" ", args));
        }
        return new Result(p.exitValue(), Files.readString(out.toPath(), StandardCharsets.UTF_8),
            Files.readString(err.toPath(), StandardCharsets.UTF_8));
      } finally {
        Files.deleteIfExists(out.toPath());
        Files.deleteIfExists(err.toPath());
      }
    } catch (IOException e) {
      throw new AssertionError("cannot run YCSB: " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
  }

  static String tail(String s, int max) {
    return s.length() <= max ? s : "..." + s.substring(s.length() - max);
  }
}
