package com.mytopling.ycsb.launcher.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** load-vs-core.sh's command line: one line, exit 2, nothing started; never a password on it. */
class LoadVsCoreTest {
  private static void assertRejected(String line, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int rc = new LoadVsCore(Path.of("..").toAbsolutePath().normalize(), new PrintStream(out, true,
        StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), "pw").run(args);
    assertEquals(2, rc, List.of(args) + ": " + err);
    assertEquals("load-vs-core: " + line + "\n", err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void badCommandLines() {
    assertRejected("--password is not taken on a command line: set YCSB_DB_PASSWORD", "--url", "jdbc:mysql://h/db",
        "--password", "secret");
    assertRejected("--url is required (e.g. jdbc:mysql://127.0.0.1:3307/ycsb)");
    assertRejected("--repeat: 0 is out of range (at least 1)", "--url", "jdbc:mysql://h/db", "--repeat", "0");
  }
}
