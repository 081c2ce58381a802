package com.mytopling.ycsb.jdbc.dialect;

import com.mytopling.ycsb.jdbc.TableLayout;
import com.mytopling.ycsb.jdbc.UpsertMode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Everything that differs between database families: SQL text, column types, parameter limits
 * and the driver settings that make a connection fast. Each subclass holds all of its SQL, so
 * a reader finds one family's statements in one file. Statements are built once per
 * connection and cached as prepared statements; nothing here runs per operation.
 */
public abstract class Dialect {
  /** The name used by {@code db.dialect}. */
  public abstract String name();

  /** Engine clause used when {@code db.engine} is not set, or null for none. */
  public abstract String defaultEngine();

  /** CREATE TABLE (if it does not exist) for the layout; column width from fieldlength. */
  public abstract String createTable(TableLayout t, String engine, int fieldLength);

  public abstract String dropTable(TableLayout t);

  /** Selects the masked columns, in field order, for one key (parameter 1). Standard SQL, shared. */
  public String read(TableLayout t, long mask) {
    return "SELECT " + BindingSql.columns(t, null, mask) + " FROM " + t.table() + " WHERE " + BindingSql.KEY + " = ?";
  }

  /**
   * Selects the key column followed by the masked columns for keys >= parameter
   * {@link #scanKeyParameter()}, in key order, at most parameter {@link #scanLimitParameter()} rows.
   */
  public abstract String scan(TableLayout t, long mask);

  public abstract int scanKeyParameter();

  public abstract int scanLimitParameter();

  /** Sets the masked columns (parameters 1..n in field order), key last. Standard SQL, shared. */
  public String update(TableLayout t, long mask) {
    return "UPDATE " + t.table() + " SET " + BindingSql.assignments(t, mask, null, null) + " WHERE " + BindingSql.KEY
        + " = ?";
  }

  /** Inserts {@code rows} rows of key then masked columns, with the upsert behaviour asked for. */
  public abstract String insert(TableLayout t, long mask, int rows, UpsertMode mode);

  /** Deletes one key (parameter 1). Standard SQL, shared. */
  public String delete(TableLayout t) {
    return "DELETE FROM " + t.table() + " WHERE " + BindingSql.KEY + " = ?";
  }

  /** Most rows one multi-row insert may carry with this many parameters per row. */
  public abstract int maxRowsPerStatement(int parametersPerRow);

  /** A query returning no rows that fails when the table or one of its columns is missing. */
  public String probe(TableLayout t) {
    return "SELECT " + BindingSql.columns(t, BindingSql.KEY, t.allFields()) + " FROM " + t.table() + " WHERE 1=0";
  }

  /**
   * Driver settings applied when the URL does not set them (db.driveroptions=true): the ones
   * that make a driver fast for many small prepared statements and for multi-row batches.
   */
  public Map<String, String> driverDefaults(String url, int connectTimeoutMs, int socketTimeoutMs) {
    return new LinkedHashMap<>();
  }

  /**
   * {@code LOAD DATA LOCAL INFILE} of tab-separated rows (key, then the masked columns) in the
   * format {@link com.mytopling.ycsb.jdbc.bulk.LoadDataRows} writes, or null when the family has
   * no such statement. Duplicates are skipped, or replace the stored row with REPLACE.
   */
  public String loadData(TableLayout t, long mask, UpsertMode mode) {
    return null;
  }

  /**
   * Driver settings a bulk-load mode needs, applied like {@link #driverDefaults} (unless the URL
   * sets them), and also with db.driveroptions=false because the mode cannot work without them.
   */
  public Map<String, String> bulkDriverDefaults(String url, com.mytopling.ycsb.jdbc.bulk.BulkMode mode) {
    return new LinkedHashMap<>();
  }

  /** Session statements that start the engine's bulk-load mode (db.rocksdb.bulkload), or null if it has none. */
  public String[] bulkLoadStart() {
    return null;
  }

  /** The statement that ends bulk-load mode and makes the loaded rows durable and visible. */
  public String bulkLoadFinish() {
    return null;
  }
}
