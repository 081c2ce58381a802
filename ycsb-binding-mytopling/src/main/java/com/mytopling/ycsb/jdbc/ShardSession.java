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
final class ShardSession implements OperationWatchdog.Watched {
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
  /** db.bulkload=loaddata: a plain statement (LOAD DATA cannot be prepared), its stream feeder and text buffer. */
  private java.sql.Statement loadStatement;
  private com.mytopling.ycsb.jdbc.bulk.LocalInfile infile;
  private final com.mytopling.ycsb.jdbc.bulk.LoadDataRows loadRows;
  private String loadSql;
  private long loadSqlMask;
  /** When the running operation started (System.nanoTime), 0 when idle: read by the watchdog. */
  private volatile long busySince;
  /** Rows reported stored while MyRocks bulk load is on: lost if ending it fails. */
  private long bulkRows;

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
    this.loadRows = rt.config.batching() && rt.bulkMode == com.mytopling.ycsb.jdbc.bulk.BulkMode.LOADDATA
        ? new com.mytopling.ycsb.jdbc.bulk.LoadDataRows(rt.config.batchSize * (rt.config.fieldLength + 2) * (t.fieldCount() + 1))
        : null;
    open();
    if (rt.watchdog != null) {
      rt.watchdog.register(this);
    }
  }

  @Override
  public long busySinceNanos() {
    return busySince;
  }

  /** db.sockettimeout passed: aborting the connection makes the blocked read fail (connection lost). */
  @Override
  public void abortStuck(long waitedMs) {
    Connection c = connection;
    if (c != null && busySince != 0) {
      busySince = 0;
      rt.log.println("[mytopling] shard " + (shard + 1) + ": no answer in " + waitedMs
          + " ms (db.sockettimeout); connection aborted, it reconnects");
      try {
        c.abort(Runnable::run);
      } catch (SQLException | RuntimeException ignored) {
        // The owner's blocked call reports the failure.
      }
    }
  }

  private void open() throws SQLException {
    connection = rt.open(shard);
    connection.setAutoCommit(rt.config.autoCommit);
    startBulkLoad();
    broken = false;
  }

  /** The live connection, reopening a broken one when its backoff has passed. */
  Connection connection() throws SQLException {
    if (rt.watchdog != null) {
      busySince = System.nanoTime(); // every operation starts here; cleared in after*/rollbackQuietly
    }
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
    if (rt.watchdog != null) {
      busySince = System.nanoTime();
    }
    if (delete == null) {
      delete = connection().prepareStatement(rt.dialect.delete(rt.layout));
    }
    return delete;
  }

  /** A one-off statement for a partial batch (the final rows of a load). */
  PreparedStatement prepareInsert(long mask, int rows) throws SQLException {
    return connection().prepareStatement(rt.dialect.insert(rt.layout, mask, rows, rt.config.upsert));
  }

  /** db.rocksdb.bulkload: the dialect's session settings, on every (re)opened connection. */
  private void startBulkLoad() throws SQLException {
    if (rt.config.rocksdbBulkLoad) {
      try (java.sql.Statement st = connection.createStatement()) {
        for (String sql : rt.dialect.bulkLoadStart()) {
          st.execute(sql);
        }
      }
    }
  }

  /** Counts rows stored while bulk load is on (see {@link #finishBulkLoad}). */
  void noteStored(int rows) {
    if (rt.config.rocksdbBulkLoad) {
      bulkRows += rows;
    }
  }

  /**
   * Ends MyRocks bulk load so the pending rows are ingested; returns 0, or the number of rows
   * reported stored since bulk load began when ending it failed (they cannot be vouched for).
   */
  long finishBulkLoad() {
    if (!rt.config.rocksdbBulkLoad || connection == null) {
      return 0;
    }
    if (broken) {
      return bulkRows;
    }
    try (java.sql.Statement st = connection.createStatement()) {
      st.execute(rt.dialect.bulkLoadFinish());
      bulkRows = 0;
      return 0;
    } catch (SQLException e) {
      rt.errors.record("INSERT-BULK-COMMIT", e);
      return bulkRows;
    }
  }

  /**
   * Sends the buffer as one LOAD DATA LOCAL INFILE, streamed from memory, and returns how many
   * of its rows the server stored (affected rows compared with rows sent).
   */
  int loadData(InsertBuffer b) throws SQLException {
    Connection c = connection();
    if (loadStatement == null) {
      loadStatement = c.createStatement();
      infile = com.mytopling.ycsb.jdbc.bulk.LocalInfile.of(loadStatement);
    }
    if (loadSql == null || loadSqlMask != b.mask()) {
      loadSql = rt.dialect.loadData(rt.layout, b.mask(), rt.config.upsert);
      loadSqlMask = b.mask();
    }
    loadRows.clear();
    b.encode(loadRows);
    infile.attach(loadRows.stream());
    long affected = loadStatement.executeLargeUpdate(loadSql);
    return com.mytopling.ycsb.jdbc.bulk.BulkAccounting.loadDataStored(b.rows(), affected,
        rt.config.upsert == UpsertMode.REPLACE);
  }

  /** Sends the buffer through executeBatch of the one-row INSERT; returns the rows stored. */
  int batchInsert(InsertBuffer b) throws SQLException {
    PreparedStatement ps = inserts.get(connection(), b.mask());
    try {
      b.addBatches(ps);
      int[] counts = ps.executeBatch();
      return com.mytopling.ycsb.jdbc.bulk.BulkAccounting.batchStored(b.rows(), counts, rt.config.upsert != UpsertMode.NONE);
    } finally {
      try {
        ps.clearBatch();
      } catch (SQLException ignored) {
        // The statement died with its connection; the failure above is what gets reported.
      }
    }
  }

  /**
   * With jdbc.autocommit=false: commits every db.batchsize writes, counting each row of a batch
   * as a write, so a full batch commits at once and single writes commit every db.batchsize.
   */
  void afterWrite(int writes) throws SQLException {
    if (rt.config.autoCommit) {
      busySince = 0;
      return;
    }
    writesSinceCommit += writes;
    if (writesSinceCommit >= rt.config.batchSize) {
      connection.commit();
      writesSinceCommit = 0;
    }
    busySince = 0;
  }

  /** With jdbc.autocommit=false, a read ends its transaction so later reads see fresh data. */
  void afterRead() throws SQLException {
    if (!rt.config.autoCommit && writesSinceCommit == 0) {
      connection.commit();
    }
    busySince = 0;
  }

  void rollbackQuietly() {
    busySince = 0;
    if (!rt.config.autoCommit && connection != null && !broken) {
      try {
        connection.rollback();
      } catch (SQLException ignored) {
        // The failure that led here is what gets reported.
      }
    }
    if (writesSinceCommit > 0) {
      // jdbc.autocommit=false: writes already reported OK go with the transaction (or the dead
      // connection); they cannot be un-reported, so they are counted for the totals line.
      rt.writesRolledBack.add(writesSinceCommit);
      writesSinceCommit = 0;
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
    StatementCache.closeQuietly(loadStatement);
    loadStatement = null;
  }

  void close() {
    busySince = 0;
    if (rt.watchdog != null) {
      rt.watchdog.unregister(this);
    }
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
