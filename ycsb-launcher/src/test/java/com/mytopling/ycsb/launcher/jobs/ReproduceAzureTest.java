package com.mytopling.ycsb.launcher.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.results.parse.RunLoader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** scripts/reproduce-azure without a server: bad command lines, and the page's head from a recorded run. */
class ReproduceAzureTest {
  static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  /** A run recorded on 2026-11-21 with the shell version of the script, its azure-comparison.md beside it. */
  static final Path RECORDED = ROOT.resolve("results/runs/20261121-160114-mariadb-workloada-azure");

  private static String[] run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int rc = new ReproduceAzure(ROOT, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8)).run(args);
    return new String[] {Integer.toString(rc), out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
  }

  private static void assertRejected(String line, String... args) {
    String[] r = run(args);
    assertEquals("2", r[0], List.of(args) + ": " + r[2]);
    assertEquals("reproduce-azure: " + line + "\n", r[2]);
  }

  @Test
  void badCommandLinesAreOneLineAndExit2() {
    assertRejected("--records: 'ten' is not a whole number", "--records", "ten");
    assertRejected("--threads: 0 is out of range (at least 1)", "--target", "mariadb", "--threads", "0");
    assertRejected("--target T is required (or --from-run RUN_DIR)");
    assertRejected("/nonexistent/run: no such run folder", "--from-run", "/nonexistent/run");
    assertRejected("--target is for a new run: --from-run compares an existing one", "--from-run", "/tmp",
        "--target", "mariadb");
    assertRejected("Unrecognized option: --bogus (try --help)", "--bogus");
  }

  @Test
  void theSetupTextIsTheShellScriptsForARecordedRun() throws Exception {
    String recorded = Files.readString(RECORDED.resolve("azure-comparison.md"), StandardCharsets.UTF_8);
    String head = ReproduceAzure.setup(RECORDED.getFileName().toString(), RunLoader.load(RECORDED).metadata);
    assertTrue(recorded.startsWith(head), "expected the recorded page to start with:\n" + head);
    assertTrue(head.contains("- **Scale**: 200000 records and 200000 operations\n"));
    assertTrue(head.contains("a client host with 2 cores and 23 GiB"));
  }

  @Test
  void unrecordedFactsAreSaidToBeUnrecorded() {
    String head = ReproduceAzure.setup("r", null);
    assertTrue(head.contains("- **Scale**: an unrecorded number of records and unrecorded operations\n"), head);
    assertTrue(head.contains("- **Threads**: not recorded here"), head);
    assertTrue(head.contains("this run used\n  an unrecorded client host (see its metadata.json"), head);
  }
}
