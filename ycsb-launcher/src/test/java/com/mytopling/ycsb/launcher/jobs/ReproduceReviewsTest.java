package com.mytopling.ycsb.launcher.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.mytopling.ycsb.results.model.OperationStats;
import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.model.RunSummary;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** scripts/reproduce-reviews without servers: its command line and its summary rows from the results model. */
class ReproduceReviewsTest {
  private static void assertRejected(String line, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int rc = new ReproduceReviews(Path.of("..").toAbsolutePath().normalize(),
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
        "pw-Not-Printed-2").run(args);
    assertEquals(2, rc, List.of(args) + ": " + err);
    assertEquals("reproduce-reviews: " + line + "\n", err.toString(StandardCharsets.UTF_8));
    assertEquals("", out.toString(StandardCharsets.UTF_8));
  }

  @Test
  void badCommandLinesAreOneLineAndExit2BeforeAnythingStarts() {
    assertRejected("--engines: unknown engine 'aria' (innodb, rocksdb)", "--engines", "innodb aria");
    assertRejected("--limits: 'lotsM' is not a size like 8G, 512M or 1024 (MB)", "--limits", "unlimited lotsM");
    assertRejected("--limits: 0G is out of range (at least 1M)", "--limits", "0G");
    assertRejected("--threads: 0 is out of range (at least 1)", "--threads", "0");
    assertRejected("--port: 65535 is out of range (1 to 65534)", "--port", "65535");
    assertRejected("--file: data file /no/such/movies.txt.gz does not exist", "--file", "/no/such/movies.txt.gz");
    assertRejected("Unrecognized option: --passwd (try --help)", "--passwd", "x");
  }

  @Test
  void limitsAreMegabytes() throws Exception {
    assertEquals(8192, ReproduceReviews.megabytes("8G"));
    assertEquals(512, ReproduceReviews.megabytes("512m"));
    assertEquals(1024, ReproduceReviews.megabytes("1024"));
  }

  private static OperationStats stats(double p95, double p99) {
    OperationStats s = new OperationStats();
    s.percentilesUs.put("p95", p95);
    s.percentilesUs.put("p99", p99);
    return s;
  }

  @Test
  void rowsComeFromTheSummaryWithBatchedInsertsAsStatements() {
    RunSummary run = new RunSummary();
    PhaseSummary load = new PhaseSummary();
    load.successfulThroughputOps = 12345.67;
    load.throughputOps = 12400.0;
    load.operations.put("INSERT", stats(3, 40));
    load.operations.put("INSERT-BATCH", stats(410000, 520000.44));
    load.batchedInserts = new PhaseSummary.BatchedInserts();
    load.batchedInserts.costPerRowUs = 81.25;
    load.metrics.put("FILELOADER", Map.of("TableStoredBytes", 123456789.0, "RawToStoredRatio", 1.23456));
    run.phases.put("load", load);
    assertEquals("innodb\tload\t2048M\t-\t12345.7\t12400\tINSERT-BATCH (per batch)\t410000\t520000.4\t81.3"
        + "\t123456789\t1.235\t-", ReproduceReviews.loadRow("innodb", 2048, run));

    RunSummary read = new RunSummary();
    PhaseSummary phase = new PhaseSummary();
    phase.successfulThroughputOps = 5000.0;
    phase.throughputOps = 5000.04;
    phase.operations.put("READ", stats(800, 2100));
    read.phases.put("run", phase);
    assertEquals("rocksdb\tread\t1G\tzipfian\t5000\t5000\tREAD\t800\t2100\t-\t-\t-\tcache 256M (no cgroup here)",
        ReproduceReviews.readRow("rocksdb", "1G", "zipfian", "cache 256M (no cgroup here)", read));
  }

  @Test
  void theSummaryIsPrintedInAlignedColumns() {
    assertEquals("""
        engine  phase  memory
        innodb  load   2048M
        """, ReproduceReviews.columns(List.of("engine\tphase\tmemory", "innodb\tload\t2048M")));
  }
}
