package com.mytopling.ycsb.fileloader.tool;

import com.mytopling.ycsb.fileloader.Utf8;

/** Length statistics of one field over a data file, in characters and in UTF-8 bytes. */
final class FieldStats {
  final String name;
  long count;
  long minChars = Long.MAX_VALUE;
  long maxChars;
  long totalChars;
  long maxUtf8Bytes;
  /** Every value so far is ASCII (SQL Server's column type depends on it). */
  boolean ascii = true;

  FieldStats(String name) {
    this.name = name;
  }

  void add(String value) {
    long chars = value.length();
    count++;
    totalChars += chars;
    minChars = Math.min(minChars, chars);
    maxChars = Math.max(maxChars, chars);
    if (chars * 3 > maxUtf8Bytes) {
      // Only values that could beat the current maximum are measured in bytes.
      maxUtf8Bytes = Math.max(maxUtf8Bytes, Utf8.length(value));
    }
    for (int i = 0; ascii && i < value.length(); i++) {
      ascii = value.charAt(i) < 0x80;
    }
  }

  double averageChars() {
    return count == 0 ? 0 : (double) totalChars / count;
  }
}
