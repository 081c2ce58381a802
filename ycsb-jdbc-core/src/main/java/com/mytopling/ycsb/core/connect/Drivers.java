package com.mytopling.ycsb.core.connect;

import com.mytopling.ycsb.core.dialect.UrlScheme;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Map;
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
  private static final String MARIADB_DRIVER = UrlScheme.MARIADB.driverClass;
  /** Shipped drivers by class name; null values never stored (a missing class goes to DriverManager). */
  private static final ConcurrentHashMap<String, Driver> INSTANCES = new ConcurrentHashMap<>();

  private Drivers() {
  }

  /** A connection to the URL, or the driver's SQLException. */
  public static Connection connect(String url, Properties info) throws SQLException {
    String className = driverClassFor(url);
    if (MARIADB_DRIVER.equals(className)) {
      return MariaDb.connect(url, info);
    }
    Driver driver = className == null ? null : INSTANCES.computeIfAbsent(className, Drivers::instantiate);
    if (driver != null) {
      Connection c = driver.connect(url, info);
      if (c != null) {
        return c;
      }
    }
    return DriverManager.getConnection(url, info);
  }

  /** The class of the shipped driver that serves this URL scheme, or null for other schemes. */
  static String driverClassFor(String url) {
    UrlScheme scheme = UrlScheme.of(url);
    return scheme == null ? null : scheme.driverClass;
  }

  private static Driver instantiate(String className) {
    try {
      return (Driver) Class.forName(className).getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | LinkageError | ClassCastException e) {
      return null; // not on this class path: DriverManager decides, and names the problem
    }
  }

  /**
   * MariaDB Connector/J parses its URL on every connect, and the parse includes a service-loader
   * scan of every jar on the class path for its codecs: about 10% of a short run's CPU with 18
   * connections (async-profiler). A parsed {@code Configuration} is immutable and meant to be
   * reused (the driver's own DataSource does), so it is parsed once per URL and properties.
   * Kept in its own class so that the MariaDB classes load only for {@code jdbc:mariadb:} URLs.
   */
  private static final class MariaDb {
    private static final ConcurrentHashMap<Map.Entry<String, Map<Object, Object>>, org.mariadb.jdbc.Configuration> PARSED =
        new ConcurrentHashMap<>();

    static Connection connect(String url, Properties info) throws SQLException {
      Map.Entry<String, Map<Object, Object>> key = Map.entry(url, Map.copyOf(info));
      org.mariadb.jdbc.Configuration conf = PARSED.get(key);
      if (conf == null) {
        conf = org.mariadb.jdbc.Configuration.parse(url, info);
        if (conf == null) { // not a URL this driver accepts
          return DriverManager.getConnection(url, info);
        }
        PARSED.putIfAbsent(key, conf);
      }
      return org.mariadb.jdbc.Driver.connect(conf);
    }
  }
}
