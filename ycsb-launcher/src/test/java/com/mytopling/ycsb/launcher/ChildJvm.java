package com.mytopling.ycsb.launcher;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A main class run in a JVM of its own on the test's class path, with the environment under the test's control: CI
 * exports YCSB_DB_PASSWORD for its own servers, so it is removed and each case says what it wants.
 */
final class ChildJvm {
  /** Output of a child JVM. */
  static final class Run {
    final int exitCode;
    final String stdout;
    final String stderr;

    Run(int exitCode, String stdout, String stderr) {
      this.exitCode = exitCode;
      this.stdout = stdout;
      this.stderr = stderr;
    }

    @Override
    public String toString() {
      return "exit " + exitCode + "\n--- stdout\n" + stdout + "\n--- stderr\n"
          + (stderr.length() > 6000 ? "..." + stderr.substring(stderr.length() - 6000) : stderr);
    }
  }

  private ChildJvm() {
  }

  static Run run(String mainClass, List<String> args, Map<String, String> env) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx512m", "-cp", System.getProperty("java.class.path"), mainClass));
    cmd.addAll(args);
    File out = File.createTempFile("child-out", ".txt");
    File err = File.createTempFile("child-err", ".txt");
    try {
      ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out).redirectError(err)
          .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
      pb.environment().remove("YCSB_DB_PASSWORD");
      pb.environment().putAll(env);
      Process p = pb.start();
      if (!p.waitFor(10, TimeUnit.MINUTES)) {
        p.destroyForcibly();
        throw new AssertionError(mainClass + " did not finish in 10 minutes");
      }
      return new Run(p.exitValue(), Files.readString(out.toPath(), StandardCharsets.UTF_8),
          Files.readString(err.toPath(), StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(out.toPath());
      Files.deleteIfExists(err.toPath());
    }
  }
}
