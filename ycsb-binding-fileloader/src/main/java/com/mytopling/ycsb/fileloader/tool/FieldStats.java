package com.mytopling.ycsb.fileloader.tool;

/** Length statistics of one field over a data file, in characters and in UTF-8 bytes. */
final class FieldStats {
  final String name;
  long count;
  long minChars = Long.MAX_VALUE;
  long maxChars;
  long totalChars;
  long maxUtf8Bytes;

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
      maxUtf8Bytes = Math.max(maxUtf8Bytes, utf8Length(value));
    }
  }

  double averageChars() {
    return count == 0 ? 0 : (double) totalChars / count;
  }

  static long utf8Length(String s) {
    long n = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        n++;
      } else if (c < 0x800) {
        n += 2;
      } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
        n += 4;
        i++;
      } else {
        n += 3;
      }
    }
    return n;
  }
}
