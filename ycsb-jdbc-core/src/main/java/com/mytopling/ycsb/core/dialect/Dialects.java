package com.mytopling.ycsb.core.dialect;

import com.mytopling.ycsb.core.ConfigException;
import com.mytopling.ycsb.core.Secrets;
import java.util.List;
import java.util.Locale;

/**
 * Chooses a dialect by name ({@code db.dialect}) or from the URL and what the server reports,
 * and knows which URL schemes have a dialect at all.
 */
public final class Dialects {
  /** URL schemes of the MySQL family (Connector/J forms such as jdbc:mysql:loadbalance: included). */
  private static final List<String> MYSQL_SCHEMES = List.of("jdbc:mysql:", "jdbc:mysql+srv:", "jdbc:mariadb:");
  private static final List<String> SQLSERVER_SCHEMES = List.of("jdbc:sqlserver:", "jdbc:jtds:sqlserver:");

  private Dialects() {
  }

  public static Dialect byName(String name) throws ConfigException {
    switch (name.toLowerCase(Locale.ROOT)) {
      case "mysql":
      case "mariadb":
        return new MySqlDialect();
      case "myrocks":
        return new MyRocksDialect();
      case "mytopling":
        return new MyToplingDialect();
      case "sqlserver":
        return new SqlServerDialect();
      default:
        throw new ConfigException("unknown dialect '" + name + "' (mysql, mariadb, myrocks, mytopling, sqlserver)");
    }
  }

  public static boolean isSqlServerUrl(String url) {
    return startsWithAny(url, SQLSERVER_SCHEMES);
  }

  /**
   * Refuses a URL of a database family the harness has no SQL for (PostgreSQL, Oracle, ...)
   * before any driver sees it: one line naming the supported schemes, instead of MySQL driver
   * options appended to it and DriverManager's "No suitable driver".
   */
  public static void checkSupported(String property, String url) throws ConfigException {
    if (!isSqlServerUrl(url) && !startsWithAny(url, MYSQL_SCHEMES)) {
      String scheme = url.indexOf(':', "jdbc:".length()) > 0 ? url.substring(0, url.indexOf(':', "jdbc:".length()) + 1)
          : Secrets.maskUrl(url);
      throw new ConfigException(property + ": " + scheme + " URLs are not supported; the harness has dialects for "
          + "MySQL/MariaDB (" + String.join(", ", MYSQL_SCHEMES) + ") and SQL Server ("
          + String.join(", ", SQLSERVER_SCHEMES) + ")");
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
      return new SqlServerDialect();
    }
    if (server.mentions("topling")) {
      return new MyToplingDialect();
    }
    if (server.defaultEngine.equalsIgnoreCase(MySqlDialect.ROCKSDB)) {
      return new MyRocksDialect();
    }
    return new MySqlDialect();
  }

  private static boolean startsWithAny(String url, List<String> prefixes) {
    String lower = url.toLowerCase(Locale.ROOT);
    for (String p : prefixes) {
      if (lower.startsWith(p)) {
        return true;
      }
    }
    return false;
  }
}
