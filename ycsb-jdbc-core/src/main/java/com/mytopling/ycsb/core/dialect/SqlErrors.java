package com.mytopling.ycsb.core.dialect;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransactionRollbackException;

/**
 * What a failed statement means, one question per method, answered by the family's vendor codes
 * (as HikariCP asks its SQLExceptionOverride). Vendor codes are per family because the numbers
 * collide: 1205 is MySQL's lock wait timeout and SQL Server's deadlock, and MySQL's 1222 is a
 * column-count error, not SQL Server's lock timeout. Standard SQLStates and exception classes
 * count in every family. Asked only after a statement failed, never on a successful operation.
 */
public abstract class SqlErrors {
  /** SQLState of a transaction rolled back by the server (serialization failure, deadlock). */
  private static final String ROLLBACK_STATE = "40001";
  /** SQLState class "connection exception" (08001, 08003, 08004, 08006, 08S01, ...). */
  private static final String CONNECTION_STATE_CLASS = "08";

  /** The key of the row being inserted exists already (db.insertexisting=skip acts on this). */
  public abstract boolean isDuplicateKey(SQLException e);

  /**
   * The statement lost a lock conflict (deadlock victim, lock wait timeout) and did nothing:
   * worth retrying (db.lockretries).
   */
  public boolean isLockConflict(SQLException e) {
    return e instanceof SQLTransactionRollbackException || ROLLBACK_STATE.equals(e.getSQLState())
        || isVendorLockConflict(e.getErrorCode());
  }

  /** The family's vendor codes for a lost lock conflict. */
  protected abstract boolean isVendorLockConflict(int code);

  /**
   * The connection is gone (server down, network cut, connection aborted by the watchdog): the
   * session must reconnect, and the operation counts as SERVICE_UNAVAILABLE, not as an SQL error.
   */
  public boolean isConnectionLost(SQLException e) {
    String state = e.getSQLState();
    return (state != null && state.startsWith(CONNECTION_STATE_CLASS)) || e instanceof SQLRecoverableException
        || e instanceof SQLNonTransientConnectionException;
  }

  /**
   * The table is not there (dropped, or never made): every later operation would fail the same way, so the run stops
   * (the binding says so in one line).
   */
  public boolean isMissingTable(SQLException e) {
    return MISSING_TABLE_STATE.equals(e.getSQLState()) || isVendorMissingTable(e.getErrorCode());
  }

  /** The family's vendor code for a missing table. */
  protected abstract boolean isVendorMissingTable(int code);

  /** SQLState "base table or view not found". */
  private static final String MISSING_TABLE_STATE = "42S02";

  /** MySQL, MariaDB, MyRocks and MyTopling. */
  static final class MySql extends SqlErrors {
    /** ER_DUP_ENTRY and ER_DUP_ENTRY_WITH_KEY_NAME. */
    static final int DUP_ENTRY = 1062;
    static final int DUP_ENTRY_WITH_KEY_NAME = 1586;
    /** ER_LOCK_DEADLOCK, ER_LOCK_WAIT_TIMEOUT. */
    static final int DEADLOCK = 1213;
    static final int LOCK_WAIT_TIMEOUT = 1205;

    @Override
    public boolean isDuplicateKey(SQLException e) {
      int code = e.getErrorCode();
      return code == DUP_ENTRY || code == DUP_ENTRY_WITH_KEY_NAME;
    }

    @Override
    protected boolean isVendorLockConflict(int code) {
      return code == DEADLOCK || code == LOCK_WAIT_TIMEOUT;
    }

    /** ER_NO_SUCH_TABLE. */
    @Override
    protected boolean isVendorMissingTable(int code) {
      return code == 1146;
    }
  }

  /** SQL Server and Azure SQL Database (mssql-jdbc reports the server's error number as the vendor code). */
  static final class SqlServer extends SqlErrors {
    /** Violation of PRIMARY KEY / UNIQUE constraint; duplicate key row in a unique index. */
    static final int PK_VIOLATION = 2627;
    static final int DUP_KEY_ROW = 2601;
    /** Chosen as deadlock victim; lock request time out period exceeded (SET LOCK_TIMEOUT). */
    static final int DEADLOCK_VICTIM = 1205;
    static final int LOCK_TIMEOUT = 1222;

    @Override
    public boolean isDuplicateKey(SQLException e) {
      int code = e.getErrorCode();
      return code == PK_VIOLATION || code == DUP_KEY_ROW;
    }

    @Override
    protected boolean isVendorLockConflict(int code) {
      return code == DEADLOCK_VICTIM || code == LOCK_TIMEOUT;
    }

    /** "Invalid object name". */
    @Override
    protected boolean isVendorMissingTable(int code) {
      return code == 208;
    }
  }
}
