package com.mytopling.ycsb.jdbc.bulk;

import java.sql.Statement;

/**
 * How many rows of a batch the server really stored, from what it answered. Anything not
 * proven stored is counted as failed: a mismatch is never silently OK.
 */
public final class BulkAccounting {
  private BulkAccounting() {
  }

  /**
   * Rows stored by one {@code LOAD DATA ... IGNORE} or {@code ... REPLACE} of {@code sent} rows
   * that reported {@code affected} rows. IGNORE: affected = rows inserted; a skipped duplicate
   * (or a row the server refused) is missing from the count, so stored = affected. REPLACE:
   * each replaced row counts 2 (delete + insert), so affected >= sent when every row was stored;
   * fewer means rows were lost, and only {@code affected} can be vouched for.
   */
  public static int loadDataStored(int sent, long affected, boolean replace) {
    if (affected < 0) {
      return 0;
    }
    if (replace) {
      return affected >= sent ? sent : (int) affected;
    }
    return (int) Math.min(sent, affected);
  }

  /**
   * Rows stored by {@code executeBatch} of {@code sent} one-row inserts whose update counts are
   * {@code counts} (possibly shorter than sent, from a BatchUpdateException: rows without a
   * count failed). A count of 1 or more, or SUCCESS_NO_INFO (drivers that rewrite or bulk-copy
   * the batch), is a stored row; 0 and EXECUTE_FAILED are not — except with an upsert, where 0
   * means the row already held these values.
   */
  public static int batchStored(int sent, int[] counts, boolean upsert) {
    if (counts == null) {
      return 0;
    }
    int stored = 0;
    for (int i = 0; i < counts.length && i < sent; i++) {
      int c = counts[i];
      if (c > 0 || c == Statement.SUCCESS_NO_INFO || (upsert && c == 0)) {
        stored++;
      }
    }
    return stored;
  }
}
