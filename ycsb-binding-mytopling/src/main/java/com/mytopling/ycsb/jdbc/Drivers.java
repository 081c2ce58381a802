package com.mytopling.ycsb.jdbc;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Opens JDBC connections. The first {@link DriverManager#getConnection} loads and initializes
 * every driver on the class path (its service-loader scan); with the SQL Server and both MySQL
 * drivers shipped, that was 12% of the client's CPU in a short run (async-profiler, docs/speed.md),
 * all of it before the first operation. The three drivers we ship are therefore instantiated
 * directly, by URL scheme; any other URL, or one the driver declines, goes to DriverManager as
 * before, so drivers added with {@code -cp} and {@code db.driver} still work.
 */
public final class Drivers {
  private static final ConcurrentHashMap<String, Driver> INSTANCES = new ConcurrentHashMap<>();

  private Drivers() {
  }

  /** A connection to the URL, or the driver's SQLException. */
  public static Connection connect(String url, Properties info) throws SQLException {
    Driver driver = shipped(url);
    if (driver != null) {
      Connection c = driver.connect(url, info);
      if (c != null) {
        return c;
      }
    }
    return DriverManager.getConnection(url, info);
  }

  /** The shipped driver that serves this URL scheme, or null (unknown scheme, class missing). */
  private static Driver shipped(String url) {
    String className = driverClassFor(url);
    if (className == null) {
      return null;
    }
    return INSTANCES.computeIfAbsent(className, Drivers::instantiate);
  }

  static String driverClassFor(String url) {
    if (url.startsWith("jdbc:mariadb:")) {
      return "org.mariadb.jdbc.Driver";
    }
    if (url.startsWith("jdbc:mysql:") || url.startsWith("jdbc:mysql+srv:")) {
      return "com.mysql.cj.jdbc.Driver";
    }
    if (url.startsWith("jdbc:sqlserver:")) {
      return "com.microsoft.sqlserver.jdbc.SQLServerDriver";
    }
    return null;
  }

  private static Driver instantiate(String className) {
    try {
      return (Driver) Class.forName(className).getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | LinkageError | ClassCastException e) {
      return null; // not on this class path: DriverManager decides, and names the problem
    }
  }
}
