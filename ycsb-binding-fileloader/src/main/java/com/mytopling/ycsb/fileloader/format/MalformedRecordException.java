package com.mytopling.ycsb.fileloader.format;

/**
 * A record that cannot be used. The parser has already moved past it, so the caller may go on
 * with the next record (skip policy) or stop (fail policy).
 */
public final class MalformedRecordException extends Exception {
  private final long lineNumber;
  private final long byteOffset;
  private final String reason;

  public MalformedRecordException(long lineNumber, long byteOffset, String reason) {
    super(com.mytopling.ycsb.core.OneLine.of("malformed record at " + FilePosition.describe(lineNumber, byteOffset)
        + ": " + reason));
    this.lineNumber = lineNumber;
    this.byteOffset = byteOffset;
    this.reason = reason;
  }

  public long lineNumber() {
    return lineNumber;
  }

  public long byteOffset() {
    return byteOffset;
  }

  public String reason() {
    return reason;
  }
}
