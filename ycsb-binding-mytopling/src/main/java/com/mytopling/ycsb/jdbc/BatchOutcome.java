package com.mytopling.ycsb.jdbc;

import java.sql.SQLException;

/**
 * What one batch statement did with its rows, filled in by a {@link BatchWriter}: rows stored,
 * rows skipped because their key existed (db.insertexisting=skip), and, when the statement
 * stored part of its rows and then failed, the failure. The rest of the rows failed. One per
 * session, reused for every batch.
 */
final class BatchOutcome {
  int stored;
  int skipped;
  /** Set when part of the rows were stored before the statement failed: never retried. */
  SQLException partialFailure;
  /** True when no transaction holds the stored rows any more (auto-commit, or committed just now). */
  boolean committed;

  void clear() {
    stored = 0;
    skipped = 0;
    partialFailure = null;
    committed = false;
  }
}
