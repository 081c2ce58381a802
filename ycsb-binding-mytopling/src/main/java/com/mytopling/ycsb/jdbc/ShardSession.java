package com.mytopling.ycsb.jdbc;

import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.core.dialect.TableLayout;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * One client thread's connection to one shard, with that connection's prepared statements, its
 * insert buffer and batch writer, and the accounting of the rows it stored. Not thread-safe:
 * YCSB gives every client thread its own DB instance.
 *
 * <p>When the connection dies the session is marked broken, and the next operation reconnects
 * before it runs, waiting as an application would (attempts with a backoff of 50 ms doubling
 * to 1 s) for at most db.reconnecttimeout; only then does it fail. So a server that is down
 * costs each thread the operation that found it down, not an operation failed per
 * microsecond until it is back.
 */
final class ShardSession implements OperationWatchdog.Watched {
  private static final long FIRST_BACKOFF_NANOS = 50_000_000L;
  private static final long MAX_BACKOFF_NANOS = 1_000_000_000L;

  private final SharedRuntime rt;
  private final int shard;
  private Connection connection;
  private boolean broken;
  private long backoffNanos = FIRST_BACKOFF_NANOS;
  private long nextAttemptNanos;
  private final long reconnectWaitNanos;
  private int writesSinceCommit;

  final StatementCache reads;
  final StatementCache scans;
  final StatementCache updates;
  final StatementCache inserts;
  private PreparedStatement delete;
  /** Buffered rows and how they are sent (db.bulkload): both null unless inserts are batched. */
  final InsertBuffer buffer;
  final BatchWriter writer;
  final BatchOutcome outcome = new BatchOutcome();
  private final SessionMode mode;
  final RowAccounting accounting;
  /** When the running operation started (System.nanoTime), 0 when idle: read by the watchdog. */
  private volatile long busySince;
  /** The server's id of the connection's session (db settles lost batches), and of the session last lost. */
  private long sessionId;
  private long lostSessionId;
  /** The connection's socket when the driver made it through BlockingSockets, else null; closed by the watchdog. */
  private volatile java.net.Socket socket;

  ShardSession(SharedRuntime rt, int shard) throws SQLException {
    this.rt = rt;
    this.shard = shard;
    TableLayout t = rt.layout;
    long all = t.allFields();
    this.reads = new StatementCache(all, m -> rt.dialect.read(t, m));
    this.scans = new StatementCache(all, m -> rt.dialect.scan(t, m));
    this.updates = new StatementCache(all, m -> rt.dialect.update(t, m));
    this.inserts = new StatementCache(all, m -> rt.dialect.insert(t, m, 1, rt.config.upsert));
    boolean batching = rt.config.batching();
    this.buffer = batching ? new InsertBuffer(t, rt.config.batchSize) : null;
    this.writer = batching ? BatchWriter.of(rt.bulkMode, rt) : null;
    this.mode = SessionMode.of(rt);
    this.accounting = new RowAccounting(rt.rows, !rt.config.autoCommit, mode.holdsRows());
    this.reconnectWaitNanos = rt.config.reconnectTimeoutMs * 1_000_000L;
    open();
    if (rt.watchdog != null) {
      rt.watchdog.register(this);
    }
  }

  @Override
  public long busySinceNanos() {
    return busySince;
  }

  /**
   * db.sockettimeout passed: closing the connection's socket (both MySQL-protocol drivers, through BlockingSockets)
   * or aborting the connection (other drivers) makes the blocked read fail as a lost connection.
   */
  @Override
  public void abortStuck(long waitedMs) {
    Connection c = connection;
    if (c != null && busySince != 0) {
      busySince = 0;
      rt.log.println("[mytopling] shard " + (shard + 1) + ": no answer in " + waitedMs
          + " ms (" + Registry.DB_SOCKETTIMEOUT.name() + "); connection aborted, it reconnects");
      java.net.Socket s = socket;
      try {
        if (s != null) {
          s.close();
        } else {
          c.abort(Runnable::run);
        }
      } catch (java.io.IOException | SQLException | RuntimeException ignored) {
        // The owner's blocked call reports the failure.
      }
    }
  }

  private void open() throws SQLException {
    com.mytopling.ycsb.core.connect.BlockingSockets.forget();
    Connection c = rt.open(shard);
    socket = com.mytopling.ycsb.core.connect.BlockingSockets.takeLast();
    try {
      c.setAutoCommit(rt.config.autoCommit);
      rt.noteTls(c);
      mode.begin(c);
      if (rt.config.settlesLostBatches()) {
        // From the driver where it knows it: a statement here would count among the workload's in the server's
        // counters, once per client thread.
        long known = com.mytopling.ycsb.core.connect.DriverSessions.sessionId(c);
        sessionId = known >= 0 ? known : firstLong(c, rt.dialect.sessionId(), 0);
      }
    } catch (SQLException e) {
      StatementCache.closeQuietly(c);
      throw e;
    }
    connection = c;
    broken = false;
  }

  /**
   * The live connection. A broken one is reopened first, waiting for the server for at most
   * db.reconnecttimeout; when it is still down then, the operation fails as a lost connection.
   */
  Connection connection() throws SQLException {
    if (broken) {
      reconnect();
    }
    if (rt.watchdog != null) {
      busySince = System.nanoTime(); // every operation starts here; cleared in after*/rollbackQuietly
    }
    return connection;
  }

  private void reconnect() throws SQLException {
    long deadline = System.nanoTime() + reconnectWaitNanos;
    SQLException last = null;
    while (true) {
      long now = System.nanoTime();
      long wait = nextAttemptNanos - now;
      if (wait > 0) {
        if (nextAttemptNanos - deadline > 0) {
          SQLException down = new SQLException("shard " + (shard + 1) + " is down: no connection within "
              + Registry.DB_RECONNECTTIMEOUT.name() + "=" + rt.config.reconnectTimeoutMs + " ms", "08001", last);
          throw down;
        }
        sleep(wait);
      }
      try {
        open();
        rt.reconnects.increment();
        backoffNanos = FIRST_BACKOFF_NANOS;
        return;
      } catch (SQLException e) {
        last = e;
        nextAttemptNanos = System.nanoTime() + backoffNanos;
        backoffNanos = Math.min(MAX_BACKOFF_NANOS, backoffNanos * 2);
      }
    }
  }

  private void sleep(long nanos) throws SQLException {
    try {
      Thread.sleep(nanos / 1_000_000L, (int) (nanos % 1_000_000L));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SQLException("interrupted while waiting to reconnect to shard " + (shard + 1), "08001", e);
    }
  }

  PreparedStatement delete() throws SQLException {
    Connection c = connection();
    if (delete == null) {
      delete = c.prepareStatement(rt.dialect.delete(rt.layout));
    }
    return delete;
  }

  /**
   * After a statement that wrote {@code writes} rows: with jdbc.autocommit=false, commits every
   * db.batchsize writes (each row of a batch counts as one, so a full batch commits at once).
   * Returns true when no transaction holds these writes any more. When the commit fails, the
   * writes of this statement are not counted among the acknowledged writes it rolls back.
   */
  boolean afterWrite(int writes) throws SQLException {
    busySince = 0;
    if (rt.config.autoCommit) {
      return true;
    }
    writesSinceCommit += writes;
    if (writesSinceCommit < rt.config.batchSize) {
      return false;
    }
    try {
      connection.commit();
    } catch (SQLException e) {
      writesSinceCommit -= writes;
      throw e;
    }
    writesSinceCommit = 0;
    accounting.committed();
    return true;
  }

  /** The operation ended without writing (a skipped row, a read). */
  void idle() {
    busySince = 0;
  }

  /** With jdbc.autocommit=false, a read ends its transaction so later reads see fresh data. */
  void afterRead() throws SQLException {
    if (!rt.config.autoCommit && writesSinceCommit == 0) {
      connection.commit();
    }
    busySince = 0;
  }

  /**
   * After a failure: rolls back an open transaction. Writes already reported OK go with it (or
   * with the dead connection); they cannot be un-reported, so they are counted, and the rows
   * among them move from stored to failed.
   */
  void rollbackQuietly() {
    busySince = 0;
    if (!rt.config.autoCommit && connection != null && !broken) {
      try {
        connection.rollback();
      } catch (SQLException ignored) {
        // The failure that led here is what gets reported.
      }
    }
    if (!rt.config.autoCommit) {
      accounting.rolledBack(writesSinceCommit);
      writesSinceCommit = 0;
    }
  }

  /** The connection died: dropped, so that the next operation reconnects (and waits for it). */
  void connectionLost() {
    if (broken) {
      return;
    }
    broken = true;
    lostSessionId = sessionId;
    nextAttemptNanos = System.nanoTime() + backoffNanos;
    if (mode.holdsRows()) {
      // Bulk load that never ended on that connection: its rows cannot be vouched for.
      accounting.bulkLoadLost();
    }
    closeStatements();
    StatementCache.closeQuietly(connection);
  }

  /**
   * The keys of the buffered rows that the table holds, after their batch was sent on a connection that was then lost
   * (db settles lost batches): the server may have stored the batch, or part of it, before the connection went. Reconnects
   * (waiting as any operation does, at most db.reconnecttimeout), waits until the lost session's statement has ended on
   * the server (committed or rolled back; at most db.reconnecttimeout more), then asks. Throws when the server cannot
   * be asked; the rows are in doubt then.
   */
  java.util.Set<String> storedKeysOfLostBatch(InsertBuffer rows) throws SQLException {
    Connection c = connection();
    try {
      long deadline = System.nanoTime() + reconnectWaitNanos;
      try (PreparedStatement running = c.prepareStatement(rt.dialect.sessionRunning())) {
        running.setLong(1, lostSessionId);
        while (lostSessionId != 0 && firstLong(running, 0) > 0) {
          if (System.nanoTime() - deadline > 0) {
            throw new SQLException("the lost session " + lostSessionId + " was still running its statement after "
                + Registry.DB_RECONNECTTIMEOUT.name() + "=" + rt.config.reconnectTimeoutMs + " ms", "HY000");
          }
          sleep(20_000_000L);
        }
      }
      java.util.Set<String> found = new java.util.HashSet<>();
      try (PreparedStatement ps = c.prepareStatement(rt.dialect.existingKeys(rt.layout, rows.rows()))) {
        for (int r = 0; r < rows.rows(); r++) {
          ps.setString(r + 1, rows.key(r));
        }
        try (java.sql.ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            found.add(rs.getString(1));
          }
        }
      }
      return found;
    } finally {
      idle();
    }
  }

  private static long firstLong(Connection c, String sql, long none) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      return firstLong(ps, none);
    }
  }

  private static long firstLong(PreparedStatement ps, long none) throws SQLException {
    try (java.sql.ResultSet rs = ps.executeQuery()) {
      return rs.next() ? rs.getLong(1) : none;
    }
  }

  int shard() {
    return shard;
  }

  private void closeStatements() {
    reads.clear();
    scans.clear();
    updates.clear();
    inserts.clear();
    StatementCache.closeQuietly(delete);
    delete = null;
    if (writer != null) {
      writer.reset();
    }
  }

  /**
   * Ends the session after its last flush: commits (jdbc.autocommit=false), ends MyRocks bulk
   * load (db.rocksdb.bulkload), and closes. A commit or bulk-load end that fails loses the rows
   * it held: they are counted failed, and the error is reported.
   */
  void close() {
    busySince = 0;
    if (rt.watchdog != null) {
      rt.watchdog.unregister(this);
    }
    if (!rt.config.autoCommit && !broken && connection != null) {
      try {
        connection.commit();
        writesSinceCommit = 0;
        accounting.committed();
      } catch (SQLException e) {
        rt.errors.record("COMMIT", e);
        rollbackQuietly();
      }
    }
    if (mode.holdsRows()) {
      if (broken || connection == null) {
        accounting.bulkLoadLost();
      } else {
        try {
          mode.end(connection);
          accounting.bulkLoadEnded();
        } catch (SQLException e) {
          rt.errors.record(MyToplingDbClient.BULK_COMMIT_SERIES, e);
          accounting.bulkLoadLost();
        }
      }
    }
    closeStatements();
    StatementCache.closeQuietly(connection);
  }
}
