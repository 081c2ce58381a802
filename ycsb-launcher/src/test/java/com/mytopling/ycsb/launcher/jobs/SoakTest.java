package com.mytopling.ycsb.launcher.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.mytopling.ycsb.results.model.StatusSample;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** scripts/soak's command line and its table, from status samples as the results model reads them. */
class SoakTest {
  private static void assertRejected(String line, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int rc = new Soak(Path.of("..").toAbsolutePath().normalize(), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8)).run(args);
    assertEquals(2, rc, List.of(args) + ": " + err);
    assertEquals("soak: " + line + "\n", err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void badCommandLinesAreOneLineAndExit2() {
    assertRejected("--rate: 'fast' is not a whole number", "--rate", "fast");
    assertRejected("--rate: 0 is out of range (at least 1)", "--rate", "0");
    assertRejected("--interval: 0 is out of range (at least 1)", "--interval", "0");
    assertRejected("--minutes and --seconds both given: one length of the run", "--minutes", "1", "--seconds", "5");
    assertRejected("--target: unknown target 'oracle' (embedded, mysql, mariadb, myrocks, mytopling, sqlserver, "
        + "azure-sql, or a db properties file)", "--target", "oracle");
    assertRejected("--target: cannot read /no/such.properties", "--target", "/no/such.properties");
    assertRejected("-p x: expected name=value", "-p", "x");
  }

  private static StatusSample sample(long s, Double ops, Map<String, Map<String, Double>> series) {
    StatusSample x = new StatusSample();
    x.elapsedS = s;
    x.currentOpsPerSec = ops;
    x.latencyUs.putAll(series);
    return x;
  }

  @Test
  void tableWeighsLatencyByCountAndDropsRepeatsFailuresAndTheFirstInterval() {
    Map<String, Map<String, Double>> a = Map.of(
        "READ", Map.of("count", 300.0, "avg", 100.0, "p99", 400.0),
        "UPDATE", Map.of("count", 100.0, "avg", 200.0, "p99", 900.0),
        "READ-FAILED", Map.of("count", 50.0, "avg", 9999.0, "p99", 99999.0));
    List<StatusSample> samples = List.of(sample(1, null, a), sample(2, 1000.0, a), sample(4, 2000.0, a),
        sample(6, 2000.0, a), sample(8, 2000.0, a), sample(8, 500.0, a), sample(10, 1900.0, Map.of()));
    List<Soak.Row> rows = Soak.rows(samples, List.of(new double[] {2, 50.0}, new double[] {9, 60.0}));
    assertEquals(5, rows.size());
    assertEquals(new Soak.Row(2, 1000.0, 125.0, 900.0, 50.0), rows.get(0));
    assertEquals(new Soak.Row(10, 1900.0, 0.0, 0.0, 60.0), rows.get(4));
    assertEquals("""
          time_s        ops/s       avg_us       p99_us     rss_MB
               2       1000.0        125.0          900       50.0
               4       2000.0        125.0          900       50.0
               6       2000.0        125.0          900       60.0
               8       2000.0        125.0          900       60.0
              10       1900.0          0.0            0       60.0

        first third vs last third (1 intervals each):
          throughput 2000.0 -> 1900.0 ops/s (target 2000)
          avg latency 125.0 -> 0.0 us, p99 900 -> 0 us
          client RSS 50.0 -> 60.0 MB
        """, Soak.table(rows, 2000));
  }
}
