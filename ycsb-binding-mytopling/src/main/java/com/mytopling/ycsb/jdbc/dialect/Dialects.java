package com.mytopling.ycsb.jdbc.dialect;

import com.mytopling.ycsb.jdbc.ConfigException;
import java.util.Locale;

/** Chooses a dialect by name ({@code db.dialect}) or from the URL and what the server reports. */
public final class Dialects {
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
        throw new ConfigException("db.dialect: unknown dialect '" + name + "' (mysql, mariadb, myrocks, mytopling, sqlserver)");
    }
  }

  public static boolean isSqlServerUrl(String url) {
    return url.startsWith("jdbc:sqlserver:") || url.startsWith("jdbc:jtds:sqlserver:");
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
    if (server.defaultEngine.equalsIgnoreCase("ROCKSDB")) {
      return new MyRocksDialect();
    }
    return new MySqlDialect();
  }
}
