package com.mytopling.ycsb.launcher;

import com.mytopling.ycsb.core.embedded.EmbeddedMariaDb;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Counts a table's rows in an embedded server's data directory, from a process of its own: the embedded server is
 * one per process and holds a lock on its directory until the process ends, so a test JVM must not start it.
 */
final class EmbeddedRowCount {
  private EmbeddedRowCount() {
  }

  /** Rows of the table in the embedded server whose data directory is {@code root}. */
  static long count(Path root, String table) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), EmbeddedRowCount.class.getName(), root.toString(), table));
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    if (!p.waitFor(5, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new AssertionError("counting rows in the embedded server took more than 5 minutes");
    }
    String out = new String(p.getInputStream().readAllBytes()).strip();
    if (p.exitValue() != 0 || out.isEmpty()) {
      throw new AssertionError("counting rows in the embedded server failed (exit " + p.exitValue() + "): " + out);
    }
    return Long.parseLong(out);
  }

  public static void main(String[] args) throws Exception {
    EmbeddedMariaDb db = EmbeddedMariaDb.startOnce(Path.of(args[0]), new PrintStream(System.err, true));
    try (Connection c = DriverManager.getConnection(db.jdbcUrl(), "root", null); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + args[1])) {
      rs.next();
      System.out.println(rs.getLong(1));
    }
    System.exit(0);
  }
}
