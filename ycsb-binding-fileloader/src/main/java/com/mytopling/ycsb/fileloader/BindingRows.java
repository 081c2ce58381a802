package com.mytopling.ycsb.fileloader;

/**
 * What the DB binding says it did with the inserted rows, so far: the launcher asks the binding (the handle of
 * {@code MyToplingDbClient.prepare}) and passes this on, since a workload cannot see past YCSB's DB interface. With
 * batching an insert that returned OK or BATCHED_OK has only been handed to the binding; this says whether its row
 * reached the table. Read off the hot path (status lines, the end of a run).
 */
public interface BindingRows {
  /** Rows the server stored. */
  long stored();

  /** Rows whose insert failed (a failed statement, a final flush that failed at cleanup). */
  long failed();

  /** Rows not inserted because their key existed (db.insertexisting=skip): handled, not stored. */
  long skipped();
}
