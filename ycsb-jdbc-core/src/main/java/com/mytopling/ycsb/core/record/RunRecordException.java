package com.mytopling.ycsb.core.record;

/** A record file that cannot be read, or is not a record this harness reads; the message names the file. */
public final class RunRecordException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public RunRecordException(String message) {
    super(com.mytopling.ycsb.core.OneLine.of(message));
  }
}
