package com.mytopling.ycsb.core.dialect;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything that differs between database families: SQL text (the binding's statements, the
 * tables' DDL, the verifier's reads, server identity and table size on disk), column types, the
 * meaning of vendor error codes, parameter limits and the driver settings that make a connection
 * fast. A family's SQL is in its file: {@link MySqlDialect} (MySQL, MariaDB, and the MyRocks and
 * MyTopling subclasses, which add only their engine and bulk-load statements) and
 * {@link SqlServerDialect}; statements that are standard SQL for both are here. Statements are
 * built once per connection and cached as prepared statements; nothing here runs per operation.
 */
public abstract class Dialect {
  /** The name used by {@code db.dialect}. */
  public abstract String name();

  /** Engine clause used when {@code db.engine} is not set, or null for none. */
  public abstract String defaultEngine();

  /** Which vendor error codes mean duplicate key, lock conflict or lost connection. */
  public abstract SqlErrors errors();

  // ---- tables ----

  /**
   * CREATE TABLE (if it does not exist) for YCSB's own fields: every column holds
   * {@code fieldLength} characters ({@link ColumnSize#ycsbField}).
   */
  public final String createTable(TableLayout t, String engine, int fieldLength) {
    return createTable(t, engine, Collections.nCopies(t.fieldCount(), ColumnSize.ycsbField(fieldLength)));
  }

  /**
   * CREATE TABLE (if it does not exist): the key column, then one column per field typed to hold
   * {@code sizes.get(i)}; the shape follows the engine asked for (null: the server's default).
   */
  public abstract String createTable(TableLayout t, String engine, List<ColumnSize> sizes);

  public abstract String dropTable(TableLayout t);

  /** A query returning no rows that fails when the table or one of its columns is missing. */
  public String probe(TableLayout t) {
    return "SELECT " + DialectSql.columns(t, DialectSql.KEY, t.allFields()) + " FROM " + t.table() + " WHERE 1=0";
  }

  // ---- the binding's operations ----

  /** Selects the masked columns, in field order, for one key (parameter 1). Standard SQL, shared. */
  public String read(TableLayout t, long mask) {
    return "SELECT " + DialectSql.columns(t, null, mask) + " FROM " + t.table() + " WHERE " + DialectSql.KEY + " = ?";
  }

  /**
   * Selects the key column followed by the masked columns for keys >= parameter
   * {@link #scanKeyParameter()}, in key order, at most parameter {@link #scanLimitParameter()} rows.
   */
  public abstract String scan(TableLayout t, long mask);

  public abstract int scanKeyParameter();

  public abstract int scanLimitParameter();

  /** Sets the masked columns (parameters 1..n in field order), key last. Standard SQL, shared. */
  public String update(TableLayout t, long mask) {
    return "UPDATE " + t.table() + " SET " + DialectSql.assignments(t, mask, null, null) + " WHERE " + DialectSql.KEY
        + " = ?";
  }

  /** Inserts {@code rows} rows of key then masked columns, with the upsert behaviour asked for. */
  public abstract String insert(TableLayout t, long mask, int rows, UpsertMode mode);

  /** Deletes one key (parameter 1). Standard SQL, shared. */
  public String delete(TableLayout t) {
    return "DELETE FROM " + t.table() + " WHERE " + DialectSql.KEY + " = ?";
  }

  /** Most rows one multi-row insert may carry with this many parameters per row. */
  public abstract int maxRowsPerStatement(int parametersPerRow);

  /**
   * {@code LOAD DATA LOCAL INFILE} of tab-separated rows (key, then the masked columns: the
   * format the binding's LoadDataRows writes), or null when the family has no such statement.
   * Duplicates are skipped, or replace the stored row with REPLACE.
   */
  public String loadData(TableLayout t, long mask, UpsertMode mode) {
    return null;
  }

  /** Session statements that start the engine's bulk-load mode (db.rocksdb.bulkload), or null if it has none. */
  public String[] bulkLoadStart() {
    return null;
  }

  /** The statement that ends bulk-load mode and makes the loaded rows durable and visible. */
  public String bulkLoadFinish() {
    return null;
  }

  // ---- the verifier's reads ----

  /** The key and every field column of the rows whose key is one of {@code keys} parameters. */
  public String selectRows(TableLayout t, int keys) {
    return "SELECT " + DialectSql.columns(t, DialectSql.KEY, t.allFields()) + " FROM " + t.table() + " WHERE "
        + DialectSql.KEY + " IN (" + DialectSql.placeholders(keys) + ")";
  }

  /** The number of rows of the table, as a 64-bit count. */
  public String countRows(TableLayout t) {
    return "SELECT COUNT(*) FROM " + t.table();
  }

  /** Every key of the table. */
  public String selectKeys(TableLayout t) {
    return "SELECT " + DialectSql.KEY + " FROM " + t.table();
  }

  // ---- a batch whose connection was lost (the binding's row accounting) ----

  /** The keys, of the {@code keys} given as parameters, that the table holds. */
  public String existingKeys(TableLayout t, int keys) {
    return "SELECT " + DialectSql.KEY + " FROM " + t.table() + " WHERE " + DialectSql.KEY + " IN ("
        + DialectSql.placeholders(keys) + ")";
  }

  /**
   * The server's id of this connection's session, one number; asked only where the driver does not know it
   * ({@link com.mytopling.ycsb.core.connect.DriverSessions}).
   */
  public abstract String sessionId();

  /**
   * A count, 0 or 1, of whether the session whose id is the parameter is still running a statement: until it is 0, a
   * statement sent on a lost connection may still commit.
   */
  public abstract String sessionRunning();

  // ---- the server ----

  /** A connection's TLS state when it uses none. */
  public static final String TLS_OFF = "off";

  /**
   * The connection's TLS as the server sees it: {@value #TLS_OFF}, or what the server names (MySQL family: protocol and
   * cipher, "TLSv1.3 TLS_AES_128_GCM_SHA256"; SQL Server: "on").
   */
  public abstract String sessionTls(Connection c) throws SQLException;

  /**
   * True when asking {@link #sessionTls} counts among the workload's statements in the server's counters (SQL
   * Server's batch requests): then it is asked on the set-up connection only, before the measured window, and not on
   * every client connection.
   */
  public boolean sessionTlsCounted() {
    return false;
  }

  /** What the server says about itself: version, edition, default engine, driver. */
  public abstract ServerInfo serverInfo(Connection c) throws SQLException;

  /** The table's size on disk, as the server accounts for it (after a load; see each family). */
  public abstract TableSize tableSize(Connection c, String table) throws SQLException;

  // ---- the server's counters (server-metrics.csv) ----

  /**
   * The statement that reads the server's counters for server-metrics.csv, run at every status interval on a
   * connection of its own. It must be cheap: it runs while the benchmark does.
   */
  public abstract String serverMetricsQuery();

  /**
   * The rows of {@link #serverMetricsQuery} as metrics: counters as the server's cumulative values, gauges as they
   * are. A metric none of whose counters the server has is absent (a MariaDB without RocksDB has no stalls).
   */
  public abstract EnumMap<ServerMetric, Long> serverMetrics(ResultSet rows) throws SQLException;

  /** One sample of the server's counters; {@code timeoutSeconds} bounds each query (0: none). */
  public EnumMap<ServerMetric, Long> sampleServerMetrics(Connection c, int timeoutSeconds) throws SQLException {
    try (Statement s = c.createStatement()) {
      if (timeoutSeconds > 0) {
        s.setQueryTimeout(timeoutSeconds);
      }
      try (ResultSet rows = s.executeQuery(serverMetricsQuery())) {
        return serverMetrics(rows);
      }
    }
  }

  /**
   * The self-check's counters: which server counter (sampled by {@link #serverMetricsQuery}) counts which of the
   * client's DB calls, so that each phase can compare the two over its measured window (docs/results.md,
   * "Self-check").
   *
   * @param inserts how the phase's inserts reached the server as statements (the binding's record)
   * @param product the server's product ({@link ServerInfo#product}), which decides the counters read where the
   *     family's servers count differently (MariaDB's Handler_write, MySQL's Innodb_rows_inserted); null when not
   *     recorded
   */
  public abstract List<CallCounter> callCounters(InsertStatements inserts, String product);

  // ---- the start barrier of clients on several machines (scale-out) ----

  /** The barrier's table: one row per client and phase of a run, keyed so that a client registers once. */
  public static final String BARRIER_TABLE = "ycsb_start_barrier";

  /**
   * An expression for the server's clock in epoch milliseconds: the clients' one clock, so that a start time agreed
   * through the table means the same moment on every client machine whatever their own clocks say.
   */
  protected abstract String serverClockMsExpression();

  /** CREATE TABLE (if it does not exist) for the barrier: run id, phase, client index, arrival on the server's clock. */
  public abstract String createBarrierTable();

  /** The server's clock now, epoch milliseconds: one row, one column. */
  public String serverClockMs() {
    return "SELECT " + serverClockMsExpression();
  }

  /** Registers a client: parameters run id, phase, client index; the arrival is the server's clock. */
  public String barrierArrive() {
    return "INSERT INTO " + BARRIER_TABLE + " (run_id, phase, client, arrived_ms) VALUES (?, ?, ?, "
        + serverClockMsExpression() + ")";
  }

  /** How many clients have registered and the last arrival (parameters run id, phase). Standard SQL, shared. */
  public String barrierArrivals() {
    return "SELECT COUNT(*), MAX(arrived_ms) FROM " + BARRIER_TABLE + " WHERE run_id = ? AND phase = ?";
  }

  /** The indexes of the clients that have registered (parameters run id, phase), to name the missing ones. */
  public String barrierClients() {
    return "SELECT client FROM " + BARRIER_TABLE + " WHERE run_id = ? AND phase = ? ORDER BY client";
  }

  // ---- driver settings ----

  /**
   * Driver settings applied when the URL does not set them (db.driveroptions=true): the ones
   * that make a driver fast for many small prepared statements and for multi-row batches.
   */
  public Map<String, String> driverDefaults(String url, int connectTimeoutMs, int socketTimeoutMs) {
    return new LinkedHashMap<>();
  }

  /**
   * Settings for the harness's own short read-only connections (verifier, file loader's table
   * metadata and size): the timeouts only, so a dead server cannot hang a tool.
   */
  public abstract Map<String, String> toolDefaults(int connectTimeoutMs, int socketTimeoutMs);

  /**
   * Driver settings that streamed {@code LOAD DATA LOCAL} needs (db.bulkload=loaddata), applied
   * like {@link #driverDefaults} unless the URL sets them, and also with db.driveroptions=false
   * because the mode cannot work without them. Empty where the family has no such statement.
   */
  public Map<String, String> loadDataDriverDefaults(String url) {
    return new LinkedHashMap<>();
  }

  /** Driver settings JDBC's batch API needs to be a bulk path (db.bulkload=batchapi); as above. */
  public Map<String, String> batchApiDriverDefaults(String url) {
    return new LinkedHashMap<>();
  }
}
