package com.mytopling.ycsb.core.dialect;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.BatchUpdateException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransactionRollbackException;
import org.junit.jupiter.api.Test;

/**
 * What each family's vendor codes mean. SQL Server cannot run here, so its cases are the error
 * numbers and SQLStates Microsoft documents (mssql-jdbc reports the server's error number as the
 * vendor code and the server's SQLState): 2627 "Violation of PRIMARY KEY constraint" and 2601
 * "Cannot insert duplicate key row" (23000), 1205 "chosen as the deadlock victim" (40001), 1222
 * "Lock request time out period exceeded", and connection failures in SQLState class 08 (08S01
 * for a connection reset or a read timeout, 08001 unable to connect, 08003 connection closed).
 * The MySQL family's are checked against real servers too (LockConflictIT, FaultIT).
 */
class SqlErrorsTest {
  private final SqlErrors mssql = new SqlServerDialect().errors();
  private final SqlErrors mysql = new MySqlDialect().errors();

  private static SQLException e(String state, int code) {
    return new SQLException("test", state, code);
  }

  @Test
  void sqlServerDuplicateKeys() {
    assertTrue(mssql.isDuplicateKey(e("23000", 2627)));
    assertTrue(mssql.isDuplicateKey(e("23000", 2601)));
    assertFalse(mssql.isDuplicateKey(e("23000", 547)), "a foreign-key violation is not a duplicate key");
    assertFalse(mssql.isDuplicateKey(e("23000", 1062)), "MySQL's number means nothing to SQL Server");
    assertFalse(mssql.isLockConflict(e("23000", 2627)));
    assertFalse(mssql.isConnectionLost(e("23000", 2627)));
  }

  @Test
  void sqlServerLockConflicts() {
    assertTrue(mssql.isLockConflict(e("40001", 1205)), "deadlock victim");
    assertTrue(mssql.isLockConflict(e("S0001", 1205)), "deadlock victim, by number alone");
    assertTrue(mssql.isLockConflict(e("S0001", 1222)), "lock request timeout");
    assertFalse(mssql.isLockConflict(e("S0001", 1213)), "MySQL's deadlock number is not SQL Server's");
    assertFalse(mssql.isDuplicateKey(e("40001", 1205)));
    assertFalse(mssql.isConnectionLost(e("40001", 1205)));
  }

  /** Issue 23: a table dropped in the middle of a run stops the run (the binding asks this). */
  @Test
  void missingTables() {
    assertTrue(mysql.isMissingTable(e("42S02", 1146)), "MariaDB: Table 'ycsb.t' doesn't exist");
    assertTrue(mysql.isMissingTable(e("HY000", 1146)), "by number alone");
    assertFalse(mysql.isMissingTable(e("42S22", 1054)), "an unknown column is not a missing table");
    assertTrue(mssql.isMissingTable(e("S0002", 208)), "SQL Server: Invalid object name");
    assertFalse(mssql.isMissingTable(e("S0001", 207)), "invalid column name");
    assertFalse(mssql.isMissingTable(e("S0001", 1146)), "MySQL's number means nothing to SQL Server");
    assertFalse(mysql.isMissingTable(e("08S01", 0)));
  }

  @Test
  void sqlServerLostConnections() {
    assertTrue(mssql.isConnectionLost(e("08S01", 0)), "connection reset / read timed out");
    assertTrue(mssql.isConnectionLost(e("08001", 0)), "cannot open a connection");
    assertTrue(mssql.isConnectionLost(e("08003", 0)), "the connection is closed");
    assertTrue(mssql.isConnectionLost(e("08006", 0)));
    assertTrue(mssql.isConnectionLost(new SQLRecoverableException("gone")));
    assertTrue(mssql.isConnectionLost(new SQLNonTransientConnectionException("gone")));
    assertFalse(mssql.isConnectionLost(e("S0002", 208)), "invalid object name is an SQL error");
    assertFalse(mssql.isLockConflict(e("08S01", 0)));
  }

  @Test
  void mysqlFamily() {
    assertTrue(mysql.isDuplicateKey(e("23000", 1062)));
    assertTrue(mysql.isDuplicateKey(e("23000", 1586)));
    assertFalse(mysql.isDuplicateKey(e("23000", 2627)), "SQL Server's number means nothing to MySQL");
    assertTrue(mysql.isLockConflict(e("40001", 1213)), "deadlock");
    assertTrue(mysql.isLockConflict(e("HY000", 1205)), "lock wait timeout");
    assertFalse(mysql.isLockConflict(e("21000", 1222)), "MySQL's 1222 is a column-count error, not a lock timeout");
    assertTrue(mysql.isConnectionLost(e("08S01", 0)));
    assertFalse(mysql.isConnectionLost(e("HY000", 1205)));
  }

  @Test
  void standardSignsCountInEveryFamily() {
    for (SqlErrors errors : new SqlErrors[] {mssql, mysql}) {
      assertTrue(errors.isLockConflict(new SQLTransactionRollbackException("rolled back")));
      assertTrue(errors.isLockConflict(e("40001", 0)));
      assertTrue(errors.isDuplicateKey(new BatchUpdateException("batch", "23000",
          errors == mssql ? 2627 : 1062, new int[0])), "a batch's duplicate key carries the vendor code");
    }
  }
}
