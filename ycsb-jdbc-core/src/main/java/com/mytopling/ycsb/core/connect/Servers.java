package com.mytopling.ycsb.core.connect;

import com.mytopling.ycsb.core.dialect.Dialects;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Properties;

/**
 * The servers a run talks to, as reachable now: the URLs given, or the embedded server's, with
 * the user and password that go with them. Connections go through {@link Drivers}.
 *
 * @param urls one URL per shard, as the user gave them (or the embedded server's)
 */
public record Servers(List<String> urls, String user, String password) {
  public Servers {
    urls = List.copyOf(urls);
  }

  /** A connection to {@code url} (which may carry added driver settings) with these credentials. */
  public Connection open(String url) throws SQLException {
    return Drivers.connect(url, credentials(url));
  }

  /**
   * The user and password for {@code url}, leaving out what the URL sets itself: a URL is used as given, and the
   * two drivers disagree about which wins when both name one (MariaDB Connector/J takes the URL's, MySQL
   * Connector/J the properties'), so with db.mysqldriver=auto a wrong password in the URL failed on one driver and
   * connected on the other with the environment's.
   */
  Properties credentials(String url) {
    boolean sqlServer = Dialects.isSqlServerUrl(url);
    Properties p = new Properties();
    if (user != null && JdbcUrls.value(url, "user", sqlServer) == null) {
      p.setProperty("user", user);
    }
    if (password != null && JdbcUrls.value(url, "password", sqlServer) == null) {
      p.setProperty("password", password);
    }
    return p;
  }

  /**
   * A connection for the harness's own short read-only work (verifier, file loader's table
   * metadata and size) to shard {@code shard}: the dialect's timeouts added unless the URL sets
   * them, none of the benchmark's speed settings.
   */
  public Connection openForTool(int shard, DbTarget target) throws SQLException {
    String url = urls.get(shard);
    String withTimeouts = JdbcUrls.withDefaults(url,
        Dialects.family(url).toolDefaults(target.connectTimeoutMs, target.socketTimeoutMs)).url;
    return open(withTimeouts);
  }
}
