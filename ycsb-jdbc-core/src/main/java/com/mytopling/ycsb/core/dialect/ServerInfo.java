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
  public final String driver;

  public ServerInfo(String version, String versionComment, String defaultEngine, String driver) {
    this.version = version == null ? "" : version;
    this.versionComment = versionComment == null ? "" : versionComment;
    this.defaultEngine = defaultEngine == null ? "" : defaultEngine;
    this.driver = driver == null ? "" : driver;
  }

  /** "Driver name version" of a connection, from JDBC metadata. */
  static String driverOf(Connection c) throws SQLException {
    return c.getMetaData().getDriverName() + " " + c.getMetaData().getDriverVersion();
  }

  public boolean mentions(String word) {
    String w = word.toLowerCase(Locale.ROOT);
    return version.toLowerCase(Locale.ROOT).contains(w) || versionComment.toLowerCase(Locale.ROOT).contains(w);
  }
}
