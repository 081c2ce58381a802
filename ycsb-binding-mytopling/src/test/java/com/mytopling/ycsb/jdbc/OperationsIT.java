package com.mytopling.ycsb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.jdbc.testing.TestServer;
import com.mytopling.ycsb.jdbc.testing.TestServers;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.Vector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.measurements.Measurements;

/** Each operation of the binding, called directly, against a real server. */
class OperationsIT {
  private final List<MyToplingDbClient> open = new ArrayList<>();

  @BeforeAll
  static void noExit() {
    System.setProperty(MyToplingDbClient.EXIT_ON_FATAL, "false");
    Measurements.setProperties(new Properties());
  }

  @AfterEach
  void cleanup() throws DBException {
    for (MyToplingDbClient c : open) {
      c.cleanup();
    }
    open.clear();
  }

  private MyToplingDbClient client(List<String> urls, String table, String... kv) throws Exception {
    TestServer s = TestServers.innodb();
    Properties p = new Properties();
    if (urls.size() == 1) {
      p.setProperty("db.url", urls.get(0));
    } else {
      for (int i = 0; i < urls.size(); i++) {
        p.setProperty("db.url." + (i + 1), urls.get(i));
      }
    }
    if (s.user() != null) {
      p.setProperty("db.user", s.user());
    }
    if (s.password() != null) {
      p.setProperty("db.passwd", s.password());
    }
    p.setProperty("table", table);
    p.setProperty("fieldcount", "3");
    p.setProperty("db.createtable", "true");
    p.setProperty("db.droptable", "true");
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    MyToplingDbClient c = new MyToplingDbClient();
    c.setProperties(p);
    c.init();
    open.add(c);
    return c;
  }

  private static Map<String, ByteIterator> row(String... kv) {
    Map<String, ByteIterator> m = new HashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], new StringByteIterator(kv[i + 1]));
    }
    return m;
  }

  private static Map<String, String> strings(Map<String, ByteIterator> m) {
    Map<String, String> out = new TreeMap<>();
    m.forEach((k, v) -> out.put(k, v.toString()));
    return out;
  }

  @Test
  void crudReturnsWhatWasStored() throws Exception {
    MyToplingDbClient c = client(List.of(TestServers.innodb().jdbcUrl()), "ops_crud");
    Map<String, ByteIterator> result = new HashMap<>();
    assertEquals(Status.NOT_FOUND, c.read("ops_crud", "k1", null, result));
    assertEquals(Status.OK, c.insert("ops_crud", "k1", row("field0", "a", "field1", "b", "field2", "c")));
    assertEquals(Status.OK, c.read("ops_crud", "k1", null, result));
    assertEquals(Map.of("field0", "a", "field1", "b", "field2", "c"), strings(result));
    result.clear();
    assertEquals(Status.OK, c.read("ops_crud", "k1", Set.of("field2"), result));
    assertEquals(Map.of("field2", "c"), strings(result));
    assertEquals(Status.OK, c.update("ops_crud", "k1", row("field1", "B")));
    result.clear();
    c.read("ops_crud", "k1", null, result);
    assertEquals(Map.of("field0", "a", "field1", "B", "field2", "c"), strings(result));
    assertEquals(Status.NOT_FOUND, c.update("ops_crud", "nope", row("field1", "x")));
    assertEquals(Status.ERROR, c.insert("ops_crud", "k1", row("field0", "a", "field1", "b", "field2", "c")),
        "a duplicate key without db.upsert is an error");
    assertEquals(Status.BAD_REQUEST, c.update("ops_crud", "k1", row("nosuchfield", "x")));
    assertEquals(Status.OK, c.delete("ops_crud", "k1"));
    assertEquals(Status.NOT_FOUND, c.delete("ops_crud", "k1"));
  }

  @Test
  void upsertModesOverwriteExistingKeys() throws Exception {
    for (String mode : List.of("true", "replace")) {
      MyToplingDbClient c = client(List.of(TestServers.innodb().jdbcUrl()), "ops_upsert", "db.upsert", mode);
      assertEquals(Status.OK, c.insert("ops_upsert", "k", row("field0", "1", "field1", "1", "field2", "1")));
      assertEquals(Status.OK, c.insert("ops_upsert", "k", row("field0", "2", "field1", "2", "field2", "2")), mode);
      Map<String, ByteIterator> result = new HashMap<>();
      c.read("ops_upsert", "k", null, result);
      assertEquals(Map.of("field0", "2", "field1", "2", "field2", "2"), strings(result), mode);
      cleanup();
    }
  }

  @Test
  void scansOverTwoShardsAreMergedInKeyOrder() throws Exception {
    TestServer s = TestServers.innodb();
    List<String> urls = List.of(s.jdbcUrl(), s.databaseUrl("ycsb_shard2"));
    MyToplingDbClient c = client(urls, "ops_scan");
    for (int i = 0; i < 200; i++) {
      String k = String.format("key%03d", i);
      assertEquals(Status.OK, c.insert("ops_scan", k, row("field0", "v" + i, "field1", "x", "field2", "y")));
    }
    // Both shards hold part of the rows.
    for (String url : urls) {
      try (Connection conn = java.sql.DriverManager.getConnection(url, s.user(), s.password());
           Statement st = conn.createStatement(); ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM ops_scan")) {
        rs.next();
        assertTrue(rs.getInt(1) > 50 && rs.getInt(1) < 150, url + " holds " + rs.getInt(1));
      }
    }
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    assertEquals(Status.OK, c.scan("ops_scan", "key050", 30, Set.of("field0"), rows));
    assertEquals(30, rows.size());
    for (int i = 0; i < 30; i++) {
      assertEquals("v" + (50 + i), rows.get(i).get("field0").toString());
    }
    rows.clear();
    assertEquals(Status.OK, c.scan("ops_scan", "key190", 30, null, rows));
    assertEquals(10, rows.size(), "only ten keys from key190 on");
  }

  @Test
  void manualCommitModeCommitsEveryWrite() throws Exception {
    TestServer s = TestServers.innodb();
    MyToplingDbClient c = client(List.of(s.jdbcUrl()), "ops_manual", "jdbc.autocommit", "false");
    assertEquals(Status.OK, c.insert("ops_manual", "k", row("field0", "a", "field1", "b", "field2", "c")));
    assertEquals(Status.OK, c.update("ops_manual", "k", row("field0", "z")));
    try (Connection conn = s.connect(); Statement st = conn.createStatement();
         ResultSet rs = st.executeQuery("SELECT FIELD0 FROM ops_manual WHERE YCSB_KEY = 'k'")) {
      assertTrue(rs.next(), "visible to another connection: committed");
      assertEquals("z", rs.getString(1));
    }
  }

  private static long commits(Statement st) throws Exception {
    try (ResultSet rs = st.executeQuery("SHOW GLOBAL STATUS LIKE 'Com_commit'")) {
      rs.next();
      return rs.getLong(2);
    }
  }

  /**
   * jdbc.autocommit=false commits every db.batchsize writes, as documented, also when inserts are
   * batched: counted by the server (Com_commit) around 100 updates and 100 batched inserts.
   */
  @Test
  void manualCommitModeCommitsEveryBatchSizeWrites() throws Exception {
    TestServer s = TestServers.innodb();
    try (Connection watcher = s.connect(); Statement w = watcher.createStatement()) {
      for (String[] phase : new String[][] {{"dotransactions", "true"}, {"db.batch.runphase", "true"},
          {"dotransactions", "false"}}) {
        MyToplingDbClient c = client(List.of(s.jdbcUrl()), "ops_commits", "jdbc.autocommit", "false",
            "db.batchsize", "10", "jdbc.batchupdateapi", "true", phase[0], phase[1]);
        String what = phase[0] + "=" + phase[1];
        long before = commits(w);
        for (int i = 0; i < 100; i++) {
          Status st = c.insert("ops_commits", "k" + i, row("field0", "a", "field1", "b", "field2", "c"));
          assertTrue(st.isOk(), what + ": " + st);
        }
        assertEquals(10, commits(w) - before, what + ": commits for 100 inserts");
        before = commits(w);
        for (int i = 0; i < 100; i++) {
          assertEquals(Status.OK, c.update("ops_commits", "k" + (i % 7), row("field0", "u" + i)), what);
        }
        assertEquals(10, commits(w) - before, what + ": commits for 100 updates");
        cleanup();
        try (ResultSet rs = w.executeQuery("SELECT COUNT(*), SUM(FIELD0 LIKE 'u%') FROM ops_commits")) {
          rs.next();
          assertEquals(100, rs.getInt(1), what);
          assertEquals(7, rs.getInt(2), what);
        }
      }
    }
  }
}
