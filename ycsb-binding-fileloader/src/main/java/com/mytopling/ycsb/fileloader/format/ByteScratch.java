package com.mytopling.ycsb.fileloader.format;

import java.util.Arrays;

/** A reusable growable byte area, for values assembled from several lines or unescaped. */
final class ByteScratch {
  private byte[] bytes = new byte[1024];
  private int length;

  void clear() {
    length = 0;
  }

  void append(byte[] src, int offset, int count) {
    ensure(count);
    System.arraycopy(src, offset, bytes, length, count);
    length += count;
  }

  void append(byte b) {
    ensure(1);
    bytes[length++] = b;
  }

  private void ensure(int extra) {
    if (length + extra > bytes.length) {
      bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + extra));
    }
  }

  byte[] bytes() {
    return bytes;
  }

  int length() {
    return length;
  }
}
