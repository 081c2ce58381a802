package com.mytopling.ycsb.launcher.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** scripts/bench-harness without a server: its command line, its summaries of recorded sets, its row file. */
class BenchHarnessTest {
  static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  private static void assertRejected(String line, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int rc = new BenchHarness(ROOT, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), "pw-Not-Printed-3").run(args);
    assertEquals(2, rc, List.of(args) + ": " + err);
    assertEquals("bench-harness: " + line + "\n", err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void badCommandLinesAreOneLineAndExit2() {
    assertRejected("--only: unknown section 'fast' (run, load, rocksdb, memory, cpu, startup, live, scaling or tls)",
        "--only", "fast");
    assertRejected("--server: unknown server 'pg' (mariadb or mysql-9.7)", "--server", "pg");
    assertRejected("--only tls: TLS is measured on MySQL 9.7 (--server mysql-9.7)", "--only", "tls");
    assertRejected("--only rocksdb: measured on MariaDB only (MySQL 9.7 has run, load, cpu, tls)", "--only", "rocksdb",
        "--server", "mysql-9.7");
    assertRejected("--profile: the profiles are taken on MariaDB (--server mariadb)", "--profile", "--server",
        "mysql-9.7");
    assertRejected("--scaling-records: 'ten' is not a whole number", "--scaling-records", "1000 ten");
    assertRejected("--cpu-ops: 10 is out of range (at least 100)", "--cpu-ops", "10");
    assertRejected("--runs: 0 is out of range (at least 1)", "--runs", "0");
    assertRejected("--memory-records: 'ten' is not a whole number", "--memory-records", "1000 ten");
    assertRejected("--buffer-pool: '2T' is not a size like 4096, 64k, 10m or 1g", "--buffer-pool", "2T");
    assertRejected("--port: 65534 is out of range (1 to 65533)", "--port", "65534");
    assertRejected("--profile: only the cpu section profiles its clients (--only cpu, or all sections)", "--profile",
        "--only", "load");
  }

  @Test
  void aBaselineMustBeABuiltHarness(@TempDir Path dir) {
    assertRejected("--baseline: no built harness in " + dir + " (ycsb-launcher/target/ycsb-launcher-"
        + com.mytopling.ycsb.launcher.Benchmark.HARNESS_VERSION + ".jar and lib/)", "--baseline", dir.toString());
  }

  /** --help names every section --only accepts, in the same words as the error. */
  @Test
  void helpListsEverySection() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int rc = new BenchHarness(ROOT, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), "pw").run(new String[] {"--help"});
    assertEquals(0, rc);
    String help = out.toString(StandardCharsets.UTF_8).replaceAll("\\s+", " ");
    assertTrue(help.contains("run, load, rocksdb, memory, cpu, startup, live, scaling or tls (default all)"), help);
    for (String option : List.of("--cpu-ops", "--baseline", "--scaling-records", "--profile")) {
      assertTrue(help.contains(option), option + " in " + help);
    }
  }

  /** Every recorded set's summary.md (written by the Python summarizer this class replaces) from its results.tsv. */
  @Test
  void recordedSummariesAreReproduced() throws Exception {
    List<Path> sets = new ArrayList<>();
    try (Stream<Path> files = Files.walk(ROOT.resolve("results/bench"))) {
      files.filter(f -> f.getFileName().toString().equals("results.tsv"))
          .filter(f -> Files.isRegularFile(f.resolveSibling("summary.md"))).forEach(sets::add);
    }
    assertTrue(sets.size() >= 5, "recorded sets: " + sets);
    for (Path results : sets) {
      assertEquals(Files.readString(results.resolveSibling("summary.md"), StandardCharsets.UTF_8),
          BenchStats.summarize(results), results.toString());
    }
  }

  @Test
  void rowsHaveYcsbsHashedKeysAndTenFieldsOf100Characters(@TempDir Path dir) throws Exception {
    // CoreWorkload's buildKeyName for insert order "hashed": "user" + Utils.fnvhash64(keynum).
    assertEquals("user6284781860667377211", RowFile.key(0));
    Path file = dir.resolve("rows.tsv");
    RowFile.write(3, file);
    List<String> lines = Files.readAllLines(file, StandardCharsets.US_ASCII);
    assertEquals(3, lines.size());
    for (String line : lines) {
      String[] f = line.split("\t", -1);
      assertEquals(11, f.length, line);
      for (int i = 1; i < f.length; i++) {
        assertEquals(100, f[i].length());
        assertFalse(f[i].contains("\\"));
      }
    }
    assertEquals(RowFile.key(2), lines.get(2).split("\t")[0]);
  }
}
