package com.mytopling.ycsb.jdbc;

import java.sql.SQLException;

/** Recognises "this key exists already", for db.insertexisting=skip. */
final class DuplicateKeys {
  /** MySQL/MariaDB/MyRocks: ER_DUP_ENTRY and ER_DUP_ENTRY_WITH_KEY_NAME. */
  private static final int MYSQL_DUP_ENTRY = 1062;
  private static final int MYSQL_DUP_ENTRY_WITH_KEY_NAME = 1586;
  /** SQL Server: violation of PRIMARY KEY constraint; duplicate key row in a unique index. */
  private static final int MSSQL_PK_VIOLATION = 2627;
  private static final int MSSQL_DUP_KEY_ROW = 2601;

  private DuplicateKeys() {
  }

  static boolean isDuplicateKey(SQLException e) {
    int code = e.getErrorCode();
    return code == MYSQL_DUP_ENTRY || code == MYSQL_DUP_ENTRY_WITH_KEY_NAME || code == MSSQL_PK_VIOLATION
        || code == MSSQL_DUP_KEY_ROW;
  }
}
