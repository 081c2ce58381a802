package com.mytopling.ycsb.core.dialect;

import java.util.Locale;

/**
 * How a phase's inserts reached the server as statements: what the server's statement counters (Com_insert) count,
 * and so what a summary may call a statement. The binding knows it from its insert mode and the driver's handling of
 * a JDBC batch on that server, and records it (the binding record's inserts.statements_per); the self-check and the
 * summary read it there.
 */
public enum InsertStatements {
  /** Each insert() was a statement of its own (no batching). */
  INSERT,
  /** Each batch (one INSERT-BATCH call) was one statement: a multi-row INSERT, one LOAD DATA, a bulk or rewritten batch. */
  BATCH,
  /**
   * Batched, but each row of a batch was a statement of its own: MariaDB Connector/J's executeBatch on a server that is
   * not MariaDB (its bulk protocol is MariaDB's), or MySQL Connector/J's without rewriteBatchedStatements.
   */
  ROW;

  /** The record's value: insert, batch or row. */
  public String recordValue() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The value a record holds; a batched phase's record written before this was recorded counted its batches as its
   * statements (BATCH), an unbatched one its inserts.
   */
  public static InsertStatements fromRecord(String value, boolean batched) {
    if (value != null) {
      for (InsertStatements s : values()) {
        if (s.recordValue().equalsIgnoreCase(value.strip())) {
          return s;
        }
      }
    }
    return batched ? BATCH : INSERT;
  }

  public boolean batched() {
    return this != INSERT;
  }
}
