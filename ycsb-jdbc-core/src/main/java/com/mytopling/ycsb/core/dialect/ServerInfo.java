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

  public boolean mentions(String word) {
    String w = word.toLowerCase(Locale.ROOT);
    return version.toLowerCase(Locale.ROOT).contains(w) || versionComment.toLowerCase(Locale.ROOT).contains(w);
  }
}
