package com.mytopling.ycsb.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.jdbc.testing.TestServer;
import com.mytopling.ycsb.jdbc.testing.TestServers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The orchestration scripts, now thin wrappers of the launcher's jobs, run end to end with small counts against the
 * test MariaDB, as users run them: the output lines, the files they write, no password anywhere.
 */
class OrchestrationIT {
  private static Path lastLine(Scripts.Result r, String prefix) {
    List<String> lines = r.stdout.strip().lines().toList();
    String last = lines.get(lines.size() - 1);
    assertTrue(last.startsWith(prefix), r::toString);
    return Path.of(last.substring(prefix.length()));
  }

  private static void assertNoPassword(TestServer s, Scripts.Result r) {
    if (s.password() != null) {
      assertFalse(r.stdout.contains(s.password()) || r.stderr.contains(s.password()), "a password was printed");
    }
  }

  @Test
  void reproduceAzureRunsTheWorkloadAndWritesTheComparison(@TempDir Path out) throws Exception {
    TestServer s = TestServers.innodb();
    Tables.drop(s, "azure_it");
    Path target = Tables.shippedTarget(out, "mariadb", s, "azure_it");
    Scripts.Result r = Scripts.run("reproduce-azure", List.of("--target", target.toString(), "--records", "2000",
        "--threads", "2", "--out", out.resolve("runs").toString()), Tables.env(s));
    assertEquals(0, r.exitCode, r::toString);
    assertNoPassword(s, r);
    Path html = lastLine(r, "report: ");
    Path run = html.getParent();
    assertTrue(run.startsWith(out.resolve("runs")), r::toString);
    assertTrue(r.stdout.contains("comparison: " + run.resolve("azure-comparison.md") + "\n"), r::toString);
    assertTrue(r.stdout.contains("charts: " + run.resolve("azure-charts") + "\n"), r::toString);
    assertEquals(2000, Tables.rowCount(s, "azure_it"));
    String md = Files.readString(run.resolve("azure-comparison.md"), StandardCharsets.UTF_8);
    assertTrue(md.contains("- **Scale**: 2000 records and 2000 operations\n"), md);
    assertTrue(md.contains("- **Threads**: 2 here;"), md);
    assertTrue(md.contains("| run successful throughput (ops/s) |"), md);
    assertTrue(Files.size(html) > 1000);
    try (var charts = Files.list(run.resolve("azure-charts"))) {
      assertTrue(charts.findAny().isPresent(), "charts");
    }
  }

  @Test
  void soakRunsAtTheRateAndPrintsItsTable(@TempDir Path out) throws Exception {
    TestServer s = TestServers.innodb();
    Tables.drop(s, "soak_it");
    Path target = Tables.shippedTarget(out, "mariadb", s, "soak_it");
    Path dir = out.resolve("soak");
    Scripts.Result r = Scripts.run("soak", List.of("--target", target.toString(), "--records", "1000", "--threads",
        "2", "--rate", "200", "--seconds", "5", "--interval", "1", "--out", dir.toString()), Tables.env(s));
    assertEquals(0, r.exitCode, r::toString);
    assertNoPassword(s, r);
    assertEquals(1000, Tables.rowCount(s, "soak_it"));
    assertTrue(r.stderr.contains("soak: target mariadb-soak_it, workload workloada, 200 ops/s for 5 s, 1000 records, "
        + "2 threads\n"), r::toString);
    assertTrue(r.stderr.strip().endsWith("soak: " + dir), r::toString);
    List<String> table = r.stdout.lines().toList();
    assertEquals("  time_s        ops/s       avg_us       p99_us     rss_MB", table.get(0), r::toString);
    assertTrue(r.stdout.contains("  throughput "), r::toString);
    assertEquals(r.stdout, Files.readString(dir.resolve("soak.txt"), StandardCharsets.UTF_8));
    List<String> tsv = Files.readAllLines(dir.resolve("soak.tsv"), StandardCharsets.UTF_8);
    assertTrue(tsv.size() >= 3, "a row per second of a 5 s run: " + tsv);
    for (String row : tsv) {
      String[] cells = row.split("\t");
      assertEquals(5, cells.length, row);
      // At a fixed rate of 200 ops/s no interval can exceed it by much; the RSS of a JVM is some MB.
      assertTrue(Double.parseDouble(cells[1]) < 400, row);
      assertTrue(Double.parseDouble(cells[4]) > 10, row);
    }
    assertTrue(Files.readAllLines(dir.resolve("rss.tsv")).size() >= 3, "rss samples");
    assertTrue(Files.isRegularFile(dir.resolve("load.out")) && Files.isRegularFile(dir.resolve("run.out")));
  }

  @Test
  void reproduceReviewsLoadsAndReadsOnItsOwnServer(@TempDir Path out) throws Exception {
    int port = Scripts.freePortPair();
    Path dir = out.resolve("reviews");
    String pw = "rv-Pw-" + port;
    Scripts.Result r = Scripts.run("reproduce-reviews", List.of("--records", "1500", "--engines", "innodb",
        "--limits", "256M", "--threads", "2", "--operations", "800", "--port", Integer.toString(port),
        "--out", dir.toString()), java.util.Map.of("YCSB_DB_PASSWORD", pw));
    assertEquals(0, r.exitCode, r::toString);
    assertFalse(r.stdout.contains(pw) || r.stderr.contains(pw), "the password was printed");
    for (String step : List.of("innodb-load/load.err", "innodb-256M-uniform/run.err", "innodb-256M-zipfian/run.err")) {
      assertFalse(Files.readString(dir.resolve(step), StandardCharsets.UTF_8).contains(pw), step);
    }
    List<String> tsv = Files.readAllLines(dir.resolve("summary.tsv"), StandardCharsets.UTF_8);
    assertEquals(4, tsv.size(), tsv::toString);
    String[] load = tsv.get(1).split("\t", -1);
    assertEquals(List.of("innodb", "load"), List.of(load[0], load[1]), tsv.get(1));
    assertTrue(Double.parseDouble(load[4]) > 0, "successful load rate: " + tsv.get(1));
    assertTrue(Long.parseLong(load[10]) > 0, "stored bytes: " + tsv.get(1));
    for (String row : tsv.subList(2, 4)) {
      String[] c = row.split("\t", -1);
      assertEquals(List.of("innodb", "read", "256M", "READ"), List.of(c[0], c[1], c[2], c[6]), row);
      assertTrue(Double.parseDouble(c[4]) > 0 && Double.parseDouble(c[7]) > 0, row);
      assertTrue(c[12].startsWith("cache 256M"), row);
    }
    assertTrue(r.stdout.startsWith("engine "), r::toString);
    assertFalse(Files.exists(dir.resolve("server-innodb")), "the server's data is removed without --keep");
  }
}
