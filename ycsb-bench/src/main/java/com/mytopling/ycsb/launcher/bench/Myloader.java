package com.mytopling.ycsb.launcher.bench;

import com.mytopling.ycsb.launcher.JobFailed;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The load section's second reference: myloader (Debian's mydumper package) restoring a mydumper dump of the same
 * rows (the table the server's own LOAD DATA INFILE just filled) with each thread count of our multi-threaded cases
 * ({@link #threadCounts}), timed by wall clock. The dump is made once per row count into .local/bench. The table is dropped before myloader runs, so that a myloader
 * that loads nothing cannot pass the row count.
 */
final class Myloader {
  static final String TABLE = "usertable_load";
  /** Bytes of one row in a dump: ten 100-character fields, the key, quotes and commas. */
  static final long ROW_BYTES = 1100;
  /** Data files wanted in a dump, so that myloader's threads share the work. */
  static final int FILES = 16;

  private final BenchHarness harness;
  private final Path dump;
  private final long rows;

  Myloader(BenchHarness harness, long rows) {
    this.harness = harness;
    this.rows = rows;
    this.dump = harness.root().resolve(".local/bench/mydumper-" + rows);
  }

  static boolean installed() {
    return BenchHarness.onPath("myloader") && BenchHarness.onPath("mydumper");
  }

  /**
   * mydumper's --chunk-filesize (MB) for about {@link #FILES} files: it splits a table by rows only on an integer
   * key, YCSB's keys are strings, so it is split by size (at least 1 MB: a smaller value means "no split").
   */
  static long chunkMegabytes(long rows) {
    return Math.max(1, rows * ROW_BYTES / 1_048_576 / FILES);
  }

  /** The thread counts above 1 of the section's cases ("name|threads|properties"), each once, largest first. */
  static List<Integer> threadCounts(List<String> paths) {
    return paths.stream().map(spec -> Integer.parseInt(spec.split("\\|", -1)[1])).filter(t -> t > 1).distinct()
        .sorted(java.util.Comparator.reverseOrder()).toList();
  }

  static String name(int threads) {
    return "myloader, " + threads + " threads";
  }

  void load(BenchHarness.Server server, int round, int threads) throws IOException, InterruptedException, JobFailed {
    ensureDump(server);
    server.sql("DROP TABLE " + TABLE);
    String name = name(threads);
    Path prefix = harness.raw("load-myloader-" + threads + "-" + round);
    HostLoad before = server.hostLoad();
    Measured m = Measured.run(prefix, List.of("myloader", "--socket=" + server.socket(), "--user=root",
        "--directory=" + dump, "--threads=" + threads, "--overwrite-tables"), Map.of());
    HostLoad after = server.hostLoad();
    long stored = Long.parseLong(server.sql("SELECT COUNT(*) FROM " + TABLE));
    double rate = Math.round(stored / m.wallS() * 10) / 10.0;
    if (m.exitStatus() != 0 || stored != rows) {
      harness.err().println("bench-harness: load: myloader stored " + stored + " of " + rows + " rows (exit "
          + m.exitStatus() + "); see " + prefix + ".err");
      harness.record("load", name + " (INCOMPLETE)", round, "rows_s", rate);
      return;
    }
    harness.record("load", name, round, "rows_s", rate);
    harness.record("load", name, round, "cpu_us_row", m.cpuS() * 1e6 / rows);
    harness.recordServerCost("load", name, round, before, after, rows);
    harness.err().println("bench-harness: load " + round + " " + name + ": " + rate + " rows/s");
  }

  /**
   * The dump of the table as it is now, made once. --tables-list names the table without its database: mydumper 0.10
   * silently dumps nothing of "ycsb.usertable_load" there.
   */
  private void ensureDump(BenchHarness.Server server) throws IOException, InterruptedException, JobFailed {
    if (dataFiles(dump) > 0) {
      return;
    }
    BenchHarness.deleteTree(dump);
    Path prefix = harness.raw("mydumper");
    Measured d = Measured.run(prefix, List.of("mydumper", "--socket=" + server.socket(), "--user=root",
        "--database=ycsb", "--tables-list=" + TABLE, "--outputdir=" + dump,
        "--chunk-filesize=" + chunkMegabytes(rows), "--threads=4"), Map.of());
    int files = dataFiles(dump);
    if (d.exitStatus() != 0 || files < 1) {
      BenchHarness.deleteTree(dump);
      throw new JobFailed("mydumper wrote " + files + " data files of " + TABLE + " (exit " + d.exitStatus()
          + "); see " + prefix + ".err");
    }
    harness.err().println("bench-harness: load: mydumper wrote " + files + " data files for myloader");
  }

  /** The table's data files in a dump (ycsb.usertable_load.*.sql, not its schema file). */
  static int dataFiles(Path dump) throws IOException {
    if (!Files.isDirectory(dump)) {
      return 0;
    }
    try (Stream<Path> files = Files.list(dump)) {
      return (int) files.map(f -> f.getFileName().toString())
          .filter(n -> n.startsWith("ycsb." + TABLE + ".") && n.endsWith(".sql") && !n.contains("-schema")).count();
    }
  }
}
