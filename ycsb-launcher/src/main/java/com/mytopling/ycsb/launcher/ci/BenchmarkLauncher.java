package com.mytopling.ycsb.launcher.ci;

import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.launcher.JobFailed;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Runs one scripts/benchmark job of a side in its own process and returns its run folder. The run folder is found
 * without reading anything the benchmark printed: each run gets an empty results root of its own, and the one
 * folder benchmark creates there is the run.
 */
final class BenchmarkLauncher {
  private final Path root;
  private final Job job;
  private final String password;
  /** The benchmark running now: stopped with its YCSB clients when the job is interrupted (Ctrl-C, CI timeout). */
  private volatile Process running;

  BenchmarkLauncher(Path root, Job job, String password) {
    this.root = root;
    this.job = job;
    this.password = password;
    Runtime.getRuntime().addShutdownHook(new Thread(this::stopRunning, "stop-benchmark"));
  }

  private void stopRunning() {
    Process p = running;
    if (p != null && p.isAlive()) {
      p.descendants().forEach(ProcessHandle::destroy);
      p.destroy();
    }
  }

  /** Writes the db properties file of a server for the runs (no password: the binding reads the environment). */
  static Path writeTarget(Path dir, JobServer server) throws IOException {
    Files.createDirectories(dir);
    Path file = dir.resolve("ci-" + server.shortName() + ".properties");
    Files.writeString(file, "# scripts/ci-regression: " + server.describe() + "\n"
        + Registry.DB_URL.assign(server.url()) + "\n"
        + Registry.DB_USER.assign(JobServer.USER) + "\n"
        + Registry.DB_BATCHSIZE.assign(1000) + "\n"
        + Registry.JDBC_BATCHUPDATEAPI.assign(true) + "\n", StandardCharsets.UTF_8);
    return file;
  }

  /** One benchmark run of the side into {@code resultsRoot} (created, must be new or empty). */
  Path run(Side side, Path resultsRoot) throws IOException, JobFailed {
    Files.createDirectories(resultsRoot);
    List<String> cmd = new ArrayList<>(side.tree() == null ? thisHarness()
        : List.of("bash", side.tree().resolve("scripts").resolve("benchmark").toString()));
    cmd.addAll(List.of("--target", side.targetFile().toString(), "--workload", job.workload(),
        "--records", Long.toString(job.records()), "--operations", Long.toString(job.operations()),
        "--threads", Integer.toString(job.threads()), "--out", resultsRoot.toString()));
    for (Map.Entry<String, String> p : side.props().entrySet()) {
      cmd.add("-p");
      cmd.add(p.getKey() + "=" + p.getValue());
    }
    Path out = resultsRoot.resolve("benchmark.out");
    Path err = resultsRoot.resolve("benchmark.err");
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile())
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    pb.environment().put("YCSB_DB_PASSWORD", password);
    int rc;
    try {
      running = pb.start();
      rc = running.waitFor();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new JobFailed("interrupted during a benchmark run");
    } finally {
      running = null;
    }
    if (rc != 0) {
      throw new JobFailed("scripts/benchmark failed (exit " + rc + ") for side " + side.label()
          + "; last lines of " + err + ":\n" + tail(err));
    }
    try (Stream<Path> children = Files.list(resultsRoot)) {
      List<Path> runs = children.filter(Files::isDirectory).toList();
      if (runs.size() != 1) {
        throw new JobFailed("expected one run folder in " + resultsRoot + ", found " + runs.size());
      }
      return runs.get(0);
    }
  }

  /** The command scripts/benchmark runs, from this JVM's own java, classpath and client flags. */
  private List<String> thisHarness() {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    String flags = System.getProperty("harness.clientJvmFlags", "");
    List<String> flagList = flags.isBlank() ? List.of() : List.of(flags.trim().split("\\s+"));
    cmd.addAll(flagList);
    String opts = System.getenv("YCSB_JAVA_OPTS");
    if (opts != null && !opts.isBlank()) {
      cmd.addAll(List.of(opts.trim().split("\\s+")));
    }
    cmd.add("-Dharness.root=" + root);
    cmd.add("-Dharness.clientJvmFlags=" + String.join(" ", flagList));
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add("com.mytopling.ycsb.launcher.Harness");
    cmd.add("benchmark");
    return cmd;
  }

  static String tail(Path file) {
    try {
      List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    } catch (IOException e) {
      return "(cannot read " + file + ")";
    }
  }
}
