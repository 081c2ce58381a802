package com.mytopling.ycsb.jdbc;

import java.sql.SQLException;
import java.sql.SQLTransactionRollbackException;

/** Recognises the transient lock conflicts that are worth retrying. */
final class LockErrors {
  /** MySQL/MariaDB: deadlock found, lock wait timeout exceeded. */
  private static final int MYSQL_DEADLOCK = 1213;
  private static final int MYSQL_LOCK_WAIT_TIMEOUT = 1205;
  /** SQL Server: chosen as deadlock victim; lock request time out. */
  private static final int MSSQL_DEADLOCK = 1205;
  private static final int MSSQL_LOCK_TIMEOUT = 1222;

  private LockErrors() {
  }

  static boolean isRetryable(SQLException e) {
    if (e instanceof SQLTransactionRollbackException || "40001".equals(e.getSQLState())) {
      return true;
    }
    int code = e.getErrorCode();
    return code == MYSQL_DEADLOCK || code == MYSQL_LOCK_WAIT_TIMEOUT || code == MSSQL_DEADLOCK
        || code == MSSQL_LOCK_TIMEOUT;
  }
}
