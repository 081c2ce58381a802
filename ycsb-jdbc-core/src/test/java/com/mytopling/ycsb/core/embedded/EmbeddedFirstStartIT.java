package com.mytopling.ycsb.core.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.core.TargetException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded server's first start on a new machine (issue: a first install failed under load and left a data
 * directory the next phase took for installed). Each start runs in a JVM of its own, as every harness process does
 * (the server is one per process).
 */
class EmbeddedFirstStartIT {
  private static final String FAKE_BINARIES = "fake-binaries";

  /**
   * Three processes starting three new data directories at once, on a machine where the binaries were never
   * unpacked, while a CPU hog keeps one core busy: every one starts and serves a table, the binaries are unpacked
   * once (one process unpacks, the others wait for it), each data directory is installed once.
   */
  @Test
  void concurrentFirstStartsOnALoadedMachineAllSucceedAndUnpackOnce(@TempDir Path dir) throws Exception {
    Path binaries = dir.resolve("binaries").resolve("mariadb-linux");
    List<Process> starts = new ArrayList<>();
    Thread hog = cpuHog();
    try {
      for (int i = 0; i < 3; i++) {
        starts.add(child(dir.resolve("root-" + i), binaries, dir.resolve("out-" + i + ".txt")));
      }
      for (int i = 0; i < 3; i++) {
        Process p = starts.get(i);
        assertTrue(p.waitFor(10, TimeUnit.MINUTES), "start " + i + " did not end in 10 minutes");
        String out = Files.readString(dir.resolve("out-" + i + ".txt"));
        assertEquals(0, p.exitValue(), "start " + i + ": " + out);
        assertTrue(out.contains("ROWS 3"), "start " + i + " served a table: " + out);
        assertTrue(out.contains("new data directory " + dir.resolve("root-" + i).resolve("data") + " installed"), out);
      }
    } finally {
      hog.interrupt();
      starts.forEach(Process::destroyForcibly);
    }
    long unpacks = 0;
    for (int i = 0; i < 3; i++) {
      unpacks += Files.readString(dir.resolve("out-" + i + ".txt")).lines()
          .filter(l -> l.contains("unpacking its binaries once")).count();
    }
    assertEquals(1, unpacks, "the binaries are unpacked by one process only");
    assertTrue(Files.isRegularFile(binaries.resolve(EmbeddedBinaries.COMPLETE_MARKER)));
    assertFalse(Files.exists(binaries.resolveSibling("mariadb-linux.partial")));

    // A second start of an installed data directory neither unpacks nor installs again, and finds the table.
    Process again = child(dir.resolve("root-0"), binaries, dir.resolve("again.txt"));
    assertTrue(again.waitFor(5, TimeUnit.MINUTES));
    String out = Files.readString(dir.resolve("again.txt"));
    assertEquals(0, again.exitValue(), out);
    assertTrue(out.contains("ROWS 6"), "the rows of the first start are still there: " + out);
    assertFalse(out.contains("unpacking") || out.contains("installed in"), out);
  }

  /**
   * An install that fails (here a mariadb-install-db that writes part of a data directory and exits 1) is tried
   * twice, then ends in one line that says what happened and what to do; it leaves no data directory behind, so the
   * next start with working binaries installs a new one instead of taking the half-made one for installed.
   */
  @Test
  void aFailedInstallLeavesNothingHalfMadeAndTheNextStartInstalls(@TempDir Path dir) throws Exception {
    Path fake = fakeBinaries(dir, "mkdir -p \"$datadir/mysql\"; echo 'ERROR: bootstrap failed (planted)'; exit 1");
    Path root = dir.resolve("root");
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    Path data = root.resolve("data");
    TargetException e = assertThrows(TargetException.class, () -> DataDirInstall.install(fake, data, 60_000,
        new PrintStream(log, true, StandardCharsets.UTF_8)));
    String message = e.getMessage();
    assertEquals(1, message.lines().count(), message);
    assertTrue(message.contains("failed 2 times"), message);
    assertTrue(message.contains("exited with status 1: ERROR: bootstrap failed (planted)"), message);
    assertTrue(message.contains("nothing half-made was left behind"), message);
    assertTrue(message.contains(root.resolve(DataDirInstall.LOG_FILE).toString()), message);
    assertFalse(Files.exists(data), "no data directory after a failed install");
    assertFalse(Files.exists(root.resolve("data.installing")), "no scratch folder after a failed install");
    assertEquals(2, log.toString(StandardCharsets.UTF_8).lines().filter(l -> l.contains("install attempt")).count());

    // The next start, with the real binaries, installs and serves.
    Process p = child(root, dir.resolve("binaries"), dir.resolve("out.txt"));
    assertTrue(p.waitFor(10, TimeUnit.MINUTES));
    String out = Files.readString(dir.resolve("out.txt"));
    assertEquals(0, p.exitValue(), out);
    assertTrue(out.contains("ROWS 3"), out);
  }

  /** An install that hangs is stopped at db.embedded.installtimeout, its processes killed, nothing left behind. */
  @Test
  void aHangingInstallIsStoppedAtItsTimeout(@TempDir Path dir) throws Exception {
    Path fake = fakeBinaries(dir, "mkdir -p \"$datadir/mysql\"; sleep 600");
    Path data = dir.resolve("root").resolve("data");
    TargetException e = assertThrows(TargetException.class, () -> DataDirInstall.install(fake, data, 1_000,
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)));
    assertTrue(e.getMessage().contains("did not finish in 1000 ms"), e.getMessage());
    assertTrue(e.getMessage().contains("db.embedded.installtimeout=1000 ms"), e.getMessage());
    assertFalse(Files.exists(data));
    assertFalse(Files.exists(data.resolveSibling("data.installing")));
    try (Stream<ProcessHandle> all = ProcessHandle.allProcesses()) {
      assertFalse(all.anyMatch(h -> h.info().commandLine().orElse("").contains(fake.toString())),
          "the hanging install's processes were killed");
    }
  }

  /** A folder left by a killed unpack (no completion marker) is not taken for the binaries: it is unpacked again. */
  @Test
  void aKilledUnpackIsNotTakenForTheBinaries(@TempDir Path dir) throws Exception {
    Path binaries = dir.resolve("mariadb-linux");
    Files.createDirectories(binaries.resolve("bin"));
    Files.writeString(binaries.resolve("bin").resolve("mariadbd"), "cut short");
    Files.createDirectories(dir.resolve("mariadb-linux.partial"));
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    EmbeddedBinaries.unpacked(binaries, 60_000, new PrintStream(log, true, StandardCharsets.UTF_8));
    assertTrue(log.toString(StandardCharsets.UTF_8).contains("unpacking its binaries once"));
    assertTrue(Files.size(binaries.resolve("bin").resolve("mariadbd")) > 1_000_000, "mariadbd unpacked whole");
    assertTrue(Files.isExecutable(binaries.resolve("scripts").resolve("mariadb-install-db")));
    assertFalse(Files.exists(dir.resolve("mariadb-linux.partial")));
  }

  // ---------------------------------------------------------------- helpers

  /** A JVM that starts the embedded server on {@code root}, adds 3 rows to a table and prints the row count. */
  private static Process child(Path root, Path binaries, Path out) throws IOException {
    List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), StartChild.class.getName(), root.toString(), binaries.toString());
    return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
  }

  /** Binaries whose mariadb-install-db runs {@code body} (with $datadir set from --datadir=). */
  private static Path fakeBinaries(Path dir, String body) throws IOException {
    Path fake = dir.resolve(FAKE_BINARIES);
    Files.createDirectories(fake.resolve("scripts"));
    Path script = fake.resolve("scripts").resolve("mariadb-install-db");
    Files.writeString(script, "#!/bin/sh\nfor a in \"$@\"; do case \"$a\" in --datadir=*) datadir=\"${a#--datadir=}\";; "
        + "esac; done\n" + body + "\n");
    assertTrue(script.toFile().setExecutable(true));
    return fake;
  }

  private static Thread cpuHog() {
    Thread t = new Thread(() -> {
      long x = 0;
      while (!Thread.currentThread().isInterrupted()) {
        x += System.nanoTime() % 7;
      }
      if (x == 42) {
        System.out.print("");
      }
    }, "cpu-hog");
    t.setDaemon(true);
    t.start();
    return t;
  }

  /** The child JVM of {@link #child}. */
  public static final class StartChild {
    public static void main(String[] args) throws Exception {
      EmbeddedSettings defaults = EmbeddedSettings.of(Path.of(args[0]));
      EmbeddedSettings settings = new EmbeddedSettings(defaults.root(), 0, defaults.startTimeoutMs(),
          defaults.installTimeoutMs(), Path.of(args[1]));
      EmbeddedMariaDb db = EmbeddedMariaDb.startOnce(settings, System.out);
      try (Connection c = DriverManager.getConnection(db.jdbcUrl(), EmbeddedMariaDb.USER, null);
           Statement s = c.createStatement()) {
        s.execute("CREATE TABLE IF NOT EXISTS t (id INT PRIMARY KEY AUTO_INCREMENT, v INT)");
        s.execute("INSERT INTO t (v) VALUES (1), (2), (3)");
        try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM t")) {
          rs.next();
          System.out.println("ROWS " + rs.getLong(1));
        }
      }
      System.exit(0);
    }
  }
}
