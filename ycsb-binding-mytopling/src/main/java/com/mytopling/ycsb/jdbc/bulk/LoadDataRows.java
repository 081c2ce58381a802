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
  /**
   * The most one read of {@link #stream()} returns. MariaDB Connector/J sends a LOAD DATA LOCAL stream by copying each
   * read into its 8 KiB packet buffer after the packet's 4-byte header and flushing; a read of a whole 8 KiB does not
   * fit, so the driver allocates a 128 KiB buffer for that one packet and drops it at the flush, once per 8 KiB sent
   * (a third of the client's CPU in a profile of db.bulkload=loaddata). MySQL Connector/J reads until its own packet
   * is full, so the bound costs it nothing.
   */
  static final int READ_CHUNK = 8192 - 4;

  private byte[] buf;
  private int len;
  private int rows;
  /** A field's characters, copied once: indexing an array beats String.charAt's checks per character. */
  private char[] chars = new char[128];

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

  /** A fresh stream over the bytes written so far (the driver reads it to the end), {@link #READ_CHUNK} at a time. */
  public InputStream stream() {
    return new ByteArrayInputStream(buf, 0, len) {
      @Override
      public synchronized int read(byte[] b, int off, int n) {
        return super.read(b, off, Math.min(n, READ_CHUNK));
      }
    };
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
    if (chars.length < n) {
      chars = new char[Math.max(n, 2 * chars.length)];
    }
    char[] cs = chars;
    s.getChars(0, n, cs, 0);
    byte[] b = buf;
    int p = len;
    for (int i = 0; i < n; i++) {
      char c = cs[i];
      if (c >= 0x20 && c < 0x80 && c != '\\') {
        // Printable ASCII other than the escape character: nearly every byte of a row.
        b[p++] = (byte) c;
      } else if (c < 0x80) {
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
      } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(cs[i + 1])) {
        int cp = Character.toCodePoint(c, cs[++i]);
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
