package com.mytopling.ycsb.core.dialect;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * The databases the harness measures, listed once: each kind's name (scripts/benchmark's {@code --target},
 * {@code db-properties/NAME.properties}), the name of its dialect ({@code db.dialect}), the dialect itself and the
 * URL scheme its servers are reached with. A new kind is one line here and its properties file.
 */
public enum DatabaseKind {
  MYSQL("mysql", "mysql", MySqlDialect::new, UrlScheme.MYSQL),
  MARIADB("mariadb", "mariadb", MySqlDialect::new, UrlScheme.MYSQL),
  MYROCKS("myrocks", "myrocks", MyRocksDialect::new, UrlScheme.MYSQL),
  MYTOPLING("mytopling", "mytopling", MyToplingDialect::new, UrlScheme.MYSQL),
  SQLSERVER("sqlserver", "sqlserver", SqlServerDialect::new, UrlScheme.SQLSERVER),
  /** Azure SQL Database speaks SQL Server's protocol and SQL. */
  AZURE_SQL("azure-sql", "sqlserver", SqlServerDialect::new, UrlScheme.SQLSERVER);

  /** scripts/benchmark's target that starts the embedded MariaDB instead of naming a server. */
  public static final String EMBEDDED_TARGET = "embedded";

  /** The kind's name: a --target and the file db-properties/NAME.properties. */
  public final String targetName;
  /** The db.dialect value that selects its SQL. */
  public final String dialectName;
  private final Supplier<Dialect> dialect;
  /** The scheme of its plain URLs (the drivers may change it: db.mysqldriver). */
  public final UrlScheme scheme;

  DatabaseKind(String targetName, String dialectName, Supplier<Dialect> dialect, UrlScheme scheme) {
    this.targetName = targetName;
    this.dialectName = dialectName;
    this.dialect = dialect;
    this.scheme = scheme;
  }

  /** A new instance of the kind's dialect. */
  public Dialect dialect() {
    return dialect.get();
  }

  /** The kind whose dialect a db.dialect value names (case-insensitive), or null. */
  public static DatabaseKind byDialectName(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    for (DatabaseKind k : values()) {
      if (k.dialectName.equals(lower)) {
        return k;
      }
    }
    return null;
  }

  /** The db.dialect values, each once, in this list's order: mysql, mariadb, myrocks, mytopling, sqlserver. */
  public static List<String> dialectNames() {
    List<String> out = new ArrayList<>();
    for (DatabaseKind k : values()) {
      if (!out.contains(k.dialectName)) {
        out.add(k.dialectName);
      }
    }
    return out;
  }

  /** scripts/benchmark's target names: embedded first, then every kind. */
  public static List<String> targetNames() {
    List<String> out = new ArrayList<>();
    out.add(EMBEDDED_TARGET);
    for (DatabaseKind k : values()) {
      out.add(k.targetName);
    }
    return out;
  }
}
