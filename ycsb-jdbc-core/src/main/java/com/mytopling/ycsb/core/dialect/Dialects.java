package com.mytopling.ycsb.core.dialect;

import com.mytopling.ycsb.core.ConfigException;
import com.mytopling.ycsb.core.Secrets;

/**
 * Chooses a dialect by name ({@code db.dialect}) or from the URL and what the server reports,
 * and knows which URL schemes have a dialect at all.
 */
public final class Dialects {
  private Dialects() {
  }

  public static Dialect byName(String name) throws ConfigException {
    DatabaseKind kind = DatabaseKind.byDialectName(name);
    if (kind == null) {
      throw new ConfigException("unknown dialect '" + name + "' (" + String.join(", ", DatabaseKind.dialectNames())
          + ")");
    }
    return kind.dialect();
  }

  public static boolean isSqlServerUrl(String url) {
    return UrlScheme.isSqlServer(url);
  }

  /**
   * Refuses a URL of a database family the harness has no SQL for (PostgreSQL, Oracle, ...)
   * before any driver sees it: one line naming the supported schemes, instead of MySQL driver
   * options appended to it and DriverManager's "No suitable driver".
   */
  public static void checkSupported(String property, String url) throws ConfigException {
    if (UrlScheme.of(url) == null) {
      String scheme = url.indexOf(':', "jdbc:".length()) > 0 ? url.substring(0, url.indexOf(':', "jdbc:".length()) + 1)
          : Secrets.maskUrl(url);
      throw new ConfigException(property + ": " + scheme + " URLs are not supported; the harness has dialects for "
          + "MySQL/MariaDB (" + String.join(", ", UrlScheme.prefixes(UrlScheme.Family.MYSQL)) + ") and SQL Server ("
          + String.join(", ", UrlScheme.prefixes(UrlScheme.Family.SQLSERVER)) + ")");
    }
  }

  /**
   * The family's base dialect for a URL, for what is the same within a family: driver settings,
   * the server-identity query, table sizes. {@link #checkSupported} first.
   */
  public static Dialect family(String url) {
    return isSqlServerUrl(url) ? new SqlServerDialect() : new MySqlDialect();
  }

  /** db.dialect: the named dialect, or with {@code auto} the one the server calls for ({@link #detect}). */
  public static Dialect choose(String dbDialect, String url, ServerInfo server) throws ConfigException {
    return "auto".equalsIgnoreCase(dbDialect) ? detect(url, server) : byName(dbDialect);
  }

  /**
   * The dialect a server calls for: SQL Server by URL; otherwise MyTopling when the server's
   * version names ToplingDB, MyRocks when RocksDB is its default engine, else MySQL/InnoDB.
   */
  public static Dialect detect(String url, ServerInfo server) {
    if (isSqlServerUrl(url)) {
      return DatabaseKind.SQLSERVER.dialect();
    }
    if (server.mentions("topling")) {
      return DatabaseKind.MYTOPLING.dialect();
    }
    if (server.defaultEngine.equalsIgnoreCase(MySqlDialect.ROCKSDB)) {
      return DatabaseKind.MYROCKS.dialect();
    }
    return DatabaseKind.MYSQL.dialect();
  }
}
