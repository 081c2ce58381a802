package com.mytopling.ycsb.jdbc;

import com.mytopling.ycsb.core.dialect.TableLayout;

/**
 * Rows waiting to go to one shard in one batch statement. Values arrive as strings (YCSB's
 * ByteIterators can be read only once, so the client reads them before buffering). The arrays
 * are allocated once and reused for every batch.
 */
final class InsertBuffer {
  private final String[] keys;
  private final String[][] values;
  private int rows;
  private long mask;
  /** Row indexes in the order they are sent: identity, or by key after {@link #sortByKey}. */
  private final int[] order;
  private final com.mytopling.ycsb.jdbc.bulk.KeyOrder keyOrder;
  private boolean sorted;

  InsertBuffer(TableLayout layout, int capacity) {
    this.keys = new String[capacity];
    this.values = new String[capacity][layout.fieldCount()];
    this.order = new int[capacity];
    this.keyOrder = new com.mytopling.ycsb.jdbc.bulk.KeyOrder(capacity);
  }

  /** db.bulksort: send the buffered rows in key order (no copying; a permutation is sorted). */
  void sortByKey() {
    keyOrder.sort(keys, rows, order);
    sorted = true;
  }

  private int row(int i) {
    return sorted ? order[i] : i;
  }

  /** Appends the buffered rows, in sending order, as LOAD DATA text. */
  void encode(com.mytopling.ycsb.jdbc.bulk.LoadDataRows out) {
    for (int i = 0; i < rows; i++) {
      int r = row(i);
      out.addRow(keys[r], values[r], mask);
    }
  }

  /** Binds each buffered row to a one-row INSERT and adds it to the statement's batch. */
  void addBatches(java.sql.PreparedStatement ps) throws java.sql.SQLException {
    for (int i = 0; i < rows; i++) {
      int r = row(i);
      int p = 1;
      ps.setString(p++, keys[r]);
      String[] row = values[r];
      for (long m = mask; m != 0; m &= m - 1) {
        ps.setString(p++, row[Long.numberOfTrailingZeros(m)]);
      }
      ps.addBatch();
    }
  }

  /** The key of buffered row {@code r} (in the order rows were added). */
  String key(int r) {
    return keys[r];
  }

  int capacity() {
    return keys.length;
  }

  int rows() {
    return rows;
  }

  long mask() {
    return mask;
  }

  boolean isFull() {
    return rows == keys.length;
  }

  /**
   * Adds a row whose fields are {@code rowMask}, its values taken from {@code row} by field
   * position (the strings are kept, not copied); the caller flushes first when masks differ.
   */
  void add(String key, String[] row, long rowMask) {
    if (rows == 0) {
      mask = rowMask;
    }
    keys[rows] = key;
    String[] target = values[rows];
    for (long m = rowMask; m != 0; m &= m - 1) {
      int p = Long.numberOfTrailingZeros(m);
      target[p] = row[p];
    }
    rows++;
  }

  /** Binds all buffered rows, key first then masked fields in field order, from parameter 1. */
  void bind(java.sql.PreparedStatement ps) throws java.sql.SQLException {
    int p = 1;
    for (int i = 0; i < rows; i++) {
      int r = row(i);
      ps.setString(p++, keys[r]);
      String[] row = values[r];
      for (long m = mask; m != 0; m &= m - 1) {
        ps.setString(p++, row[Long.numberOfTrailingZeros(m)]);
      }
    }
  }

  /** Binds buffered row {@code r} alone to a one-row INSERT, from parameter 1 (db.insertexisting=skip). */
  void bindRow(java.sql.PreparedStatement ps, int r) throws java.sql.SQLException {
    int p = 1;
    ps.setString(p++, keys[r]);
    String[] row = values[r];
    for (long m = mask; m != 0; m &= m - 1) {
      ps.setString(p++, row[Long.numberOfTrailingZeros(m)]);
    }
  }

  void clear() {
    for (int r = 0; r < rows; r++) {
      keys[r] = null;
      java.util.Arrays.fill(values[r], null);
    }
    rows = 0;
    sorted = false;
  }
}
