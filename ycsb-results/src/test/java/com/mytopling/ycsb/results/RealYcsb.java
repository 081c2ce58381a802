package com.mytopling.ycsb.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Produces real YCSB 0.17 output by forking YCSB's own Client with its BasicDB (no database needed). The runs
 * are made once per test JVM and shared, to keep the suite light on a 2-core machine.
 */
public final class RealYcsb {
  public static final int RECORDS = 1000;
  public static final int OPERATIONS = 3000;
  /**
   * Operations of each of the two clients: 6 s at their -target, so that the JVMs' start-up, which a loaded machine
   * can spread by a second, leaves them a common window of most of their span.
   */
  public static final int TWO_CLIENT_OPERATIONS = 9000;
  private static Path singleClientRun;
  private static Path twoClientRun;

  private RealYcsb() {
  }

  /** A run folder with load.out/err, run.out/err and hdr/run/*.hdr; run used -target and measurement.interval=both. */
  public static synchronized Path singleClientRun() throws Exception {
    if (singleClientRun == null) {
      Path dir = Files.createTempDirectory("ycsb-real-run-");
      Files.createDirectories(dir.resolve("hdr/run"));
      ycsb(dir, "load", List.of("-load", "-threads", "2"));
      ycsb(dir, "run", List.of("-t", "-threads", "4", "-target", "2000",
          "-p", "measurement.interval=both", "-p", "measurement.trackjvm=true",
          "-p", "basicdb.simulatedelay=1",
          "-p", "hdrhistogram.fileoutput=true", "-p", "hdrhistogram.output.path=hdr/run/"));
      singleClientRun = dir;
    }
    return singleClientRun;
  }

  /** Two clients run at the same time, each in its own folder a/ and b/ (run phase only, with hdr logs). */
  public static synchronized Path twoClientRuns() throws Exception {
    if (twoClientRun == null) {
      Path dir = Files.createTempDirectory("ycsb-two-clients-");
      List<Process> running = new ArrayList<>();
      for (String client : List.of("a", "b")) {
        Path clientDir = dir.resolve(client);
        Files.createDirectories(clientDir.resolve("hdr/run"));
        running.add(start(clientDir, "run", List.of("-t", "-threads", "2", "-target", "1500",
            "-p", "operationcount=" + TWO_CLIENT_OPERATIONS,
            "-p", "basicdb.simulatedelay=1",
            "-p", "hdrhistogram.fileoutput=true", "-p", "hdrhistogram.output.path=hdr/run/")));
      }
      for (Process p : running) {
        finish(p);
      }
      twoClientRun = dir;
    }
    return twoClientRun;
  }

  /** Runs YCSB in dir, writing PHASE.out and PHASE.err there. */
  public static void ycsb(Path dir, String phase, List<String> args) throws Exception {
    finish(start(dir, phase, args));
  }

  private static Process start(Path dir, String phase, List<String> args) throws IOException {
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx128m",
        "-cp", testClasspath(), "site.ycsb.Client", "-db", "site.ycsb.BasicDB", "-s",
        "-p", "status.interval=1", "-p", "basicdb.verbose=false",
        "-p", "workload=site.ycsb.workloads.CoreWorkload",
        "-p", "recordcount=" + RECORDS, "-p", "operationcount=" + OPERATIONS,
        "-p", "readproportion=0.5", "-p", "updateproportion=0.5", "-p", "requestdistribution=zipfian",
        "-p", "hdrhistogram.percentiles=50,95,99,99.9"));
    command.addAll(args);
    return new ProcessBuilder(command).directory(dir.toFile())
        .redirectOutput(dir.resolve(phase + ".out").toFile())
        .redirectError(dir.resolve(phase + ".err").toFile())
        .start();
  }

  private static void finish(Process process) throws Exception {
    if (!process.waitFor(120, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IllegalStateException("YCSB did not finish in 120 s");
    }
    if (process.exitValue() != 0) {
      throw new IllegalStateException("YCSB exited with " + process.exitValue());
    }
  }

  /** Written by maven-dependency-plugin (build-classpath) at generate-test-resources. */
  static String testClasspath() throws IOException {
    return Files.readString(Path.of("target", "test-classpath.txt")).trim();
  }
}
