package com.mytopling.ycsb.results.parse;

import com.mytopling.ycsb.results.model.OperationStats;
import com.mytopling.ycsb.results.model.PhaseSummary;

/**
 * What counts as a successful operation, in the one place that decides it (docs/results.md, "Successful
 * operations"): a DB call that returned OK (READ, UPDATE, INSERT, SCAN, DELETE), where batched inserts count by the
 * rows the server stored ({@code INSERT-BATCH Return=OK}), not by the calls that appended a row to the client's
 * buffer ({@code BATCHED_OK}), less the rows a failed end of MyRocks bulk load took back ({@code INSERT-BULK-COMMIT
 * Return=ERROR}); a read-modify-write, one operation made of a READ and an UPDATE, counts once.
 *
 * <p>From return codes: the OK calls less one per read-modify-write. That is exact unless a read-modify-write's read
 * and update both failed (it is then subtracted with nothing to subtract from): the figure can err low, never high.
 */
public final class SuccessfulOperations {
  private SuccessfulOperations() {
  }

  /** True when inserts went through the binding's batches (it reports an INSERT-BATCH series). */
  public static boolean batched(PhaseSummary phase) {
    return phase.operations.containsKey(OperationNames.INSERT_BATCH);
  }

  /** Successful operations from the phase's return codes, or null when its DB calls have none (e.g. published). */
  public static Long count(PhaseSummary phase) {
    boolean batched = batched(phase);
    long ok = 0;
    boolean any = false;
    for (String call : OperationNames.dbCalls()) {
      OperationStats s = phase.operations.get(call);
      if (s == null || (batched && call.equals(OperationNames.INSERT))) {
        continue;
      }
      if (s.returnCodes.isEmpty()) {
        if (s.count != null && s.count > 0) {
          return null;
        }
        continue;
      }
      any = true;
      ok += s.returnCodes.getOrDefault("OK", 0L);
    }
    if (batched) {
      OperationStats rows = phase.operations.get(OperationNames.INSERT_BATCH);
      any |= !rows.returnCodes.isEmpty();
      ok += rows.returnCodes.getOrDefault("OK", 0L);
    }
    OperationStats lostInBulkCommit = phase.operations.get(OperationNames.INSERT_BULK_COMMIT);
    if (lostInBulkCommit != null) {
      ok -= lostInBulkCommit.returnCodes.getOrDefault("ERROR", 0L);
    }
    OperationStats rmw = phase.operations.get(OperationNames.READ_MODIFY_WRITE);
    if (rmw != null && rmw.count != null) {
      ok -= rmw.count;
    }
    return any ? Math.max(0, ok) : null;
  }

  /** Sets the phase's batched-insert figures (statements, rows, cost per row) when it batched and they are unset. */
  static void fillBatchedInserts(PhaseSummary phase) {
    if (!batched(phase) || phase.batchedInserts != null) {
      return;
    }
    OperationStats statements = phase.operations.get(OperationNames.INSERT_BATCH);
    PhaseSummary.BatchedInserts b = new PhaseSummary.BatchedInserts();
    b.statements = statements.count;
    b.rows = statements.returnCodes.isEmpty() ? null
        : statements.returnCodes.values().stream().mapToLong(Long::longValue).sum();
    b.rowsStored = statements.returnCodes.isEmpty() ? null : statements.returnCodes.getOrDefault("OK", 0L);
    if (b.rows != null && b.rows > 0 && statements.count != null && statements.avgUs != null) {
      b.costPerRowUs = statements.avgUs * statements.count / b.rows;
    }
    phase.batchedInserts = b;
  }

  /**
   * Inserts that returned OK or BATCHED_OK but whose rows are not in the table: batched rows the binding did not
   * report stored (calls that returned OK or BATCHED_OK less INSERT-BATCH Return=OK), and rows a failed end of
   * MyRocks bulk load took back. A merged phase's count of successful operations in its window, taken from the
   * series of successful calls, takes these off (they cannot be placed in time, so the figure errs low, never high).
   */
  public static long rowsNotStored(PhaseSummary phase) {
    long notStored = 0;
    if (batched(phase)) {
      OperationStats calls = phase.operations.get(OperationNames.INSERT);
      long accepted = calls == null ? 0
          : calls.returnCodes.getOrDefault("OK", 0L) + calls.returnCodes.getOrDefault("BATCHED_OK", 0L);
      long stored = phase.operations.get(OperationNames.INSERT_BATCH).returnCodes.getOrDefault("OK", 0L);
      notStored = Math.max(0, accepted - stored);
    }
    OperationStats lostInBulkCommit = phase.operations.get(OperationNames.INSERT_BULK_COMMIT);
    return notStored + (lostInBulkCommit == null ? 0 : lostInBulkCommit.returnCodes.getOrDefault("ERROR", 0L));
  }

  /**
   * Sets the phase's successful operations, and for a phase with YCSB's own figures their throughput over YCSB's
   * run time, when they are not set yet (summaries written before these fields existed are completed on reading; a
   * merged phase's throughput comes from its common window instead).
   */
  public static void fill(PhaseSummary phase) {
    fillBatchedInserts(phase);
    if (phase.successfulOperations == null) {
      phase.successfulOperations = count(phase);
    }
    if (phase.successfulThroughputOps == null && phase.merge == null && phase.successfulOperations != null
        && phase.runtimeMs != null && phase.runtimeMs > 0) {
      phase.successfulThroughputOps = phase.successfulOperations * 1000.0 / phase.runtimeMs;
    }
  }
}
