package com.mytopling.ycsb.jdbc;

import com.mytopling.ycsb.core.ExitStatus;
import com.mytopling.ycsb.core.SetupException;
import com.mytopling.ycsb.core.SqlMessages;
import com.mytopling.ycsb.core.dialect.TableLayout;
import com.mytopling.ycsb.core.dialect.UpsertMode;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.measurements.Measurements;

/**
 * YCSB binding for MySQL, MariaDB, MyRocks, MyTopling and SQL Server over JDBC.
 *
 * <p>One instance per client thread. Statements are prepared once per connection and cached
 * by field mask; results are decoded by column position. With {@code db.batchsize=N} and
 * {@code jdbc.batchupdateapi=true}, inserts are buffered per shard and sent as one N-row
 * INSERT; buffered rows return {@link Status#BATCHED_OK}, and the rows each statement really
 * stored or lost are counted in the {@value #BATCH_SERIES} series (Return=OK / Return=ERROR
 * count rows), so no row goes unaccounted for.
 */
public class MyToplingDbClient extends DB {
  /** Measurement series for multi-row inserts: one latency sample per statement, one status per row. */
  public static final String BATCH_SERIES = "INSERT-BATCH";
  /** Rows lost when ending MyRocks bulk load failed (db.rocksdb.bulkload): one ERROR status per row. */
  public static final String BULK_COMMIT_SERIES = "INSERT-BULK-COMMIT";
  /** Set to false (system property) to get a DBException instead of exit(1) on fatal errors. */
  public static final String EXIT_ON_FATAL = "mytopling.exitOnFatal";

  private SharedRuntime rt;
  private TableLayout layout;
  private ShardRouter router;
  private ShardSession[] sessions;
  private int retries;
  /** Field values of the current update or single-row insert, in field order; reused per operation. */
  private final String[] boundValues = new String[TableLayout.MAX_FIELDS];

  @Override
  public void init() throws DBException {
    try {
      rt = SharedRuntime.acquire(getProperties());
    } catch (SetupException e) {
      throw fatal(e.status(), e.getMessage());
    }
    layout = rt.layout;
    router = new ShardRouter(rt.connectUrls.size());
    retries = rt.config.lockRetries;
    sessions = new ShardSession[rt.connectUrls.size()];
    for (int i = 0; i < sessions.length; i++) {
      try {
        sessions[i] = new ShardSession(rt, i);
      } catch (SQLException e) {
        throw fatal(ExitStatus.FAILED, "cannot connect to shard " + (i + 1) + ": " + SqlMessages.describe(e, rt.password));
      }
    }
  }

  /**
   * YCSB's ClientThread prints a stack trace for a failed init and goes on with zero
   * operations, exiting 0. A benchmark that cannot start must say why in one line and fail,
   * with the exit status of the problem: bad properties 2, a database that cannot be used 1.
   */
  private static DBException fatal(ExitStatus status, String message) {
    if (!Boolean.parseBoolean(System.getProperty(EXIT_ON_FATAL, "true"))) {
      System.err.println("[mytopling] fatal: " + message);
      return new DBException(message);
    }
    // Several client threads fail together when the server is unreachable: the first one
    // reports and exits; the others wait for the exit instead of adding more lines.
    if (FATAL_REPORTED.compareAndSet(false, true)) {
      System.err.println("[mytopling] fatal: " + message);
      System.err.flush();
      System.exit(status.code);
    }
    while (true) {
      try {
        Thread.sleep(Long.MAX_VALUE);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return new DBException(message);
      }
    }
  }

  private static final java.util.concurrent.atomic.AtomicBoolean FATAL_REPORTED =
      new java.util.concurrent.atomic.AtomicBoolean();

  /**
   * Prepares the shared state (embedded server, connection check, table) before client
   * threads start, so that a launcher's clock measures operations only. The returned handle
   * keeps it alive until closed. A problem is one line and its exit status, as in init.
   */
  public static AutoCloseable prepare(java.util.Properties props) throws DBException {
    try {
      SharedRuntime rt = SharedRuntime.acquire(props);
      return () -> SharedRuntime.release(rt);
    } catch (SetupException e) {
      throw fatal(e.status(), e.getMessage());
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    ShardSession s = sessions[router.shard(key)];
    long mask;
    try {
      mask = layout.mask(fields);
    } catch (TableLayout.UnknownFieldException e) {
      rt.errors.record("READ", e.getMessage());
      return Status.BAD_REQUEST;
    }
    for (int attempt = 0; ; attempt++) {
      try {
        PreparedStatement ps = s.reads.get(s.connection(), mask);
        ps.setString(1, key);
        Status status;
        try (ResultSet rs = ps.executeQuery()) {
          if (rs.next()) {
            decode(rs, 1, mask, result);
            status = Status.OK;
          } else {
            status = Status.NOT_FOUND;
          }
        }
        s.afterRead();
        return status;
      } catch (SQLException e) {
        if (!retryable(s, e, attempt)) {
          return failed(s, "READ", e);
        }
      }
    }
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    long mask;
    try {
      mask = layout.mask(fields);
    } catch (TableLayout.UnknownFieldException e) {
      rt.errors.record("SCAN", e.getMessage());
      return Status.BAD_REQUEST;
    }
    if (sessions.length == 1) {
      return scanShard(sessions[0], startkey, recordcount, mask, result, null);
    }
    // Each shard returns its first recordcount keys >= startkey; the merged first recordcount
    // of those are exactly the first recordcount keys of the whole table.
    List<String> keys = new ArrayList<>();
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    for (ShardSession s : sessions) {
      Status st = scanShard(s, startkey, recordcount, mask, rows, keys);
      if (!st.isOk()) {
        return st;
      }
    }
    Integer[] order = new Integer[keys.size()];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    java.util.Arrays.sort(order, (a, b) -> keys.get(a).compareTo(keys.get(b)));
    for (int i = 0; i < order.length && i < recordcount; i++) {
      result.add(rows.get(order[i]));
    }
    return Status.OK;
  }

  private Status scanShard(ShardSession s, String startkey, int recordcount, long mask,
                           Vector<HashMap<String, ByteIterator>> result, List<String> keysOut) {
    int before = result.size();
    for (int attempt = 0; ; attempt++) {
      try {
        PreparedStatement ps = s.scans.get(s.connection(), mask);
        ps.setString(rt.dialect.scanKeyParameter(), startkey);
        ps.setInt(rt.dialect.scanLimitParameter(), recordcount);
        if (rt.config.fetchSize > 0) {
          ps.setFetchSize(rt.config.fetchSize);
        }
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            HashMap<String, ByteIterator> row = new HashMap<>(layout.fieldCount() * 2);
            decode(rs, 2, mask, row);
            result.add(row);
            if (keysOut != null) {
              keysOut.add(rs.getString(1));
            }
          }
        }
        s.afterRead();
        return Status.OK;
      } catch (SQLException e) {
        result.setSize(before);
        if (keysOut != null) {
          keysOut.subList(Math.min(before, keysOut.size()), keysOut.size()).clear();
        }
        if (!retryable(s, e, attempt)) {
          return failed(s, "SCAN", e);
        }
      }
    }
  }

  /** Copies the masked columns, which start at {@code firstColumn}, into the result by position. */
  private void decode(ResultSet rs, int firstColumn, long mask, Map<String, ByteIterator> result) throws SQLException {
    if (result == null) {
      return;
    }
    int column = firstColumn;
    for (long m = mask; m != 0; m &= m - 1) {
      String value = rs.getString(column++);
      if (value != null) {
        result.put(layout.fieldName(Long.numberOfTrailingZeros(m)), new StringByteIterator(value));
      }
    }
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    ShardSession s = sessions[router.shard(key)];
    long mask;
    try {
      mask = layout.mask(values.keySet());
    } catch (TableLayout.UnknownFieldException e) {
      rt.errors.record("UPDATE", e.getMessage());
      return Status.BAD_REQUEST;
    }
    int fields = takeValues(values, mask);
    for (int attempt = 0; ; attempt++) {
      try {
        PreparedStatement ps = s.updates.get(s.connection(), mask);
        for (int i = 0; i < fields; i++) {
          ps.setString(i + 1, boundValues[i]);
        }
        ps.setString(fields + 1, key);
        int n = ps.executeUpdate();
        s.afterWrite(1);
        return n > 0 ? Status.OK : Status.NOT_FOUND;
      } catch (SQLException e) {
        if (!retryable(s, e, attempt)) {
          return failed(s, "UPDATE", e);
        }
      }
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    ShardSession s = sessions[router.shard(key)];
    long mask;
    try {
      mask = layout.mask(values.keySet());
    } catch (TableLayout.UnknownFieldException e) {
      rt.errors.record("INSERT", e.getMessage());
      rt.rowsFailed.increment();
      return Status.BAD_REQUEST;
    }
    InsertBuffer buffer = s.buffer;
    if (buffer != null) {
      Status flushed = Status.OK;
      if (buffer.rows() > 0 && buffer.mask() != mask) {
        flushed = flush(s);
      }
      buffer.add(key, values, mask);
      if (buffer.rows() >= rt.batchRows(mask)) {
        Status st = flush(s);
        return flushed.isOk() ? st : flushed;
      }
      return flushed.isOk() ? Status.BATCHED_OK : flushed;
    }
    int fields = takeValues(values, mask);
    for (int attempt = 0; ; attempt++) {
      try {
        PreparedStatement ps = s.inserts.get(s.connection(), mask);
        ps.setString(1, key);
        for (int i = 0; i < fields; i++) {
          ps.setString(i + 2, boundValues[i]);
        }
        ps.executeUpdate();
        s.afterWrite(1);
        rt.rowsStored.increment();
        return Status.OK;
      } catch (SQLException e) {
        if (rt.config.skipExisting && rt.sqlErrors.isDuplicateKey(e)) {
          // db.insertexisting=skip (resuming a load): the row is there already; YCSB sees OK.
          rt.rowsSkipped.increment();
          return Status.OK;
        }
        if (!retryable(s, e, attempt)) {
          rt.rowsFailed.increment();
          return failed(s, "INSERT", e);
        }
      }
    }
  }

  /**
   * Copies the values into {@link #boundValues} in field order (the statement's parameter
   * order for this mask) and returns how many there are. YCSB's ByteIterators can be read
   * once, so this happens before the first attempt and retries reuse the strings.
   */
  private int takeValues(Map<String, ByteIterator> values, long mask) {
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      int p = layout.position(e.getKey());
      boundValues[Long.bitCount(mask & ((1L << p) - 1))] = e.getValue().toString();
    }
    return Long.bitCount(mask);
  }

  /**
   * Sends the buffered rows of one session as one statement. Whatever happens, every buffered
   * row is reported once in {@value #BATCH_SERIES}: OK when the statement stored it, ERROR when
   * it did not. The buffer is empty afterwards.
   */
  private Status flush(ShardSession s) {
    InsertBuffer buffer = s.buffer;
    int rows = buffer.rows();
    if (rows == 0) {
      return Status.OK;
    }
    long mask = buffer.mask();
    long start = System.nanoTime();
    if (rt.config.bulkSort) {
      buffer.sortByKey();
    }
    Status status = null;
    boolean accountedPerRow = false;
    // Rows of this batch the server is known to have stored, and (LOAD DATA with
    // db.insertexisting=skip) rows it skipped; the rest are reported failed.
    int stored = 0;
    int skipped = 0;
    for (int attempt = 0; status == null; attempt++) {
      PreparedStatement oneOff = null;
      try {
        if (rt.bulkMode == com.mytopling.ycsb.jdbc.bulk.BulkMode.LOADDATA) {
          stored = s.loadData(buffer);
        } else if (rt.bulkMode == com.mytopling.ycsb.jdbc.bulk.BulkMode.BATCHAPI) {
          stored = s.batchInsert(buffer);
        } else {
          PreparedStatement ps;
          if (rows == rt.batchRows(mask)) {
            ps = s.batchInserts.get(s.connection(), mask);
          } else {
            oneOff = s.prepareInsert(mask, rows);
            ps = oneOff;
          }
          buffer.bind(ps);
          ps.executeUpdate();
          stored = rows;
        }
        s.afterWrite(rows);
        if (stored == rows) {
          status = Status.OK;
        } else if (rt.config.skipExisting && rt.bulkMode == com.mytopling.ycsb.jdbc.bulk.BulkMode.LOADDATA) {
          // LOAD DATA ... IGNORE skipped rows whose key exists: what db.insertexisting=skip asks for.
          skipped = rows - stored;
          status = Status.OK;
        } else {
          status = Status.ERROR;
          rt.errors.record("INSERT-BATCH", (rows - stored) + " of " + rows + " rows not stored (the server's affected-row"
              + " count is lower: duplicate keys skipped by LOAD DATA IGNORE, or rows refused)");
        }
      } catch (java.sql.BatchUpdateException e) {
        // executeBatch: rows before the failing one may be stored (auto-commit); count them, never retry them.
        s.rollbackQuietly();
        stored = rt.config.autoCommit ? com.mytopling.ycsb.jdbc.bulk.BulkAccounting.batchStored(rows,
            e.getUpdateCounts(), rt.config.upsert != UpsertMode.NONE) : 0;
        if (stored > 0 || !retryable(s, e, attempt)) {
          status = failed(s, "INSERT-BATCH", e);
        }
      } catch (SQLException e) {
        s.rollbackQuietly();
        stored = 0;
        if (rt.config.skipExisting && rt.sqlErrors.isDuplicateKey(e)) {
          status = insertRowsSkippingExisting(s, mask, rows);
          accountedPerRow = true;
        } else if (!retryable(s, e, attempt)) {
          status = failed(s, "INSERT-BATCH", e);
        }
      } finally {
        StatementCache.closeQuietly(oneOff);
      }
    }
    buffer.clear();
    Measurements m = Measurements.getMeasurements();
    m.measure(BATCH_SERIES, (int) Math.min(Integer.MAX_VALUE, (System.nanoTime() - start) / 1000));
    for (int i = accountedPerRow ? rows : 0; i < rows; i++) {
      m.reportStatus(BATCH_SERIES, i < stored ? Status.OK : i < stored + skipped ? SKIPPED_EXISTING
          : status.isOk() ? Status.ERROR : status);
    }
    if (accountedPerRow) {
      return status;
    }
    rt.rowsStored.add(stored);
    rt.rowsSkipped.add(skipped);
    rt.rowsFailed.add(rows - stored - skipped);
    s.noteStored(stored);
    return status;
  }

  /** {@value #BATCH_SERIES} status of a row that existed already (db.insertexisting=skip). */
  public static final Status SKIPPED_EXISTING = new Status("SKIPPED_EXISTING",
      "The key existed already; db.insertexisting=skip left the row as it was.");

  /**
   * db.insertexisting=skip after a batch hit an existing key: the batch's statement stored
   * nothing, so its rows go one at a time; existing keys are skipped. Each row is reported and
   * counted here once: stored, skipped or failed. Only batches that overlap existing rows take
   * this path (the part of a resumed load that was done before).
   */
  private Status insertRowsSkippingExisting(ShardSession s, long mask, int rows) {
    Measurements m = Measurements.getMeasurements();
    Status result = Status.OK;
    for (int r = 0; r < rows; r++) {
      Status row = null;
      for (int attempt = 0; row == null; attempt++) {
        try {
          PreparedStatement ps = s.inserts.get(s.connection(), mask);
          s.buffer.bindRow(ps, r);
          ps.executeUpdate();
          s.afterWrite(1);
          row = Status.OK;
        } catch (SQLException e) {
          if (rt.sqlErrors.isDuplicateKey(e)) {
            row = SKIPPED_EXISTING;
          } else if (!retryable(s, e, attempt)) {
            row = failed(s, "INSERT-BATCH", e);
          }
        }
      }
      m.reportStatus(BATCH_SERIES, row);
      if (row == Status.OK) {
        rt.rowsStored.increment();
      } else if (row == SKIPPED_EXISTING) {
        rt.rowsSkipped.increment();
      } else {
        rt.rowsFailed.increment();
        result = row;
      }
    }
    return result;
  }

  @Override
  public Status delete(String table, String key) {
    ShardSession s = sessions[router.shard(key)];
    for (int attempt = 0; ; attempt++) {
      try {
        PreparedStatement ps = s.delete();
        ps.setString(1, key);
        int n = ps.executeUpdate();
        s.afterWrite(1);
        return n > 0 ? Status.OK : Status.NOT_FOUND;
      } catch (SQLException e) {
        if (!retryable(s, e, attempt)) {
          return failed(s, "DELETE", e);
        }
      }
    }
  }

  @Override
  public void cleanup() throws DBException {
    if (sessions == null) {
      return;
    }
    try {
      for (ShardSession s : sessions) {
        if (s != null) {
          if (s.buffer != null) {
            flush(s);
          }
          long lost = s.finishBulkLoad();
          if (lost > 0) {
            // Ending MyRocks bulk load failed: rows reported stored cannot be vouched for.
            rt.rowsStored.add(-lost);
            rt.rowsFailed.add(lost);
            Measurements m = Measurements.getMeasurements();
            for (long i = 0; i < lost; i++) {
              m.reportStatus(BULK_COMMIT_SERIES, Status.ERROR);
            }
          }
          s.close();
        }
      }
    } finally {
      sessions = null;
      SharedRuntime.release(rt);
    }
  }

  /** Deadlocks and lock-wait timeouts are retried up to db.lockretries times. */
  private boolean retryable(ShardSession s, SQLException e, int attempt) {
    if (attempt < retries && rt.sqlErrors.isLockConflict(e)) {
      s.rollbackQuietly();
      rt.lockRetries.increment();
      return true;
    }
    return false;
  }

  private Status failed(ShardSession s, String operation, SQLException e) {
    s.rollbackQuietly();
    s.noteFailure(e);
    rt.errors.record(operation, e);
    // A lost connection is counted under its own return code, apart from SQL errors.
    return rt.sqlErrors.isConnectionLost(e) ? Status.SERVICE_UNAVAILABLE : Status.ERROR;
  }
}
