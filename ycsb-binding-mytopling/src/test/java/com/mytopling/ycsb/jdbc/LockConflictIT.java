package com.mytopling.ycsb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.mytopling.ycsb.jdbc.testing.TestServer;
import com.mytopling.ycsb.jdbc.testing.TestServers;
import com.mytopling.ycsb.jdbc.testing.Totals;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.measurements.Measurements;

/**
 * Lock conflicts provoked for real on InnoDB: a row lock held past a 1 s lock-wait timeout
 * (set for the binding's session only, through the URL, so the shared server is unchanged),
 * and a true deadlock between a batched insert and another transaction inserting the same two
 * keys in the opposite order. The binding runs in this JVM so the test can hold the other
 * side of each conflict at exactly the right moment.
 */
class LockConflictIT {
  private static ExecutorService pool;
  private static PrintStream originalErr;

  @BeforeAll
  static void setUp() {
    System.setProperty(MyToplingDbClient.EXIT_ON_FATAL, "false");
    pool = Executors.newSingleThreadExecutor();
    originalErr = System.err;
  }

  @AfterAll
  static void tearDown() {
    pool.shutdownNow();
    System.setErr(originalErr);
  }

  private static Properties props(TestServer s, String table, String... extra) {
    return props(s, 1, table, extra);
  }

  private static Properties props(TestServer s, int lockWaitSeconds, String table, String... extra) {
    Properties p = s.dbProperties();
    String url = s.jdbcUrl() + (s.jdbcUrl().contains("?") ? "&" : "?") + "sessionVariables=innodb_lock_wait_timeout="
        + lockWaitSeconds;
    p.setProperty("db.url", url);
    p.setProperty("table", table);
    p.setProperty("fieldcount", "1");
    p.setProperty("db.createtable", "true");
    p.setProperty("db.droptable", "true");
    for (int i = 0; i + 1 < extra.length; i += 2) {
      p.setProperty(extra[i], extra[i + 1]);
    }
    Measurements.setProperties(p);
    return p;
  }

  /** Runs the binding with stderr captured; returns what it printed, totals included. */
  private static final class Client implements AutoCloseable {
    final MyToplingDbClient db = new MyToplingDbClient();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();
    final java.nio.file.Path record;

    Client(Properties p) throws Exception {
      record = java.nio.file.Files.createTempDirectory("lock-conflict").resolve("binding-run.json");
      p.setProperty("db.recordfile", record.toString());
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      db.setProperties(p);
      db.init();
    }

    String stderr() {
      return err.toString(StandardCharsets.UTF_8);
    }

    /** The totals of the binding's record, once closed. */
    Totals totals() {
      return Totals.of(record);
    }

    @Override
    public void close() throws Exception {
      try {
        db.cleanup();
      } finally {
        System.setErr(originalErr);
        originalErr.print(stderr());
      }
    }
  }

  private static Map<String, ByteIterator> value(String v) {
    Map<String, ByteIterator> m = new HashMap<>();
    m.put("field0", new StringByteIterator(v));
    return m;
  }

  /**
   * Lock waits now in progress, one entry per wait: connection and when the wait began (a
   * retried statement waits again, at least a lock-wait timeout later).
   */
  private static Set<String> blockedWrites(Statement s) throws SQLException {
    Set<String> ids = new HashSet<>();
    try (ResultSet rs = s.executeQuery("SELECT ID FROM information_schema.PROCESSLIST WHERE TIME >= 1"
        + " AND (INFO LIKE 'INSERT%' OR INFO LIKE 'UPDATE%' OR INFO LIKE 'REPLACE%')")) {
      while (rs.next()) {
        ids.add(rs.getString(1) + "@processlist");
      }
    }
    return ids;
  }

  private static Set<String> waiting(Statement s) throws SQLException {
    Set<String> ids = new HashSet<>();
    try (ResultSet rs = s.executeQuery("SELECT trx_mysql_thread_id, trx_wait_started FROM information_schema.innodb_trx"
        + " WHERE trx_state = 'LOCK WAIT'")) {
      while (rs.next()) {
        ids.add(rs.getString(1) + "@" + rs.getString(2));
      }
    }
    return ids;
  }

  /** Waits until {@code attempts} different lock waits have been seen. */
  private static void awaitWaits(Statement s, int attempts, Future<?> op) throws Exception {
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < 6000 && seen.size() < attempts; i++) {
      seen.addAll(waiting(s));
      if (attempts == 1 && seen.isEmpty()) {
        // INNODB_TRX does not always show the wait on a quiet machine; a write statement that has
        // been running for a second without finishing is blocked just the same.
        seen.addAll(blockedWrites(s));
      }
      if (op.isDone()) {
        fail("the operation ended before " + attempts + " lock waits were seen: " + op.get());
      }
      Thread.sleep(10);
    }
    assertTrue(seen.size() >= attempts, "lock waits seen: " + seen);
  }

  /** Waits until the binding's own retry counter (what the totals line prints) is above 0. */
  private static void awaitRetries(MyToplingDbClient db, Future<?> op) throws Exception {
    java.lang.reflect.Field f = MyToplingDbClient.class.getDeclaredField("rt");
    f.setAccessible(true);
    SharedRuntime rt = (SharedRuntime) f.get(db);
    for (int i = 0; i < 6000 && rt.lockRetries.sum() == 0; i++) {
      if (op.isDone()) {
        fail("the operation ended before a retry: " + op.get());
      }
      Thread.sleep(10);
    }
    assertTrue(rt.lockRetries.sum() > 0, "no retry within 60 s");
  }

  @Test
  void lockWaitTimeoutIsRetriedAndCounted() throws Exception {
    TestServer s = TestServers.innodb();
    String table = "lock_wait_retry";
    try (Client client = new Client(props(s, table, "db.lockretries", "20"));
         Connection holder = s.connect(); Connection watcher = s.connect(); Statement w = watcher.createStatement()) {
      try (Statement h = holder.createStatement()) {
        h.execute("INSERT INTO " + table + " (YCSB_KEY, FIELD0) VALUES ('k1', 'before')");
        holder.setAutoCommit(false);
        h.executeQuery("SELECT * FROM " + table + " WHERE YCSB_KEY = 'k1' FOR UPDATE").close();
      }
      Future<Status> update = pool.submit(() -> client.db.update(table, "k1", value("after")));
      // Hold the lock until the binding has retried at least once: its first attempt timed out.
      awaitRetries(client.db, update);
      holder.commit();
      assertEquals(Status.OK, update.get(60, TimeUnit.SECONDS));
      try (ResultSet rs = w.executeQuery("SELECT FIELD0 FROM " + table + " WHERE YCSB_KEY = 'k1'")) {
        rs.next();
        assertEquals("after", rs.getString(1));
      }
      client.close();
      Totals totals = client.totals();
      assertTrue(totals.get("lock_retries") >= 1, totals::toString);
      assertEquals(0, totals.get("errors"), totals::toString);
    }
  }

  @Test
  void lockWaitTimeoutWithoutRetriesIsAnErrorNamedOnce() throws Exception {
    TestServer s = TestServers.innodb();
    String table = "lock_wait_fail";
    try (Client client = new Client(props(s, table, "db.lockretries", "0"));
         Connection holder = s.connect(); Statement h = holder.createStatement()) {
      h.execute("INSERT INTO " + table + " (YCSB_KEY, FIELD0) VALUES ('k1', 'before')");
      holder.setAutoCommit(false);
      h.executeQuery("SELECT * FROM " + table + " WHERE YCSB_KEY = 'k1' FOR UPDATE").close();
      assertEquals(Status.ERROR, client.db.update(table, "k1", value("after")));
      assertEquals(Status.ERROR, client.db.update(table, "k1", value("after")));
      holder.rollback();
      try (ResultSet rs = h.executeQuery("SELECT FIELD0 FROM " + table + " WHERE YCSB_KEY = 'k1'")) {
        rs.next();
        assertEquals("before", rs.getString(1), "the failed updates changed nothing");
      }
      client.close();
      Totals totals = client.totals();
      assertEquals(0, totals.get("lock_retries"), totals::toString);
      assertEquals(2, totals.get("errors"), totals::toString);
      assertEquals(1, client.stderr().lines().filter(l -> l.startsWith("[mytopling] error: UPDATE failed")
          && l.contains("Lock wait timeout")).count(), client.stderr());
    }
  }

  @Test
  void manualCommitWritesLostWithTheirTransactionAreCounted() throws Exception {
    TestServer s = TestServers.innodb();
    String table = "lock_manual_commit";
    // Commit every 3 writes: the first update is reported OK and still uncommitted when the
    // second one times out and the binding rolls the transaction back.
    try (Client client = new Client(props(s, table, "db.lockretries", "0", "jdbc.autocommit", "false",
        "db.batchsize", "3"));
         Connection holder = s.connect(); Statement h = holder.createStatement()) {
      h.execute("INSERT INTO " + table + " (YCSB_KEY, FIELD0) VALUES ('k0', 'before'), ('k1', 'before')");
      holder.setAutoCommit(false);
      h.executeQuery("SELECT * FROM " + table + " WHERE YCSB_KEY = 'k1' FOR UPDATE").close();
      assertEquals(Status.OK, client.db.update(table, "k0", value("after")));
      assertEquals(Status.ERROR, client.db.update(table, "k1", value("after")));
      holder.rollback();
      try (ResultSet rs = h.executeQuery("SELECT FIELD0 FROM " + table + " WHERE YCSB_KEY = 'k0'")) {
        rs.next();
        assertEquals("before", rs.getString(1), "the acknowledged update of k0 was rolled back");
      }
      client.close();
      Totals totals = client.totals();
      assertEquals(1, totals.get("rolled_back_writes"), "the lost acknowledged write is counted: " + totals);
      assertEquals(1, totals.get("errors"), totals::toString);
    }
  }

  @Test
  void deadlockOfABatchedUpsertIsRetriedAndBothRowsAreStored() throws Exception {
    TestServer s = TestServers.innodb();
    String table = "lock_deadlock";
    // A long lock-wait timeout: after the deadlock the retried statement waits for the other
    // transaction's rollback, however slow the machine, and never times out.
    // The multi-row INSERT path: one statement locks both keys, so the opposite order deadlocks.
    try (Client client = new Client(props(s, 60, table, "dotransactions", "false", "db.batchsize", "2", "jdbc.batchupdateapi", "true",
        "db.upsert", "true", "db.bulkload", "insert"));
         Connection other = s.connect(); Statement o = other.createStatement();
         Connection watcher = s.connect(); Statement w = watcher.createStatement()) {
      StringBuilder rows = new StringBuilder("INSERT INTO " + table + " (YCSB_KEY, FIELD0) VALUES ('a', 'old'), ('b', 'old')");
      for (int i = 0; i < 50; i++) {
        rows.append(", ('filler").append(i).append("', 'x')");
      }
      o.execute(rows.toString());
      other.setAutoCommit(false);
      // The other transaction is made heavier (50 rows changed) so InnoDB picks the binding's
      // one-statement transaction as the deadlock victim; then it locks b.
      o.execute("UPDATE " + table + " SET FIELD0 = 'y' WHERE YCSB_KEY LIKE 'filler%'");
      o.executeQuery("SELECT * FROM " + table + " WHERE YCSB_KEY = 'b' FOR UPDATE").close();
      assertEquals(Status.BATCHED_OK, client.db.insert(table, "a", value("va")));
      // The batch writes a, then waits for b, which the other transaction holds.
      Future<Status> flush = pool.submit(() -> client.db.insert(table, "b", value("vb")));
      awaitWaits(w, 1, flush);
      // Now the other transaction wants a: a cycle, which InnoDB breaks at once.
      o.executeQuery("SELECT * FROM " + table + " WHERE YCSB_KEY = 'a' FOR UPDATE").close();
      other.rollback();
      assertEquals(Status.OK, flush.get(60, TimeUnit.SECONDS));
      client.close();
      Totals totals = client.totals();
      assertEquals(1, totals.get("lock_retries"), "the deadlock was retried once: " + totals);
      assertEquals(2, totals.get("stored"), totals::toString);
      assertEquals(0, totals.get("errors"), totals::toString);
      Map<String, String> stored = new HashMap<>();
      try (ResultSet rs = w.executeQuery("SELECT YCSB_KEY, FIELD0 FROM " + table + " WHERE YCSB_KEY IN ('a', 'b')")) {
        while (rs.next()) {
          stored.put(rs.getString(1), rs.getString(2));
        }
      }
      assertEquals(Map.of("a", "va", "b", "vb"), stored);
    }
  }
}
