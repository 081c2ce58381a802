package com.mytopling.ycsb.core.dialect;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The JDBC URL schemes the harness has SQL for, listed once: each scheme's family (the MySQL protocol or SQL
 * Server's) and the driver class we ship for it. Every test of what a URL is, and every URL the harness builds for a
 * server it started, goes through here.
 */
public enum UrlScheme {
  /** MySQL Connector/J; its other forms (jdbc:mysql:loadbalance:, jdbc:mysql:replication:) are this scheme too. */
  MYSQL("jdbc:mysql:", Family.MYSQL, "com.mysql.cj.jdbc.Driver"),
  MYSQL_SRV("jdbc:mysql+srv:", Family.MYSQL, "com.mysql.cj.jdbc.Driver"),
  /** MariaDB Connector/J. */
  MARIADB("jdbc:mariadb:", Family.MYSQL, "org.mariadb.jdbc.Driver"),
  SQLSERVER("jdbc:sqlserver:", Family.SQLSERVER, "com.microsoft.sqlserver.jdbc.SQLServerDriver"),
  /** jTDS: accepted, not shipped (a user adds it with -cp and db.driver). */
  JTDS("jdbc:jtds:sqlserver:", Family.SQLSERVER, null);

  /** The wire protocol and SQL family a scheme speaks. */
  public enum Family {
    MYSQL, SQLSERVER
  }

  /** The scheme as a URL starts with it, "jdbc:...:". */
  public final String prefix;
  public final Family family;
  /** The shipped driver that serves the scheme, or null when none is shipped. */
  public final String driverClass;

  UrlScheme(String prefix, Family family, String driverClass) {
    this.prefix = prefix;
    this.family = family;
    this.driverClass = driverClass;
  }

  /** The scheme of a URL (case-insensitive, as drivers read it), or null for a database the harness has no SQL for. */
  public static UrlScheme of(String url) {
    String lower = url.toLowerCase(Locale.ROOT);
    for (UrlScheme s : values()) {
      if (lower.startsWith(s.prefix)) {
        return s;
      }
    }
    return null;
  }

  /** True for a URL of the SQL Server family. */
  public static boolean isSqlServer(String url) {
    UrlScheme s = of(url);
    return s != null && s.family == Family.SQLSERVER;
  }

  /** The prefixes of a family's schemes, in this list's order (for messages). */
  public static List<String> prefixes(Family family) {
    List<String> out = new ArrayList<>();
    for (UrlScheme s : values()) {
      if (s.family == family) {
        out.add(s.prefix);
      }
    }
    return out;
  }

  /** The plain form of the scheme, "jdbc:mysql://", before host and port. */
  public String plain() {
    return prefix + "//";
  }

  /**
   * The URL of a database on a host and port, as the harness writes it for a server it started itself:
   * {@code jdbc:mysql://127.0.0.1:3306/ycsb}; SQL Server's form {@code jdbc:sqlserver://h:p;databaseName=ycsb}.
   */
  public String url(String host, int port, String database) {
    return family == Family.SQLSERVER ? plain() + host + ":" + port + ";databaseName=" + database
        : plain() + host + ":" + port + "/" + database;
  }
}
