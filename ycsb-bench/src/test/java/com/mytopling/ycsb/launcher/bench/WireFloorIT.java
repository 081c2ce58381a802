package com.mytopling.ycsb.launcher.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.jdbc.testing.TestServer;
import com.mytopling.ycsb.jdbc.testing.TestServers;
import com.mytopling.ycsb.launcher.Scripts;
import com.mytopling.ycsb.launcher.Tables;
import java.io.IOException;
import java.net.URI;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * bench-harness's floor client against the real InnoDB server: every operation it counts is one the server executed
 * (the server's prepared-statement executions grow by exactly the warm-up's and the window's operations), its updates
 * leave values of the table's shape, and operations that find no row fail the run instead of being counted.
 */
class WireFloorIT {
  static final String TABLE = "wire_floor";
  static final int RECORDS = 500;

  @BeforeAll
  static void load() throws Exception {
    TestServer s = TestServers.innodb();
    Tables.drop(s, TABLE);
    List<String> args = new ArrayList<>(List.of("load", "mytopling", "-P",
        Scripts.ROOT.resolve("workloads/workloada").toString(), "-threads", "2", "-p", "db.url=" + s.jdbcUrl(),
        "-p", "table=" + TABLE, "-p", "recordcount=" + RECORDS, "-p", "db.createtable=true"));
    if (s.user() != null) {
      args.addAll(List.of("-p", "db.user=" + s.user()));
    }
    Scripts.Result r = Scripts.run("ycsb", args, Tables.env(s));
    assertEquals(0, r.exitCode, r::toString);
    assertEquals(RECORDS, Tables.rowCount(s, TABLE));
  }

  private static WireFloor.Settings settings(TestServer s, long records, long operations, long warmup, boolean loop) {
    URI u = URI.create(s.jdbcUrl().substring("jdbc:".length()));
    String database = u.getPath().substring(1);
    return new WireFloor.Settings(u.getHost(), u.getPort(), s.user() == null ? "root" : s.user(), database, TABLE,
        10, 100, records, operations, warmup, 4, loop, 0.5);
  }

  private static long executions(TestServer s) throws Exception {
    return query(s, "SHOW GLOBAL STATUS LIKE 'Com_stmt_execute'", 2);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"blocking", "loop"})
  void everyCountedOperationIsOneTheServerExecuted(String mode) throws Exception {
    TestServer s = TestServers.innodb();
    long checksum = query(s, "CHECKSUM TABLE " + TABLE, 2);
    long before = executions(s);
    String line = new WireFloor.Run(settings(s, RECORDS, 3001, 999, mode.equals("loop")),
        s.password() == null ? "" : s.password()).measure();
    long after = executions(s);
    assertTrue(line.startsWith(WireFloor.PREFIX + " mode=" + mode + " connections=4 operations=3001 "), line);
    assertTrue(line.matches(".* ops_s=[0-9.]+ user_us_op=[0-9.]+ sys_us_op=[0-9.]+ jit_us_op=([0-9.]+|NA)"), line);
    assertEquals(3001 + 999, after - before, "the server's executions against the operations counted");
    StringBuilder malformed = new StringBuilder("SELECT 0");
    for (int f = 0; f < 10; f++) {
      malformed.append(" + SUM(FIELD").append(f).append(" NOT REGEXP CONCAT('^[ -', CHAR(127), ']{100}$'))");
    }
    assertEquals(0, query(s, malformed + " FROM " + TABLE), "every value has 100 characters of YCSB's alphabet");
    assertTrue(checksum != query(s, "CHECKSUM TABLE " + TABLE, 2), "the updates changed the table");
  }

  private static long query(TestServer s, String sql) throws Exception {
    return query(s, sql, 1);
  }

  private static long query(TestServer s, String sql, int column) throws Exception {
    try (Connection c = s.connect(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      return rs.getLong(column);
    }
  }

  @Test
  void operationsThatFindNoRowFailTheRun() {
    TestServer s = TestServers.innodb();
    IOException e = assertThrows(IOException.class, () -> new WireFloor.Run(
        settings(s, RECORDS * 4L, 2000, 0, false), s.password() == null ? "" : s.password()).measure());
    assertTrue(e.getMessage().contains("operations found no row"), e.getMessage());
  }

  @Test
  void aServerErrorIsOneMessageWithItsCode() {
    TestServer s = TestServers.innodb();
    WireFloor.Settings good = settings(s, RECORDS, 10, 0, false);
    WireFloor.Settings noTable = new WireFloor.Settings(good.host(), good.port(), good.user(), good.database(),
        "wire_floor_missing", 10, 100, RECORDS, 10, 0, 1, false, 0.5);
    IOException e = assertThrows(IOException.class, () -> new WireFloor.Run(noTable,
        s.password() == null ? "" : s.password()).measure());
    assertTrue(e.getMessage().startsWith("server error 42S02 1146: "), e.getMessage());
  }
}
