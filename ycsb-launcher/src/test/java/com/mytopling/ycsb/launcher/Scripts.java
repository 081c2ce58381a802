package com.mytopling.ycsb.launcher;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs the project's shell scripts as a user would, from another working directory. */
public final class Scripts {
  public static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  public static final class Result {
    public final int exitCode;
    public final String stdout;
    public final String stderr;

    Result(int exitCode, String stdout, String stderr) {
      this.exitCode = exitCode;
      this.stdout = stdout;
      this.stderr = stderr;
    }

    public List<String> stderrLines(String prefix) {
      return stderr.lines().filter(l -> l.startsWith(prefix)).toList();
    }

    @Override
    public String toString() {
      String err = stderr.length() > 6000 ? "..." + stderr.substring(stderr.length() - 6000) : stderr;
      return "exit " + exitCode + "\n--- stdout\n" + stdout + "\n--- stderr\n" + err;
    }
  }

  /** Whether a program is on the PATH (an optional peer tool such as Debian's myloader). */
  public static boolean onPath(String program) {
    for (String d : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
      if (java.nio.file.Files.isExecutable(Path.of(d, program))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Two free neighbouring ports from the top of YCSB_TEST_OWN_PORTS (OwnServer takes them from the bottom): for a
   * job that starts its own server on PORT (and its MyRocks one on PORT + 1 or + 2).
   */
  public static int freePortPair() {
    String range = System.getenv().getOrDefault("YCSB_TEST_OWN_PORTS", "3341-3399");
    int first = Integer.parseInt(range.substring(0, range.indexOf('-')));
    int last = Integer.parseInt(range.substring(range.indexOf('-') + 1));
    for (int p = last - 1; p >= first; p -= 2) {
      try (var a = new java.net.ServerSocket(p, 1, java.net.InetAddress.getLoopbackAddress());
           var b = new java.net.ServerSocket(p + 1, 1, java.net.InetAddress.getLoopbackAddress())) {
        return p;
      } catch (IOException busy) {
        // taken: the next pair down
      }
    }
    throw new AssertionError("no two free ports in " + range);
  }

  public static Result run(String script, List<String> args) {
    return run(script, args, Map.of());
  }

  public static Result run(String script, List<String> args, Map<String, String> env) {
    return run(script, args, env, java.time.Duration.ofMinutes(10));
  }

  /** Runs the script; past the time limit it and every process it started are killed and the test fails. */
  public static Result run(String script, List<String> args, Map<String, String> env, java.time.Duration limit) {
    List<String> cmd = new ArrayList<>();
    cmd.add("bash");
    cmd.add(ROOT.resolve("scripts").resolve(script).toString());
    cmd.addAll(args);
    try {
      File out = File.createTempFile("script-out", ".txt");
      File err = File.createTempFile("script-err", ".txt");
      try {
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(new File(System.getProperty("java.io.tmpdir")))
            .redirectOutput(out).redirectError(err).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
          p.descendants().forEach(ProcessHandle::destroyForcibly);
          p.destroyForcibly();
          String soFar = Files.readString(err.toPath(), StandardCharsets.UTF_8);
          throw new AssertionError(script + " did not finish in " + limit.toSeconds() + " s; end of its stderr:\n"
              + soFar.substring(Math.max(0, soFar.length() - 4000)));
        }
        return new Result(p.exitValue(), Files.readString(out.toPath(), StandardCharsets.UTF_8),
            Files.readString(err.toPath(), StandardCharsets.UTF_8));
      } finally {
        Files.deleteIfExists(out.toPath());
        Files.deleteIfExists(err.toPath());
      }
    } catch (IOException e) {
      throw new AssertionError("cannot run " + script + ": " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  /**
   * The first of {@code n} free ports in a row on 127.0.0.1 (the clients' live endpoints, PORT + i), from the top of
   * YCSB_TEST_OWN_PORTS (whose bottom OwnServer takes), else of 20000-29999.
   */
  public static int freePorts(int n) throws java.io.IOException {
    String range = System.getenv("YCSB_TEST_OWN_PORTS");
    int first = 20_000;
    int last = 29_999;
    if (range != null && range.matches("\\d+-\\d+")) {
      first = Integer.parseInt(range.split("-")[0]);
      last = Integer.parseInt(range.split("-")[1]);
    }
    for (int p = last - n + 1; p >= first; p--) {
      List<java.net.ServerSocket> held = new java.util.ArrayList<>();
      try {
        for (int i = 0; i < n; i++) {
          held.add(new java.net.ServerSocket(p + i, 1, java.net.InetAddress.getByName("127.0.0.1")));
        }
        return p;
      } catch (java.io.IOException taken) {
        // the next run of ports down
      } finally {
        for (java.net.ServerSocket s : held) {
          s.close();
        }
      }
    }
    throw new java.io.IOException("no " + n + " free ports in a row in " + first + "-" + last);
  }
}
