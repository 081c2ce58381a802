package com.mytopling.ycsb.core.cli;

import com.mytopling.ycsb.core.ExitStatus;

/**
 * The command line is wrong (exit status {@link ExitStatus#BAD_INPUT}); the message is the one line the user sees,
 * after the tool's name. Every command-line tool of the harness (launcher, report, dataset) throws this one.
 */
public final class UsageException extends Exception {
  private static final long serialVersionUID = 1L;

  public UsageException(String message) {
    super(com.mytopling.ycsb.core.OneLine.of(message));
  }

  /** The exit status of every usage error. */
  public int exitStatus() {
    return ExitStatus.BAD_INPUT.code;
  }
}
