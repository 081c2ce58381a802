package com.mytopling.ycsb.launcher;

import com.mytopling.ycsb.core.ExitStatus;

/**
 * A job's step failed: a run, a server, a tool the job started. {@link HarnessJob} prints the message as the job's
 * one line (nothing when the step has said why already) and ends with the status.
 */
public final class JobFailed extends Exception {
  private static final long serialVersionUID = 1L;
  private final int status;

  /** A failure the message explains: exit status 1. */
  public JobFailed(String message) {
    this(ExitStatus.FAILED.code, message);
  }

  /** A step that printed its own line (a report command, a child process) and ended with {@code status}. */
  public static JobFailed alreadySaid(int status) {
    return new JobFailed(status, null);
  }

  private JobFailed(int status, String message) {
    super(message, null, false, false);
    this.status = status;
  }

  /** The exit status the job ends with. */
  public int status() {
    return status;
  }
}
