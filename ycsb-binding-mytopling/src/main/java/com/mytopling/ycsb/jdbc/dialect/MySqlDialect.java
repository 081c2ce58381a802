package com.mytopling.ycsb.jdbc.dialect;

import static com.mytopling.ycsb.jdbc.dialect.BindingSql.KEY;

import com.mytopling.ycsb.jdbc.TableLayout;
import com.mytopling.ycsb.jdbc.UpsertMode;
import java.util.Map;

/** MySQL 8 and MariaDB with InnoDB: all of the MySQL-family SQL. */
public class MySqlDialect extends Dialect {
  /** MySQL counts placeholders in a 16-bit field. */
  private static final int MAX_PLACEHOLDERS = 65_535;
  /** Row size limit of MySQL for the VARCHAR columns of one row, in bytes, with some headroom. */
  private static final int ROW_VARCHAR_BYTES = 65_000;
  private static final int BYTES_PER_CHAR = 4;

  @Override
  public String name() {
    return "mysql";
  }

  @Override
  public String defaultEngine() {
    return "InnoDB";
  }

  @Override
  public String createTable(TableLayout t, String engine, int fieldLength) {
    String type = fieldType(t.fieldCount(), fieldLength);
    StringBuilder sb = new StringBuilder("CREATE TABLE IF NOT EXISTS ").append(t.table()).append(" (")
        .append(KEY).append(' ').append(keyType()).append(" NOT NULL");
    for (int i = 0; i < t.fieldCount(); i++) {
      sb.append(", ").append(t.columnName(i)).append(' ').append(type).append(" NOT NULL");
    }
    sb.append(", PRIMARY KEY (").append(KEY).append("))");
    if (engine != null) {
      sb.append(" ENGINE=").append(engine);
    }
    return sb.append(" DEFAULT CHARSET=utf8mb4").toString();
  }

  /**
   * The key column: 255 characters as in the published table, compared byte by byte so that
   * key order is the same in the server and in a merged multi-shard scan.
   */
  protected String keyType() {
    return "VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin";
  }

  /**
   * VARCHAR(fieldlength) while all columns fit MySQL's 64 KB row limit in utf8mb4 (the
   * published table uses varchar(100)), else the smallest TEXT type that holds a value.
   */
  static String fieldType(int fieldCount, int fieldLength) {
    long rowBytes = (long) fieldCount * fieldLength * BYTES_PER_CHAR + 255L * BYTES_PER_CHAR;
    if (rowBytes <= ROW_VARCHAR_BYTES) {
      return "VARCHAR(" + fieldLength + ")";
    }
    long valueBytes = (long) fieldLength * BYTES_PER_CHAR;
    if (valueBytes <= 65_535) {
      return "TEXT";
    }
    return valueBytes <= 16_777_215 ? "MEDIUMTEXT" : "LONGTEXT";
  }

  @Override
  public String dropTable(TableLayout t) {
    return "DROP TABLE IF EXISTS " + t.table();
  }

  @Override
  public String scan(TableLayout t, long mask) {
    return "SELECT " + BindingSql.columns(t, KEY, mask) + " FROM " + t.table()
        + " WHERE " + KEY + " >= ? ORDER BY " + KEY + " LIMIT ?";
  }

  @Override
  public int scanKeyParameter() {
    return 1;
  }

  @Override
  public int scanLimitParameter() {
    return 2;
  }

  @Override
  public String insert(TableLayout t, long mask, int rows, UpsertMode mode) {
    String verb = mode == UpsertMode.REPLACE ? "REPLACE INTO " : "INSERT INTO ";
    String sql = verb + t.table() + " (" + BindingSql.columns(t, KEY, mask) + ") VALUES "
        + BindingSql.valueRows(rows, 1 + Long.bitCount(mask));
    if (mode == UpsertMode.UPDATE) {
      // VALUES(col) is understood by MariaDB and by MySQL 8 (deprecated there, not removed).
      sql += " ON DUPLICATE KEY UPDATE " + BindingSql.assignments(t, mask, "VALUES(", ")");
    }
    return sql;
  }

  @Override
  public int maxRowsPerStatement(int parametersPerRow) {
    return Math.max(1, MAX_PLACEHOLDERS / parametersPerRow);
  }

  @Override
  public Map<String, String> driverDefaults(String url, int connectTimeoutMs, int socketTimeoutMs) {
    Map<String, String> d = super.driverDefaults(url, connectTimeoutMs, socketTimeoutMs);
    d.put("connectTimeout", Integer.toString(connectTimeoutMs));
    // No socketTimeout: a socket read timeout makes every JDK socket read non-blocking read +
    // poll + read, which cost about a quarter of the client CPU per operation (docs/speed.md);
    // db.sockettimeout is enforced by the binding's OperationWatchdog instead.
    if (com.mytopling.ycsb.jdbc.bulk.DriverChoice.usesMariaDbDriver(url)) {
      // MariaDB Connector/J 3: binary protocol with its own prepared-statement cache.
      d.put("useServerPrepStmts", "true");
      d.put("cachePrepStmts", "true");
      d.put("useBulkStmts", "true");
    } else {
      // MySQL Connector/J: binary protocol, no per-statement round trips for session state.
      d.put("useServerPrepStmts", "true");
      d.put("cachePrepStmts", "true");
      d.put("prepStmtCacheSize", "256");
      d.put("rewriteBatchedStatements", "true");
      d.put("useLocalSessionState", "true");
      d.put("elideSetAutoCommits", "true");
      d.put("cacheServerConfiguration", "true");
      d.put("cacheResultSetMetadata", "true");
      d.put("maintainTimeStats", "false");
    }
    return d;
  }

  /**
   * Tab-separated UTF-8 lines with backslash escapes. IGNORE is explicit: with LOCAL the server
   * cannot stop the client mid-stream, so MySQL and MariaDB skip duplicates anyway; saying so
   * also keeps conversion problems as warnings and the row count (affected rows) exact.
   */
  @Override
  public String loadData(TableLayout t, long mask, UpsertMode mode) {
    return "LOAD DATA LOCAL INFILE 'ycsb-batch.tsv' " + (mode == UpsertMode.REPLACE ? "REPLACE" : "IGNORE")
        + " INTO TABLE " + t.table() + " CHARACTER SET utf8mb4 FIELDS TERMINATED BY '\\t' ESCAPED BY '\\\\'"
        + " LINES TERMINATED BY '\\n' (" + BindingSql.columns(t, KEY, mask) + ")";
  }

  @Override
  public Map<String, String> bulkDriverDefaults(String url, com.mytopling.ycsb.jdbc.bulk.BulkMode mode) {
    Map<String, String> d = super.bulkDriverDefaults(url, mode);
    if (mode == com.mytopling.ycsb.jdbc.bulk.BulkMode.LOADDATA) {
      d.put(com.mytopling.ycsb.jdbc.bulk.DriverChoice.usesMariaDbDriver(url) ? "allowLocalInfile" : "allowLoadLocalInfile", "true");
    }
    return d;
  }
}
