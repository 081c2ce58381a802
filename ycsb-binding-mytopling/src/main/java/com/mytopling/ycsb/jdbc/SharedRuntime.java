package com.mytopling.ycsb.jdbc;

import com.mytopling.ycsb.jdbc.dialect.Dialect;
import com.mytopling.ycsb.jdbc.dialect.Dialects;
import com.mytopling.ycsb.jdbc.dialect.MySqlDialect;
import com.mytopling.ycsb.jdbc.bulk.BulkMode;
import com.mytopling.ycsb.jdbc.bulk.DriverChoice;
import com.mytopling.ycsb.jdbc.dialect.ServerInfo;
import com.mytopling.ycsb.jdbc.dialect.SqlServerDialect;
import com.mytopling.ycsb.jdbc.embedded.EmbeddedMariaDb;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.LongAdder;

/**
 * What all client threads of one process share: the parsed configuration, the chosen dialect,
 * the URLs with driver settings applied, the error log and row counters. Created by the first
 * client thread's init (which also prepares the table once, not once per thread) and released
 * by the last thread's cleanup, which prints the totals.
 */
final class SharedRuntime {
  private static SharedRuntime current;
  private static int users;

  final BindingConfig config;
  final TableLayout layout;
  final Dialect dialect;
  final ServerInfo server;
  /** How batches are sent: db.bulkload, with auto resolved for the driver the connections use. */
  final BulkMode bulkMode;
  final List<String> connectUrls;
  /** The URLs as the user gave them (or the embedded server's), for messages. */
  final List<String> displayUrls;
  final String user;
  final String password;
  final ErrorLog errors;
  final PrintStream log;
  /** Inserted rows stored, failed and skipped, and acknowledged writes rolled back (RowAccounting). */
  final RowAccounting.Totals rows = new RowAccounting.Totals();
  final LongAdder reconnects = new LongAdder();
  final LongAdder lockRetries = new LongAdder();
  /** The retry rules every operation runs under. */
  final OperationRetry retry;
  /** db.sockettimeout for MySQL-protocol connections (no socket read timeout there; see OperationWatchdog). */
  final OperationWatchdog watchdog;
  /** The totals of the last run released in this JVM (what the binding's totals line said). */
  private static volatile BindingTotals lastTotals;

  private SharedRuntime(BindingConfig config, Dialect dialect, ServerInfo server, List<String> connectUrls,
                        List<String> displayUrls, String user, String password, PrintStream log) {
    this.displayUrls = Collections.unmodifiableList(displayUrls);
    this.config = config;
    this.layout = new TableLayout(config.table, config.fieldNames);
    this.dialect = dialect;
    this.server = server;
    this.connectUrls = Collections.unmodifiableList(connectUrls);
    this.bulkMode = config.bulkMode.resolve(connectUrls.get(0));
    this.user = user;
    this.password = password;
    this.log = log;
    this.errors = new ErrorLog(log, password);
    this.retry = new OperationRetry(config.lockRetries, lockRetries, errors);
    this.watchdog = config.socketTimeoutMs > 0 && !Dialects.isSqlServerUrl(connectUrls.get(0))
        ? new OperationWatchdog(config.socketTimeoutMs) : null;
    if (watchdog != null) {
      watchdog.start();
    }
  }

  static synchronized SharedRuntime acquire(Properties props) throws ConfigException {
    if (current == null) {
      current = create(BindingConfig.from(props), System.err);
    }
    users++;
    return current;
  }

  static synchronized void release(SharedRuntime rt) {
    if (rt != current) {
      return;
    }
    if (--users == 0) {
      lastTotals = rt.totals();
      rt.printTotals();
      if (rt.watchdog != null) {
        rt.watchdog.stop();
      }
      current = null;
    }
  }

  private static SharedRuntime create(BindingConfig config, PrintStream log) throws ConfigException {
    List<String> urls = config.urls;
    String user = config.user;
    String password = config.password;
    if (config.embedded()) {
      EmbeddedMariaDb db = EmbeddedMariaDb.startOnce(config.embeddedDataDir, config.embeddedPort, log);
      urls = List.of(db.jdbcUrl());
      user = "root";
      password = null;
    }
    if (config.driverClass != null) {
      try {
        Class.forName(config.driverClass);
      } catch (ClassNotFoundException e) {
        throw new ConfigException("db.driver: class " + config.driverClass + " is not on the classpath");
      }
    }
    List<String> added = new ArrayList<>();
    List<String> connectUrls = connectUrls(urls, config, config.mysqlDriver, added);
    ServerInfo server = null;
    String mariaFailure = null;
    if (DriverChoice.AUTO.equals(config.mysqlDriver) && !DriverChoice.hasSecurityOptions(urls)) {
      // db.mysqldriver=auto: MariaDB servers get MariaDB Connector/J (measured faster; docs/speed.md).
      // It is tried first, so that a MariaDB server never costs the start-up of a second driver
      // (Connector/J's first connection alone took about 0.4 s of CPU, measured with
      // async-profiler). Any failure falls back to the URL's own driver, whose error is the
      // one reported.
      List<String> mariaAdded = new ArrayList<>();
      List<String> maria = connectUrls(urls, config, DriverChoice.MARIADB, mariaAdded);
      if (!maria.equals(connectUrls)) {
        try (Connection c = open(maria.get(0), user, password)) {
          ServerInfo probed = ServerInfo.query(c, false);
          if (DriverChoice.prefersMariaDbDriver(probed.version)) {
            server = probed;
            connectUrls = maria;
            added = mariaAdded;
          }
        } catch (SQLException e) {
          mariaFailure = describe(e, password);
        }
      }
    }
    if (server == null) {
      try (Connection c = open(connectUrls.get(0), user, password)) {
        server = ServerInfo.query(c, Dialects.isSqlServerUrl(urls.get(0)));
      } catch (SQLException e) {
        throw new ConfigException("cannot connect to " + Secrets.maskUrl(urls.get(0)) + ": " + describe(e, password)
            + ConnectHints.forFailure(urls.get(0), e));
      }
      if (mariaFailure != null) { // said only when the URL's driver connects: a bad URL gets one line
        log.println("[mytopling] db.mysqldriver=auto: MariaDB Connector/J could not connect (" + mariaFailure
            + "); using the URL's driver");
      }
    }
    Dialect dialect = "auto".equals(config.dialect) ? Dialects.detect(urls.get(0), server) : Dialects.byName(config.dialect);
    SharedRuntime rt = new SharedRuntime(config, dialect, server, connectUrls, urls, user, password, log);
    for (int i = 0; i < connectUrls.size(); i++) {
      rt.prepareTable(i);
    }
    return rt.announce(added);
  }

  /** The URLs to connect with: scheme chosen by db.mysqldriver, then the driver's settings added. */
  private static List<String> connectUrls(List<String> urls, BindingConfig config, String driverChoice, List<String> added) {
    List<String> connectUrls = new ArrayList<>();
    for (String given : urls) {
      // db.mysqldriver picks the driver by URL scheme; its fast settings follow from the scheme.
      String url = DriverChoice.apply(given, driverChoice);
      Dialect family = Dialects.isSqlServerUrl(url) ? new SqlServerDialect() : new MySqlDialect();
      java.util.Map<String, String> defaults = config.driverOptions
          ? family.driverDefaults(url, config.connectTimeoutMs, config.socketTimeoutMs) : new java.util.LinkedHashMap<>();
      if (config.batching()) {
        defaults.putAll(family.bulkDriverDefaults(url, config.bulkMode.resolve(url)));
      }
      JdbcUrls.Applied applied = JdbcUrls.withDefaults(url, defaults);
      connectUrls.add(applied.url);
      if (added.isEmpty()) {
        added.addAll(applied.added);
      }
    }
    return connectUrls;
  }

  /** Prints the connected line and the settings added; returns this. */
  private SharedRuntime announce(List<String> added) throws ConfigException {
    SharedRuntime rt = this;
    BindingConfig config = rt.config;
    Dialect dialect = rt.dialect;
    ServerInfo server = rt.server;
    List<String> urls = rt.displayUrls;
    log.println("[mytopling] connected: dialect=" + dialect.name() + " server=\"" + server.version + "\" engine="
        + rt.engine() + " shards=" + urls.size() + " driver=\"" + server.driver + "\" url=" + Secrets.maskUrl(urls.get(0)));
    if (!added.isEmpty()) {
      log.println("[mytopling] driver settings added (set them in the URL to override, db.driveroptions=false for none): "
          + String.join(", ", added));
    }
    if (config.batching() && rt.bulkMode == BulkMode.LOADDATA
        && dialect.loadData(rt.layout, rt.layout.allFields(), config.upsert) == null) {
      throw new ConfigException("db.bulkload=loaddata: dialect " + dialect.name() + " has no LOAD DATA; use insert or batchapi");
    }
    if (config.rocksdbBulkLoad && dialect.bulkLoadStart() == null) {
      throw new ConfigException("db.rocksdb.bulkload=true: dialect " + dialect.name() + " has no bulk-load mode (MyRocks only)");
    }
    if (config.batchingRequested() && config.runPhase) {
      log.println(config.batchRunPhase
          ? "[mytopling] run phase: inserts are batched (db.batch.runphase=true): INSERT returns BATCHED_OK before its row"
            + " is sent, so reads of just-inserted keys can miss them and INSERT latency is a buffer append"
          : "[mytopling] run phase: each insert is sent before insert() returns (jdbc.batchupdateapi/db.batchsize"
            + " batch loads only; db.batch.runphase=true batches here too)");
    }
    if (config.batching()) {
      log.println("[mytopling] batched inserts: " + rt.batchRows(rt.layout.allFields()) + " rows per "
          + (rt.bulkMode == BulkMode.INSERT ? "statement" : rt.bulkMode.propertyValue())
          + " (db.bulkload=" + (config.bulkMode == BulkMode.AUTO ? "auto: " : "") + rt.bulkMode.propertyValue() + (config.bulkSort ? ", sorted by key" : "")
          + (config.rocksdbBulkLoad ? ", rocksdb_bulk_load" : "") + ")");
    } else if (config.batchUpdateApi && !config.batchingRequested()) {
      log.println("[mytopling] jdbc.batchupdateapi=true with db.batchsize=" + config.batchSize
          + ": rows are inserted one at a time (set db.batchsize > 1 to batch)");
    }
    return rt;
  }

  String engine() {
    String e = config.engine != null ? config.engine : dialect.defaultEngine();
    return e == null ? "default" : e;
  }

  /** Rows per multi-row insert for a field mask: db.batchsize capped by the dialect's parameter limit. */
  int batchRows(long mask) {
    if (bulkMode != BulkMode.INSERT) {
      return config.batchSize; // LOAD DATA and executeBatch have no placeholder limit per statement
    }
    return Math.min(config.batchSize, dialect.maxRowsPerStatement(1 + Long.bitCount(mask)));
  }

  Connection open(int shard) throws SQLException {
    return open(connectUrls.get(shard), user, password);
  }

  private static Connection open(String url, String user, String password) throws SQLException {
    Properties p = new Properties();
    if (user != null) {
      p.setProperty("user", user);
    }
    if (password != null) {
      p.setProperty("password", password);
    }
    return Drivers.connect(url, p);
  }

  /** Drops/creates the table when asked, then checks that it exists with every column. */
  private void prepareTable(int shard) throws ConfigException {
    String where = Secrets.maskUrl(displayUrls.get(shard));
    try (Connection c = open(shard); Statement s = c.createStatement()) {
      if (config.dropTable) {
        s.execute(dialect.dropTable(layout));
      }
      if (config.createTable) {
        String engine = config.engine != null ? config.engine : dialect.defaultEngine();
        s.execute(dialect.createTable(layout, engine, config.fieldLength));
      }
      try {
        s.executeQuery(dialect.probe(layout)).close();
      } catch (SQLException e) {
        throw new ConfigException("table " + layout.table() + " at " + where + " is missing or lacks a column ("
            + describe(e, password) + "); create it, or set db.createtable=true");
      }
    } catch (SQLException e) {
      throw new ConfigException("cannot prepare table " + layout.table() + " at " + where + ": " + describe(e, password));
    }
  }

  /** SQLState/code, first line of the message and the root cause's, secrets masked. */
  static String describe(SQLException e, String password) {
    StringBuilder sb = new StringBuilder();
    if (e.getSQLState() != null) {
      sb.append(e.getSQLState()).append('/').append(e.getErrorCode()).append(' ');
    }
    sb.append(ErrorLog.firstLine(e.getMessage()));
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    if (root != e && root.getMessage() != null && !sb.toString().contains(root.getMessage())) {
      sb.append(" (").append(ErrorLog.firstLine(root.getMessage())).append(')');
    }
    return Secrets.mask(sb.toString(), password);
  }

  /** What the run did with its rows so far; final once every client thread has released. */
  BindingTotals totals() {
    return new BindingTotals(rows.stored.sum(), rows.failed.sum(), rows.skipped.sum(), rows.writesRolledBack.sum(),
        reconnects.sum(), lockRetries.sum(), errors.total(), config.runPhase && config.batching());
  }

  /** The totals of the last run released in this JVM, or null when none was. */
  static BindingTotals lastTotals() {
    return lastTotals;
  }

  private void printTotals() {
    BindingTotals t = totals();
    if (t.rowsStored() > 0 || t.rowsFailed() > 0 || t.rowsSkipped() > 0 || t.reconnects() > 0 || t.lockRetries() > 0
        || t.errors() > 0 || t.writesRolledBack() > 0) {
      log.println("[mytopling] totals: inserted rows stored=" + t.rowsStored() + " failed=" + t.rowsFailed()
          + (config.skipExisting ? " skipped=" + t.rowsSkipped() : "") + " reconnects=" + t.reconnects()
          + " lock_retries=" + t.lockRetries() + " errors=" + t.errors()
          + (t.writesRolledBack() > 0 ? " rolled_back_writes=" + t.writesRolledBack() : "")
          + (t.runPhaseBatching() ? " run_phase_batching=true" : ""));
    }
    errors.printSummary();
  }
}
