package com.mytopling.ycsb.launcher;

/** The command line or a property is wrong; the message is the one line the user sees. */
public final class UsageException extends Exception {
  public UsageException(String message) {
    super(message);
  }
}
