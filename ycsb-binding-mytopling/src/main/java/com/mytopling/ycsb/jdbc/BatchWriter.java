package com.mytopling.ycsb.jdbc;

import com.mytopling.ycsb.jdbc.bulk.BulkMode;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Sends a buffer of rows to the server in one statement, one way per bulk mode (db.bulkload),
 * chosen once when a session starts so that sending a batch never asks which mode is on.
 */
interface BatchWriter {
  /**
   * Sends the buffered rows and records in {@code out} how many were stored or skipped. Throws
   * when the statement failed and stored nothing (the caller may retry it); a statement that
   * stored part of its rows and then failed returns with {@link BatchOutcome#partialFailure} set.
   */
  void write(Connection c, InsertBuffer rows, BatchOutcome out) throws SQLException;

  /** Why rows may be missing from the outcome without an exception, for the error line. */
  String shortfall();

  /** The connection is gone: drop the statements made on it. */
  void reset();

  /** The writer for a resolved bulk mode (never AUTO). */
  static BatchWriter of(BulkMode mode, SharedRuntime rt) {
    switch (mode) {
      case LOADDATA:
        return new LoadDataWriter(rt);
      case BATCHAPI:
        return new BatchApiWriter(rt);
      case INSERT:
        return new MultiRowInsertWriter(rt);
      default:
        throw new IllegalArgumentException("unresolved bulk mode " + mode);
    }
  }
}
