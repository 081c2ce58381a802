package com.mytopling.ycsb.launcher.faults;

import static com.mytopling.ycsb.launcher.faults.FaultPhases.figures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.jdbc.testing.OwnServer;
import com.mytopling.ycsb.jdbc.testing.Totals;
import com.mytopling.ycsb.jdbc.testing.YcsbProcess;
import com.mytopling.ycsb.launcher.client.Ycsb;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A full disk: a private MariaDB whose data directory is on a small tmpfs (mounted by the test; tests run as root
 * in CI, and the mount failing fails the test), loaded with more rows than fit. The load fails with the server's own
 * message, named once and then counted; it exits 1 within seconds of the disk filling; the table holds exactly the
 * rows reported stored; and the harness's own files (its run record, its HdrHistogram logs, on another disk) are
 * whole: they parse to the end.
 */
class FullDiskIT {
  private static final String PASSWORD = "full-Pw-3";
  private static final int TMPFS_MB = 160;
  private static Path mount;
  private static OwnServer db;

  @BeforeAll
  static void startServerOnASmallDisk() throws Exception {
    mount = Path.of("target", "full-disk").toAbsolutePath();
    unmount();
    Files.createDirectories(mount);
    run("mount", "-t", "tmpfs", "-o", "size=" + TMPFS_MB + "m,mode=700", "tmpfs", mount.toString());
    db = OwnServer.start(OwnServer.Kind.MARIADB, mount.resolve("db"), 3360, PASSWORD, "innodb_log_file_size=8M",
        "innodb_buffer_pool_size=32M");
  }

  @AfterAll
  static void stopServer() throws Exception {
    try {
      if (db != null) {
        db.close();
      }
    } finally {
      unmount();
    }
  }

  private static void unmount() throws Exception {
    if (mount != null && Files.exists(mount) && Files.readString(Path.of("/proc/self/mounts")).contains(" "
        + mount + " ")) {
      run("umount", mount.toString());
    }
  }

  private static void run(String... cmd) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new IllegalStateException(String.join(" ", cmd) + " failed (the test needs root: it mounts a tmpfs): "
          + out);
    }
  }

  @Test
  void aLoadThatFillsTheDiskFailsOnceNamedWithTheServersMessageAndItsOwnFilesAreWhole() throws Exception {
    long free = Files.getFileStore(mount).getUsableSpace();
    // 10 fields of 1000 bytes: about 10 KB a row; twice the rows that the free space could hold.
    long records = Math.max(2000, 2 * free / 10_000);
    FaultPhases t = new FaultPhases(db.jdbcUrl(), "ycsb", PASSWORD, "full_load", records, 1000, 10);
    Path hdr = Files.createTempDirectory("full-disk-hdr");
    long start = System.nanoTime();
    YcsbProcess.Result r = YcsbProcess.runMain(Ycsb.class.getName(), t.args("load", "workloada", db.jdbcUrl(),
        "-threads", "2", "-s", "-p", "status.interval=1", "-p", "db.createtable=true", "-p", "db.droptable=true",
        "-p", "db.batchsize=50", "-p", "jdbc.batchupdateapi=true", "-p", "hdrhistogram.fileoutput=true",
        "-p", "hdrhistogram.output.path=" + hdr + "/"));
    double seconds = (System.nanoTime() - start) / 1e9;
    FaultPhases.echoHarnessLines("full disk", r);
    Totals totals = Totals.of(r);
    long rows = t.rows();
    long freeAfter = Files.getFileStore(mount).getUsableSpace();
    List<String> errorLines = r.stderr.lines().filter(l -> l.startsWith("[mytopling] error: ")).toList();
    figures("full disk (" + TMPFS_MB + " MB tmpfs, " + free / 1_000_000 + " MB free, " + freeAfter / 1_000_000
        + " MB after)", "exit " + r.exitCode + " after "
        + String.format("%.1f", seconds) + " s; " + records + " rows asked, stored=" + totals.get("stored") + " failed="
        + totals.get("failed") + " rows in table=" + rows + " errors=" + totals.get("errors") + "; "
        + errorLines.size() + " error line(s): " + errorLines);
    assertEquals(1, r.exitCode, r::toString);
    assertEquals(rows, totals.get("stored"), "the table holds exactly the rows reported stored: " + totals);
    assertTrue(rows > 0 && rows < records, "the disk filled in the middle of the load: " + rows);
    assertTrue(freeAfter < free / 10, "the disk was full: " + freeAfter + " bytes free");
    // One line per kind of error, with the server's message (error 1114, "The table ... is full"), then counted.
    assertTrue(errorLines.stream().anyMatch(l -> l.contains("1114") && l.contains("is full")), r::toString);
    assertEquals(errorLines.stream().distinct().count(), errorLines.size(), "each kind named once: " + errorLines);
    assertTrue(totals.get("errors") >= 1, totals::toString);
    assertTrue(r.stderr.lines().anyMatch(l -> l.startsWith("[ycsb] resume: ")), r::toString);
    // Nothing hangs: the load stops at the first failed batch of each thread.
    assertTrue(seconds < 240, "the load ended " + seconds + " s after it started");
    // The harness's own files are whole: the binding's record was finished (Totals read it), and every HdrHistogram
    // log reads to its end.
    assertTrue(totals.record().finished, totals::toString);
    long histograms = 0;
    try (var logs = Files.list(hdr)) {
      for (Path log : logs.filter(p -> p.toString().endsWith(".hdr")).toList()) {
        try (HistogramLogReader reader = new HistogramLogReader(log.toFile())) {
          EncodableHistogram h;
          while ((h = reader.nextIntervalHistogram()) != null) {
            assertNotNull(h);
            histograms++;
          }
        }
      }
    }
    assertTrue(histograms > 0, "HdrHistogram logs written and read whole");
  }
}
