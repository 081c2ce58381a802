package com.mytopling.ycsb.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * One client thread's connection to one shard, with that connection's prepared statements and
 * its insert buffer. Not thread-safe: YCSB gives every client thread its own DB instance.
 * When the connection dies the session is marked broken and reopened, with bounded backoff,
 * by the next operation.
 */
final class ShardSession {
  private static final long MAX_BACKOFF_NANOS = 5_000_000_000L;
  private static final long FIRST_BACKOFF_NANOS = 50_000_000L;

  private final SharedRuntime rt;
  private final int shard;
  private Connection connection;
  private boolean broken;
  private long backoffNanos = FIRST_BACKOFF_NANOS;
  private long nextAttemptNanos;
  private int writesSinceCommit;

  final StatementCache reads;
  final StatementCache scans;
  final StatementCache updates;
  final StatementCache inserts;
  final StatementCache batchInserts;
  private PreparedStatement delete;
  final InsertBuffer buffer;

  ShardSession(SharedRuntime rt, int shard) throws SQLException {
    this.rt = rt;
    this.shard = shard;
    TableLayout t = rt.layout;
    long all = t.allFields();
    this.reads = new StatementCache(all, m -> rt.dialect.read(t, m));
    this.scans = new StatementCache(all, m -> rt.dialect.scan(t, m));
    this.updates = new StatementCache(all, m -> rt.dialect.update(t, m));
    this.inserts = new StatementCache(all, m -> rt.dialect.insert(t, m, 1, rt.config.upsert));
    this.batchInserts = new StatementCache(all, m -> rt.dialect.insert(t, m, rt.batchRows(m), rt.config.upsert));
    this.buffer = rt.config.batching() ? new InsertBuffer(t, rt.config.batchSize) : null;
    open();
  }

  private void open() throws SQLException {
    connection = rt.open(shard);
    connection.setAutoCommit(rt.config.autoCommit);
    broken = false;
  }

  /** The live connection, reopening a broken one when its backoff has passed. */
  Connection connection() throws SQLException {
    if (broken) {
      long now = System.nanoTime();
      if (now < nextAttemptNanos) {
        throw new SQLException("connection to shard " + shard + " is down; next reconnect attempt in "
            + (nextAttemptNanos - now) / 1_000_000 + " ms", "08003");
      }
      try {
        open();
        rt.reconnects.increment();
        backoffNanos = FIRST_BACKOFF_NANOS;
      } catch (SQLException e) {
        nextAttemptNanos = System.nanoTime() + backoffNanos;
        backoffNanos = Math.min(MAX_BACKOFF_NANOS, backoffNanos * 2);
        throw e;
      }
    }
    return connection;
  }

  PreparedStatement delete() throws SQLException {
    if (delete == null) {
      delete = connection().prepareStatement(rt.dialect.delete(rt.layout));
    }
    return delete;
  }

  /** A one-off statement for a partial batch (the final rows of a load). */
  PreparedStatement prepareInsert(long mask, int rows) throws SQLException {
    return connection().prepareStatement(rt.dialect.insert(rt.layout, mask, rows, rt.config.upsert));
  }

  /** With jdbc.autocommit=false: commits every db.batchsize writes (1 when not batching). */
  void afterWrite(int writes) throws SQLException {
    if (rt.config.autoCommit) {
      return;
    }
    writesSinceCommit += writes;
    if (writesSinceCommit >= rt.config.batchSize || buffer != null) {
      connection.commit();
      writesSinceCommit = 0;
    }
  }

  /** With jdbc.autocommit=false, a read ends its transaction so later reads see fresh data. */
  void afterRead() throws SQLException {
    if (!rt.config.autoCommit && writesSinceCommit == 0) {
      connection.commit();
    }
  }

  void rollbackQuietly() {
    if (!rt.config.autoCommit && connection != null && !broken) {
      try {
        connection.rollback();
      } catch (SQLException ignored) {
        // The failure that led here is what gets reported.
      }
    }
  }

  /** Called after a failure: a dead connection is dropped so the next operation reconnects. */
  void noteFailure(SQLException e) {
    if (!broken && isConnectionFailure(e)) {
      broken = true;
      nextAttemptNanos = System.nanoTime() + backoffNanos;
      closeStatements();
      StatementCache.closeQuietly(connection);
    }
  }

  static boolean isConnectionFailure(SQLException e) {
    String state = e.getSQLState();
    return (state != null && state.startsWith("08")) || e instanceof java.sql.SQLRecoverableException
        || e instanceof java.sql.SQLNonTransientConnectionException;
  }

  private void closeStatements() {
    reads.clear();
    scans.clear();
    updates.clear();
    inserts.clear();
    batchInserts.clear();
    StatementCache.closeQuietly(delete);
    delete = null;
  }

  void close() {
    if (!broken && !rt.config.autoCommit && connection != null) {
      try {
        connection.commit();
      } catch (SQLException ignored) {
        // Reported through the flush that preceded close, if any.
      }
    }
    closeStatements();
    StatementCache.closeQuietly(connection);
  }
}
