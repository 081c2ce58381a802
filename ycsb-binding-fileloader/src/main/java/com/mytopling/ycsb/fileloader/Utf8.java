package com.mytopling.ycsb.fileloader;

/** UTF-8 sizes of Strings, computed without encoding them (utf8mb4 columns count these bytes). */
public final class Utf8 {
  private Utf8() {
  }

  public static long length(String s) {
    return prefixBytes(s, s.length());
  }

  /** Bytes of the first {@code chars} UTF-16 units. */
  private static long prefixBytes(String s, int chars) {
    long n = 0;
    for (int i = 0; i < chars; i++) {
      n += unitBytes(s, i);
    }
    return n;
  }

  /** Bytes for the unit at i: a surrogate pair counts 4, split over its two units. */
  private static int unitBytes(String s, int i) {
    char c = s.charAt(i);
    if (c < 0x80) {
      return 1;
    }
    if (c < 0x800) {
      return 2;
    }
    if (Character.isSurrogate(c)) {
      return 2;
    }
    return 3;
  }

  /** The longest prefix whose UTF-8 form fits {@code maxBytes}, never splitting a surrogate pair. */
  public static String prefixFitting(String s, long maxBytes) {
    long n = 0;
    int i = 0;
    while (i < s.length()) {
      int units = Character.isHighSurrogate(s.charAt(i)) && i + 1 < s.length() ? 2 : 1;
      int bytes = units == 2 ? 4 : unitBytes(s, i);
      if (n + bytes > maxBytes) {
        break;
      }
      n += bytes;
      i += units;
    }
    return s.substring(0, i);
  }
}
