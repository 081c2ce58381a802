package com.mytopling.ycsb.fileloader.db;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The widths of an existing table's columns, from JDBC metadata, so that a value too long for
 * its column is reported by the workload (naming record and field) instead of being cut by a
 * lenient server or rejected with a bare error.
 */
public final class ColumnLimits {
  /** Sizes at or above this are "unlimited" (LONGTEXT, NVARCHAR(MAX)). */
  private static final long UNLIMITED = Integer.MAX_VALUE;

  private ColumnLimits() {
  }

  /** Limits by upper-cased column name; empty when the table does not exist (yet). */
  public static Map<String, ColumnLimit> of(Connection c, String table) throws SQLException {
    Map<String, ColumnLimit> limits = new HashMap<>();
    DatabaseMetaData md = c.getMetaData();
    try (ResultSet rs = md.getColumns(c.getCatalog(), null, table, "%")) {
      while (rs.next()) {
        String type = rs.getString("TYPE_NAME").toUpperCase(Locale.ROOT);
        long size = rs.getLong("COLUMN_SIZE");
        ColumnLimit limit;
        if (size <= 0 || size >= UNLIMITED) {
          limit = ColumnLimit.NONE;
        } else if (type.contains("TEXT") || type.contains("BLOB") || type.contains("CLOB")) {
          limit = ColumnLimit.bytes(size);
        } else {
          limit = ColumnLimit.chars(size);
        }
        limits.put(rs.getString("COLUMN_NAME").toUpperCase(Locale.ROOT), limit);
      }
    }
    return limits;
  }
}
