package com.mytopling.ycsb.fileloader.tool;

import java.util.Locale;

/**
 * The SQL type names and table options per server family, all in one place. Widths: VARCHAR
 * for short values (so rows stay within MySQL's 65 535-byte row limit), TEXT types by their
 * byte limits for long ones.
 */
public enum SqlDialect {
  MYSQL("ENGINE=InnoDB DEFAULT CHARSET=utf8mb4"),
  MYROCKS("ENGINE=ROCKSDB DEFAULT CHARSET=utf8mb4"),
  /** MyTopling keeps the ROCKSDB engine name (ToplingDB underneath). */
  MYTOPLING("ENGINE=ROCKSDB DEFAULT CHARSET=utf8mb4"),
  SQLSERVER("");

  /** Longest value kept in a VARCHAR; longer ones go to a TEXT type. */
  private static final int MAX_VARCHAR_CHARS = 255;
  private static final int SQLSERVER_MAX_NVARCHAR = 4000;

  private final String tableOptions;

  SqlDialect(String tableOptions) {
    this.tableOptions = tableOptions;
  }

  public static SqlDialect fromName(String name) {
    try {
      return valueOf(name.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("unknown dialect '" + name + "' (mysql, myrocks, mytopling, sqlserver)");
    }
  }

  public String quote(String identifier) {
    return this == SQLSERVER ? "[" + identifier + "]" : "`" + identifier + "`";
  }

  /**
   * The binding's key column, as the binding makes it: binary collation (MyRocks wants it for
   * indexed columns); latin1 for RocksDB, whose index keys may not exceed 767 bytes (255 utf8mb4
   * characters would). Keys are ASCII (YCSB keys, ids).
   */
  public String keyColumnType() {
    switch (this) {
    case SQLSERVER:
      return "VARCHAR(255) NOT NULL";
    case MYSQL:
      return "VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL";
    default:
      return "VARCHAR(255) CHARACTER SET latin1 COLLATE latin1_bin NOT NULL";
    }
  }

  /**
   * A type that holds every value of a field.
   *
   * @param maxChars longest value in characters
   * @param maxUtf8Bytes longest value in UTF-8 bytes (what utf8mb4 stores)
   */
  public String valueType(long maxChars, long maxUtf8Bytes) {
    long width = Math.max(1, maxChars);
    if (this == SQLSERVER) {
      return width <= SQLSERVER_MAX_NVARCHAR ? "NVARCHAR(" + width + ")" : "NVARCHAR(MAX)";
    }
    if (width <= MAX_VARCHAR_CHARS) {
      return "VARCHAR(" + width + ")";
    }
    if (maxUtf8Bytes <= 65_535) {
      return "TEXT";
    }
    if (maxUtf8Bytes <= 16_777_215) {
      return "MEDIUMTEXT";
    }
    return "LONGTEXT";
  }

  public String tableOptions() {
    return tableOptions;
  }
}
