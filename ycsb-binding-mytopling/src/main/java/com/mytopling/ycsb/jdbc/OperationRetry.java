package com.mytopling.ycsb.jdbc;

import com.mytopling.ycsb.core.dialect.SqlErrors;
import java.sql.SQLException;
import java.util.concurrent.atomic.LongAdder;
import site.ycsb.Status;

/**
 * The binding's one retry loop. What an SQLException means (a lock conflict, a lost connection)
 * is the dialect family's {@link SqlErrors}, asked here. Every operation runs its statement as an
 * {@link Attempt}: deadlocks and lock-wait timeouts are retried up to db.lockretries times
 * after rolling back; any other failure ends the operation, once: rolled back, a lost
 * connection marked for reconnecting, the error counted by kind, and the status chosen
 * (SERVICE_UNAVAILABLE for a lost connection, ERROR otherwise).
 *
 * <p>Attempts are fields of the client, not lambdas made per call, and read their arguments
 * from the client's fields, so running an operation allocates nothing.
 */
final class OperationRetry {
  /** One try of an operation's statements on a session. */
  interface Attempt {
    Status run(ShardSession s) throws SQLException;
  }

  private final SqlErrors sqlErrors;
  private final int lockRetries;
  private final LongAdder lockRetryCount;
  private final ErrorLog errors;

  /** Told of a failure that makes the database unusable for the run (its table is gone). */
  private final java.util.function.Consumer<SQLException> unusable;

  OperationRetry(SqlErrors sqlErrors, int lockRetries, LongAdder lockRetryCount, ErrorLog errors,
                 java.util.function.Consumer<SQLException> unusable) {
    this.sqlErrors = sqlErrors;
    this.lockRetries = lockRetries;
    this.lockRetryCount = lockRetryCount;
    this.errors = errors;
    this.unusable = unusable;
  }

  /** Runs the attempt until it returns, or fails in a way not worth retrying (then {@link #fail}). */
  Status run(ShardSession s, String operation, Attempt attempt) {
    for (int tries = 0; ; tries++) {
      try {
        return attempt.run(s);
      } catch (SQLException e) {
        if (tries < lockRetries && sqlErrors.isLockConflict(e)) {
          s.rollbackQuietly();
          lockRetryCount.increment();
          continue;
        }
        return fail(s, operation, e);
      }
    }
  }

  /** Ends an operation that failed with {@code e}; returns its status. */
  Status fail(ShardSession s, String operation, SQLException e) {
    s.rollbackQuietly();
    boolean lost = sqlErrors.isConnectionLost(e);
    if (lost) {
      s.connectionLost();
    }
    errors.record(operation, e);
    if (!lost && sqlErrors.isMissingTable(e)) {
      unusable.accept(e);
    }
    // A lost connection is counted under its own return code, apart from SQL errors.
    return lost ? Status.SERVICE_UNAVAILABLE : Status.ERROR;
  }
}
