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
    assertRejected("at least 3", "--runs", "2");
    assertRejected("--server must be auto, container or mariadb", "--server", "oracle");
    assertRejected("--records must be a whole number", "--records", "many");
    assertRejected("Unrecognized option", "--frobnicate");
    assertRejected("belongs to A/B mode", "--baseline-image", "mariadb:11.4");
    assertRejected("measures its own baseline", "--ab", "--record-baseline");
    assertRejected("use --server container", "--server", "mariadb", "--image", "mysql:8.4");
    assertRejected("--baseline-props: cannot read /nonexistent", "--ab", "--baseline-props", "/nonexistent");
    assertRejected("between 0% and 100%", "--ab", "--candidate-throttle", "150%");
    assertRejected("unknown phase", "--phases", "run,warmup");
    assertRejected("--max-drop must be a percentage", "--max-drop", "lots");
    assertRejected("--max-drop must be at least 0% and below 100%", "--ab", "--max-drop", "120%");
    assertRejected("--alpha must be between 0 and 1", "--alpha", "1.5");
    assertRejected("compare the baseline with itself", "--ab", "--power-check", "2", "--baseline-image", "mysql:8.0");
  }

  @Test
  void secretsInSidePropertiesAreRefusedWithoutBeingPrinted() throws Exception {
    Path props = tmp.resolve("b.properties");
    Files.writeString(props, "db.batchsize=10\ndb.passwd=pw-Not-Printed-1\n");
    assertRejected("db.passwd, a secret", "--ab", "--candidate-props", props.toString());
  }
}
