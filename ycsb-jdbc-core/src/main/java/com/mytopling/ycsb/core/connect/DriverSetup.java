package com.mytopling.ycsb.core.connect;

import com.mytopling.ycsb.core.Secrets;
import com.mytopling.ycsb.core.SetupException;
import com.mytopling.ycsb.core.SqlMessages;
import com.mytopling.ycsb.core.TargetException;
import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.core.dialect.Dialect;
import com.mytopling.ycsb.core.dialect.Dialects;
import com.mytopling.ycsb.core.dialect.ServerInfo;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Decides which driver each URL is opened with and which settings are added to it, connects
 * once to learn what the server is, and says so. The URLs as given stay the ones printed;
 * the URLs returned are the ones to connect with.
 */
public final class DriverSetup {
  /** The URLs to connect with, the settings added to the first one (for the start-up line), and the server. */
  public record Result(List<String> connectUrls, List<String> added, ServerInfo server) {
  }

  /**
   * Settings a caller's mode cannot work without (the binding's bulk-load modes), per connect
   * URL; added unless the URL sets them, also with db.driveroptions=false.
   */
  public interface Required {
    Required NONE = url -> Map.of();

    Map<String, String> forUrl(String connectUrl);
  }

  private DriverSetup() {
  }

  /**
   * Chooses the driver (db.mysqldriver), adds the settings, and connects to the first server.
   *
   * @param withheld default settings not to add (e.g. sendStringParametersAsUnicode for a SQL
   *     Server table with NVARCHAR columns)
   * @throws TargetException when the first server cannot be connected to
   */
  public static Result connect(DbTarget target, Servers servers, Required required, Set<String> withheld,
                               PrintStream log) throws SetupException {
    List<String> urls = servers.urls();
    List<String> added = new ArrayList<>();
    List<String> connectUrls = connectUrls(urls, target, target.mysqlDriver, required, withheld, added);
    ServerInfo server = null;
    String mariaFailure = null;
    if (DriverChoice.AUTO.equals(target.mysqlDriver) && !DriverChoice.hasSecurityOptions(urls)) {
      // db.mysqldriver=auto: MariaDB servers get MariaDB Connector/J (measured faster; docs/speed.md).
      // It is tried first, so that a MariaDB server never costs the start-up of a second driver
      // (Connector/J's first connection alone took about 0.4 s of CPU, measured with
      // async-profiler). Any failure falls back to the URL's own driver, whose error is the
      // one reported.
      List<String> mariaAdded = new ArrayList<>();
      List<String> maria = connectUrls(urls, target, DriverChoice.MARIADB, required, withheld, mariaAdded);
      if (!maria.equals(connectUrls)) {
        try (Connection c = servers.open(maria.get(0))) {
          ServerInfo probed = Dialects.family(maria.get(0)).serverInfo(c);
          if (DriverChoice.prefersMariaDbDriver(probed.version)) {
            server = probed;
            connectUrls = maria;
            added = mariaAdded;
          }
        } catch (SQLException e) {
          mariaFailure = SqlMessages.describe(e, servers.password());
        }
      }
    }
    if (server == null) {
      try (Connection c = servers.open(connectUrls.get(0))) {
        server = Dialects.family(urls.get(0)).serverInfo(c);
      } catch (SQLException e) {
        throw new TargetException("cannot connect to " + DriverChoice.asTried(urls.get(0), connectUrls.get(0)) + ": "
            + SqlMessages.describe(e, servers.password()) + ConnectHints.forFailure(connectUrls.get(0), e));
      }
      if (mariaFailure != null) { // said only when the URL's driver connects: a bad URL gets one line
        log.println("[mytopling] " + Registry.DB_MYSQLDRIVER.name() + "=" + DriverChoice.AUTO
            + ": MariaDB Connector/J could not connect (" + mariaFailure
            + "); using the URL's driver");
      }
    }
    return new Result(connectUrls, added, server);
  }

  /**
   * The URLs to connect with, for a driver choice already made: the scheme chosen by
   * db.mysqldriver, then the dialect's settings (db.driveroptions) and the required ones added
   * unless the URL sets them. {@code added} receives the settings added to the first URL.
   */
  public static List<String> connectUrls(List<String> urls, DbTarget target, String driverChoice, Required required,
                                         Set<String> withheld, List<String> added) {
    List<String> connectUrls = new ArrayList<>();
    for (String given : urls) {
      // db.mysqldriver picks the driver by URL scheme; its fast settings follow from the scheme.
      String url = DriverChoice.apply(given, driverChoice);
      Dialect family = Dialects.family(url);
      Map<String, String> defaults = target.driverOptions
          ? family.driverDefaults(url, target.connectTimeoutMs, target.socketTimeoutMs) : new LinkedHashMap<>();
      defaults.keySet().removeAll(withheld);
      defaults.putAll(required.forUrl(url));
      JdbcUrls.Applied applied = JdbcUrls.withDefaults(url, defaults);
      connectUrls.add(applied.url);
      if (added.isEmpty()) {
        added.addAll(applied.added);
      }
    }
    return connectUrls;
  }
}
