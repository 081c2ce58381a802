package com.mytopling.ycsb.core;

import java.sql.SQLException;

/** One-line descriptions of failures, with secrets masked, for the lines the harness prints. */
public final class SqlMessages {
  private SqlMessages() {
  }

  /** The first line of a message, stripped; "(no message)" for null. */
  public static String firstLine(String s) {
    if (s == null) {
      return "(no message)";
    }
    int nl = s.indexOf('\n');
    return (nl < 0 ? s : s.substring(0, nl)).strip();
  }

  /**
   * SQLState/code, the first line of the message and, when it adds something, the root cause's
   * first line (a driver's "Communications link failure" says why only in its cause), masked.
   */
  public static String describe(SQLException e, String password) {
    StringBuilder sb = new StringBuilder();
    if (e.getSQLState() != null) {
      sb.append(e.getSQLState()).append('/').append(e.getErrorCode()).append(' ');
    }
    sb.append(firstLine(e.getMessage()));
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    if (root != e && root.getMessage() != null && !sb.toString().contains(root.getMessage())) {
      sb.append(" (").append(firstLine(root.getMessage())).append(')');
    }
    return Secrets.mask(sb.toString(), password);
  }
}
