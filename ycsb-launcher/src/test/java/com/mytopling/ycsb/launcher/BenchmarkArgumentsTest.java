package com.mytopling.ycsb.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import com.mytopling.ycsb.core.cli.CliValues;
import com.mytopling.ycsb.core.config.Origin;
import com.mytopling.ycsb.core.config.ResolvedSettings;
import java.util.List;
import org.junit.jupiter.api.Test;

/** scripts/benchmark reads counts through the one command-line convention: one line, exit 2, nothing started. */
class BenchmarkArgumentsTest {
  private static void assertRejected(String line, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int rc = new Benchmark(Path.of("..").toAbsolutePath().normalize(), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8)).run(args);
    String text = err.toString(StandardCharsets.UTF_8);
    assertEquals(2, rc, List.of(args) + ": " + text);
    assertEquals(line + "\n", text);
    assertEquals("", out.toString(StandardCharsets.UTF_8));
  }

  @Test
  void badCountsAreOneLine() {
    assertRejected("benchmark: --records: 'lots' is not a whole number", "--records", "lots");
    assertRejected("benchmark: --records: -5 is out of range (at least 0)", "--records", "-5");
    assertRejected("benchmark: --operations: 0 is out of range (at least 1)", "--operations", "0");
    assertRejected("benchmark: --duration: 0 is out of range (at least 1)", "--duration", "0");
    assertRejected("benchmark: --operations and --duration both bound the run phase: give one", "--operations", "10",
        "--duration", "10");
    assertRejected("benchmark: --threads: 0 is out of range (at least 1)", "--threads", "0");
    assertRejected("benchmark: --clients: 'two' is not a whole number", "--clients", "two");
    assertRejected("benchmark: --warmup: '1.5' is not a whole number", "--warmup", "1.5");
    assertRejected("benchmark: Unrecognized option: --bogus (try --help)", "--bogus", "5");
  }

  /** --live: the port option (its default without a value), checked as a count; -p still beats it. */
  @Test
  void liveSetsTheEndpointsPort(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
    Path target = java.nio.file.Files.writeString(tmp.resolve("t.properties"), "db.url=jdbc:mysql://h/db\n");
    Path workload = java.nio.file.Files.writeString(tmp.resolve("w"), "readproportion=1\n");
    assertEquals(null, job(target, workload, 100).value("measurement.openmetrics.port"), "the default: none");
    assertEquals(Integer.toString(Benchmark.DEFAULT_LIVE_PORT), job(target, workload, 100, "--live")
        .value("measurement.openmetrics.port"));
    assertEquals("4150", job(target, workload, 100, "--live", "4150").value("measurement.openmetrics.port"));
    assertEquals("4151", job(target, workload, 100, "--live", "4150", "-p", "measurement.openmetrics.port=4151")
        .value("measurement.openmetrics.port"));
    assertEquals(null, job(target, workload, 100, "--live").value("measurement.openmetrics.host"), "127.0.0.1");
    assertEquals("0.0.0.0", job(target, workload, 100, "--live", "--on", "ssh")
        .value("measurement.openmetrics.host"));
    assertRejected("benchmark: --live: 70000 is out of range (1 to 65535)", "--live", "70000");
    assertRejected("benchmark: --live: 'x' is not a whole number", "--live", "x");
  }

  /** A port in use on this machine is one line and exit 2 before anything starts. */
  @Test
  void aLivePortInUseIsRefusedBeforeAnythingStarts(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
    Path target = java.nio.file.Files.writeString(tmp.resolve("t.properties"), "db.url=jdbc:mysql://127.0.0.1:1/db\n");
    try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
      int port = taken.getLocalPort();
      assertRejected("benchmark: --live: port " + port + " (client 0's endpoint) cannot be used on 127.0.0.1: it is in "
          + "use (--live PORT picks others: client i listens on PORT + i)", "--target", target.toString(),
          "--clients", "2", "--live", Integer.toString(port), "--out", tmp.resolve("runs").toString());
      assertEquals(false, java.nio.file.Files.exists(tmp.resolve("runs")), "no run folder");
    }
  }

  /** The job's settings for these arguments, with --operations N added (0: none, the arguments decide). */
  private static ResolvedSettings job(Path target, Path workload, long operations, String... args) throws Exception {
    List<String> all = new java.util.ArrayList<>();
    if (operations > 0) {
      all.addAll(List.of("--operations", Long.toString(operations)));
    }
    all.addAll(List.of(args));
    org.apache.commons.cli.CommandLine cl = CliValues.parse(new Benchmark(Path.of("/harness"), System.out, System.err)
        .options(), all.toArray(String[]::new));
    return Benchmark.jobSettings(Path.of("/harness"), cl, target, workload, false, 1000, Benchmark.RunBound.of(cl), 4)
        .resolve();
  }

  /**
   * Issue 37: the run phase of a job that names no count is bounded by time (maxexecutiontime, operationcount 0), so
   * that its steady state can be judged however fast the machine; --operations bounds it by a count instead, as does
   * -p operationcount; --duration sets the time.
   */
  @Test
  void theDefaultRunPhaseIsBoundedByTime(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
    Path target = java.nio.file.Files.writeString(tmp.resolve("t.properties"), "db.url=jdbc:mysql://h/db\n");
    Path workload = java.nio.file.Files.writeString(tmp.resolve("w"), "operationcount=1000\n");
    ResolvedSettings byDefault = job(target, workload, 0);
    assertEquals(Long.toString(Benchmark.DEFAULT_RUN_SECONDS), byDefault.value("maxexecutiontime"));
    assertEquals("0", byDefault.value("operationcount"), "no count: the workload file's 1000 is beaten");
    assertEquals("1", byDefault.value("status.interval"));
    assertEquals(Origin.Layer.OPTION, byDefault.get("maxexecutiontime").origin().layer());
    ResolvedSettings timed = job(target, workload, 0, "--duration", "45");
    assertEquals("45", timed.value("maxexecutiontime"));
    assertEquals("0", timed.value("operationcount"));
    assertEquals(null, job(target, workload, 0, "--duration", "3600").value("status.interval"), "a long run: 10 s");
    ResolvedSettings counted = job(target, workload, 5000);
    assertEquals("5000", counted.value("operationcount"));
    assertEquals(null, counted.value("maxexecutiontime"));
    ResolvedSettings byP = job(target, workload, 0, "-p", "operationcount=7000");
    assertEquals("7000", byP.value("operationcount"));
    assertEquals(null, byP.value("maxexecutiontime"));
    assertEquals("1", byP.value("status.interval"));
    assertEquals(null, job(target, workload, 0, "-p", "operationcount=5000000").value("status.interval"));
  }

  /** Issue 24: the default job (about 15 s) got YCSB's 10 s intervals, two of them: its steady state was never judged. */
  @org.junit.jupiter.api.Test
  void shortRunsGetOneSecondStatusIntervalsUnlessSomeoneSetOne(@org.junit.jupiter.api.io.TempDir Path tmp)
      throws Exception {
    Path target = java.nio.file.Files.writeString(tmp.resolve("t.properties"), "db.url=jdbc:mysql://h/db\n");
    Path workload = java.nio.file.Files.writeString(tmp.resolve("w"), "readproportion=1\n");
    assertEquals("1", job(target, workload, 200_000).value("status.interval"));
    assertEquals(Origin.Layer.JOB_DEFAULT, job(target, workload, 200_000).get("status.interval").origin().layer());
    assertEquals(null, job(target, workload, 5_000_000).value("status.interval"));
    assertEquals("5", job(target, workload, 200_000, "-p", "status.interval=5").value("status.interval"));
    Path own = java.nio.file.Files.writeString(tmp.resolve("w2"), "status.interval=2\n");
    assertEquals("2", job(target, own, 200_000).value("status.interval"));
  }

  /**
   * Issue 21: the job's one merge. The workload's file beats the target's, -p beats the options, and the options
   * (their defaults too) beat the files; what the summary needs is set whatever the files say.
   */
  @Test
  void theJobsSettingsFollowTheOneRule(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
    Path target = java.nio.file.Files.writeString(tmp.resolve("t.properties"),
        "db.url=jdbc:mysql://h/db\ndb.batchsize=1000\nrecordcount=5\nhdrhistogram.fileoutput=false\n");
    Path workload = java.nio.file.Files.writeString(tmp.resolve("w"), "db.batchsize=1\nthreadcount=64\n");
    ResolvedSettings r = job(target, workload, 200_000, "-p", "threadcount=3");
    assertEquals("1", r.value("db.batchsize"));
    assertEquals("1000", r.value("recordcount"));
    assertEquals("3", r.value("threadcount"));
    assertEquals("true", r.value("hdrhistogram.fileoutput"));
    assertEquals("true", r.value("measurement.servermetrics"));
    assertEquals("false", job(target, workload, 200_000, "-p", "measurement.servermetrics=false")
        .value("measurement.servermetrics"));
  }
}
