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
import java.util.Map;
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

  /** Two free neighbouring ports from the top of YCSB_TEST_OWN_PORTS (OwnServer takes them from the bottom). */
  private static int freePortPair() throws Exception {
    String range = System.getenv().getOrDefault("YCSB_TEST_OWN_PORTS", "3341-3399");
    int first = Integer.parseInt(range.substring(0, range.indexOf('-')));
    int last = Integer.parseInt(range.substring(range.indexOf('-') + 1));
    for (int p = last - 1; p >= first; p -= 2) {
      try (var a = new java.net.ServerSocket(p, 1, java.net.InetAddress.getLoopbackAddress());
           var b = new java.net.ServerSocket(p + 1, 1, java.net.InetAddress.getLoopbackAddress())) {
        return p;
      } catch (java.io.IOException busy) {
        // taken: the next pair down
      }
    }
    throw new AssertionError("no two free ports in " + range);
  }

  @Test
  void reproduceReviewsLoadsAndReadsOnItsOwnServer(@TempDir Path out) throws Exception {
    int port = freePortPair();
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

  @Test
  void benchHarnessMeasuresLoadPathsAndMemoryOnItsOwnServer(@TempDir Path out) throws Exception {
    int port = freePortPair();
    String pw = "bh-Pw-" + port;
    Map<String, String> env = Map.of("YCSB_DB_PASSWORD", pw);
    Path load = out.resolve("load");
    Path memory = out.resolve("memory");
    try {
      Scripts.Result r = Scripts.run("bench-harness", List.of("--only", "load", "--runs", "1", "--load-records", "3000",
          "--buffer-pool", "128M", "--port", Integer.toString(port), "--out", load.toString()), env);
      assertEquals(0, r.exitCode, r::toString);
      assertFalse(r.stdout.contains(pw) || r.stderr.contains(pw), "the password was printed");
      List<String> rows = Files.readAllLines(load.resolve("results.tsv"), StandardCharsets.UTF_8);
      // Nine bulk paths (rows/s, client CPU per row, server CPU per row, host busy share each), the server's own
      // LOAD DATA INFILE of the rows and of the rows sorted by key (rows/s, server CPU per row, host busy share) and,
      // where Debian's mydumper package is installed, myloader restoring a dump of the same rows with 4 and with 2
      // threads (the same four figures).
      boolean myloader = Scripts.onPath("myloader") && Scripts.onPath("mydumper");
      assertEquals(myloader ? 50 : 42, rows.size(), rows::toString);
      for (String name : List.of("server LOAD DATA INFILE", "server LOAD DATA INFILE, file sorted by key",
          "batchapi 5000 rows, load.keyorder=sorted")) {
        assertTrue(rows.stream().anyMatch(x -> x.startsWith("load\t" + name + "\t1\tserver_cpu_us_row\t")),
            rows::toString);
      }
      if (myloader) {
        for (String name : List.of("myloader, 4 threads", "myloader, 2 threads")) {
          assertTrue(rows.stream().anyMatch(x -> x.startsWith("load\t" + name + "\t1\tserver_cpu_us_row\t")),
              rows::toString);
        }
      }
      for (String row : rows) {
        String[] f = row.split("\t");
        assertEquals("load", f[0], row);
        assertFalse(f[1].contains("INCOMPLETE"), row);
        // A rate and a CPU time are positive; a busy share could round to 0 on a fast machine's short case.
        assertTrue(f[3].equals("host_busy_pct") ? Double.parseDouble(f[4]) >= 0 : Double.parseDouble(f[4]) > 0, row);
      }
      assertTrue(rows.stream().anyMatch(x -> x.startsWith("load\tserver LOAD DATA INFILE\t1\trows_s\t")), rows::toString);
      String summary = Files.readString(load.resolve("summary.md"), StandardCharsets.UTF_8);
      assertTrue(summary.contains("Ratios against server LOAD DATA INFILE:"), summary);
      assertTrue(summary.contains("Ratios against server LOAD DATA INFILE, file sorted by key:"), summary);
      assertEquals(summary, r.stdout);
      assertTrue(Files.readString(load.resolve("machine.txt")).contains("innodb_flush_log_at_trx_commit=2"));

      Scripts.Result m = Scripts.run("bench-harness", List.of("--only", "memory", "--memory-records", "2000",
          "--port", Integer.toString(port), "--out", memory.toString()), env);
      assertEquals(0, m.exitCode, m::toString);
      List<String> mem = Files.readAllLines(memory.resolve("results.tsv"), StandardCharsets.UTF_8);
      assertEquals(2, mem.size(), mem::toString);
      String[] rss = mem.get(0).split("\t");
      assertEquals("default bulk path, 4 threads, -Xmx256m, 2000 records", rss[1]);
      assertEquals("maxrss_mib", rss[3]);
      // A JVM's peak resident set: tens of MiB at least, and below its heap limit plus the JVM's own (-Xmx256m).
      double mib = Double.parseDouble(rss[4]);
      assertTrue(mib > 30 && mib < 1024, "peak RSS " + mib + " MiB");
    } finally {
      Scripts.run("stop-mariadb", List.of("--port", Integer.toString(port)));
    }
  }

  @Test
  void loadVsCoreComparesBothLoadsOnTheTestServer(@TempDir Path out) throws Exception {
    TestServer s = TestServers.innodb();
    Scripts.Result r = Scripts.run("../ycsb-binding-fileloader/bench/load-vs-core.sh", List.of("--url", s.jdbcUrl(),
        "--user", s.user(), "--records", "300", "--threads", "2", "--repeat", "1", "--work", out.toString()),
        Tables.env(s));
    assertEquals(0, r.exitCode, r::toString);
    assertNoPassword(s, r);
    List<String> lines = r.stdout.lines().toList();
    assertEquals(2, lines.size(), r::toString);
    assertTrue(lines.get(0).matches("server: .+; 300 records, 2 threads, average value \\d+ chars"), lines.get(0));
    assertTrue(lines.get(1).matches("round 1: FileWorkload \\d+ ops/s, CoreWorkload \\d+ ops/s, ratio \\d+\\.\\d\\d"),
        lines.get(1));
    assertTrue(Files.isRegularFile(out.resolve("round-1-file/load.out")), "the file load's run folder");
  }
}
