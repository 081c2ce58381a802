package com.mytopling.ycsb.fileloader.db;

/**
 * How much one column holds: a number of characters (VARCHAR, CHAR, NVARCHAR) or of bytes
 * (MySQL's TEXT types, whose limits are in bytes: 65 535 for TEXT). 0 means no limit known.
 */
public record ColumnLimit(long maxChars, long maxBytes) {
  public static final ColumnLimit NONE = new ColumnLimit(0, 0);

  public static ColumnLimit chars(long n) {
    return new ColumnLimit(n, 0);
  }

  public static ColumnLimit bytes(long n) {
    return new ColumnLimit(0, n);
  }

  public boolean limited() {
    return maxChars > 0 || maxBytes > 0;
  }

  public String describe() {
    return maxChars > 0 ? maxChars + " characters" : maxBytes + " bytes";
  }
}
