package com.mytopling.ycsb.core.dialect;

/**
 * What a value column must hold, the input of every dialect's column types: the longest value
 * in characters and in UTF-8 bytes, and whether any value has a character outside ASCII.
 *
 * @param maxChars longest value in characters (UTF-16 units)
 * @param maxUtf8Bytes longest value in UTF-8 bytes (what utf8mb4 stores)
 * @param ascii every value is ASCII
 */
public record ColumnSize(long maxChars, long maxUtf8Bytes, boolean ascii) {
  /** MySQL's utf8mb4 stores at most this many bytes per character. */
  public static final int MAX_UTF8_BYTES_PER_CHAR = 4;

  /**
   * A YCSB field of {@code fieldlength} characters: YCSB's values are ASCII, but a file load may
   * put any character in, so the byte length is the worst case of utf8mb4.
   */
  public static ColumnSize ycsbField(int fieldLength) {
    return new ColumnSize(fieldLength, (long) fieldLength * MAX_UTF8_BYTES_PER_CHAR, true);
  }

  /** The width declared for a VARCHAR of this column: at least one character. */
  public long width() {
    return Math.max(1, maxChars);
  }
}
