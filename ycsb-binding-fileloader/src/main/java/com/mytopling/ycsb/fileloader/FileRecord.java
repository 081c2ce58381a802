package com.mytopling.ycsb.fileloader;

import site.ycsb.ByteIterator;
import site.ycsb.StringByteIterator;

import java.util.HashMap;
import java.util.List;

/**
 * A record handed to one client thread: its values in column order (already checked against
 * the column widths), its ordinal among the file's usable records, and where it came from.
 */
public final class FileRecord {
  private final long ordinal;
  private final String key;
  private final List<String> columns;
  private final String[] values;
  private final long lineNumber;
  private final long byteOffset;

  FileRecord(long ordinal, String key, List<String> columns, String[] values, long lineNumber, long byteOffset) {
    this.ordinal = ordinal;
    this.key = key;
    this.columns = columns;
    this.values = values;
    this.lineNumber = lineNumber;
    this.byteOffset = byteOffset;
  }

  /**
   * Position among the usable records of the file, counting from 0 (skipped malformed or
   * duplicate records are not counted). With YCSB keys this is the key number.
   */
  public long ordinal() {
    return ordinal;
  }

  /** The key built from record fields, or null when YCSB's key sequence is used. */
  public String key() {
    return key;
  }

  public String value(int column) {
    return values[column];
  }

  public int size() {
    return values.length;
  }

  public long lineNumber() {
    return lineNumber;
  }

  public long byteOffset() {
    return byteOffset;
  }

  /** A fresh map for one DB call (the binding may keep or consume it). */
  public HashMap<String, ByteIterator> allValues() {
    HashMap<String, ByteIterator> map = new HashMap<>(values.length * 2);
    for (int i = 0; i < values.length; i++) {
      map.put(columns.get(i), new StringByteIterator(values[i]));
    }
    return map;
  }

  public HashMap<String, ByteIterator> oneValue(int column) {
    HashMap<String, ByteIterator> map = new HashMap<>(2);
    map.put(columns.get(column), new StringByteIterator(values[column]));
    return map;
  }

  /** Characters of all values, for the raw-to-stored comparison. */
  long valueChars() {
    long n = 0;
    for (String v : values) {
      n += v.length();
    }
    return n;
  }
}
