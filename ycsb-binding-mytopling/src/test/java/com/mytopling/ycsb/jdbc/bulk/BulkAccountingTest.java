package com.mytopling.ycsb.jdbc.bulk;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Statement;
import org.junit.jupiter.api.Test;

class BulkAccountingTest {
  @Test
  void loadDataIgnoreCountsOnlyAffectedRows() {
    assertEquals(100, BulkAccounting.loadDataStored(100, 100, false));
    assertEquals(97, BulkAccounting.loadDataStored(100, 97, false), "3 duplicates skipped are not stored rows");
    assertEquals(0, BulkAccounting.loadDataStored(100, -1, false));
    assertEquals(100, BulkAccounting.loadDataStored(100, 250, false), "never more than sent");
  }

  @Test
  void loadDataReplaceCountsReplacedRowsTwice() {
    assertEquals(100, BulkAccounting.loadDataStored(100, 100, true));
    assertEquals(100, BulkAccounting.loadDataStored(100, 130, true), "30 replaced rows count 2 each");
    assertEquals(90, BulkAccounting.loadDataStored(100, 90, true), "fewer than sent: only 90 vouched for");
  }

  @Test
  void batchCountsSuccessNoInfoAndPositiveAsStored() {
    int[] counts = {1, Statement.SUCCESS_NO_INFO, 0, Statement.EXECUTE_FAILED, 2};
    assertEquals(3, BulkAccounting.batchStored(5, counts, false));
    assertEquals(4, BulkAccounting.batchStored(5, counts, true), "upsert: 0 means unchanged row, stored");
  }

  @Test
  void shortCountsFromBatchUpdateExceptionMeanTheRestFailed() {
    assertEquals(2, BulkAccounting.batchStored(10, new int[] {1, 1}, false));
    assertEquals(0, BulkAccounting.batchStored(10, null, false));
  }
}
