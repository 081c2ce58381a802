package com.mytopling.ycsb.jdbc;

import com.mytopling.ycsb.core.ExitStatus;
import com.mytopling.ycsb.core.SetupException;
import com.mytopling.ycsb.core.SqlMessages;
import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.core.dialect.TableLayout;
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

/**
 * YCSB binding for MySQL, MariaDB, MyRocks, MyTopling and SQL Server over JDBC.
 *
 * <p>One instance per client thread. Statements are prepared once per connection and cached
 * by field mask; results are decoded by column position. Every operation runs under one retry
 * helper ({@link OperationRetry}). In a load with {@code db.batchsize=N} and
 * {@code jdbc.batchupdateapi=true}, inserts are buffered per shard and sent N rows at a time
 * by the writer of the bulk mode ({@link BatchWriter}); buffered rows return
 * {@link Status#BATCHED_OK}, and what each statement really stored or lost is counted per row
 * in the {@value #BATCH_SERIES} series and in the totals ({@link RowAccounting}), so no row goes
 * unaccounted for. In a run phase every insert is sent before insert() returns, unless
 * db.batch.runphase=true.
 */
public class MyToplingDbClient extends DB {
  /** Measurement series for multi-row inserts: one latency sample per statement, one status per row. */
  public static final String BATCH_SERIES = "INSERT-BATCH";
  /** Rows lost when ending MyRocks bulk load failed (db.rocksdb.bulkload): one ERROR status per row. */
  public static final String BULK_COMMIT_SERIES = "INSERT-BULK-COMMIT";
  /** Set to false (system property) to get a DBException instead of exiting on fatal errors. */
  public static final String EXIT_ON_FATAL = "mytopling.exitOnFatal";

  private SharedRuntime rt;
  private TableLayout layout;
  private ShardRouter router;
  private ShardSession[] sessions;
  private OperationRetry retry;

  // The running operation's arguments, read by its attempt (fields, so an operation allocates nothing).
  private String opKey;
  private long opMask;
  private String[] opRow;
  private Map<String, ByteIterator> opResult;
  private int opCount;
  private Vector<HashMap<String, ByteIterator>> opRows;
  private List<String> opKeys;
  private int opBufferRow;
  /** The insert's row went out in a batch, which counted it (stored, skipped or failed). */
  private boolean opRowAccounted;
  /**
   * What the last flush did with its last row (the row of the insert that filled the buffer),
   * and whether that row may be sent again: not when the batch stored part of its rows and
   * which part is unknown (an executeBatch or LOAD DATA that stored some).
   */
  private Status lastRowStatus;
  private boolean lastRowResendable;
  /** The running flush's lastRowAnswered, for the row-by-row path it may take. */
  private boolean flushAnswersLastRow;
  private boolean opCommitted;
  /** Field values of the current update and insert, by field position; reused per operation. */
  private final String[] updateRow = new String[TableLayout.MAX_FIELDS];
  private final String[] insertRow = new String[TableLayout.MAX_FIELDS];
  /** The last insert that failed: its map and key (YCSB retries with the same map), and whether insertRow holds its values. */
  private Map<String, ByteIterator> failedInsertValues;
  private String failedInsertKey;
  private long failedInsertMask;
  private boolean failedInsertRead;
  private boolean failedInsertResendable;
  private Status failedInsertStatus;

  private final OperationRetry.Attempt readOnce = this::readOnce;
  private final OperationRetry.Attempt scanOnce = this::scanOnce;
  private final OperationRetry.Attempt updateOnce = this::updateOnce;
  private final OperationRetry.Attempt insertOnce = this::insertOnce;
  private final OperationRetry.Attempt flushOnce = this::flushOnce;
  private final OperationRetry.Attempt bufferedRowOnce = this::bufferedRowOnce;
  private final OperationRetry.Attempt deleteOnce = this::deleteOnce;

  @Override
  public void init() throws DBException {
    try {
      rt = SharedRuntime.acquire(getProperties());
    } catch (SetupException e) {
      BindingRecord.failed(getProperties(), e.getMessage());
      throw fatal(e.status(), e.getMessage());
    }
    layout = rt.layout;
    router = new ShardRouter(rt.connectUrls.size());
    retry = rt.retry;
    sessions = new ShardSession[rt.connectUrls.size()];
    for (int i = 0; i < sessions.length; i++) {
      try {
        sessions[i] = new ShardSession(rt, i);
      } catch (SQLException e) {
        String message = "cannot connect to shard " + (i + 1) + " ("
            + com.mytopling.ycsb.core.connect.DriverChoice.asTried(rt.displayUrls.get(i), rt.connectUrls.get(i)) + "): "
            + SqlMessages.describe(e, rt.password)
            + com.mytopling.ycsb.core.connect.ConnectHints.forFailure(rt.connectUrls.get(i), e);
        rt.recordFailure(message);
        throw fatal(ExitStatus.FAILED, message);
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
   * keeps it alive until closed; after that (and after the client threads' cleanup) its
   * {@link Prepared#totals} are the run's final totals. A problem is one line and its exit status, as
   * in init.
   */
  public static Prepared prepare(java.util.Properties props) throws DBException {
    try {
      return new Prepared(SharedRuntime.acquire(props));
    } catch (SetupException e) {
      BindingRecord.failed(props, e.getMessage());
      throw fatal(e.status(), e.getMessage());
    }
  }

  /**
   * Checks the binding's settings and its connection target before anything connects (a launcher calls it right after
   * resolving the run's settings); a bad one is the binding's one line and exit status, as in init.
   */
  public static void checkSettings(java.util.Properties props) throws DBException {
    try {
      BindingConfig.from(props);
    } catch (com.mytopling.ycsb.core.ConfigException e) {
      BindingRecord.failed(props, e.getMessage());
      throw fatal(e.status(), e.getMessage());
    }
  }

  /** The shared state held for a launcher; see {@link #prepare}. */
  public static final class Prepared implements AutoCloseable {
    private final SharedRuntime rt;
    private boolean closed;

    private Prepared(SharedRuntime rt) {
      this.rt = rt;
    }

    /**
     * What the run did with its rows so far: final once the client threads cleaned up and this
     * handle is closed, and still readable then (the handle keeps the run's counters, whatever
     * runs later in the JVM).
     */
    public BindingTotals totals() {
      return rt.totals();
    }

    /**
     * Why the database could not be used any more during the run (its table was dropped), or null. The launcher
     * stops the run then ({@link #onUnusable}) and the phase fails.
     */
    public String unusable() {
      return rt.unusable();
    }

    /** {@code stop} runs (once, on an operation's thread) when the database becomes unusable. */
    public void onUnusable(Runnable stop) {
      rt.onUnusable(stop);
    }

    @Override
    public synchronized void close() {
      if (!closed) {
        closed = true;
        SharedRuntime.release(rt);
      }
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    ShardSession s = sessions[router.shard(key)];
    try {
      opMask = layout.mask(fields);
    } catch (TableLayout.UnknownFieldException e) {
      rt.errors.record("READ", e.getMessage());
      return Status.BAD_REQUEST;
    }
    opKey = key;
    opResult = result;
    return retry.run(s, "READ", readOnce);
  }

  private Status readOnce(ShardSession s) throws SQLException {
    PreparedStatement ps = s.reads.get(s.connection(), opMask);
    ps.setString(1, opKey);
    Status status;
    try (ResultSet rs = ps.executeQuery()) {
      if (rs.next()) {
        decode(rs, 1, opMask, opResult);
        status = Status.OK;
      } else {
        status = Status.NOT_FOUND;
      }
    }
    s.afterRead();
    return status;
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
    opKey = startkey;
    opMask = mask;
    opCount = recordcount;
    if (sessions.length == 1) {
      opRows = result;
      opKeys = null;
      return retry.run(sessions[0], "SCAN", scanOnce);
    }
    // Each shard returns its first recordcount keys >= startkey; the merged first recordcount
    // of those are exactly the first recordcount keys of the whole table.
    List<String> keys = new ArrayList<>();
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    opRows = rows;
    opKeys = keys;
    for (ShardSession s : sessions) {
      Status st = retry.run(s, "SCAN", scanOnce);
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

  /** One shard's part of a scan, appended to opRows (and its keys to opKeys when merging shards). */
  private Status scanOnce(ShardSession s) throws SQLException {
    Vector<HashMap<String, ByteIterator>> result = opRows;
    int before = result.size();
    try {
      PreparedStatement ps = s.scans.get(s.connection(), opMask);
      ps.setString(rt.dialect.scanKeyParameter(), opKey);
      ps.setInt(rt.dialect.scanLimitParameter(), opCount);
      if (rt.config.fetchSize > 0) {
        ps.setFetchSize(rt.config.fetchSize);
      }
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          HashMap<String, ByteIterator> row = new HashMap<>(layout.fieldCount() * 2);
          decode(rs, 2, opMask, row);
          result.add(row);
          if (opKeys != null) {
            opKeys.add(rs.getString(1));
          }
        }
      }
      s.afterRead();
      return Status.OK;
    } catch (SQLException e) {
      // A retry starts this shard's rows again.
      result.setSize(before);
      if (opKeys != null) {
        opKeys.subList(Math.min(before, opKeys.size()), opKeys.size()).clear();
      }
      throw e;
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
    try {
      opMask = layout.mask(values.keySet());
    } catch (TableLayout.UnknownFieldException e) {
      rt.errors.record("UPDATE", e.getMessage());
      return Status.BAD_REQUEST;
    }
    opKey = key;
    takeValues(values, updateRow);
    opRow = updateRow;
    return retry.run(s, "UPDATE", updateOnce);
  }

  private Status updateOnce(ShardSession s) throws SQLException {
    PreparedStatement ps = s.updates.get(s.connection(), opMask);
    int p = 1;
    for (long m = opMask; m != 0; m &= m - 1) {
      ps.setString(p++, opRow[Long.numberOfTrailingZeros(m)]);
    }
    ps.setString(p, opKey);
    int n = ps.executeUpdate();
    s.afterWrite(1);
    return n > 0 ? Status.OK : Status.NOT_FOUND;
  }

  /**
   * Inserts one row. In a load with batching (and in a run phase only with db.batch.runphase)
   * the row is buffered and BATCHED_OK returned until the buffer is full; the insert that fills
   * it gets the outcome of sending the batch. Every other insert is sent before this returns.
   *
   * <p>An insert that does not succeed is counted failed. YCSB's insertion retry
   * (core_workload_insertion_retry_limit) calls insert again with the same key and the same
   * map, whose value iterators this insert has already read to the end: the retry is
   * recognised, takes the row off the failed count, and sends the values read the first time.
   * A row whose batch stored an unknown part of its rows is never sent again (it may be stored
   * already): its retries get the same failure, and it stays counted once.
   */
  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    ShardSession s = sessions[router.shard(key)];
    boolean retried = values == failedInsertValues && key.equals(failedInsertKey);
    if (retried && !failedInsertResendable) {
      rt.errors.record("INSERT", "a retried insert was not sent again: its batch stored part of its rows,"
          + " and this row may be among them");
      return failedInsertStatus;
    }
    failedInsertValues = null;
    failedInsertKey = null;
    if (retried) {
      s.accounting.retried();
    }
    if (retried && failedInsertRead) {
      opMask = failedInsertMask;
    } else {
      try {
        opMask = layout.mask(values.keySet());
      } catch (TableLayout.UnknownFieldException e) {
        rt.errors.record("INSERT", e.getMessage());
        failedInsertResendable = true;
        return insertFailed(s, key, values, false, Status.BAD_REQUEST);
      }
      takeValues(values, insertRow);
    }
    opKey = key;
    opRow = insertRow;
    opRowAccounted = false;
    lastRowResendable = true;
    Status st = s.buffer != null ? buffer(s) : retry.run(s, "INSERT", insertOnce);
    if (st.isOk()) {
      return st;
    }
    failedInsertResendable = !opRowAccounted || lastRowResendable;
    return insertFailed(s, key, values, true, st);
  }

  /**
   * Counts the row failed (unless the failed batch it went in counted it already) and remembers
   * it, with its values, for YCSB's insertion retry.
   */
  private Status insertFailed(ShardSession s, String key, Map<String, ByteIterator> values, boolean read, Status st) {
    if (!opRowAccounted) {
      s.accounting.failed(1);
    }
    failedInsertValues = values;
    failedInsertKey = key;
    failedInsertMask = opMask;
    failedInsertRead = read;
    failedInsertStatus = st;
    return st;
  }

  private Status insertOnce(ShardSession s) throws SQLException {
    PreparedStatement ps = s.inserts.get(s.connection(), opMask);
    bindRow(ps, opKey, opRow, opMask);
    try {
      ps.executeUpdate();
    } catch (SQLException e) {
      if (rt.config.skipExisting && rt.sqlErrors.isDuplicateKey(e)) {
        // db.insertexisting=skip (resuming a load): the row is there already; YCSB sees OK.
        s.idle();
        s.accounting.skipped(1);
        return Status.OK;
      }
      throw e;
    }
    s.accounting.stored(1, s.afterWrite(1));
    return Status.OK;
  }

  /** Key first, then the masked fields in field order, from parameter 1. */
  private static void bindRow(PreparedStatement ps, String key, String[] row, long mask) throws SQLException {
    int p = 1;
    ps.setString(p++, key);
    for (long m = mask; m != 0; m &= m - 1) {
      ps.setString(p++, row[Long.numberOfTrailingZeros(m)]);
    }
  }

  /**
   * Buffers the row (opKey, opRow, opMask). Rows of another field set are sent first, and when
   * that fails this row is not buffered: it gets the failure, and YCSB may retry it.
   */
  private Status buffer(ShardSession s) {
    InsertBuffer buffer = s.buffer;
    if (buffer.rows() > 0 && buffer.mask() != opMask) {
      Status flushed = flush(s, false);
      if (!flushed.isOk()) {
        return flushed;
      }
    }
    buffer.add(opKey, opRow, opMask);
    if (buffer.rows() < rt.batchRows(opMask)) {
      return Status.BATCHED_OK;
    }
    opRowAccounted = true; // the batch accounts for this row as for the others
    flush(s, true);
    return lastRowStatus;
  }

  /**
   * Copies the values into {@code row} by field position. YCSB's ByteIterators can be read
   * once, so this happens before the first attempt and retries reuse the strings.
   */
  private void takeValues(Map<String, ByteIterator> values, String[] row) {
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      row[layout.position(e.getKey())] = e.getValue().toString();
    }
  }

  /**
   * Sends the buffered rows of one session as one statement. Whatever happens, every buffered
   * row is accounted once (RowAccounting): stored, skipped, or failed. The buffer is empty
   * afterwards. {@code lastRowAnswered}: the last buffered row's insert returns this outcome
   * (it filled the buffer); the other rows were acknowledged BATCHED_OK.
   */
  private Status flush(ShardSession s, boolean lastRowAnswered) {
    InsertBuffer buffer = s.buffer;
    int rows = buffer.rows();
    if (rows == 0) {
      return Status.OK;
    }
    long start = System.nanoTime();
    if (rt.config.bulkSort) {
      buffer.sortByKey();
    }
    BatchOutcome out = s.outcome;
    out.clear();
    flushAnswersLastRow = lastRowAnswered;
    Status status = retry.run(s, BATCH_SERIES, flushOnce);
    boolean inDoubt = false;
    boolean answeredRowStored = false;
    if (status == Status.SERVICE_UNAVAILABLE && rt.config.settlesLostBatches()) {
      java.util.Set<String> found = storedOfLostBatch(s, buffer);
      if (found == null) {
        inDoubt = true;
      } else {
        out.stored = found.size();
        out.committed = true;
        answeredRowStored = lastRowAnswered && found.contains(opKey);
        if (out.stored == rows) {
          status = Status.OK;
        }
      }
    }
    if (status != ROWS_ACCOUNTED) {
      s.accounting.batch(rows, out.stored, out.skipped, status, out.committed, lastRowAnswered && !answeredRowStored,
          start);
      lastRowStatus = answeredRowStored ? Status.OK : status;
      lastRowResendable = status.isOk() || out.stored + out.skipped == 0 && !inDoubt;
    } else {
      // Sent row by row: the last row's own outcome is known (insertRowsSkippingExisting).
      status = out.stored + out.skipped == rows ? Status.OK : Status.ERROR;
      lastRowResendable = true;
    }
    buffer.clear();
    return status;
  }

  /**
   * A batch whose connection was lost while the server had it: the server may have stored it (the statement had
   * committed and only its answer was lost) or part of it (a driver's bulk command). The session asks the server
   * which of its keys the table holds, once the lost session's statement has ended, so that every row is counted by
   * what the table holds; a line says what was found. Null when the server could not be asked within
   * db.reconnecttimeout: the rows are counted failed, and the line says the table may hold some of them.
   */
  private java.util.Set<String> storedOfLostBatch(ShardSession s, InsertBuffer buffer) {
    int rows = buffer.rows();
    try {
      java.util.Set<String> found = s.storedKeysOfLostBatch(buffer);
      rt.log.println("[mytopling] shard " + (s.shard() + 1) + ": the connection was lost while a batch of " + rows
          + " rows was sent; the table holds " + found.size() + " of them (asked after reconnecting): "
          + (found.size() == rows ? "all counted stored" : found.size() == 0 ? "all counted failed"
          : found.size() + " counted stored, " + (rows - found.size()) + " failed"));
      return found;
    } catch (SQLException e) {
      rt.log.println("[mytopling] shard " + (s.shard() + 1) + ": the connection was lost while a batch of " + rows
          + " rows was sent, and the server could not be asked which it stored (" + SqlMessages.describe(e, rt.password)
          + "): they are counted failed, though the table may hold some of them (scripts/verify; complete the load "
          + "with -p " + Registry.DB_INSERTEXISTING.name() + "=skip)");
      s.connectionLost();
      return null;
    }
  }

  /** Internal: the rows of the batch were accounted one by one (db.insertexisting=skip). */
  private static final Status ROWS_ACCOUNTED = new Status("ROWS_ACCOUNTED", "accounted row by row");

  private Status flushOnce(ShardSession s) throws SQLException {
    InsertBuffer buffer = s.buffer;
    int rows = buffer.rows();
    BatchOutcome out = s.outcome;
    out.clear();
    try {
      s.writer.write(s.connection(), buffer, out);
      out.committed = s.afterWrite(rows);
    } catch (SQLException e) {
      out.clear();
      if (rt.config.skipExisting && rt.sqlErrors.isDuplicateKey(e)) {
        s.rollbackQuietly();
        insertRowsSkippingExisting(s, out);
        return ROWS_ACCOUNTED;
      }
      throw e;
    }
    if (out.partialFailure != null) {
      // Part of the rows are stored: sending the batch again would store them twice.
      return retry.fail(s, BATCH_SERIES, out.partialFailure);
    }
    if (out.stored + out.skipped < rows) {
      rt.errors.record(BATCH_SERIES, (rows - out.stored - out.skipped) + " of " + rows + " " + s.writer.shortfall());
      return Status.ERROR;
    }
    return Status.OK;
  }

  /** {@value #BATCH_SERIES} status of a row that existed already (db.insertexisting=skip). */
  public static final Status SKIPPED_EXISTING = new Status("SKIPPED_EXISTING",
      "The key existed already; " + Registry.DB_INSERTEXISTING.name() + "=skip left the row as it was.");

  /**
   * db.insertexisting=skip after a batch hit an existing key: the batch's statement stored
   * nothing, so its rows go one at a time; existing keys are skipped. Each row is reported and
   * counted once: stored, skipped or failed. Only batches that overlap existing rows take this
   * path (the part of a resumed load that was done before).
   */
  private void insertRowsSkippingExisting(ShardSession s, BatchOutcome out) {
    int rows = s.buffer.rows();
    for (int r = 0; r < rows; r++) {
      opBufferRow = r;
      Status row = retry.run(s, BATCH_SERIES, bufferedRowOnce);
      s.accounting.batchRow(row, opCommitted, flushAnswersLastRow && r == rows - 1);
      lastRowStatus = row == SKIPPED_EXISTING ? Status.OK : row;
      if (row == Status.OK) {
        out.stored++;
      } else if (row == SKIPPED_EXISTING) {
        out.skipped++;
      }
    }
  }

  private Status bufferedRowOnce(ShardSession s) throws SQLException {
    PreparedStatement ps = s.inserts.get(s.connection(), s.buffer.mask());
    s.buffer.bindRow(ps, opBufferRow);
    try {
      ps.executeUpdate();
    } catch (SQLException e) {
      if (rt.sqlErrors.isDuplicateKey(e)) {
        s.idle();
        return SKIPPED_EXISTING;
      }
      throw e;
    }
    opCommitted = s.afterWrite(1);
    return Status.OK;
  }

  @Override
  public Status delete(String table, String key) {
    opKey = key;
    return retry.run(sessions[router.shard(key)], "DELETE", deleteOnce);
  }

  private Status deleteOnce(ShardSession s) throws SQLException {
    PreparedStatement ps = s.delete();
    ps.setString(1, opKey);
    int n = ps.executeUpdate();
    s.afterWrite(1);
    return n > 0 ? Status.OK : Status.NOT_FOUND;
  }

  /**
   * Sends what is still buffered, then ends each session (commit, MyRocks bulk load). Rows lost
   * there are counted failed; the totals line and {@link Prepared#totals} say so.
   */
  @Override
  public void cleanup() throws DBException {
    if (sessions == null) {
      return;
    }
    try {
      for (ShardSession s : sessions) {
        if (s != null) {
          if (s.buffer != null) {
            flush(s, false);
          }
          s.close();
        }
      }
    } finally {
      sessions = null;
      SharedRuntime.release(rt);
    }
  }
}
