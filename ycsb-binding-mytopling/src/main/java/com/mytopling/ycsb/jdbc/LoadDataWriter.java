package com.mytopling.ycsb.jdbc;

import com.mytopling.ycsb.core.dialect.UpsertMode;
import com.mytopling.ycsb.jdbc.bulk.BulkAccounting;
import com.mytopling.ycsb.jdbc.bulk.LoadDataRows;
import com.mytopling.ycsb.jdbc.bulk.LocalInfile;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * db.bulkload=loaddata (MySQL family): one {@code LOAD DATA LOCAL INFILE} per batch, its rows
 * streamed from a text buffer in memory (no temporary file). The server's affected-row count
 * says how many rows it stored; the rest were duplicates it skipped (IGNORE) or rows it
 * refused: skipped with db.insertexisting=skip, failed otherwise.
 */
final class LoadDataWriter implements BatchWriter {
  private final SharedRuntime rt;
  private final LoadDataRows text;
  /** LOAD DATA cannot be prepared: a plain statement per connection, and its stream feeder. */
  private Statement statement;
  private LocalInfile infile;
  private String sql;
  private long sqlMask;

  LoadDataWriter(SharedRuntime rt) {
    this.rt = rt;
    this.text = new LoadDataRows(rt.config.batchSize * (rt.config.fieldLength + 2) * (rt.layout.fieldCount() + 1));
  }

  @Override
  public void write(Connection c, InsertBuffer b, BatchOutcome out) throws SQLException {
    if (statement == null) {
      statement = c.createStatement();
      infile = LocalInfile.of(statement);
    }
    if (sql == null || sqlMask != b.mask()) {
      sql = rt.dialect.loadData(rt.layout, b.mask(), rt.config.upsert);
      sqlMask = b.mask();
    }
    text.clear();
    b.encode(text);
    infile.attach(text.stream());
    long affected = statement.executeLargeUpdate(sql);
    int stored = BulkAccounting.loadDataStored(b.rows(), affected, rt.config.upsert == UpsertMode.REPLACE);
    out.stored = stored;
    if (rt.config.skipExisting) {
      // LOAD DATA ... IGNORE skipped rows whose key exists: what db.insertexisting=skip asks for.
      out.skipped = b.rows() - stored;
    }
  }

  @Override
  public String shortfall() {
    return "rows not stored (the server's affected-row count is lower: duplicate keys skipped by LOAD DATA IGNORE,"
        + " or rows refused)";
  }

  @Override
  public void reset() {
    StatementCache.closeQuietly(statement);
    statement = null;
    infile = null;
  }
}
