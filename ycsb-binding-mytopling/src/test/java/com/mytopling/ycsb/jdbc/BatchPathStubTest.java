package com.mytopling.ycsb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.core.testing.StubServer;
import com.mytopling.ycsb.jdbc.testing.Totals;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;

/**
 * The binding's row accounting and retries on failures scripted on a stub JDBC connection
 * (the core's testing.StubServer): a connection lost in the middle of a batch, a deadlock then success,
 * an executeBatch that stores part of its rows, a MyRocks bulk-load end that fails, a rolled
 * back transaction, a server that is down for a while. Each test compares the binding's totals
 * line with what the stub's table holds. The same paths run against real servers in the ITs.
 */
class BatchPathStubTest {
  private static int servers;
  private final PrintStream originalErr = System.err;
  private ByteArrayOutputStream err;
  private MyToplingDbClient client;
  private StubServer server;
  private Properties props;
  /** The binding's record of the phase (db.recordfile), which the totals are read from. */
  private java.nio.file.Path record;

  @BeforeAll
  static void noExit() {
    System.setProperty(MyToplingDbClient.EXIT_ON_FATAL, "false");
    Measurements.setProperties(new Properties());
  }

  @AfterEach
  void restoreErr() throws Exception {
    if (client != null) {
      finish();
    }
    System.setErr(originalErr);
  }

  /** A client thread's binding on a fresh stub server, for a load (dotransactions=false) unless kv says otherwise. */
  private MyToplingDbClient start(String engine, String... kv) throws Exception {
    String name = "stub" + (++servers);
    server = StubServer.start(name, engine);
    Properties p = new Properties();
    p.setProperty("db.url", StubServer.url(name) + "?password=urlSecret1");
    p.setProperty("db.driveroptions", "false");
    p.setProperty("db.sockettimeout", "0");
    p.setProperty("table", "t");
    p.setProperty("fieldcount", "2");
    p.setProperty("dotransactions", "false");
    record = java.nio.file.Files.createTempDirectory(name).resolve("binding-load.json");
    p.setProperty("db.recordfile", record.toString());
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    props = p;
    err = new ByteArrayOutputStream();
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    client = new MyToplingDbClient();
    client.setProperties(p);
    client.init();
    return client;
  }

  /** Cleans the client up (last flush, commit, bulk-load end) and returns the totals of its record. */
  private Totals finish() throws Exception {
    try {
      client.cleanup();
    } finally {
      client = null;
      System.setErr(originalErr);
      originalErr.print(err.toString(StandardCharsets.UTF_8));
    }
    return Totals.of(record);
  }

  /** Values that can be read once, like YCSB's RandomByteIterator: a second read gets nothing. */
  private static final class ReadOnce extends ByteIterator {
    private final byte[] bytes;
    private int off;

    ReadOnce(String s) {
      bytes = s.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public boolean hasNext() {
      return off < bytes.length;
    }

    @Override
    public byte nextByte() {
      return bytes[off++];
    }

    @Override
    public long bytesLeft() {
      return bytes.length - off;
    }
  }

  private static Map<String, ByteIterator> row(String key) {
    Map<String, ByteIterator> m = new HashMap<>();
    m.put("field0", new ReadOnce(key + "-a"));
    m.put("field1", new ReadOnce(key + "-b"));
    return m;
  }

  private void assertStored(String... keys) {
    Map<String, Map<String, String>> t = server.table();
    assertEquals(List.of(keys), List.copyOf(t.keySet()), "keys in the table");
    for (String k : keys) {
      assertEquals(Map.of("FIELD0", k + "-a", "FIELD1", k + "-b"), t.get(k), k);
    }
  }

  @Test
  void lostConnectionMidBatchLosesThatBatchAndTheRetriedInsertKeepsItsValues() throws Exception {
    MyToplingDbClient c = start("InnoDB", "db.batchsize", "5", "jdbc.batchupdateapi", "true", "db.bulkload", "insert");
    for (int i = 0; i < 4; i++) {
      assertEquals(Status.BATCHED_OK, c.insert("t", "k" + i, row("k" + i)));
    }
    server.loseConnection("INSERT");
    Map<String, ByteIterator> k4 = row("k4");
    assertEquals(Status.SERVICE_UNAVAILABLE, c.insert("t", "k4", k4));
    // YCSB's insertion retry: the same key and map, whose values were read to the end.
    assertEquals(Status.BATCHED_OK, c.insert("t", "k4", k4));
    for (int i = 5; i < 8; i++) {
      assertEquals(Status.BATCHED_OK, c.insert("t", "k" + i, row("k" + i)));
    }
    assertEquals(Status.OK, c.insert("t", "k8", row("k8")));
    Totals totals = finish();
    assertStored("k4", "k5", "k6", "k7", "k8");
    assertEquals(5, totals.get("stored"), totals::toString);
    assertEquals(4, totals.get("failed"), "k0..k3 were acknowledged and lost: " + totals);
    assertEquals(4, totals.get("acknowledged_lost"), totals::toString);
    assertEquals(1, totals.get("reconnects"), totals::toString);
    assertEquals(1, totals.get("errors"), totals::toString);
  }

  /**
   * Issue 23: the server stored a batch and the connection was lost before its answer (a reset in the network, a
   * crash after the commit). The binding reconnects, asks which keys the table holds, and counts the batch stored: the
   * insert that sent it succeeds, nothing is counted failed, and the totals match the table. Before, the five rows
   * were counted failed (four of them acknowledged_lost) while the table held them.
   */
  @Test
  void aBatchWhoseAnswerWasLostIsCountedByWhatTheTableHolds() throws Exception {
    MyToplingDbClient c = start("InnoDB", "db.batchsize", "5", "jdbc.batchupdateapi", "true", "db.bulkload", "insert");
    for (int i = 0; i < 4; i++) {
      assertEquals(Status.BATCHED_OK, c.insert("t", "k" + i, row("k" + i)));
    }
    server.loseAnswer("INSERT");
    assertEquals(Status.OK, c.insert("t", "k4", row("k4")), "the batch is in the table");
    assertEquals(Status.BATCHED_OK, c.insert("t", "k5", row("k5")));
    Totals totals = finish();
    assertStored("k0", "k1", "k2", "k3", "k4", "k5");
    assertEquals(6, totals.get("stored"), totals::toString);
    assertEquals(0, totals.get("failed"), totals::toString);
    assertEquals(1, totals.get("reconnects"), totals::toString);
    assertEquals(1, totals.get("errors"), "the lost connection is still counted as an error: " + totals);
  }

  /** The same with the batch lost before the server had it: the table does not hold it, and it is counted failed. */
  @Test
  void aBatchLostBeforeTheServerHadItIsCountedFailedAfterAsking() throws Exception {
    MyToplingDbClient c = start("InnoDB", "db.batchsize", "3", "jdbc.batchupdateapi", "true", "db.bulkload", "batchapi");
    for (int i = 0; i < 2; i++) {
      assertEquals(Status.BATCHED_OK, c.insert("t", "k" + i, row("k" + i)));
    }
    server.loseConnection("INSERT");
    assertEquals(Status.SERVICE_UNAVAILABLE, c.insert("t", "k2", row("k2")));
    Totals totals = finish();
    assertStored();
    assertEquals(0, totals.get("stored"), totals::toString);
    assertEquals(3, totals.get("failed"), totals::toString);
    assertEquals(2, totals.get("acknowledged_lost"), totals::toString);
  }

  /**
   * The binding's record (db.recordfile): written at start with the connection and how inserts go, then at the end
   * with the same figures as its totals line and each kind of error; no password reaches it, neither the URL's nor
   * db.passwd echoed in a server's message.
   */
  @Test
  void theRecordHoldsTheConnectionTotalsAndErrorsAndNoPassword() throws Exception {
    MyToplingDbClient c = start("InnoDB", "db.batchsize", "3", "jdbc.batchupdateapi", "true", "db.bulkload", "insert",
        "db.passwd", "passSecret2");
    java.nio.file.Path atStart = record.resolveSibling("at-start.json");
    java.nio.file.Files.copy(record, atStart);
    com.mytopling.ycsb.core.record.RunRecord started = com.mytopling.ycsb.core.record.RunRecordReader.read(atStart);
    assertFalse(started.finished, "before the end the record has no totals");
    assertEquals(null, started.rows);
    assertEquals("mysql", started.connection.dialect);
    assertEquals("InnoDB", started.connection.engine);
    assertEquals(List.of(props.getProperty("db.url").replace("urlSecret1", "*****")), started.connection.urls);
    assertEquals("insert", started.inserts.bulkMode);
    assertEquals(3, started.inserts.rowsPerBatch);
    assertEquals("load", started.phase);

    server.fail("INSERT", 1, new java.sql.SQLException("Access denied, password 'passSecret2' rejected", "28000", 1045));
    for (int i = 0; i < 6; i++) {
      c.insert("t", "k" + i, row("k" + i));
    }
    Totals totals = finish();
    assertStored("k3", "k4", "k5");
    assertEquals(3, totals.get("stored"), totals::toString);
    assertEquals(3, totals.get("failed"), totals::toString);
    assertEquals(2, totals.get("acknowledged_lost"), "k0 and k1 were acknowledged BATCHED_OK: " + totals);
    assertEquals(1, totals.get("errors"), totals::toString);
    com.mytopling.ycsb.core.record.RunRecord.ErrorKind error = totals.record().errors.get(0);
    assertEquals("INSERT-BATCH", error.operation, totals::toString);
    assertEquals("28000/1045", error.kind);
    assertEquals(1, error.count);
    assertTrue(error.message.contains("password '*****' rejected"), error.message);
    String text = java.nio.file.Files.readString(record);
    assertFalse(text.contains("passSecret2") || text.contains("urlSecret1"), text);
    assertTrue(totals.record().finished);
  }

  /** A binding that cannot start writes a record saying why (its fatal line), finished, with no password in it. */
  @Test
  void aBindingThatCannotStartRecordsWhy() throws Exception {
    java.nio.file.Path file = java.nio.file.Files.createTempDirectory("no-server").resolve("binding-load.json");
    Properties p = new Properties();
    // Port 1 on the loopback: nothing listens, the connection is refused at once.
    p.setProperty("db.url", "jdbc:mysql://127.0.0.1:1/ycsb?user=u&password=urlSecret1");
    p.setProperty("db.passwd", "passSecret2");
    p.setProperty("db.connecttimeout", "2000");
    p.setProperty("dotransactions", "false");
    p.setProperty("db.recordfile", file.toString());
    MyToplingDbClient c = new MyToplingDbClient();
    c.setProperties(p);
    assertThrows(site.ycsb.DBException.class, c::init);
    com.mytopling.ycsb.core.record.RunRecord r = com.mytopling.ycsb.core.record.RunRecordReader.read(file);
    assertTrue(r.finished);
    assertEquals("load", r.phase);
    assertTrue(r.failure != null && r.failure.contains("127.0.0.1:1"), String.valueOf(r.failure));
    String text = java.nio.file.Files.readString(file);
    assertFalse(text.contains("urlSecret1") || text.contains("passSecret2"), text);
  }

  @Test
  void theRetryOfASingleInsertThatLostItsConnectionSendsItsValues() throws Exception {
    MyToplingDbClient c = start("InnoDB");
    server.loseConnection("INSERT");
    Map<String, ByteIterator> k0 = row("k0");
    assertEquals(Status.SERVICE_UNAVAILABLE, c.insert("t", "k0", k0));
    assertEquals(Status.OK, c.insert("t", "k0", k0));
    Totals totals = finish();
    assertStored("k0");
    assertEquals(1, totals.get("stored"), totals::toString);
    assertEquals(0, totals.get("failed"), "the retry stored the row: " + totals);
    assertEquals(0, totals.get("acknowledged_lost"), totals::toString);
  }

  @Test
  void aDeadlockIsRetriedAndTheBatchStoredOnce() throws Exception {
    MyToplingDbClient c = start("InnoDB", "db.batchsize", "5", "jdbc.batchupdateapi", "true", "db.bulkload", "insert");
    server.fail("INSERT", 1, StubServer.deadlock());
    for (int i = 0; i < 4; i++) {
      c.insert("t", "k" + i, row("k" + i));
    }
    assertEquals(Status.OK, c.insert("t", "k4", row("k4")));
    Totals totals = finish();
    assertStored("k0", "k1", "k2", "k3", "k4");
    assertEquals(2, server.statements("INSERT"), "the statement was sent again once");
    assertEquals(1, totals.get("lock_retries"), totals::toString);
    assertEquals(5, totals.get("stored"), totals::toString);
    assertEquals(0, totals.get("failed"), totals::toString);
    assertEquals(0, totals.get("errors"), totals::toString);
  }

  @Test
  void aPartlyStoredExecuteBatchIsNeverSentAgain() throws Exception {
    MyToplingDbClient c = start("InnoDB", "db.batchsize", "5", "jdbc.batchupdateapi", "true", "db.bulkload", "batchapi");
    // Even a failure that is otherwise retried (a deadlock): resending would store 3 rows twice.
    server.partialBatch(3, StubServer.deadlock());
    for (int i = 0; i < 4; i++) {
      c.insert("t", "k" + i, row("k" + i));
    }
    Map<String, ByteIterator> k4 = row("k4");
    assertEquals(Status.ERROR, c.insert("t", "k4", k4));
    // YCSB's insertion retry: k4 may be among the stored rows, so it is not sent again.
    assertEquals(Status.ERROR, c.insert("t", "k4", k4));
    Totals totals = finish();
    assertStored("k0", "k1", "k2");
    assertEquals(1, server.executeBatches.get(), "sent once");
    assertEquals(3, totals.get("stored"), totals::toString);
    assertEquals(2, totals.get("failed"), totals::toString);
    assertEquals(0, totals.get("lock_retries"), totals::toString);
    assertEquals(1, totals.get("acknowledged_lost"), "k3 was acknowledged; k4 got the error: " + totals);
  }

  /**
   * Ending MyRocks bulk load fails: every row the session stored, whichever way it went (one at a
   * time, in batches, or row by row after a batch hit an existing key), is counted failed.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"single", "batch", "skip-existing"})
  void aFailedBulkLoadEndCountsTheSessionsRowsFailed(String path) throws Exception {
    String[] kv = switch (path) {
      case "single" -> new String[] {"db.rocksdb.bulkload", "true"};
      case "batch" -> new String[] {"db.rocksdb.bulkload", "true", "db.batchsize", "4", "jdbc.batchupdateapi", "true",
          "db.bulkload", "insert"};
      default -> new String[] {"db.rocksdb.bulkload", "true", "db.batchsize", "4", "jdbc.batchupdateapi", "true",
          "db.bulkload", "insert", "db.insertexisting", "skip"};
    };
    MyToplingDbClient c = start("ROCKSDB", kv);
    if (path.equals("skip-existing")) {
      server.put("k2", Map.of("FIELD0", "old", "FIELD1", "old"));
    }
    server.fail("SET SESSION rocksdb_bulk_load=0", 1, new java.sql.SQLException(
        "Rows inserted during bulk load must not overlap existing rows", "HY000", 1105));
    for (int i = 0; i < 10; i++) {
      assertTrue(c.insert("t", "k" + i, row("k" + i)).isOk(), "k" + i);
    }
    Totals totals = finish();
    boolean skip = path.equals("skip-existing");
    assertEquals(skip ? 1 : 0, server.table().size(), "nothing the session loaded is in the table");
    assertEquals(0, totals.get("stored"), totals::toString);
    assertEquals(skip ? 9 : 10, totals.get("failed"), totals::toString);
    assertEquals(skip ? 9 : 10, totals.get("acknowledged_lost"), "every row had been acknowledged: " + totals);
    if (skip) {
      assertEquals(1, totals.get("skipped"), totals::toString);
    }
  }

  @Test
  void rowsOfARolledBackTransactionAreCountedFailed() throws Exception {
    MyToplingDbClient c = start("InnoDB", "jdbc.autocommit", "false", "db.batchsize", "4", "db.lockretries", "0");
    assertEquals(Status.OK, c.insert("t", "k0", row("k0")));
    assertEquals(Status.OK, c.insert("t", "k1", row("k1")));
    server.fail("UPDATE", 1, StubServer.deadlock());
    Map<String, ByteIterator> v = new HashMap<>();
    v.put("field0", new site.ycsb.StringByteIterator("x"));
    assertEquals(Status.ERROR, c.update("t", "k0", v));
    for (int i = 2; i < 6; i++) {
      assertEquals(Status.OK, c.insert("t", "k" + i, row("k" + i)));
    }
    Totals totals = finish();
    assertStored("k2", "k3", "k4", "k5");
    assertEquals(4, totals.get("stored"), totals::toString);
    assertEquals(2, totals.get("failed"), "k0 and k1 went with the rolled back transaction: " + totals);
    assertEquals(2, totals.get("rolled_back_writes"), totals::toString);
    assertEquals(2, totals.get("acknowledged_lost"), totals::toString);
  }

  @Test
  void anOperationOnAShardThatIsDownWaitsForTheReconnect() throws Exception {
    MyToplingDbClient c = start("InnoDB", "db.reconnecttimeout", "60000");
    assertEquals(Status.OK, c.insert("t", "k0", row("k0")));
    int connects = server.connects.get();
    server.refuseConnects(3);
    Map<String, ByteIterator> result = new HashMap<>();
    assertEquals(Status.SERVICE_UNAVAILABLE, c.read("t", "k0", null, result), "the operation that finds it down");
    for (int i = 0; i < 5; i++) {
      assertEquals(Status.OK, c.read("t", "k0", null, result), "read " + i + " waits for the server");
    }
    assertEquals(connects + 4, server.connects.get(), "3 refused attempts, then one that worked");
    Totals totals = finish();
    assertEquals(1, totals.get("reconnects"), totals::toString);
    assertEquals(1, totals.get("errors"), totals::toString);
  }

  @Test
  void anOperationGivesUpAfterTheReconnectTimeout() throws Exception {
    MyToplingDbClient c = start("InnoDB", "db.reconnecttimeout", "300");
    assertEquals(Status.OK, c.insert("t", "k0", row("k0")));
    server.refuseConnects(Integer.MAX_VALUE);
    Map<String, ByteIterator> result = new HashMap<>();
    assertEquals(Status.SERVICE_UNAVAILABLE, c.read("t", "k0", null, result));
    int connects = server.connects.get();
    assertEquals(Status.SERVICE_UNAVAILABLE, c.read("t", "k0", null, result));
    assertTrue(server.connects.get() - connects >= 2, "it tried to reconnect more than once before giving up");
    server.refuseConnects(0);
    assertEquals(Status.OK, c.read("t", "k0", null, result));
    finish();
  }

  /**
   * A launcher's prepare handle (scripts/ycsb) reads the run's totals after every client thread's
   * cleanup (the final flush) and after closing the handle: they are final then, equal to the
   * totals line, and stay so when the JVM runs the binding again.
   */
  @Test
  void thePrepareHandleKeepsTheFinalTotalsAfterItIsClosed() throws Exception {
    MyToplingDbClient c = start("InnoDB", "db.batchsize", "5", "jdbc.batchupdateapi", "true", "db.bulkload", "insert");
    MyToplingDbClient.Prepared handle = MyToplingDbClient.prepare(props);
    for (int i = 0; i < 7; i++) {
      assertTrue(c.insert("t", "k" + i, row("k" + i)).isOk(), "k" + i);
    }
    server.fail("INSERT", 1, new java.sql.SQLException("Data too long for column 'FIELD1'", "22001", 1406));
    c.cleanup(); // the last two rows fail at the final flush
    client = null;
    BindingTotals beforeClose = handle.totals();
    handle.close();
    handle.close(); // a second close changes nothing
    BindingTotals closed = handle.totals();
    System.setErr(originalErr);
    Totals line = Totals.of(record);
    assertStored("k0", "k1", "k2", "k3", "k4");
    assertEquals(beforeClose, closed);
    assertEquals(5, closed.rowsStored(), closed::toString);
    assertEquals(2, closed.rowsFailed(), closed::toString);
    assertEquals(2, closed.rowsLost(), "both were acknowledged BATCHED_OK: " + closed);
    assertEquals("2 rows were not stored (see the binding's totals and error lines)", closed.lossFailing(true));
    assertEquals("2 rows acknowledged to YCSB were not stored (see the binding's totals and error lines)",
        closed.lossFailing(false));
    assertEquals(line.get("stored"), closed.rowsStored(), line::toString);
    assertEquals(line.get("failed"), closed.rowsFailed(), line::toString);
    assertTrue(!closed.complete(), closed::toString);

    // A later run in the same JVM has totals of its own.
    MyToplingDbClient next = start("InnoDB");
    assertEquals(Status.OK, next.insert("t", "n0", row("n0")));
    finish();
    assertEquals(closed, handle.totals());
  }

  /**
   * YCSB's own Client: a client thread of the run may init only after the others have finished
   * and cleaned up (seen with 16 threads on a loaded machine). It continues the run: the table is
   * not set up again (db.droptable=true dropped the rows already loaded, and YCSB exited 0), and
   * the last totals line counts the whole run.
   */
  @Test
  void aClientThreadThatStartsAfterTheOthersEndedContinuesTheRun() throws Exception {
    MyToplingDbClient first = start("InnoDB", "db.createtable", "true", "db.droptable", "true");
    assertEquals(Status.OK, first.insert("t", "k0", row("k0")));
    assertEquals(Status.OK, first.insert("t", "k1", row("k1")));
    first.cleanup();
    MyToplingDbClient late = new MyToplingDbClient();
    late.setProperties(props);
    late.init();
    client = late;
    assertEquals(Status.OK, late.insert("t", "k2", row("k2")));
    Totals totals = finish();
    assertStored("k0", "k1", "k2");
    assertEquals(3, totals.get("stored"), totals::toString);
    assertEquals(1, err.toString(StandardCharsets.UTF_8).lines().filter(l -> l.startsWith("[mytopling] connected:"))
        .count(), "the run was set up once");
    assertEquals(1, server.statements("DROP"), "the table was dropped once");
  }
}
