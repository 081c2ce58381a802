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
    assertRejected("benchmark: --threads: 0 is out of range (at least 1)", "--threads", "0");
    assertRejected("benchmark: --clients: 'two' is not a whole number", "--clients", "two");
    assertRejected("benchmark: --warmup: '1.5' is not a whole number", "--warmup", "1.5");
    assertRejected("benchmark: Unrecognized option: --bogus (try --help)", "--bogus", "5");
  }

  private static ResolvedSettings job(Path target, Path workload, long operations, String... args) throws Exception {
    return Benchmark.jobSettings(Path.of("/harness"), CliValues.parse(new Benchmark(Path.of("/harness"), System.out, System.err).options(), args), target, workload, false,
        1000, operations, 4).resolve();
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
