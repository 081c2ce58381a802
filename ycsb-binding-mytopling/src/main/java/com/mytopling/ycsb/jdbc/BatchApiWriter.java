package com.mytopling.ycsb.jdbc;

import com.mytopling.ycsb.core.dialect.TableLayout;
import com.mytopling.ycsb.core.dialect.UpsertMode;
import com.mytopling.ycsb.jdbc.bulk.BulkAccounting;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * db.bulkload=batchapi: JDBC's {@code addBatch}/{@code executeBatch} of the one-row INSERT. The
 * drivers send it their own way (MariaDB Connector/J's bulk command, Connector/J's rewritten
 * multi-row INSERT, SQL Server's bulk copy), so the rows stored are read from the update
 * counts. With auto-commit, rows before a failing one may be stored: they are counted stored,
 * the statement is never sent again (it would store them twice), and the rest failed.
 */
final class BatchApiWriter implements BatchWriter {
  private final SharedRuntime rt;
  private final StatementCache oneRow;
  private final boolean upsert;

  BatchApiWriter(SharedRuntime rt) {
    this.rt = rt;
    TableLayout t = rt.layout;
    this.oneRow = new StatementCache(t.allFields(), m -> rt.dialect.insert(t, m, 1, rt.config.upsert));
    this.upsert = rt.config.upsert != UpsertMode.NONE;
  }

  @Override
  public void write(Connection c, InsertBuffer b, BatchOutcome out) throws SQLException {
    PreparedStatement ps = oneRow.get(c, b.mask());
    try {
      b.addBatches(ps);
      out.stored = BulkAccounting.batchStored(b.rows(), ps.executeBatch(), upsert);
    } catch (BatchUpdateException e) {
      // Without auto-commit the rollback that follows takes back whatever the batch stored.
      int stored = rt.config.autoCommit ? BulkAccounting.batchStored(b.rows(), e.getUpdateCounts(), upsert) : 0;
      if (stored == 0) {
        throw e;
      }
      out.stored = stored;
      out.partialFailure = e;
    } finally {
      try {
        ps.clearBatch();
      } catch (SQLException ignored) {
        // The statement died with its connection; the failure above is what gets reported.
      }
    }
  }

  @Override
  public String shortfall() {
    return "rows not stored (the driver's update counts show rows the server did not store)";
  }

  @Override
  public void reset() {
    oneRow.clear();
  }
}
