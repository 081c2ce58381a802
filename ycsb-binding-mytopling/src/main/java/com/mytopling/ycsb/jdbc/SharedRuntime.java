package com.mytopling.ycsb.jdbc;

import com.mytopling.ycsb.core.ConfigException;
import com.mytopling.ycsb.core.Secrets;
import com.mytopling.ycsb.core.SetupException;
import com.mytopling.ycsb.core.SqlMessages;
import com.mytopling.ycsb.core.TargetException;
import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.core.dialect.Dialect;
import com.mytopling.ycsb.core.dialect.Dialects;
import com.mytopling.ycsb.core.dialect.InsertStatements;
import com.mytopling.ycsb.core.dialect.ServerInfo;
import com.mytopling.ycsb.core.dialect.SqlErrors;
import com.mytopling.ycsb.core.dialect.SqlServerDialect;
import com.mytopling.ycsb.core.dialect.SqlServerText;
import com.mytopling.ycsb.core.dialect.TableLayout;
import com.mytopling.ycsb.core.connect.DriverChoice;
import com.mytopling.ycsb.core.connect.DriverSetup;
import com.mytopling.ycsb.core.connect.Servers;
import com.mytopling.ycsb.jdbc.bulk.BulkMode;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;

/**
 * What all client threads of one process share: the parsed configuration, the chosen dialect,
 * the URLs with driver settings applied, the error log and row counters. Created by the first
 * client thread's init (which also prepares the table once, not once per thread) and released
 * by the last thread's cleanup, which prints the totals and writes the record (db.recordfile,
 * {@link BindingRecord}). Start-up is a sequence of parts with
 * one job each: the servers ({@link com.mytopling.ycsb.core.connect.DbTarget#servers}), the
 * driver and its settings ({@link DriverSetup}), the dialect ({@link Dialects#choose}), the
 * table ({@link TableSetup}), and the start-up lines ({@link #announce}).
 */
final class SharedRuntime {
  private static SharedRuntime current;
  /** The properties {@link #current} was made from: the run it belongs to. */
  private static Properties currentProps;
  private static int users;

  final BindingConfig config;
  final TableLayout layout;
  final Dialect dialect;
  /** What failed statements mean (duplicate key, lock conflict, lost connection), by the dialect's family. */
  final SqlErrors sqlErrors;
  final ServerInfo server;
  /** How batches are sent: db.bulkload, with auto resolved for the driver the connections use. */
  final BulkMode bulkMode;
  /** What the server executes as one statement of this phase's inserts: an insert, a batch, or a row of a batch. */
  final InsertStatements insertStatements;
  /** Each TLS state the connections had (Dialect#sessionTls), with how many had it. */
  private final Map<String, LongAdder> tls = new java.util.concurrent.ConcurrentHashMap<>();
  final List<String> connectUrls;
  /** The URLs as the user gave them (or the embedded server's), for messages. */
  final List<String> displayUrls;
  final String user;
  final String password;
  /** The servers as given, with their credentials: connections are opened through them. */
  private final Servers servers;
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
  /** The phase's record (db.recordfile), or null when none is asked for. */
  private BindingRecord record;
  /** Why the database cannot be used any more (its table is gone), or null; and who stops the run then. */
  private volatile String unusable;
  private final List<Runnable> onUnusable = new java.util.concurrent.CopyOnWriteArrayList<>();

  private SharedRuntime(BindingConfig config, TableLayout layout, Dialect dialect, ServerInfo server,
                        List<String> connectUrls, Servers servers, PrintStream log) {
    this.displayUrls = servers.urls();
    this.config = config;
    this.layout = layout;
    this.dialect = dialect;
    this.sqlErrors = dialect.errors();
    this.server = server;
    this.connectUrls = Collections.unmodifiableList(connectUrls);
    this.bulkMode = config.bulkMode.resolve(connectUrls.get(0));
    this.insertStatements = !config.batching() ? InsertStatements.INSERT : bulkMode == BulkMode.BATCHAPI
        ? DriverChoice.batchApiStatements(connectUrls.get(0), "MariaDB".equals(server.product()))
        : InsertStatements.BATCH;
    this.user = servers.user();
    this.password = servers.password();
    this.servers = servers;
    this.log = log;
    this.errors = new ErrorLog(log, password);
    this.retry = new OperationRetry(sqlErrors, config.lockRetries, lockRetries, errors, this::databaseUnusable);
    int socketTimeoutMs = config.target.socketTimeoutMs;
    this.watchdog = socketTimeoutMs > 0 && !Dialects.isSqlServerUrl(connectUrls.get(0))
        ? new OperationWatchdog(socketTimeoutMs) : null;
    if (watchdog != null) {
      watchdog.start();
    }
  }

  static synchronized SharedRuntime acquire(Properties props) throws SetupException {
    if (current == null || (users == 0 && currentProps != props)) {
      current = create(BindingConfig.from(props), props, System.err);
      currentProps = props;
    } else if (users == 0 && current.watchdog != null) {
      current.watchdog.start();
    }
    users++;
    return current;
  }

  /**
   * The last holder's release prints the totals. The runtime stays for a client thread of the
   * same run (the same Properties object, which YCSB gives every DB instance of a run) that
   * starts only after every earlier one ended: YCSB's own Client starts its threads at once, but
   * under load a thread can finish its share before another one has run init. That thread
   * continues the run's counts (the last totals line printed is the run's); a new runtime would
   * set the table up again, and db.droptable=true would drop the rows already loaded.
   */
  static synchronized void release(SharedRuntime rt) {
    if (rt != current) {
      return;
    }
    if (--users == 0) {
      rt.printTotals();
      if (rt.watchdog != null) {
        rt.watchdog.stop();
      }
    }
  }

  private static SharedRuntime create(BindingConfig config, Properties props, PrintStream log)
      throws SetupException {
    Servers servers = config.target.servers(log);
    DriverSetup.Required required = bulkSettings(config);
    DriverSetup.Result drivers = DriverSetup.connect(config.target, servers, required, Set.of(), log);
    Dialect dialect = Dialects.choose(config.dialect, servers.urls().get(0), drivers.server());
    TableLayout layout = new TableLayout(config.table, config.fieldNames);
    checkModes(config, dialect, layout, drivers.connectUrls().get(0));
    TableSetup.prepare(config, dialect, layout, servers, drivers.connectUrls());
    List<String> connectUrls = drivers.connectUrls();
    List<String> added = drivers.added();
    if (dialect instanceof SqlServerDialect sqlServer && !unicodeParametersFor(sqlServer, layout, servers, connectUrls)
        && added.stream().anyMatch(a -> a.startsWith(SqlServerDialect.UNICODE_PARAMETERS + "="))) {
      // NVARCHAR columns: strings go as Unicode, or characters outside the code page become '?'.
      added = new ArrayList<>();
      connectUrls = DriverSetup.connectUrls(servers.urls(), config.target, config.target.mysqlDriver, required,
          Set.of(SqlServerDialect.UNICODE_PARAMETERS), added);
      log.println("[mytopling] table " + layout.table() + " has NVARCHAR columns: " + SqlServerDialect.UNICODE_PARAMETERS
          + "=false not added (strings are sent as Unicode, so every character is stored)");
    }
    SharedRuntime rt = new SharedRuntime(config, layout, dialect, drivers.server(), connectUrls, servers, log);
    if (dialect.sessionTlsCounted()) {
      rt.noteSetupTls();
    }
    rt.announce(added);
    rt.record = BindingRecord.start(rt, added, props);
    return rt;
  }

  /**
   * SQL Server: true when the connect URLs may keep sending strings in the database's code page
   * ({@link SqlServerText#nonUnicodeParametersAllowed}, which also refuses a URL that asks for
   * it with NVARCHAR columns), false when the default must be withheld.
   */
  private static boolean unicodeParametersFor(SqlServerDialect dialect, TableLayout layout, Servers servers,
                                              List<String> connectUrls) throws SetupException {
    SqlServerText.CodePages pages;
    try (Connection c = servers.open(connectUrls.get(0))) {
      pages = dialect.codePages(c, layout.table());
    } catch (SQLException e) {
      throw new TargetException("cannot read the column types of table " + layout.table() + ": "
          + SqlMessages.describe(e, servers.password()));
    }
    return SqlServerText.nonUnicodeParametersAllowed(pages, layout, servers.urls());
  }

  /** Driver settings the batch modes need, whatever db.driveroptions says. */
  private static DriverSetup.Required bulkSettings(BindingConfig config) {
    if (!config.batching()) {
      return DriverSetup.Required.NONE;
    }
    return url -> {
      Dialect family = Dialects.family(url);
      switch (config.bulkMode.resolve(url)) {
        case LOADDATA:
          return family.loadDataDriverDefaults(url);
        case BATCHAPI:
          return family.batchApiDriverDefaults(url);
        default:
          return Map.of();
      }
    };
  }

  /** Refuses bulk modes the dialect has no statements for, before anything touches the table. */
  private static void checkModes(BindingConfig config, Dialect dialect, TableLayout layout, String connectUrl)
      throws ConfigException {
    if (config.batching() && config.bulkMode.resolve(connectUrl) == BulkMode.LOADDATA
        && dialect.loadData(layout, layout.allFields(), config.upsert) == null) {
      throw new ConfigException(Registry.DB_BULKLOAD.name() + "=loaddata: dialect " + dialect.name()
          + " has no LOAD DATA; use insert or batchapi");
    }
    if (config.rocksdbBulkLoad && dialect.bulkLoadStart() == null) {
      throw new ConfigException(Registry.DB_ROCKSDB_BULKLOAD.name() + "=true: dialect " + dialect.name()
          + " has no bulk-load mode (MyRocks only)");
    }
  }

  /** Prints the connected line and the settings added; returns this. */
  private SharedRuntime announce(List<String> added) {
    SharedRuntime rt = this;
    BindingConfig config = rt.config;
    Dialect dialect = rt.dialect;
    ServerInfo server = rt.server;
    List<String> urls = rt.displayUrls;
    log.println("[mytopling] connected: dialect=" + dialect.name() + " product=" + server.product().replace(' ', '_')
        + " server=\"" + server.version + "\" engine="
        + rt.engine() + " shards=" + urls.size() + " driver=\"" + server.driver + "\" url=" + Secrets.maskUrl(urls.get(0)));
    if (!added.isEmpty()) {
      log.println("[mytopling] driver settings added (set them in the URL to override, "
          + Registry.DB_DRIVEROPTIONS.name() + "=false for none): " + String.join(", ", added));
    }
    if (config.batchingRequested() && config.runPhase) {
      log.println(config.batchRunPhase
          ? "[mytopling] run phase: inserts are batched (" + Registry.DB_BATCH_RUNPHASE.name() + "=true): INSERT "
            + "returns BATCHED_OK before its row is sent, so reads of just-inserted keys can miss them and INSERT "
            + "latency is a buffer append"
          : "[mytopling] run phase: each insert is sent before insert() returns ("
            + Registry.JDBC_BATCHUPDATEAPI.name() + "/" + Registry.DB_BATCHSIZE.name() + " batch loads only; "
            + Registry.DB_BATCH_RUNPHASE.name() + "=true batches here too)");
    }
    if (config.batching()) {
      log.println("[mytopling] batched inserts: " + rt.batchRows(rt.layout.allFields()) + " rows per "
          + (rt.bulkMode == BulkMode.INSERT ? "statement" : rt.bulkMode.propertyValue())
          + " (" + Registry.DB_BULKLOAD.name() + "=" + (config.bulkMode == BulkMode.AUTO ? "auto: " : "")
          + rt.bulkMode.propertyValue() + (config.bulkSort ? ", sorted by key" : "")
          + (config.rocksdbBulkLoad ? ", rocksdb_bulk_load" : "") + ")");
      if (rt.insertStatements == InsertStatements.ROW) {
        log.println("[mytopling] batched inserts: the driver sends each row of a batch as a statement of its own ("
            + (DriverChoice.usesMariaDbDriver(rt.connectUrls.get(0))
            ? "MariaDB Connector/J's bulk protocol is MariaDB's; this server is " + server.product()
            : "MySQL Connector/J without rewriteBatchedStatements=true") + "): statements are counted per row; "
            + Registry.DB_BULKLOAD.name() + "=insert sends each batch as one multi-row INSERT");
      }
    } else if (config.batchUpdateApi && !config.batchingRequested()) {
      log.println("[mytopling] " + Registry.JDBC_BATCHUPDATEAPI.name() + "=true with " + Registry.DB_BATCHSIZE.name()
          + "=" + config.batchSize + ": rows are inserted one at a time (set " + Registry.DB_BATCHSIZE.name()
          + " > 1 to batch)");
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
    return servers.open(connectUrls.get(shard));
  }

  /**
   * An operation found the table gone: every later one would fail the same way, in microseconds, and count as done.
   * Said once; a launcher that asked ({@link #onUnusable}) stops the run.
   */
  void databaseUnusable(java.sql.SQLException e) {
    List<Runnable> stops;
    synchronized (this) {
      if (unusable != null) {
        return;
      }
      unusable = "table " + layout.table() + " is gone (" + com.mytopling.ycsb.core.SqlMessages.describe(e, password)
          + ")";
      stops = List.copyOf(onUnusable);
    }
    log.println("[mytopling] fatal: " + unusable + ": the run stops");
    stops.forEach(Runnable::run);
  }

  /** Why the database became unusable during the run, or null. */
  String unusable() {
    return unusable;
  }

  /** {@code stop} runs when the database becomes unusable (at once when it is already). */
  void onUnusable(Runnable stop) {
    onUnusable.add(stop);
    if (unusable != null) {
      stop.run();
    }
  }

  /** What the run did with its rows so far; final once every client thread has released. */
  BindingTotals totals() {
    return new BindingTotals(rows.stored.sum(), rows.failed.sum(), rows.skipped.sum(), rows.lost.sum(),
        rows.writesRolledBack.sum(), reconnects.sum(), lockRetries.sum(), errors.total(), config.runPhase && config.batching());
  }

  /**
   * Notes a client connection's TLS, asked of the server (Dialect#sessionTls) where asking does not count among the
   * workload's statements; a connection whose answer fails is noted "unknown".
   */
  void noteTls(Connection c) {
    if (dialect.sessionTlsCounted()) {
      return;
    }
    String state;
    try {
      state = dialect.sessionTls(c);
    } catch (SQLException e) {
      state = "unknown";
    }
    tls.computeIfAbsent(state, k -> new LongAdder()).increment();
  }

  /** The set-up connection's TLS, for a dialect whose question is a workload statement (SQL Server): asked once. */
  private void noteSetupTls() {
    String state;
    try (Connection c = open(0)) {
      state = dialect.sessionTls(c);
    } catch (SQLException e) {
      state = "unknown (" + SqlMessages.describe(e, password) + ")";
    }
    tls.computeIfAbsent(state, k -> new LongAdder()).increment();
  }

  /** Each TLS state noted, with how many connections had it. */
  Map<String, Long> tlsStates() {
    Map<String, Long> out = new java.util.TreeMap<>();
    tls.forEach((k, v) -> out.put(k, v.sum()));
    return out;
  }

  /** A client thread could not start after the runtime did (a shard refused its connection): the record says why. */
  void recordFailure(String message) {
    if (record != null) {
      record.failed(message);
    }
  }

  private void printTotals() {
    BindingTotals t = totals();
    if (t.rowsStored() > 0 || t.rowsFailed() > 0 || t.rowsSkipped() > 0 || t.reconnects() > 0 || t.lockRetries() > 0
        || t.errors() > 0 || t.writesRolledBack() > 0) {
      log.println("[mytopling] totals: inserted rows stored=" + t.rowsStored() + " failed=" + t.rowsFailed()
          + (config.skipExisting ? " skipped=" + t.rowsSkipped() : "") + " reconnects=" + t.reconnects()
          + " lock_retries=" + t.lockRetries() + " errors=" + t.errors()
          + (t.rowsLost() > 0 ? " acknowledged_lost=" + t.rowsLost() : "")
          + (t.writesRolledBack() > 0 ? " rolled_back_writes=" + t.writesRolledBack() : "")
          + (t.runPhaseBatching() ? " run_phase_batching=true" : ""));
    }
    Map<String, Long> tlsStates = tlsStates();
    if (!tlsStates.isEmpty()) {
      List<String> states = new ArrayList<>();
      tlsStates.forEach((state, n) -> states.add(state + " x " + n));
      log.println("[mytopling] TLS of the connections (as the server saw them): " + String.join(", ", states));
    }
    errors.printSummary();
    if (record != null) {
      record.finish(t, errors, log, tlsStates);
    }
  }
}
