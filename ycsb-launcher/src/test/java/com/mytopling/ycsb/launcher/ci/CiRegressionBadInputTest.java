package com.mytopling.ycsb.launcher.ci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** scripts/ci-regression refuses bad command lines with one line and exit 2, before it starts any server. */
class CiRegressionBadInputTest {
  @TempDir
  Path tmp;

  private String[] run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int rc = new CiRegression(tmp, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), "pw-Not-Printed-1").run(args);
    return new String[] {Integer.toString(rc), out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
  }

  private void assertRejected(String fragment, String... args) {
    String[] r = run(args);
    assertEquals("2", r[0], List.of(args) + ": " + r[2]);
    assertEquals(1, r[2].lines().count(), r[2]);
    assertTrue(r[2].startsWith("ci-regression: ") && r[2].contains(fragment), r[2]);
    assertTrue(!r[2].contains("pw-Not-Printed-1"));
  }

  @Test
  void badCommandLines() throws Exception {
    assertRejected("--runs: 2 is out of range (at least 3): fewer runs cannot tell", "--runs", "2");
    assertRejected("--server must be auto, container or mariadb", "--server", "oracle");
    assertRejected("--records: 'many' is not a whole number", "--records", "many");
    assertRejected("Unrecognized option", "--frobnicate");
    assertRejected("belongs to A/B mode", "--baseline-image", "mariadb:11.4");
    assertRejected("measures its own baseline", "--ab", "--record-baseline");
    assertRejected("use --server container", "--server", "mariadb", "--image", "mysql:8.4");
    assertRejected("--baseline-props: cannot read /nonexistent", "--ab", "--baseline-props", "/nonexistent");
    assertRejected("--candidate-throttle: 150% is out of range (0% to below 100%)", "--ab", "--candidate-throttle", "150%");
    assertRejected("unknown phase", "--phases", "run,warmup");
    assertRejected("--port: 65535 is out of range (1 to 65534)", "--port", "65535");
    assertRejected("--candidate-throttle: 0% is out of range (above 0% to below 100%)", "--ab", "--candidate-throttle",
        "0%");
    assertRejected("--max-drop: 'lots' is not a percentage like 5%", "--max-drop", "lots");
    assertRejected("--max-drop: 120% is out of range (0% to below 100%)", "--ab", "--max-drop", "120%");
    assertRejected("--alpha: 1.5 is out of range (above 0 to below 1)", "--alpha", "1.5");
    assertRejected("compare the baseline with itself", "--ab", "--power-check", "2", "--baseline-image", "mysql:8.0");
    assertRejected("--power-check measures the gate, not the build", "--ab", "--power-check", "2", "--history", "/tmp/h");
  }

  /** Issue 20.7: an A/B schedule whose best p is above alpha would always pass; refused before any server starts. */
  @Test
  void schedulesThatCanNeverFailAreRefused() {
    assertRejected("4 pairs can never show a regression at alpha 0.0500: the Wilcoxon signed-rank test's smallest "
        + "possible p with them is 0.0625; use at least 5 pairs", "--ab", "--runs", "4");
    assertRejected("3 pairs can never show", "--ab", "--runs", "3");
    assertRejected("use at least 7 pairs", "--ab", "--runs", "6", "--alpha", "0.01");
    assertRejected("3 baseline and 3 candidate runs can never show a regression at alpha 0.0400: the Mann-Whitney",
        "--ab", "--unpaired", "--runs", "3", "--alpha", "0.04");
    assertRejected("use at least 4 runs a side", "--runs", "3", "--alpha", "0.02");
  }

  /** Issue 24: the --image line of --help stopped at "the candidate's". */
  @Test
  void helpSaysWhatImageIsInAbMode() {
    String[] r = run("--help");
    assertEquals("0", r[0], r[2]);
    String help = r[1].replaceAll("\\s+", " ");
    assertTrue(help.contains("in A/B mode the candidate's image (the baseline's is --baseline-image)"), r[1]);
  }

  @Test
  void secretsInSidePropertiesAreRefusedWithoutBeingPrinted() throws Exception {
    Path props = tmp.resolve("b.properties");
    Files.writeString(props, "db.batchsize=10\ndb.passwd=pw-Not-Printed-1\n");
    assertRejected("db.passwd, a secret", "--ab", "--candidate-props", props.toString());
  }
}
