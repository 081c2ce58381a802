package com.mytopling.ycsb.core.dialect;

import static com.mytopling.ycsb.core.dialect.DialectSql.KEY;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * SQL Server and Azure SQL Database (T-SQL). No server can run on our CI machines, so this
 * SQL is unit-tested against the documented syntax only (TOP, MERGE, table value constructors,
 * the 2100-parameter limit, the catalog views and functions named below).
 *
 * <p>Text columns: VARCHAR for ASCII values (YCSB's keys and values always are; the key column
 * is always VARCHAR, so key lookups bind a VARCHAR parameter and seek the index), NVARCHAR for a
 * data set's columns that hold other characters. How a value keeps every character on its way
 * in is {@link SqlServerText}'s rule.
 */
public class SqlServerDialect extends Dialect {
  /** The mssql-jdbc URL option that sends String parameters in the database's code page (false) or as UTF-16 (true). */
  public static final String UNICODE_PARAMETERS = "sendStringParametersAsUnicode";
  /** SQL Server accepts at most 2100 parameters per request. */
  private static final int MAX_PARAMETERS = 2_099;
  /** A table value constructor (INSERT ... VALUES) takes at most 1000 rows. */
  private static final int MAX_VALUES_ROWS = 1_000;
  /** Longest VARCHAR(n) in bytes (characters for ASCII), and NVARCHAR(n) in UTF-16 units. */
  private static final int MAX_VARCHAR = 8_000;
  private static final int MAX_NVARCHAR = 4_000;
  private static final long PAGE_BYTES = 8_192;
  private static final SqlErrors ERRORS = new SqlErrors.SqlServer();

  @Override
  public String name() {
    return "sqlserver";
  }

  @Override
  public String defaultEngine() {
    return null;
  }

  @Override
  public SqlErrors errors() {
    return ERRORS;
  }

  @Override
  public String createTable(TableLayout t, String engine, List<ColumnSize> sizes) {
    StringBuilder sb = new StringBuilder("IF OBJECT_ID(N'").append(t.table()).append("', N'U') IS NULL CREATE TABLE ")
        .append(t.table()).append(" (").append(KEY).append(" VARCHAR(").append(TableLayout.MAX_KEY_LENGTH)
        .append(") NOT NULL");
    for (int i = 0; i < t.fieldCount(); i++) {
      sb.append(", ").append(t.columnName(i)).append(' ').append(valueType(sizes.get(i))).append(" NOT NULL");
    }
    return sb.append(", CONSTRAINT pk_").append(t.table()).append(" PRIMARY KEY (").append(KEY).append("))").toString();
  }

  /**
   * VARCHAR(width) for ASCII values (one byte per character in every code page), VARCHAR(MAX)
   * beyond 8000; NVARCHAR(width), NVARCHAR(MAX) beyond 4000, for values with other characters.
   */
  static String valueType(ColumnSize s) {
    long width = s.width();
    if (s.ascii()) {
      return width <= MAX_VARCHAR ? "VARCHAR(" + width + ")" : "VARCHAR(MAX)";
    }
    return width <= MAX_NVARCHAR ? "NVARCHAR(" + width + ")" : "NVARCHAR(MAX)";
  }

  @Override
  public String dropTable(TableLayout t) {
    return "IF OBJECT_ID(N'" + t.table() + "', N'U') IS NOT NULL DROP TABLE " + t.table();
  }

  @Override
  public String probe(TableLayout t) {
    return "SELECT TOP (0) " + DialectSql.columns(t, KEY, t.allFields()) + " FROM " + t.table();
  }

  @Override
  public String scan(TableLayout t, long mask) {
    return "SELECT TOP (?) " + DialectSql.columns(t, KEY, mask) + " FROM " + t.table()
        + " WHERE " + KEY + " >= ? ORDER BY " + KEY;
  }

  @Override
  public int scanKeyParameter() {
    return 2;
  }

  @Override
  public int scanLimitParameter() {
    return 1;
  }

  @Override
  public String insert(TableLayout t, long mask, int rows, UpsertMode mode) {
    String cols = DialectSql.columns(t, KEY, mask);
    String values = DialectSql.valueRows(rows, 1 + Long.bitCount(mask));
    if (mode == UpsertMode.NONE) {
      return "INSERT INTO " + t.table() + " (" + cols + ") VALUES " + values;
    }
    // MERGE is SQL Server's upsert; HOLDLOCK makes the match-then-insert atomic under
    // concurrency, as Microsoft documents for MERGE used as an upsert.
    StringBuilder sb = new StringBuilder("MERGE INTO ").append(t.table()).append(" WITH (HOLDLOCK) AS tgt USING (VALUES ")
        .append(values).append(") AS src (").append(cols).append(") ON tgt.").append(KEY).append(" = src.").append(KEY)
        .append(" WHEN MATCHED THEN UPDATE SET ");
    boolean first = true;
    for (int i = 0; i < t.fieldCount(); i++) {
      if ((mask & (1L << i)) != 0) {
        String c = t.columnName(i);
        sb.append(first ? "" : ", ").append("tgt.").append(c).append(" = src.").append(c);
        first = false;
      }
    }
    sb.append(" WHEN NOT MATCHED THEN INSERT (").append(cols).append(") VALUES (");
    sb.append("src.").append(KEY);
    for (int i = 0; i < t.fieldCount(); i++) {
      if ((mask & (1L << i)) != 0) {
        sb.append(", src.").append(t.columnName(i));
      }
    }
    return sb.append(");").toString();
  }

  @Override
  public int maxRowsPerStatement(int parametersPerRow) {
    return Math.max(1, Math.min(MAX_VALUES_ROWS, MAX_PARAMETERS / parametersPerRow));
  }

  /** COUNT(*) is an INT in T-SQL and overflows past 2^31 rows; COUNT_BIG is its BIGINT form. */
  @Override
  public String countRows(TableLayout t) {
    return "SELECT COUNT_BIG(*) FROM " + t.table();
  }

  // ---- the server ----

  @Override
  public ServerInfo serverInfo(Connection c) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
        "SELECT CAST(SERVERPROPERTY('ProductVersion') AS NVARCHAR(128)), CAST(SERVERPROPERTY('Edition') AS NVARCHAR(128))")) {
      rs.next();
      return ServerInfo.of(c, rs.getString(1), rs.getString(2), "");
    }
  }

  /** Used pages of the table's partitions (sys.dm_db_partition_stats) times 8 KiB. */
  @Override
  public TableSize tableSize(Connection c, String table) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT"
        + " SUM(CASE WHEN index_id IN (0, 1) THEN used_page_count ELSE 0 END),"
        + " SUM(CASE WHEN index_id > 1 THEN used_page_count ELSE 0 END)"
        + " FROM sys.dm_db_partition_stats WHERE object_id = OBJECT_ID(?)")) {
      ps.setString(1, table);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return new TableSize("SQL Server", rs.getLong(1) * PAGE_BYTES, rs.getLong(2) * PAGE_BYTES,
            "sys.dm_db_partition_stats used pages x 8 KiB", List.of());
      }
    }
  }

  // ---- the server's counters ----

  /**
   * Where each metric comes from in sys.dm_os_performance_counters: object (after the instance prefix, which is
   * "SQLServer:" on a default instance, "MSSQL$NAME:" on a named one and on Azure SQL), counter and instance ("" for
   * a counter without instances). The "/sec" counters (cntr_type 272696576) are cumulative counts despite their
   * names, "Lock Wait Time (ms)" is cumulative milliseconds, and "Active requests" (cntr_type 65792) is a current
   * level, summed over the workload groups. SQL Server has no per-row counters here: the rows_* metrics stay empty.
   * Reading the view needs VIEW SERVER STATE (VIEW SERVER PERFORMANCE STATE on SQL Server 2022; VIEW DATABASE STATE
   * on Azure SQL Database).
   */
  private static final Map<ServerMetric, String[]> PERFORMANCE_COUNTERS = performanceCounters();

  private static Map<ServerMetric, String[]> performanceCounters() {
    Map<ServerMetric, String[]> m = new EnumMap<>(ServerMetric.class);
    m.put(ServerMetric.STATEMENTS, new String[] {"SQL Statistics", "Batch Requests/sec", ""});
    m.put(ServerMetric.BUFFER_POOL_READ_REQUESTS, new String[] {"Buffer Manager", "Page lookups/sec", ""});
    m.put(ServerMetric.BUFFER_POOL_DISK_READS, new String[] {"Buffer Manager", "Page reads/sec", ""});
    m.put(ServerMetric.FSYNCS, new String[] {"Databases", "Log Flushes/sec", "_Total"});
    m.put(ServerMetric.ROW_LOCK_WAITS, new String[] {"Locks", "Lock Waits/sec", "_Total"});
    m.put(ServerMetric.ROW_LOCK_WAIT_MS, new String[] {"Locks", "Lock Wait Time (ms)", "_Total"});
    m.put(ServerMetric.DEADLOCKS, new String[] {"Locks", "Number of Deadlocks/sec", "_Total"});
    // Any instance: one row per workload group, summed.
    m.put(ServerMetric.THREADS_RUNNING, new String[] {"Workload Group Stats", "Active requests", null});
    return m;
  }

  /** counter_name and instance_name are padded NCHAR: trimmed in the query. */
  static final String PERFORMANCE_COUNTERS_QUERY = performanceCountersQuery();

  private static String performanceCountersQuery() {
    StringBuilder sql = new StringBuilder("SELECT RTRIM(object_name), RTRIM(counter_name), RTRIM(instance_name),"
        + " cntr_value FROM sys.dm_os_performance_counters WHERE counter_name IN (");
    String sep = "";
    for (String[] source : PERFORMANCE_COUNTERS.values()) {
      sql.append(sep).append("N'").append(source[1]).append('\'');
      sep = ", ";
    }
    return sql.append(')').toString();
  }

  /**
   * SQL Server's performance counters have no statement counts by kind: every DB call is one request (an RPC of a
   * prepared statement, or a batch), counted in SQL Statistics: Batch Requests/sec, as is each of the sampler's own
   * queries. Batched inserts: one request per executeBatch (the binding's INSERT-BATCH statements), as mssql-jdbc
   * sends a batch of parameter sets in one request; not verified on a server here (none can run), so a SQL Server
   * user's first runs are what confirms it.
   */
  @Override
  public List<CallCounter> callCounters(InsertStatements inserts, String product) {
    return List.of(new CallCounter("ALL", inserts == InsertStatements.BATCH
        ? Set.of("READ", "SCAN", "UPDATE", "INSERT-BATCH", "DELETE")
        : Set.of("READ", "SCAN", "UPDATE", "INSERT", "DELETE"), ServerMetric.STATEMENTS,
        "SQL Statistics: Batch Requests/sec", false, true));
  }

  /** SYSUTCDATETIME has 100 ns precision; DATEDIFF_BIG (SQL Server 2016+) does not overflow in milliseconds. */
  @Override
  protected String serverClockMsExpression() {
    return "DATEDIFF_BIG(millisecond, '1970-01-01', SYSUTCDATETIME())";
  }

  /** SQL Server has no CREATE TABLE IF NOT EXISTS (only DROP ... IF EXISTS, 2016+): OBJECT_ID says whether it exists. */
  @Override
  public String createBarrierTable() {
    return "IF OBJECT_ID(N'" + BARRIER_TABLE + "', N'U') IS NULL CREATE TABLE " + BARRIER_TABLE
        + " (run_id NVARCHAR(64) NOT NULL, phase NVARCHAR(16) NOT NULL, client INT NOT NULL, arrived_ms BIGINT NOT NULL,"
        + " PRIMARY KEY (run_id, phase, client))";
  }

  @Override
  public String serverMetricsQuery() {
    return PERFORMANCE_COUNTERS_QUERY;
  }

  @Override
  public EnumMap<ServerMetric, Long> serverMetrics(ResultSet rows) throws SQLException {
    EnumMap<ServerMetric, Long> metrics = new EnumMap<>(ServerMetric.class);
    while (rows.next()) {
      String prefixed = rows.getString(1);
      String object = prefixed == null ? "" : prefixed.substring(prefixed.indexOf(':') + 1).trim();
      String counter = rows.getString(2) == null ? "" : rows.getString(2).trim();
      String instance = rows.getString(3) == null ? "" : rows.getString(3).trim();
      long value = rows.getLong(4);
      PERFORMANCE_COUNTERS.forEach((metric, source) -> {
        if (source[0].equalsIgnoreCase(object) && source[1].equalsIgnoreCase(counter)
            && (source[2] == null || source[2].equalsIgnoreCase(instance))) {
          metrics.merge(metric, value, Long::sum);
        }
      });
    }
    return metrics;
  }

  /**
   * Each column of the table with its type and the code page of its collation, for
   * {@link SqlServerText}: name, type name (varchar, nvarchar, ...), code page (0 for types
   * without a collation).
   */
  static final String COLUMN_CODE_PAGES = "SELECT c.name, t.name,"
      + " CAST(COALESCE(COLLATIONPROPERTY(c.collation_name, 'CodePage'), 0) AS INT)"
      + " FROM sys.columns c JOIN sys.types t ON t.user_type_id = c.user_type_id"
      + " WHERE c.object_id = OBJECT_ID(?)";
  /** The code page of the database's default collation: what non-Unicode parameters are encoded in. */
  static final String DATABASE_CODE_PAGE = "SELECT CAST(COLLATIONPROPERTY("
      + "CAST(DATABASEPROPERTYEX(DB_NAME(), 'Collation') AS NVARCHAR(128)), 'CodePage') AS INT)";

  /** Reads the database's and the table's code pages (the table's map is empty if it does not exist). */
  public SqlServerText.CodePages codePages(Connection c, String table) throws SQLException {
    int database;
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(DATABASE_CODE_PAGE)) {
      rs.next();
      database = rs.getInt(1);
    }
    Map<String, SqlServerText.ColumnText> columns = new LinkedHashMap<>();
    try (PreparedStatement ps = c.prepareStatement(COLUMN_CODE_PAGES)) {
      ps.setString(1, table);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          columns.put(rs.getString(1).toUpperCase(java.util.Locale.ROOT),
              new SqlServerText.ColumnText(rs.getString(2), rs.getInt(3)));
        }
      }
    }
    return new SqlServerText.CodePages(database, columns);
  }

  // ---- driver settings ----

  @Override
  public Map<String, String> driverDefaults(String url, int connectTimeoutMs, int socketTimeoutMs) {
    Map<String, String> d = super.driverDefaults(url, connectTimeoutMs, socketTimeoutMs);
    // Unicode parameters against the VARCHAR key would force an implicit conversion and turn
    // every key lookup into a scan; the published Azure URL sets this for the same reason.
    // Tables with NVARCHAR value columns do not get it (SqlServerText).
    d.put(UNICODE_PARAMETERS, "false");
    d.putAll(toolDefaults(connectTimeoutMs, socketTimeoutMs));
    return d;
  }

  @Override
  public Map<String, String> toolDefaults(int connectTimeoutMs, int socketTimeoutMs) {
    Map<String, String> d = new LinkedHashMap<>();
    d.put("loginTimeout", Integer.toString(Math.max(1, connectTimeoutMs / 1000)));
    d.put("socketTimeout", Integer.toString(socketTimeoutMs));
    return d;
  }

  /** executeBatch of one-row INSERTs becomes a bulk copy (mssql-jdbc 9.2+; plain INSERT only). */
  @Override
  public Map<String, String> batchApiDriverDefaults(String url) {
    Map<String, String> d = super.batchApiDriverDefaults(url);
    d.put("useBulkCopyForBatchInsert", "true");
    return d;
  }

  /**
   * The session's encrypt_option in sys.dm_exec_connections (TRUE with TLS); the documented view, not run here (no SQL
   * Server can run on our machines). A request: counted in Batch Requests/sec, so asked once, before the window.
   */
  @Override
  public String sessionTls(Connection c) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
        "SELECT encrypt_option FROM sys.dm_exec_connections WHERE session_id = @@SPID")) {
      return rs.next() && "TRUE".equalsIgnoreCase(String.valueOf(rs.getString(1)).strip()) ? "on" : TLS_OFF;
    }
  }

  @Override
  public boolean sessionTlsCounted() {
    return true;
  }

  @Override
  public String sessionId() {
    return "SELECT @@SPID";
  }

  /** sys.dm_exec_requests has a row for each request a session is running, none while it is idle. */
  @Override
  public String sessionRunning() {
    return "SELECT COUNT(*) FROM sys.dm_exec_requests WHERE session_id = ?";
  }
}
