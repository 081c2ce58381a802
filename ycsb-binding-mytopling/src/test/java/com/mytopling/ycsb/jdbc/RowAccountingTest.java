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
    a.batch(10, 6, 1, Status.ERROR, true, System.nanoTime());
    a.batch(5, 5, 0, Status.OK, true, System.nanoTime());
    assertEquals(11, t.stored.sum());
    assertEquals(3, t.failed.sum());
    assertEquals(1, t.skipped.sum());
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
    a.batch(4, 4, 0, Status.OK, true, System.nanoTime());
    a.batchRow(Status.OK, true);
    a.batchRow(MyToplingDbClient.SKIPPED_EXISTING, true);
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
