package com.mytopling.ycsb.jdbc.dialect;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;

/** What the server says about itself: enough to choose a dialect and to label results. */
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

  /** Asks a connected server; the query depends only on the URL's family. */
  public static ServerInfo query(Connection c, boolean sqlServer) throws SQLException {
    String driver = c.getMetaData().getDriverName() + " " + c.getMetaData().getDriverVersion();
    try (Statement s = c.createStatement()) {
      if (sqlServer) {
        try (ResultSet rs = s.executeQuery(
            "SELECT CAST(SERVERPROPERTY('ProductVersion') AS NVARCHAR(128)), CAST(SERVERPROPERTY('Edition') AS NVARCHAR(128))")) {
          rs.next();
          return new ServerInfo(rs.getString(1), rs.getString(2), "", driver);
        }
      }
      try (ResultSet rs = s.executeQuery("SELECT VERSION(), @@version_comment, @@default_storage_engine")) {
        rs.next();
        return new ServerInfo(rs.getString(1), rs.getString(2), rs.getString(3), driver);
      }
    }
  }

  public boolean mentions(String word) {
    String w = word.toLowerCase(Locale.ROOT);
    return version.toLowerCase(Locale.ROOT).contains(w) || versionComment.toLowerCase(Locale.ROOT).contains(w);
  }
}
