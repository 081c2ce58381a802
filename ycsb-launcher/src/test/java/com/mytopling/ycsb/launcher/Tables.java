package com.mytopling.ycsb.launcher;

import com.mytopling.ycsb.jdbc.testing.TestServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;

/** What a run left in the database, read straight from the server, and the shipped target files pointed at it. */
public final class Tables {
  private Tables() {
  }

  /** Rows in the table, counted by the server. */
  public static long rowCount(TestServer s, String table) throws SQLException {
    try (Connection c = s.connect(); Statement st = c.createStatement();
         ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM " + table)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  public static void drop(TestServer s, String table) throws SQLException {
    try (Connection c = s.connect(); Statement st = c.createStatement()) {
      st.execute("DROP TABLE IF EXISTS " + table);
    }
  }

  /**
   * A shipped file of db-properties/ as users copy it: every setting kept, the URL and user replaced by the test
   * server's, and the table named (the password goes in YCSB_DB_PASSWORD, see {@link #env}).
   */
  public static Path shippedTarget(Path dir, String target, TestServer s, String table) throws IOException {
    StringBuilder text = new StringBuilder();
    for (String line : Files.readAllLines(Scripts.ROOT.resolve("db-properties").resolve(target + ".properties"),
        StandardCharsets.UTF_8)) {
      if (!line.startsWith("db.url=") && !line.startsWith("db.user=")) {
        text.append(line).append('\n');
      }
    }
    text.append("db.url=").append(s.jdbcUrl()).append('\n');
    if (s.user() != null) {
      text.append("db.user=").append(s.user()).append('\n');
    }
    text.append("table=").append(table).append('\n');
    Path file = dir.resolve(target + "-" + table + ".properties");
    Files.writeString(file, text, StandardCharsets.UTF_8);
    return file;
  }

  /** The password of the test server for scripts, as users give it. */
  public static Map<String, String> env(TestServer s) {
    return s.password() == null ? Map.of() : Map.of("YCSB_DB_PASSWORD", s.password());
  }

  /** The sum over a merged phase's clients of one of their figures (each client's count of its whole phase). */
  public static long clientsSum(com.fasterxml.jackson.databind.JsonNode summary, String phase, String field) {
    long sum = 0;
    for (com.fasterxml.jackson.databind.JsonNode c : summary.at("/phases/" + phase + "/clients")) {
      sum += c.get(field).asLong();
    }
    return sum;
  }

  /**
   * A merged phase's figures are of its one window: its successful operations are the window's operations without
   * the failed ones, and its successful throughput is those over the window's length.
   */
  public static void assertOneWindow(com.fasterxml.jackson.databind.JsonNode summary, String phase) {
    com.fasterxml.jackson.databind.JsonNode p = summary.at("/phases/" + phase);
    com.fasterxml.jackson.databind.JsonNode w = p.get("window");
    org.junit.jupiter.api.Assertions.assertEquals(w.get("operations").asDouble() - w.get("failed_operations").asDouble(),
        p.get("successful_operations").asDouble(), 1.0, summary::toString);
    double seconds = (w.get("end_ms").asLong() - w.get("start_ms").asLong()) / 1000.0;
    org.junit.jupiter.api.Assertions.assertEquals(p.get("successful_operations").asDouble() / seconds,
        p.get("successful_throughput_ops").asDouble(), p.get("successful_throughput_ops").asDouble() * 0.01,
        summary::toString);
  }
}
