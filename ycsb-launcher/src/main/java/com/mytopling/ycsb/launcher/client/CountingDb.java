package com.mytopling.ycsb.launcher.client;

import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * Sits between a client thread and YCSB's DBWrapper and counts the operations that succeeded, for the status
 * lines (docs/results.md, "Successful operations"). One per client thread; only that thread writes, the status
 * thread reads. No allocation and no string building per call: a few field updates and one ordered store per
 * operation.
 *
 * <p>An operation (one doInsert or doTransaction, marked by {@link CountingWorkload}) succeeded when each of its
 * calls returned OK; for an insert only its last attempt counts (CoreWorkload's retries). An insert that returned
 * BATCHED_OK only handed its row to the binding's buffer: it is not counted here, and neither is any insert when
 * the binding reports stored rows itself ({@code insertsFromBinding}), so that a row counts once, when stored.
 */
final class CountingDb extends DB {
  private final DB inner;
  private final boolean insertsFromBinding;
  /** Told when init fails, which stops the phase in one line. */
  private final CountingWorkload phase;
  private boolean initialized;
  private final AtomicLong successful = new AtomicLong();
  private long successfulSoFar;
  private int calls;
  private boolean failed;
  private boolean insert;
  private boolean buffered;

  CountingDb(DB inner, boolean insertsFromBinding, CountingWorkload phase) {
    this.inner = inner;
    this.insertsFromBinding = insertsFromBinding;
    this.phase = phase;
  }

  /** Successful operations of this thread so far (any thread may read). */
  long successful() {
    return successful.get();
  }

  void beginOperation() {
    calls = 0;
    failed = false;
    insert = false;
    buffered = false;
  }

  /** @param done true when YCSB counts the operation (the workload returned true) */
  void endOperation(boolean done) {
    if (!done || calls == 0 || failed || (insert && (buffered || insertsFromBinding))) {
      return;
    }
    // Ordered store: the status thread sees a count that only grows, without a full fence per operation.
    successful.lazySet(++successfulSoFar);
  }

  private Status call(Status s) {
    calls++;
    if (s == null || !"OK".equals(s.getName())) {
      failed = true;
    }
    return s;
  }

  @Override
  public void setProperties(Properties p) {
    inner.setProperties(p);
  }

  @Override
  public Properties getProperties() {
    return inner.getProperties();
  }

  /**
   * A DB that cannot start (too many connections, say) stops the phase with one line: YCSB's ClientThread would
   * print the stack trace on stderr and stdout, and the phase would only find this thread's operations missing. The
   * thread then does no operation (the stop is requested) and its DB is not cleaned up.
   */
  @Override
  public void init() {
    try {
      inner.init();
      initialized = true;
    } catch (DBException | RuntimeException e) {
      phase.stop("a client thread's DB init", e);
    }
  }

  @Override
  public void cleanup() throws DBException {
    if (initialized) {
      inner.cleanup();
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return call(inner.read(table, key, fields, result));
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<java.util.HashMap<String, ByteIterator>> result) {
    return call(inner.scan(table, startkey, recordcount, fields, result));
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return call(inner.update(table, key, values));
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    Status s = inner.insert(table, key, values);
    calls++;
    insert = true;
    // A retried insert replaces the attempt before it.
    String name = s == null ? null : s.getName();
    buffered = "BATCHED_OK".equals(name);
    failed = !buffered && !"OK".equals(name);
    return s;
  }

  @Override
  public Status delete(String table, String key) {
    return call(inner.delete(table, key));
  }
}
