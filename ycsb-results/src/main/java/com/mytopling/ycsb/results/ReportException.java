package com.mytopling.ycsb.results;

/**
 * A problem with the user's input (missing file, foreign format, bad option). Its message is printed as the one
 * line the user sees, so it must name the file or option and say what was expected.
 */
public class ReportException extends RuntimeException {
  public ReportException(String message) {
    super(com.mytopling.ycsb.core.OneLine.of(message));
  }

  public ReportException(String message, Throwable cause) {
    super(com.mytopling.ycsb.core.OneLine.of(message), cause);
  }
}
