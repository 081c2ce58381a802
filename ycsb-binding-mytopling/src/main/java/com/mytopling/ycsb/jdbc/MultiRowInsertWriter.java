package com.mytopling.ycsb.jdbc;

import com.mytopling.ycsb.core.dialect.TableLayout;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * db.bulkload=insert: one multi-row {@code INSERT ... VALUES (...), (...)} per batch. A full
 * batch uses a prepared statement cached per field mask; a shorter one (the last rows of a
 * load, or rows flushed because the field set changed) a statement prepared for it. The
 * statement is atomic: it stores every row or none.
 */
final class MultiRowInsertWriter implements BatchWriter {
  private final SharedRuntime rt;
  private final StatementCache fullBatches;

  MultiRowInsertWriter(SharedRuntime rt) {
    this.rt = rt;
    TableLayout t = rt.layout;
    this.fullBatches = new StatementCache(t.allFields(), m -> rt.dialect.insert(t, m, rt.batchRows(m), rt.config.upsert));
  }

  @Override
  public void write(Connection c, InsertBuffer b, BatchOutcome out) throws SQLException {
    int rows = b.rows();
    long mask = b.mask();
    if (rows == rt.batchRows(mask)) {
      PreparedStatement ps = fullBatches.get(c, mask);
      b.bind(ps);
      ps.executeUpdate();
    } else {
      try (PreparedStatement ps = c.prepareStatement(rt.dialect.insert(rt.layout, mask, rows, rt.config.upsert))) {
        b.bind(ps);
        ps.executeUpdate();
      }
    }
    out.stored = rows;
  }

  @Override
  public String shortfall() {
    return "rows not stored";
  }

  @Override
  public void reset() {
    fullBatches.clear();
  }
}
