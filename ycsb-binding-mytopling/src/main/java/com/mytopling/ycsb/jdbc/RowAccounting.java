package com.mytopling.ycsb.jdbc;

import java.util.concurrent.atomic.LongAdder;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;

/**
 * What happened to every inserted row, for one client thread's connection to one shard: stored,
 * skipped (db.insertexisting=skip) or failed, counted once each in the run's {@link Totals} and
 * reported per row in the {@value MyToplingDbClient#BATCH_SERIES} series when it went in a batch.
 *
 * <p>A row the server took is not yet safe while it can still be taken back: with
 * jdbc.autocommit=false until its transaction commits, with MyRocks bulk load until bulk load
 * ends. Such rows are kept here as pending; when the transaction is rolled back or ending bulk
 * load fails, they move from stored to failed, so the totals match the table. A row YCSB
 * retries after its insert failed is taken off the failed count when the retry begins, and
 * counted again by the retry's outcome.
 *
 * <p>Of the failed rows, those YCSB had been told were inserted (OK, or BATCHED_OK for a buffered
 * row) are also counted as lost: the rows of a failed batch except the one whose insert call gets
 * the batch's failure, and rows taken back with a transaction or a bulk load. So failed = rows
 * whose insert YCSB saw fail + lost; a run phase fails (exit status 1) on lost rows, not on inserts
 * that were reported failed (README, exit statuses).
 */
final class RowAccounting {
  /** The run's row counts, shared by every session of the process. */
  static final class Totals {
    final LongAdder stored = new LongAdder();
    final LongAdder failed = new LongAdder();
    final LongAdder skipped = new LongAdder();
    /** Failed rows that YCSB had been told were inserted (OK or BATCHED_OK). */
    final LongAdder lost = new LongAdder();
    /** jdbc.autocommit=false: writes (rows and updates) reported OK whose transaction was then rolled back. */
    final LongAdder writesRolledBack = new LongAdder();
  }

  private final Totals totals;
  private final boolean holdsUntilCommit;
  private final boolean holdsUntilBulkLoadEnds;
  /** Rows stored in the open transaction (jdbc.autocommit=false). */
  private long uncommittedRows;
  /** Rows stored since MyRocks bulk load began on this session's connection. */
  private long bulkLoadRows;
  private Measurements measurements;

  RowAccounting(Totals totals, boolean manualCommit, boolean rocksdbBulkLoad) {
    this.totals = totals;
    this.holdsUntilCommit = manualCommit;
    this.holdsUntilBulkLoadEnds = rocksdbBulkLoad;
  }

  /**
   * Rows the server stored (single inserts, batches, rows of a batch sent one by one);
   * {@code committed} is false while they are in a transaction that has not committed yet.
   */
  void stored(int rows, boolean committed) {
    totals.stored.add(rows);
    if (holdsUntilCommit && !committed) {
      uncommittedRows += rows;
    }
    if (holdsUntilBulkLoadEnds) {
      bulkLoadRows += rows;
    }
  }

  void skipped(int rows) {
    totals.skipped.add(rows);
  }

  void failed(int rows) {
    totals.failed.add(rows);
  }

  /** YCSB sends again a row whose insert failed: its failure no longer counts; the retry's outcome will. */
  void retried() {
    totals.failed.decrement();
  }

  /**
   * One statement sent {@code rows} rows: its latency, one status per row in
   * {@value MyToplingDbClient#BATCH_SERIES} (OK for stored, SKIPPED_EXISTING for skipped, the
   * statement's failure for the rest), and the counts. {@code lastRowAnswered}: the insert of the
   * batch's last row is waiting for this outcome (it filled the buffer) and returns the failure,
   * so it is the one failed row that was not acknowledged; every other row was (BATCHED_OK).
   */
  void batch(int rows, int stored, int skipped, Status failure, boolean committed, boolean lastRowAnswered,
             long startNanos) {
    Measurements m = measurements();
    m.measure(MyToplingDbClient.BATCH_SERIES, (int) Math.min(Integer.MAX_VALUE, (System.nanoTime() - startNanos) / 1000));
    Status lost = failure.isOk() ? Status.ERROR : failure;
    for (int i = 0; i < rows; i++) {
      m.reportStatus(MyToplingDbClient.BATCH_SERIES, i < stored ? Status.OK
          : i < stored + skipped ? MyToplingDbClient.SKIPPED_EXISTING : lost);
    }
    stored(stored, committed);
    skipped(skipped);
    int failed = rows - stored - skipped;
    failed(failed);
    lost(failed > 0 && lastRowAnswered ? failed - 1 : failed);
  }

  /**
   * One row of a batch that was sent row by row (db.insertexisting=skip): its status and count;
   * {@code answered}: its insert call returns this status (see {@link #batch}), else it was acknowledged.
   */
  void batchRow(Status status, boolean committed, boolean answered) {
    measurements().reportStatus(MyToplingDbClient.BATCH_SERIES, status);
    if (status == Status.OK) {
      stored(1, committed);
    } else if (status == MyToplingDbClient.SKIPPED_EXISTING) {
      skipped(1);
    } else {
      failed(1);
      lost(answered ? 0 : 1);
    }
  }

  private void lost(long rows) {
    if (rows > 0) {
      totals.lost.add(rows);
    }
  }

  /** The open transaction committed: its rows are safe. */
  void committed() {
    uncommittedRows = 0;
  }

  /**
   * The open transaction was rolled back (or its connection died): {@code writes} acknowledged
   * writes are gone, and the rows among them move from stored to failed.
   */
  void rolledBack(int writes) {
    if (writes > 0) {
      totals.writesRolledBack.add(writes);
    }
    if (uncommittedRows > 0) {
      // Rows rolled back are no longer waiting for bulk load to end either.
      bulkLoadRows = Math.max(0, bulkLoadRows - uncommittedRows);
      totals.stored.add(-uncommittedRows);
      totals.failed.add(uncommittedRows);
      totals.lost.add(uncommittedRows);
      uncommittedRows = 0;
    }
  }

  /** Ending MyRocks bulk load ingested the session's rows. */
  void bulkLoadEnded() {
    bulkLoadRows = 0;
  }

  /**
   * Ending MyRocks bulk load failed (or its connection died first): every row stored since it
   * began is lost; each is reported ERROR in {@value MyToplingDbClient#BULK_COMMIT_SERIES} and
   * moved from stored to failed. Returns how many.
   */
  long bulkLoadLost() {
    long lost = bulkLoadRows;
    bulkLoadRows = 0;
    if (lost > 0) {
      totals.stored.add(-lost);
      totals.failed.add(lost);
      totals.lost.add(lost);
      Measurements m = measurements();
      for (long i = 0; i < lost; i++) {
        m.reportStatus(MyToplingDbClient.BULK_COMMIT_SERIES, Status.ERROR);
      }
    }
    return lost;
  }

  /** Rows held until bulk load ends, for tests and messages. */
  long pendingBulkLoadRows() {
    return bulkLoadRows;
  }

  private Measurements measurements() {
    if (measurements == null) {
      measurements = Measurements.getMeasurements();
    }
    return measurements;
  }
}
