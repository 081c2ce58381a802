package com.mytopling.ycsb.jdbc;

/**
 * What the binding did with the rows of a run, as its totals line prints it: inserted rows
 * stored, failed and skipped (db.insertexisting=skip), acknowledged writes lost with a rolled
 * back transaction (jdbc.autocommit=false), reconnects, lock retries, errors, and whether
 * run-phase inserts were batched (db.batch.runphase).
 *
 * @param rowsFailed rows not stored: inserts that failed (and were not retried successfully),
 *     rows acknowledged BATCHED_OK whose batch failed, rows lost when a transaction or MyRocks
 *     bulk load could not be finished
 */
public record BindingTotals(long rowsStored, long rowsFailed, long rowsSkipped, long writesRolledBack, long reconnects,
                            long lockRetries, long errors, boolean runPhaseBatching) {
  /** True when every row and write the binding acknowledged or was asked to insert is stored. */
  public boolean complete() {
    return rowsFailed == 0 && writesRolledBack == 0;
  }

  /** One line saying what is missing, for a launcher's exit message. */
  public String describeLoss() {
    return rowsFailed + " rows were not stored" + (writesRolledBack > 0 ? " and " + writesRolledBack
        + " acknowledged writes were rolled back" : "") + " (see the binding's totals and error lines)";
  }
}
