package com.mytopling.ycsb.launcher.ci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The power check's second sequence on a real Debian MariaDB (scripts/start-mariadb). A threshold the throttled B
 * can never pass (a 60% drop against a 10% throttle) makes the first sequence miss for certain, whatever the
 * machine's noise: the check must then measure a second, independent sequence, print both verdicts, and still fail,
 * since a gate that cannot see the throttle must not pass its power check.
 */
class PowerCheckIT {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  @Test
  void aMissedCountIsMeasuredAgainAndAGateThatCannotSeeTheThrottleStillFails(@TempDir Path dir) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    String pw = System.getenv("YCSB_DB_PASSWORD");
    Path runs = dir.resolve("job");
    int exit = new CiRegression(ROOT, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), pw == null || pw.isEmpty() ? "ycsb" : pw)
        .run(new String[] {"--server", "mariadb", "--port", Integer.toString(freePort()), "--ab", "--power-check", "1",
            "--max-drop", "60%", "--runs", "5", "--warmup", "0", "--records", "2000", "--operations", "6000",
            "--threads", "2", "--out", runs.toString()});
    String said = "exit " + exit + "\n--- out\n" + out.toString(StandardCharsets.UTF_8) + "\n--- err\n"
        + err.toString(StandardCharsets.UTF_8);

    assertEquals(1, exit, said);
    assertTrue(said.contains("ci-regression: power check 1/1: the first sequence missed (throttled B NOT flagged, "),
        said);
    assertTrue(said.contains("a second, independent sequence decides the count it missed"), said);
    assertTrue(said.contains("; second sequence: throttled B NOT flagged, A against A "), said);
    assertTrue(said.contains("power check: B throttled to 90% of A flagged in 0 of 1 checks;"), said);
    for (String sequence : List.of("power-1", "power-1-second")) {
      for (String side : List.of("A", "B", "A-again")) {
        assertEquals(5, measuredRuns(runs.resolve(sequence).resolve(side)), sequence + "/" + side + ": " + said);
      }
    }
  }

  /** The side's measured runs (run-NN), each a folder holding the one run folder scripts/benchmark wrote. */
  private static long measuredRuns(Path side) throws IOException {
    try (Stream<Path> runs = Files.list(side)) {
      return runs.filter(p -> p.getFileName().toString().startsWith("run-")).filter(PowerCheckIT::holdsASummary)
          .count();
    }
  }

  private static boolean holdsASummary(Path measured) {
    try (Stream<Path> folders = Files.list(measured)) {
      return folders.filter(f -> Files.isRegularFile(f.resolve("summary.json"))).count() == 1;
    } catch (IOException e) {
      return false;
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }
}
