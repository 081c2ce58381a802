package com.mytopling.ycsb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Properties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;

/** Rows counted once each, and moved from stored to failed when what held them is lost. */
class RowAccountingTest {
  @BeforeAll
  static void measurements() {
    Measurements.setProperties(new Properties());
  }

  @Test
  void aBatchCountsStoredSkippedAndTheRestFailed() {
    RowAccounting.Totals t = new RowAccounting.Totals();
    RowAccounting a = new RowAccounting(t, false, false);
    a.batch(10, 6, 1, Status.ERROR, true, false, System.nanoTime());
    a.batch(5, 5, 0, Status.OK, true, true, System.nanoTime());
    assertEquals(11, t.stored.sum());
    assertEquals(3, t.failed.sum());
    assertEquals(1, t.skipped.sum());
  }

  /**
   * Failed rows YCSB had been told were inserted are lost: a failed batch's rows, less the one whose insert
   * returns the failure (it filled the buffer); every row of a batch sent at cleanup or before a row of other
   * fields; rows taken back with a transaction or a bulk load. An insert YCSB saw fail is not.
   */
  @Test
  void failedRowsThatWereAcknowledgedAreCountedLost() {
    RowAccounting.Totals t = new RowAccounting.Totals();
    RowAccounting a = new RowAccounting(t, true, true);
    a.batch(10, 0, 0, Status.ERROR, true, true, System.nanoTime());
    assertEquals(10, t.failed.sum());
    assertEquals(9, t.lost.sum(), "the insert that filled the buffer got the error");
    a.batch(4, 0, 0, Status.ERROR, true, false, System.nanoTime());
    assertEquals(13, t.lost.sum(), "a batch sent at cleanup: every row was BATCHED_OK");
    a.batch(5, 5, 0, Status.OK, true, true, System.nanoTime());
    assertEquals(13, t.lost.sum());
    a.failed(1);
    assertEquals(13, t.lost.sum(), "a single insert that returned the failure");
    a.batchRow(Status.ERROR, true, false);
    a.batchRow(Status.ERROR, true, true);
    assertEquals(14, t.lost.sum(), "row by row: only the buffered rows before the last");
    a.stored(2, false);
    a.rolledBack(2);
    assertEquals(16, t.lost.sum(), "rows of a rolled back transaction");
    a.stored(3, true);
    a.bulkLoadLost();
    assertEquals(16 + 5 + 3, t.lost.sum(), "rows of a bulk load that could not be ended (the batch's 5, then 3)");
    assertEquals(t.failed.sum() - 3, t.lost.sum(), "failed = lost + the three rows whose insert returned the failure");
  }

  @Test
  void aRetriedRowIsCountedByItsLastOutcomeOnly() {
    RowAccounting.Totals t = new RowAccounting.Totals();
    RowAccounting a = new RowAccounting(t, false, false);
    a.failed(1);
    a.retried();
    a.stored(1, true);
    assertEquals(1, t.stored.sum());
    assertEquals(0, t.failed.sum());
  }

  @Test
  void uncommittedRowsMoveToFailedWhenRolledBack() {
    RowAccounting.Totals t = new RowAccounting.Totals();
    RowAccounting a = new RowAccounting(t, true, false);
    a.stored(3, false);
    a.committed();
    a.stored(2, false);
    a.rolledBack(4); // 2 rows and 2 updates were acknowledged in the lost transaction
    a.rolledBack(0);
    assertEquals(3, t.stored.sum());
    assertEquals(2, t.failed.sum());
    assertEquals(4, t.writesRolledBack.sum());
    a.stored(4, true); // committed by the statement's own commit: nothing pending
    a.rolledBack(0);
    assertEquals(7, t.stored.sum());
  }

  @Test
  void bulkLoadHoldsEveryStoredRowUntilItEnds() {
    RowAccounting.Totals t = new RowAccounting.Totals();
    RowAccounting a = new RowAccounting(t, false, true);
    a.stored(1, true);
    a.batch(4, 4, 0, Status.OK, true, true, System.nanoTime());
    a.batchRow(Status.OK, true, false);
    a.batchRow(MyToplingDbClient.SKIPPED_EXISTING, true, true);
    assertEquals(6, a.pendingBulkLoadRows());
    assertEquals(6, a.bulkLoadLost());
    assertEquals(0, t.stored.sum());
    assertEquals(6, t.failed.sum());
    assertEquals(1, t.skipped.sum());
    a.stored(2, true);
    a.bulkLoadEnded();
    assertEquals(0, a.bulkLoadLost(), "ended: nothing pending any more");
    assertEquals(2, t.stored.sum());
  }

  @Test
  void rowsRolledBackInBulkLoadAreNotLostTwice() {
    RowAccounting.Totals t = new RowAccounting.Totals();
    RowAccounting a = new RowAccounting(t, true, true);
    a.stored(3, false);
    a.rolledBack(3);
    assertEquals(0, a.bulkLoadLost());
    assertEquals(3, t.failed.sum());
    assertEquals(0, t.stored.sum());
  }
}
