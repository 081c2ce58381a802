package com.mytopling.ycsb.fileloader;

/** The load cannot go on (by policy or because the file cannot be read); the message says why. */
public final class FatalRecordException extends Exception {
  public FatalRecordException(String message) {
    super(message);
  }
}
