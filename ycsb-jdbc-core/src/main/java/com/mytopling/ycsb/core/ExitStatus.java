package com.mytopling.ycsb.core;

/**
 * The exit statuses of every entry point (scripts/ycsb, benchmark, verify, report, dataset, the
 * file workload under YCSB's own client), defined once. Each code has one meaning in every tool;
 * the README's table "Exit statuses" is this enum in words.
 */
public enum ExitStatus {
  /** Everything asked for was done: every planned operation, a clean verification, a report written. */
  OK(0),
  /**
   * The work was tried and did not succeed: a failed or incomplete run, a database that cannot be
   * reached or used (login refused, table missing), rows missing or wrong in a verification, a
   * regression found by the gate.
   */
  FAILED(1),
  /**
   * The user's input is wrong: command line, property, property file or data file. One line names
   * the problem; nothing was started, or (for a data file found broken mid-way) the load stopped.
   */
  BAD_INPUT(2),
  /**
   * The harness itself failed: it could not be built, or hit an unexpected internal error (a bug;
   * the line says where). Never a verdict about the input or the database.
   */
  INTERNAL_ERROR(3);

  /** The process exit code. */
  public final int code;

  ExitStatus(int code) {
    this.code = code;
  }
}
