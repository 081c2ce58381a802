package com.mytopling.ycsb.jdbc.bulk;

import java.io.ByteArrayInputStream;
import java.io.InputStream;

/**
 * The text a {@code LOAD DATA LOCAL INFILE} statement reads, built in memory: one line per row,
 * fields separated by tab, lines ended by newline, UTF-8, with the statement's
 * {@code ESCAPED BY '\\'} escapes: backslash, tab, newline, carriage return and NUL are written
 * as {@code \\ \t \n \r \0}; a null value is {@code \N}. The byte array is reused for every
 * batch and only grows, so a load of any length keeps one buffer per client thread.
 */
public final class LoadDataRows {
  private byte[] buf;
  private int len;
  private int rows;

  public LoadDataRows(int initialBytes) {
    buf = new byte[Math.max(64, initialBytes)];
  }

  public void clear() {
    len = 0;
    rows = 0;
  }

  public int rows() {
    return rows;
  }

  public int bytes() {
    return len;
  }

  /** Appends one row: the key, then {@code values[p]} for each position p set in mask, ascending. */
  public void addRow(String key, String[] values, long mask) {
    field(key);
    for (long m = mask; m != 0; m &= m - 1) {
      put((byte) '\t');
      field(values[Long.numberOfTrailingZeros(m)]);
    }
    put((byte) '\n');
    rows++;
  }

  /** A fresh stream over the bytes written so far (the driver reads it to the end). */
  public InputStream stream() {
    return new ByteArrayInputStream(buf, 0, len);
  }

  /** Copy of the bytes, for tests. */
  public byte[] toByteArray() {
    return java.util.Arrays.copyOf(buf, len);
  }

  private void field(String s) {
    if (s == null) {
      ensure(2);
      buf[len++] = '\\';
      buf[len++] = 'N';
      return;
    }
    int n = s.length();
    // Worst case 3 bytes per UTF-16 unit (a surrogate pair is 4 bytes for 2 units).
    ensure(3 * n);
    byte[] b = buf;
    int p = len;
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        switch (c) {
          case '\\': b[p++] = '\\'; b[p++] = '\\'; break;
          case '\t': b[p++] = '\\'; b[p++] = 't'; break;
          case '\n': b[p++] = '\\'; b[p++] = 'n'; break;
          case '\r': b[p++] = '\\'; b[p++] = 'r'; break;
          case '\0': b[p++] = '\\'; b[p++] = '0'; break;
          default: b[p++] = (byte) c;
        }
      } else if (c < 0x800) {
        b[p++] = (byte) (0xC0 | (c >> 6));
        b[p++] = (byte) (0x80 | (c & 0x3F));
      } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
        int cp = Character.toCodePoint(c, s.charAt(++i));
        b[p++] = (byte) (0xF0 | (cp >> 18));
        b[p++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
        b[p++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
        b[p++] = (byte) (0x80 | (cp & 0x3F));
      } else if (Character.isSurrogate(c)) {
        // An unpaired surrogate is not a character; '?' as String.getBytes(UTF_8) writes.
        b[p++] = '?';
      } else {
        b[p++] = (byte) (0xE0 | (c >> 12));
        b[p++] = (byte) (0x80 | ((c >> 6) & 0x3F));
        b[p++] = (byte) (0x80 | (c & 0x3F));
      }
    }
    len = p;
  }

  private void put(byte x) {
    ensure(1);
    buf[len++] = x;
  }

  private void ensure(int more) {
    if (len + more > buf.length) {
      buf = java.util.Arrays.copyOf(buf, Math.max(buf.length * 2, len + more));
    }
  }
}
