package com.mytopling.ycsb.core.dialect;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;

/**
 * What the server says about itself: enough to choose a dialect and to label results. Asked
 * with the family's query ({@link Dialect#serverInfo}).
 */
public final class ServerInfo {
  public final String version;
  public final String versionComment;
  public final String defaultEngine;
  /** The JDBC driver of the connection that asked, by its metadata: name and version. */
  public final String driverName;
  public final String driverVersion;
  /** "name version", as the connected line prints it. */
  public final String driver;

  public ServerInfo(String version, String versionComment, String defaultEngine, String driverName,
                    String driverVersion) {
    this.version = version == null ? "" : version;
    this.versionComment = versionComment == null ? "" : versionComment;
    this.defaultEngine = defaultEngine == null ? "" : defaultEngine;
    this.driverName = driverName == null ? "" : driverName;
    this.driverVersion = driverVersion == null ? "" : driverVersion;
    this.driver = (this.driverName + " " + this.driverVersion).strip();
  }

  /** The server's answers and the driver of the connection {@code c} (JDBC metadata). */
  static ServerInfo of(Connection c, String version, String versionComment, String defaultEngine)
      throws SQLException {
    return new ServerInfo(version, versionComment, defaultEngine, c.getMetaData().getDriverName(),
        c.getMetaData().getDriverVersion());
  }

  /**
   * The product, for records and headlines, from what the server says of itself: MariaDB (its VERSION() says so),
   * MyTopling (version or comment name ToplingDB), Percona Server (its version_comment), SQL Server or Azure SQL (the
   * driver is SQL Server's; Azure SQL Database's edition is "SQL Azure"), else MySQL: Oracle's builds name no product
   * in VERSION() ("9.7.4-2") and Debian's say only "(Debian)" in version_comment.
   */
  public String product() {
    if (driverName.contains("SQL Server")) {
      return versionComment.toLowerCase(Locale.ROOT).contains("azure") ? "Azure SQL" : "SQL Server";
    }
    if (mentions("mariadb")) {
      return "MariaDB";
    }
    if (mentions("topling")) {
      return "MyTopling";
    }
    return mentions("percona") ? "Percona Server" : "MySQL";
  }

  /** "PRODUCT VERSION" as headlines show the server: "MySQL 9.7.4-2", "MariaDB 10.11.19-MariaDB-0+deb12u1". */
  public String productAndVersion() {
    return (product() + " " + version).strip();
  }

  public boolean mentions(String word) {
    String w = word.toLowerCase(Locale.ROOT);
    return version.toLowerCase(Locale.ROOT).contains(w) || versionComment.toLowerCase(Locale.ROOT).contains(w);
  }
}
