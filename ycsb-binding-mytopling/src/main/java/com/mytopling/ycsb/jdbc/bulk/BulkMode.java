package com.mytopling.ycsb.jdbc.bulk;

import com.mytopling.ycsb.core.connect.DriverChoice;

/**
 * How buffered inserts ({@code jdbc.batchupdateapi=true}, {@code db.batchsize > 1}) reach the
 * server; property {@code db.bulkload}. Every mode reports each buffered row once in the
 * INSERT-BATCH series, OK when the server stored it and ERROR when it did not.
 */
public enum BulkMode {
  /**
   * The default: {@link #BATCHAPI} when the connections use MariaDB Connector/J (its binary bulk
   * command was the fastest path measured, docs/speed.md), {@link #INSERT} otherwise. Resolved
   * once per run by {@link #resolve}; no other code sees this value.
   */
  AUTO,
  /** One multi-row {@code INSERT ... VALUES (...), (...)} prepared statement per batch. */
  INSERT,
  /**
   * MySQL family: {@code LOAD DATA LOCAL INFILE} fed from memory (the driver's local-infile
   * input stream; no temporary file). Duplicate keys are skipped ({@code IGNORE}) or replace
   * the stored row ({@code db.upsert=replace}); the server's affected-row count is compared with
   * the rows sent and the difference is counted as failed rows.
   */
  LOADDATA,
  /**
   * JDBC's own batch API: a one-row INSERT, {@code addBatch} per row and one {@code executeBatch}
   * per batch. With SQL Server the driver option {@code useBulkCopyForBatchInsert=true} is added,
   * which turns the batch into a bulk copy; Connector/J rewrites it into multi-row INSERTs
   * ({@code rewriteBatchedStatements}), MariaDB Connector/J sends it as a bulk command.
   */
  BATCHAPI;

  /** The concrete mode for connections made with this URL: AUTO decided, any other kept. */
  public BulkMode resolve(String connectUrl) {
    if (this != AUTO) {
      return this;
    }
    return DriverChoice.usesMariaDbDriver(connectUrl) ? BATCHAPI : INSERT;
  }

  public String propertyValue() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
