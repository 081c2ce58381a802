package com.mytopling.ycsb.launcher.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.jdbc.testing.TestServer;
import com.mytopling.ycsb.jdbc.testing.TestServers;
import com.mytopling.ycsb.launcher.Scripts;
import com.mytopling.ycsb.launcher.Tables;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bench's scripts (scripts/bench-harness, ycsb-binding-fileloader/bench/load-vs-core.sh) run end to end with small
 * counts, as developers run them: the figures they write, no password anywhere.
 */
class BenchJobsIT {
  @Test
  void benchHarnessMeasuresLoadPathsAndMemoryOnItsOwnServer(@TempDir Path out) throws Exception {
    int port = Scripts.freePortPair();
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
    if (s.password() != null) {
      assertFalse(r.stdout.contains(s.password()) || r.stderr.contains(s.password()), "a password was printed");
    }
    List<String> lines = r.stdout.lines().toList();
    assertEquals(2, lines.size(), r::toString);
    assertTrue(lines.get(0).matches("server: .+; 300 records, 2 threads, average value \\d+ chars"), lines.get(0));
    assertTrue(lines.get(1).matches("round 1: FileWorkload \\d+ ops/s, CoreWorkload \\d+ ops/s, ratio \\d+\\.\\d\\d"),
        lines.get(1));
    assertTrue(Files.isRegularFile(out.resolve("round-1-file/load.out")), "the file load's run folder");
  }
}
