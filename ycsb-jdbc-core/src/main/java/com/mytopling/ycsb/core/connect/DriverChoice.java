package com.mytopling.ycsb.core.connect;

import com.mytopling.ycsb.core.dialect.InsertStatements;
import com.mytopling.ycsb.core.dialect.UrlScheme;

/**
 * Property {@code db.mysqldriver}: which JDBC driver serves MySQL-protocol URLs. Both drivers
 * are on the classpath; the URL scheme decides ({@code jdbc:mysql://} is MySQL Connector/J,
 * {@code jdbc:mariadb://} is MariaDB Connector/J), so the choice rewrites the scheme of plain
 * URLs. Connector/J-only URL forms ({@code jdbc:mysql:loadbalance://}, {@code jdbc:mysql+srv:},
 * ...) and SQL Server URLs are left alone.
 */
public final class DriverChoice {
  public static final String MYSQL = "mysql";
  public static final String MARIADB = "mariadb";
  /** Keep each URL's own scheme. */
  public static final String URL = "url";
  /**
   * The default: a plain {@code jdbc:mysql://} URL is first tried with MariaDB Connector/J; when
   * the server is MariaDB, the benchmark's connections use that driver (it uses MariaDB's result-metadata caching, so
   * a prepared SELECT does not receive and decode its column definitions on every execution;
   * measured in docs/speed.md). MySQL, MyTopling and others, and any URL the MariaDB driver
   * cannot connect with, keep Connector/J.
   */
  public static final String AUTO = "auto";

  private static final String MYSQL_PREFIX = UrlScheme.MYSQL.plain();
  private static final String MARIADB_PREFIX = UrlScheme.MARIADB.plain();

  private DriverChoice() {
  }

  /** True when the URL's scheme is MariaDB Connector/J's ({@code jdbc:mariadb:}). */
  public static boolean usesMariaDbDriver(String url) {
    return UrlScheme.of(url) == UrlScheme.MARIADB;
  }

  /** True for servers whose version names MariaDB. */
  public static boolean prefersMariaDbDriver(String serverVersion) {
    return serverVersion != null && serverVersion.contains("MariaDB");
  }

  /**
   * True when a URL sets TLS or authentication options. Their names and values differ between
   * the two drivers (Connector/J's {@code sslMode=VERIFY_IDENTITY} and
   * {@code trustCertificateKeyStoreUrl} are not MariaDB Connector/J's), so {@link #AUTO} never
   * moves such a URL to the other driver: a security setting must not be dropped for speed.
   */
  public static boolean hasSecurityOptions(java.util.List<String> urls) {
    for (String url : urls) {
      int q = url.indexOf('?');
      if (q < 0) {
        continue;
      }
      String options = url.substring(q).toLowerCase(java.util.Locale.ROOT);
      for (String word : new String[] {"ssl", "tls", "trust", "cert", "keystore", "auth", "secure", "publickey"}) {
        if (options.contains(word)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * A URL as the user gave it, with the scheme of the driver that tried it (db.mysqldriver may have moved a
   * jdbc:mysql: URL to MariaDB Connector/J), masked, and that driver named: what a failure line shows, so that it
   * names the driver whose settings apply. The settings the binding added are left out.
   */
  public static String asTried(String given, String connectUrl) {
    UrlScheme scheme = UrlScheme.of(connectUrl);
    String url = apply(given, scheme == UrlScheme.MARIADB ? MARIADB : scheme == UrlScheme.MYSQL ? MYSQL : URL);
    String driver = scheme == UrlScheme.MARIADB ? "MariaDB Connector/J"
        : scheme == UrlScheme.MYSQL || scheme == UrlScheme.MYSQL_SRV ? "MySQL Connector/J" : null;
    return com.mytopling.ycsb.core.Secrets.maskUrl(url) + (driver == null ? "" : " (" + driver + ")");
  }

  /** The URL with the chosen scheme; {@link #URL} and {@link #AUTO} keep it as written. */
  public static String apply(String url, String choice) {
    if (MARIADB.equals(choice) && url.startsWith(MYSQL_PREFIX)) {
      return MARIADB_PREFIX + url.substring(MYSQL_PREFIX.length());
    }
    if (MYSQL.equals(choice) && url.startsWith(MARIADB_PREFIX)) {
      return MYSQL_PREFIX + url.substring(MARIADB_PREFIX.length());
    }
    return url;
  }

  /**
   * What the server executes for one JDBC batch of INSERTs (db.bulkload=batchapi), by the driver the connect URL
   * names and its settings, measured as Com_insert per executeBatch on MariaDB 10.11 and MySQL 9.7 (issue 34):
   * MariaDB Connector/J sends a batch to a MariaDB server as one bulk command (COM_STMT_BULK_EXECUTE, with
   * useBulkStmts or useBulkStmtsForInserts, the latter on by default) and to any other server each row as a
   * statement of its own, its bulk protocol being MariaDB's; MySQL Connector/J rewrites a batch into multi-row
   * INSERTs with rewriteBatchedStatements=true (which the binding adds unless the URL sets it; a batch larger than
   * max_allowed_packet would be split, which the self-check's statement count would show) and sends each row alone
   * without it. SQL Server's driver sends a batch as one request.
   */
  public static InsertStatements batchApiStatements(String connectUrl, boolean mariaDbServer) {
    switch (UrlScheme.of(connectUrl)) {
      case MARIADB:
        boolean bulk = !"false".equalsIgnoreCase(JdbcUrls.value(connectUrl, "useBulkStmtsForInserts", false))
            || "true".equalsIgnoreCase(JdbcUrls.value(connectUrl, "useBulkStmts", false));
        return mariaDbServer && bulk ? InsertStatements.BATCH : InsertStatements.ROW;
      case MYSQL:
      case MYSQL_SRV:
        return "true".equalsIgnoreCase(JdbcUrls.value(connectUrl, "rewriteBatchedStatements", false))
            ? InsertStatements.BATCH : InsertStatements.ROW;
      default:
        return InsertStatements.BATCH;
    }
  }
}
