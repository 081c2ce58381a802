package com.mytopling.ycsb.core.connect;

import com.mytopling.ycsb.core.ConfigException;
import com.mytopling.ycsb.core.PropertyReader;
import com.mytopling.ycsb.core.Secrets;
import com.mytopling.ycsb.core.SetupException;
import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.core.config.SealedProperties;
import com.mytopling.ycsb.core.dialect.Dialects;
import com.mytopling.ycsb.core.embedded.EmbeddedMariaDb;
import com.mytopling.ycsb.core.embedded.EmbeddedSettings;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The database the properties name, parsed once for the binding, the file loader and the
 * verifier: {@code db.url} (one URL, never split: SQL Server URLs contain ';' and MySQL URLs may
 * list failover hosts with ',') or shards {@code db.url.1 .. db.url.N} (not both), {@code db.user},
 * the password ({@link Secrets#resolvePassword}: db.passwd, db.passwdfile of mode 600, env
 * YCSB_DB_PASSWORD), the driver ({@code db.driver}, {@code db.mysqldriver}), driver settings and
 * timeouts, and the embedded server used when no URL is given. Immutable.
 */
public final class DbTarget {
  /** db.mysqldriver default; see docs/speed.md for the measurement behind it. */
  public static final String DEFAULT_MYSQL_DRIVER = Registry.DB_MYSQLDRIVER.defaultValue();

  /** The URLs as given; empty means the embedded server. */
  public final List<String> urls;
  public final String user;
  public final String password;
  /** db.driver: a driver class to load first, or null (JDBC 4 drivers register themselves). */
  public final String driverClass;
  /** Driver for MySQL-protocol URLs (db.mysqldriver): auto, mysql, mariadb, or url (as written). */
  public final String mysqlDriver;
  /** db.driveroptions: add the fast driver settings the URL does not set. */
  public final boolean driverOptions;
  public final int connectTimeoutMs;
  public final int socketTimeoutMs;
  /** The embedded server used when no URL is given (db.embedded.*). */
  public final EmbeddedSettings embeddedServer;

  private DbTarget(PropertyReader p, Properties props, Map<String, String> env) throws ConfigException {
    urls = Collections.unmodifiableList(readUrls(p, props));
    for (String url : urls) {
      Secrets.rememberUrlSecrets(url);
    }
    user = p.string(Registry.DB_USER);
    password = Secrets.resolvePassword(props, env);
    driverClass = p.string(Registry.DB_DRIVER);
    mysqlDriver = p.choice(Registry.DB_MYSQLDRIVER);
    driverOptions = p.bool(Registry.DB_DRIVEROPTIONS);
    connectTimeoutMs = p.intValue(Registry.DB_CONNECTTIMEOUT);
    socketTimeoutMs = p.intValue(Registry.DB_SOCKETTIMEOUT);
    String dataDir = p.string(Registry.DB_EMBEDDED_DATADIR);
    String binariesDir = p.string(Registry.DB_EMBEDDED_BASEDIR);
    embeddedServer = new EmbeddedSettings(dataDir == null ? defaultEmbeddedDataDir() : Path.of(dataDir).toAbsolutePath(),
        p.intValue(Registry.DB_EMBEDDED_PORT),
        p.intValue(Registry.DB_EMBEDDED_STARTTIMEOUT),
        p.intValue(Registry.DB_EMBEDDED_INSTALLTIMEOUT),
        binariesDir == null ? EmbeddedSettings.defaultBinariesDir() : Path.of(binariesDir).toAbsolutePath());
  }

  /** The last target parsed from a run's sealed settings, and those settings: see {@link #of}. */
  private static volatile Parsed last;

  private record Parsed(Properties props, DbTarget target) {
  }

  /**
   * The target of a run's settings, parsed once per JVM: the launcher seals the settings it resolved
   * ({@link SealedProperties}) and hands that one object to every part that talks to the server (the binding, the
   * file workload's table columns and sizes, the start barrier, the server-metrics sampler, the verifier), which all
   * ask here. Settings that are not sealed (a test's, YCSB's own client's) are parsed on each call.
   */
  public static DbTarget of(Properties props) throws ConfigException {
    Parsed p = last;
    if (p != null && p.props() == props) {
      return p.target();
    }
    DbTarget target = from(props, System.getenv());
    if (props instanceof SealedProperties) {
      last = new Parsed(props, target);
    }
    return target;
  }

  /** Parses the target of {@code props} now; parts of a run ask {@link #of} instead. */
  public static DbTarget from(Properties props) throws ConfigException {
    return from(props, System.getenv());
  }

  public static DbTarget from(Properties props, Map<String, String> env) throws ConfigException {
    return new DbTarget(new PropertyReader(props), props, env);
  }

  /** True when no URL is given: the embedded MariaDB serves. */
  public boolean embedded() {
    return urls.isEmpty();
  }

  /**
   * The servers to talk to: the URLs given, or the embedded MariaDB, started now (once per
   * process) with its own URL and user; loads {@code db.driver} first when it is set.
   */
  public Servers servers(PrintStream log) throws SetupException {
    if (driverClass != null) {
      try {
        Class.forName(driverClass);
      } catch (ClassNotFoundException e) {
        throw new ConfigException(Registry.DB_DRIVER.name() + ": class " + driverClass + " is not on the classpath");
      }
    }
    if (embedded()) {
      EmbeddedMariaDb db = EmbeddedMariaDb.startOnce(embeddedServer, log);
      return new Servers(List.of(db.jdbcUrl()), EmbeddedMariaDb.USER, null);
    }
    return new Servers(urls, user, password);
  }

  /**
   * One URL in {@code db.url}, never split; shards are numbered properties {@code db.url.1 ..
   * db.url.N}, without gaps, and exclude db.url. Every URL must be of a family with a dialect.
   */
  private static List<String> readUrls(PropertyReader p, Properties props) throws ConfigException {
    List<String> urls = new ArrayList<>();
    String single = p.string(Registry.DB_URL);
    for (int i = 1; ; i++) {
      String shard = p.string(Registry.DB_URL_N.member(Integer.toString(i)));
      if (shard == null) {
        break;
      }
      urls.add(shard);
    }
    String shardPrefix = Registry.DB_URL_N.prefix();
    for (String name : props.stringPropertyNames()) {
      // Every db.url.X is taken for a shard, so that a misnumbered or misspelt one is refused; db.url.options, not
      // a declared property, has been let through since the first binding and still is.
      if (name.startsWith(shardPrefix) && !name.equals(Registry.DB_URL_N.member("options"))) {
        String suffix = name.substring(shardPrefix.length());
        // At most 9 digits, so that the number parses (db.url.444444444444444444444444444 is no shard either).
        boolean numbered = suffix.chars().allMatch(Character::isDigit) && !suffix.isEmpty() && suffix.length() <= 9;
        if (!numbered || Integer.parseInt(suffix) < 1 || Integer.parseInt(suffix) > urls.size()) {
          throw new ConfigException(name + ": shard URLs must be numbered " + Registry.DB_URL_N.member("1") + ", "
              + Registry.DB_URL_N.member("2") + ", ... without gaps");
        }
      }
    }
    if (single != null && !urls.isEmpty()) {
      throw new ConfigException(Registry.DB_URL.name() + " and " + Registry.DB_URL_N.member("1")
          + ".. are both set; use " + Registry.DB_URL.name() + " for one server or " + Registry.DB_URL_N.name()
          + " for shards");
    }
    if (single != null) {
      urls.add(single);
    }
    for (int i = 0; i < urls.size(); i++) {
      String url = urls.get(i);
      String property = single != null ? Registry.DB_URL.name() : Registry.DB_URL_N.member(Integer.toString(i + 1));
      if (!url.startsWith("jdbc:")) {
        throw new ConfigException(property + ": '" + Secrets.maskUrl(url) + "' is not a JDBC URL (it must start with jdbc:)");
      }
      Dialects.checkSupported(property, url);
    }
    return urls;
  }

  private static Path defaultEmbeddedDataDir() {
    String home = System.getProperty("user.home", ".");
    return Path.of(home, ".ycsb-mytopling", "embedded-mariadb").toAbsolutePath();
  }
}
