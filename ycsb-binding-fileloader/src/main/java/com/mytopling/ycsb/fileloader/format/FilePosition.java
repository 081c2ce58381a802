package com.mytopling.ycsb.fileloader.format;

/** The one wording for "where in the file", so every message names positions the same way. */
public final class FilePosition {
  private FilePosition() {
  }

  public static String describe(long lineNumber, long byteOffset) {
    return "line " + lineNumber + " (byte offset " + byteOffset + ")";
  }
}
