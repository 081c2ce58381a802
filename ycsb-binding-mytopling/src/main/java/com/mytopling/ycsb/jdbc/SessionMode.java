package com.mytopling.ycsb.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Settings a session applies to every connection it opens and ends when it closes: none, or
 * MyRocks bulk load (db.rocksdb.bulkload), whose rows are only safe once ending it succeeded.
 * Chosen once per run.
 */
abstract class SessionMode {
  /** Applied to every connection a session opens (also after a reconnect). */
  abstract void begin(Connection c) throws SQLException;

  /** Ends the mode on a live connection; throws when that failed. */
  abstract void end(Connection c) throws SQLException;

  /** True when rows stored in this mode are not safe until {@link #end} succeeds. */
  abstract boolean holdsRows();

  static final SessionMode PLAIN = new SessionMode() {
    @Override
    void begin(Connection c) {
    }

    @Override
    void end(Connection c) {
    }

    @Override
    boolean holdsRows() {
      return false;
    }
  };

  static SessionMode of(SharedRuntime rt) {
    return rt.config.rocksdbBulkLoad ? new RocksDbBulkLoad(rt.dialect.bulkLoadStart(), rt.dialect.bulkLoadFinish())
        : PLAIN;
  }

  /**
   * MyRocks bulk load: rows go to SST files that are ingested when bulk load ends. Ending it
   * fails when a session's keys overlap rows already in the table (another session's ingested
   * files, for instance), and then none of that session's rows are stored.
   */
  static final class RocksDbBulkLoad extends SessionMode {
    private final String[] start;
    private final String finish;

    RocksDbBulkLoad(String[] start, String finish) {
      this.start = start;
      this.finish = finish;
    }

    @Override
    void begin(Connection c) throws SQLException {
      try (Statement st = c.createStatement()) {
        for (String sql : start) {
          st.execute(sql);
        }
      }
    }

    @Override
    void end(Connection c) throws SQLException {
      try (Statement st = c.createStatement()) {
        st.execute(finish);
      }
    }

    @Override
    boolean holdsRows() {
      return true;
    }
  }
}
