package com.mytopling.ycsb.jdbc;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/**
 * Prepared statements of one kind (read, update, ...) on one connection, keyed by field mask.
 * The two masks YCSB uses almost always — all fields, or a single field — are found without
 * hashing or boxing; other subsets fall back to a map.
 */
final class StatementCache {
  interface SqlForMask {
    String sql(long mask);
  }

  private final long allFields;
  private final SqlForMask sqlForMask;
  private final PreparedStatement[] single = new PreparedStatement[64];
  private PreparedStatement all;
  private Map<Long, PreparedStatement> other;

  StatementCache(long allFields, SqlForMask sqlForMask) {
    this.allFields = allFields;
    this.sqlForMask = sqlForMask;
  }

  PreparedStatement get(java.sql.Connection c, long mask) throws SQLException {
    if (mask == allFields) {
      if (all == null) {
        all = c.prepareStatement(sqlForMask.sql(mask));
      }
      return all;
    }
    if (Long.bitCount(mask) == 1) {
      int i = Long.numberOfTrailingZeros(mask);
      if (single[i] == null) {
        single[i] = c.prepareStatement(sqlForMask.sql(mask));
      }
      return single[i];
    }
    if (other == null) {
      other = new HashMap<>();
    }
    PreparedStatement ps = other.get(mask);
    if (ps == null) {
      ps = c.prepareStatement(sqlForMask.sql(mask));
      other.put(mask, ps);
    }
    return ps;
  }

  /** Closes every statement; errors are ignored because the connection is going away. */
  void clear() {
    closeQuietly(all);
    all = null;
    for (int i = 0; i < single.length; i++) {
      closeQuietly(single[i]);
      single[i] = null;
    }
    if (other != null) {
      other.values().forEach(StatementCache::closeQuietly);
      other = null;
    }
  }

  static void closeQuietly(AutoCloseable c) {
    if (c != null) {
      try {
        c.close();
      } catch (Exception ignored) {
        // Closing after a failure: nothing useful to report.
      }
    }
  }
}
