package com.mytopling.ycsb.fileloader.format;

import java.util.Locale;

/** How the bytes of a data file are compressed. Detected from the file's magic bytes. */
public enum Compression {
  NONE, GZIP, ZSTD;

  /** Recognises gzip (1f 8b) and zstd frames (28 b5 2f fd); anything else is taken as plain. */
  static Compression detect(byte[] head, int length) {
    if (length >= 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b) {
      return GZIP;
    }
    if (length >= 4 && (head[0] & 0xff) == 0x28 && (head[1] & 0xff) == 0xb5
        && (head[2] & 0xff) == 0x2f && (head[3] & 0xff) == 0xfd) {
      return ZSTD;
    }
    return NONE;
  }

  /** Parses a property value; {@code auto} (or empty) means "detect", returned as null. */
  public static Compression fromName(String name) {
    String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
    switch (n) {
    case "":
    case "auto":
      return null;
    case "none":
      return NONE;
    case "gz":
    case "gzip":
      return GZIP;
    case "zst":
    case "zstd":
      return ZSTD;
    default:
      throw new IllegalArgumentException("unknown compression '" + name + "' (auto, none, gzip, zstd)");
    }
  }
}
