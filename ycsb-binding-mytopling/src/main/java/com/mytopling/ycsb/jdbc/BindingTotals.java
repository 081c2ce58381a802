package com.mytopling.ycsb.jdbc;

import com.mytopling.ycsb.core.config.Registry;
import java.util.ArrayList;
import java.util.List;

/**
 * What the binding did with the rows of a run, as its totals line prints it: inserted rows
 * stored, failed and skipped (db.insertexisting=skip), the failed rows that had been
 * acknowledged, acknowledged writes lost with a rolled back transaction (jdbc.autocommit=false),
 * reconnects, lock retries, errors, and whether run-phase inserts were batched
 * (db.batch.runphase).
 *
 * @param rowsFailed rows not stored: inserts that failed (and were not retried successfully),
 *     rows acknowledged BATCHED_OK whose batch failed, rows lost when a transaction or MyRocks
 *     bulk load could not be finished
 * @param rowsLost the failed rows YCSB had been told were inserted (OK or BATCHED_OK): rowsFailed
 *     less the inserts YCSB saw fail
 */
public record BindingTotals(long rowsStored, long rowsFailed, long rowsSkipped, long rowsLost, long writesRolledBack,
                            long reconnects, long lockRetries, long errors, boolean runPhaseBatching) {
  /** True when every row the binding was asked to insert is stored and no acknowledged write was rolled back. */
  public boolean complete() {
    return rowsFailed == 0 && writesRolledBack == 0;
  }

  /** True when every row and write acknowledged to YCSB is in the table (inserts YCSB saw fail aside). */
  public boolean acknowledgedKept() {
    return rowsLost == 0 && writesRolledBack == 0;
  }

  /**
   * Why the phase fails by the README's exit rule, or null when it does not: a load fails when
   * any row was not stored, a run phase when rows or writes acknowledged to YCSB were lost
   * (its failed operations, inserts among them, are counted and reported like any other).
   */
  public String lossFailing(boolean loadPhase) {
    List<String> parts = new ArrayList<>();
    if (loadPhase ? rowsFailed > 0 : rowsLost > 0) {
      parts.add(loadPhase ? rowsFailed + " rows were not stored"
          : rowsLost + " rows acknowledged to YCSB were not stored");
    }
    if (writesRolledBack > 0) {
      parts.add(writesRolledBack + " acknowledged writes were rolled back");
    }
    return parts.isEmpty() ? null : String.join(" and ", parts) + " (see the binding's totals and error lines)";
  }

  /**
   * For a load of {@code plannedRows} rows that did not store them all: how many rows are not in the table, why, and
   * the documented command that completes it (docs/reliability.md): the same load again with
   * {@code db.insertexisting=skip}, which skips the rows stored and stores the rest.
   */
  public String resume(long plannedRows) {
    long missing = Math.max(0, plannedRows - rowsStored - rowsSkipped);
    long neverSent = Math.max(0, missing - rowsFailed);
    return "resume: " + missing + " of " + plannedRows + " rows were not stored (" + rowsStored + " stored"
        + (rowsSkipped > 0 ? ", " + rowsSkipped + " skipped as existing" : "") + ", " + rowsFailed + " failed, "
        + neverSent + " never sent); to complete the table run the same load again with -p "
        + Registry.DB_INSERTEXISTING.name() + "=skip";
  }
}
