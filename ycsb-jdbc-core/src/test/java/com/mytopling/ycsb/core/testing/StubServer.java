package com.mytopling.ycsb.core.testing;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;

/**
 * The project's one stub JDBC database, in this JVM (HikariCP's StubDriver/StubConnection are the
 * model), for what no real server here can show: the binding's failure paths, and the SQL of
 * servers that cannot run here (SQL Server).
 *
 * <ul>
 *   <li>The binding reaches it through its driver, for {@code jdbc:mysql:stub:NAME} URLs. It
 *       understands the statements the MySQL and MyRocks dialects send (one table, rows by key),
 *       keeps transactions (auto-commit or not) and MyRocks bulk load per connection, and lets a
 *       test script faults: a statement that fails, a connection lost in the middle of a batch,
 *       an executeBatch that stores part of its rows, a bulk-load end that fails, a server that
 *       refuses connections for a while.
 *   <li>A dialect test gives canned rows for a query ({@link #answer}), hands {@link #connection}
 *       to the code under test, and checks what it made of them and which SQL and parameters it
 *       sent ({@link #executed}).
 * </ul>
 *
 * Only what the harness uses is implemented; anything else throws.
 */
public final class StubServer {
  private static final String PREFIX = "jdbc:mysql:stub:";
  private static final Map<String, StubServer> SERVERS = new ConcurrentHashMap<>();

  static {
    try {
      DriverManager.registerDriver(new StubDriver());
    } catch (SQLException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final String defaultEngine;
  /** The one table: key to column (upper case) to value. */
  private final TreeMap<String, Map<String, String>> rows = new TreeMap<>();
  private final List<Fault> faults = new ArrayList<>();
  private final List<StubConnection> open = new ArrayList<>();
  private int refuseConnects;
  public final AtomicInteger connects = new AtomicInteger();
  public final AtomicInteger commits = new AtomicInteger();
  public final AtomicInteger executeBatches = new AtomicInteger();
  /** Statements executed, by their first word (INSERT, UPDATE, SET, ...). */
  public final Map<String, AtomicInteger> statements = new ConcurrentHashMap<>();
  /** Every statement executed, in order, its parameters appended as " [p1, p2]" when it has any. */
  public final List<String> executed = java.util.Collections.synchronizedList(new ArrayList<>());
  /** Every Statement.setQueryTimeout given, in seconds. */
  public final List<Integer> queryTimeouts = java.util.Collections.synchronizedList(new ArrayList<>());
  /** Canned rows by statement text ({@link #answer}), returned before the statement is interpreted. */
  private final Map<String, List<Object[]>> answers = new ConcurrentHashMap<>();

  private StubServer(String defaultEngine) {
    this.defaultEngine = defaultEngine;
  }

  /** A fresh server for {@code jdbc:mysql:stub:NAME}; {@code defaultEngine} ROCKSDB makes the binding pick MyRocks. */
  public static StubServer start(String name, String defaultEngine) {
    StubServer s = new StubServer(defaultEngine);
    SERVERS.put(name, s);
    return s;
  }

  /**
   * The URL of server {@code name}: a MySQL-family URL (the harness accepts only schemes it has a
   * dialect for) that neither shipped driver accepts (no {@code //host}), so DriverManager hands it
   * to the stub driver.
   */
  public static String url(String name) {
    return PREFIX + name;
  }

  /** A server no URL reaches, for code handed a connection ({@link #connection}). */
  public static StubServer unnamed() {
    return new StubServer("");
  }

  /** A new connection to this server, without the driver. */
  public Connection connection() throws SQLException {
    return connection(connect());
  }

  /** The rows {@code sql} returns, whatever the table holds (for queries of other servers' catalogs). */
  public StubServer answer(String sql, Object[]... rows) {
    answers.put(sql, List.of(rows));
    return this;
  }

  // ---------------------------------------------------------------- faults a test scripts

  /** The next {@code times} statements starting with {@code prefix} fail with the error, storing nothing. */
  public synchronized void fail(String prefix, int times, SQLException error) {
    faults.add(new Fault(prefix, times, error, -1, false));
  }

  /** The next statement starting with {@code prefix} loses its connection (08S01) and stores nothing. */
  public synchronized void loseConnection(String prefix) {
    faults.add(new Fault(prefix, 1, new SQLNonTransientConnectionException("Communications link failure", "08S01"),
        -1, true));
  }

  /**
   * The next statement starting with {@code prefix} is executed (what it stores is committed under auto-commit), and
   * then its connection is lost before the answer comes (08S01): the client cannot know that it succeeded.
   */
  public synchronized void loseAnswer(String prefix) {
    faults.add(new Fault(prefix, 1, new SQLNonTransientConnectionException("Communications link failure", "08S01"),
        ANSWER_LOST, true));
  }

  /** The next executeBatch stores its first {@code stored} rows, then fails (BatchUpdateException). */
  public synchronized void partialBatch(int stored, SQLException cause) {
    faults.add(new Fault("INSERT", 1, cause, stored, false));
  }

  /** The next {@code n} connection attempts are refused, as by a server that is down. */
  public synchronized void refuseConnects(int n) {
    refuseConnects = n;
    for (StubConnection c : new ArrayList<>(open)) {
      c.lost = true;
    }
  }

  public static SQLException deadlock() {
    return new java.sql.SQLTransactionRollbackException("Deadlock found when trying to get lock", "40001", 1213);
  }

  public static SQLException duplicate(String key) {
    return new SQLIntegrityConstraintViolationException("Duplicate entry '" + key + "' for key 'PRIMARY'", "23000", 1062);
  }

  // ---------------------------------------------------------------- what a test reads back

  /** The stored rows: key to column to value (a copy). */
  public synchronized Map<String, Map<String, String>> table() {
    Map<String, Map<String, String>> copy = new TreeMap<>();
    rows.forEach((k, v) -> copy.put(k, new LinkedHashMap<>(v)));
    return copy;
  }

  public synchronized void put(String key, Map<String, String> columns) {
    rows.put(key, new LinkedHashMap<>(columns));
  }

  public int statements(String firstWord) {
    AtomicInteger n = statements.get(firstWord);
    return n == null ? 0 : n.get();
  }

  // ---------------------------------------------------------------- the server side

  /** {@link Fault#storedBeforeFailure} of a statement that runs and then loses its answer. */
  private static final int ANSWER_LOST = -2;

  private static final class Fault {
    final String prefix;
    int remaining;
    final SQLException error;
    final int storedBeforeFailure;
    final boolean losesConnection;

    Fault(String prefix, int remaining, SQLException error, int storedBeforeFailure, boolean losesConnection) {
      this.prefix = prefix;
      this.remaining = remaining;
      this.error = error;
      this.storedBeforeFailure = storedBeforeFailure;
      this.losesConnection = losesConnection;
    }
  }

  private synchronized Fault takeFault(String sql, boolean batch) {
    for (Iterator<Fault> it = faults.iterator(); it.hasNext(); ) {
      Fault f = it.next();
      if (sql.startsWith(f.prefix) && (f.storedBeforeFailure < 0 || batch)) {
        if (--f.remaining <= 0) {
          it.remove();
        }
        return f;
      }
    }
    return null;
  }

  private synchronized StubConnection connect() throws SQLException {
    connects.incrementAndGet();
    if (refuseConnects > 0) {
      refuseConnects--;
      throw new SQLNonTransientConnectionException("Connection refused", "08001");
    }
    StubConnection c = new StubConnection();
    open.add(c);
    return c;
  }

  /** One connection's state: its transaction and its MyRocks bulk load. */
  private final class StubConnection {
    boolean autoCommit = true;
    boolean closed;
    boolean lost;
    boolean bulkLoad;
    /** Writes not yet in the table: key to row (null = deleted), in order. */
    final Map<String, Map<String, String>> pending = new LinkedHashMap<>();

    void check() throws SQLException {
      if (closed || lost) {
        throw new SQLNonTransientConnectionException("connection is closed", "08003");
      }
    }

    Map<String, String> visible(String key) {
      if (pending.containsKey(key)) {
        return pending.get(key);
      }
      return rows.get(key);
    }

    /** Writes kept until commit or bulk-load end are applied here, or dropped. */
    void settle(boolean apply) {
      if (apply) {
        pending.forEach((k, v) -> {
          if (v == null) {
            rows.remove(k);
          } else {
            rows.put(k, v);
          }
        });
      }
      pending.clear();
    }

    void write(String key, Map<String, String> row) {
      if (autoCommit && !bulkLoad) {
        if (row == null) {
          rows.remove(key);
        } else {
          rows.put(key, row);
        }
      } else {
        pending.put(key, row);
      }
    }

    void close() {
      synchronized (StubServer.this) {
        // The server rolls back what a closed connection had not committed; an unfinished
        // bulk load is dropped as well.
        pending.clear();
        closed = true;
        open.remove(this);
      }
    }
  }

  /** Runs one statement with parameters (1-based; index 0 unused); a query returns rows. */
  private Object execute(StubConnection c, String sql, Object[] params, boolean batch) throws SQLException {
    c.check();
    String word = sql.substring(0, sql.indexOf(' ') < 0 ? sql.length() : sql.indexOf(' ')).toUpperCase();
    statements.computeIfAbsent(word, k -> new AtomicInteger()).incrementAndGet();
    executed.add(params.length > 1 ? sql + " " + java.util.Arrays.asList(params).subList(1, params.length) : sql);
    List<Object[]> canned = answers.get(sql);
    if (canned != null) {
      return canned;
    }
    Fault fault = takeFault(sql, batch);
    if (fault != null && fault.storedBeforeFailure == ANSWER_LOST) {
      execute(c, sql, params, batch);
      c.lost = true;
      throw fault.error;
    }
    if (fault != null && fault.storedBeforeFailure < 0) {
      if (fault.losesConnection) {
        c.lost = true;
      }
      throw fault.error;
    }
    synchronized (this) {
      if (sql.startsWith("SELECT VERSION()")) {
        return List.<Object[]>of(new Object[] {"10.11.0-stub", "stub server", defaultEngine});
      }
      if (sql.contains("WHERE 1=0")) {
        return List.of();
      }
      if (sql.startsWith("DROP TABLE")) {
        rows.clear();
        return 0;
      }
      if (sql.startsWith("CREATE TABLE")) {
        return 0;
      }
      if (sql.startsWith("SET SESSION rocksdb_bulk_load=1")) {
        c.bulkLoad = true;
        return 0;
      }
      if (sql.startsWith("SET SESSION rocksdb_bulk_load=0")) {
        c.settle(true);
        c.bulkLoad = false;
        return 0;
      }
      if (sql.startsWith("SET ")) {
        return 0;
      }
      if (sql.startsWith("INSERT") || sql.startsWith("REPLACE")) {
        return insert(c, sql, params, fault);
      }
      if (sql.startsWith("SELECT CONNECTION_ID()")) {
        return List.<Object[]>of(new Object[] {(long) System.identityHashCode(c)});
      }
      if (sql.contains("information_schema.PROCESSLIST")) {
        // A session's statement ends with its connection here: nothing is still running.
        return List.<Object[]>of(new Object[] {0L});
      }
      if (sql.startsWith("SELECT")) {
        return select(c, sql, params);
      }
      if (sql.startsWith("UPDATE")) {
        String key = (String) params[params.length - 1];
        Map<String, String> row = c.visible(key);
        if (row == null) {
          return 0;
        }
        Map<String, String> changed = new LinkedHashMap<>(row);
        List<String> cols = between(sql, " SET ", " WHERE ");
        for (int i = 0; i < cols.size(); i++) {
          changed.put(cols.get(i).replace("=?", "").replace(" = ?", "").strip(), (String) params[i + 1]);
        }
        c.write(key, changed);
        return 1;
      }
      if (sql.startsWith("DELETE")) {
        String key = (String) params[1];
        if (c.visible(key) == null) {
          return 0;
        }
        c.write(key, null);
        return 1;
      }
    }
    throw new SQLException("stub server: statement not understood: " + sql);
  }

  private int insert(StubConnection c, String sql, Object[] params, Fault partial) throws SQLException {
    List<String> cols = between(sql, "(", ")");
    int perRow = cols.size();
    int n = (params.length - 1) / perRow;
    boolean upsert = sql.startsWith("REPLACE") || sql.contains("ON DUPLICATE KEY UPDATE");
    int limit = partial == null ? n : partial.storedBeforeFailure;
    if (!upsert) {
      // A multi-row INSERT stores every row or none.
      for (int r = 0; r < limit; r++) {
        String key = (String) params[1 + r * perRow];
        if (c.visible(key) != null) {
          throw duplicate(key);
        }
      }
    }
    for (int r = 0; r < limit; r++) {
      Map<String, String> row = new LinkedHashMap<>();
      for (int i = 1; i < perRow; i++) {
        row.put(cols.get(i), (String) params[1 + r * perRow + i]);
      }
      c.write((String) params[1 + r * perRow], row);
    }
    if (partial != null) {
      int[] counts = new int[limit];
      java.util.Arrays.fill(counts, 1);
      throw new BatchUpdateException(partial.error.getMessage(), partial.error.getSQLState(),
          partial.error.getErrorCode(), counts, partial.error);
    }
    return n;
  }

  private List<Object[]> select(StubConnection c, String sql, Object[] params) {
    List<String> cols = between(sql, "SELECT ", " FROM ");
    List<Object[]> out = new ArrayList<>();
    if (sql.contains(">= ?")) {
      int limit = ((Number) params[2]).intValue();
      for (Map.Entry<String, Map<String, String>> e : rows.tailMap((String) params[1], true).entrySet()) {
        if (out.size() >= limit) {
          break;
        }
        out.add(project(e.getKey(), e.getValue(), cols));
      }
      return out;
    }
    if (sql.contains(" IN (")) {
      for (int i = 1; i < params.length; i++) {
        Map<String, String> row = c.visible((String) params[i]);
        if (row != null) {
          out.add(project((String) params[i], row, cols));
        }
      }
      return out;
    }
    String key = (String) params[1];
    Map<String, String> row = c.visible(key);
    if (row != null) {
      out.add(project(key, row, cols));
    }
    return out;
  }

  private static Object[] project(String key, Map<String, String> row, List<String> cols) {
    Object[] values = new Object[cols.size()];
    for (int i = 0; i < cols.size(); i++) {
      values[i] = cols.get(i).equals("YCSB_KEY") ? key : row.get(cols.get(i));
    }
    return values;
  }

  /** The comma-separated names between the first {@code open} and the next {@code close}. */
  private static List<String> between(String sql, String open, String close) {
    int a = sql.indexOf(open) + open.length();
    int b = sql.indexOf(close, a);
    List<String> names = new ArrayList<>();
    for (String s : sql.substring(a, b).split(",")) {
      names.add(s.strip());
    }
    return names;
  }

  // ---------------------------------------------------------------- JDBC objects

  @SuppressWarnings("unchecked")
  private static <T> T proxy(Class<T> type, InvocationHandler h) {
    return (T) Proxy.newProxyInstance(StubServer.class.getClassLoader(), new Class<?>[] {type}, h);
  }

  private static UnsupportedOperationException unsupported(java.lang.reflect.Method m) {
    return new UnsupportedOperationException("stub JDBC: " + m.getDeclaringClass().getSimpleName() + "." + m.getName());
  }

  private Connection connection(StubConnection c) {
    return proxy(Connection.class, (p, m, a) -> {
      switch (m.getName()) {
        case "setAutoCommit":
          c.check();
          if ((Boolean) a[0] && !c.autoCommit) {
            synchronized (this) {
              c.settle(true);
            }
          }
          c.autoCommit = (Boolean) a[0];
          return null;
        case "getAutoCommit":
          return c.autoCommit;
        case "commit":
          c.check();
          commits.incrementAndGet();
          synchronized (this) {
            if (!c.bulkLoad) {
              c.settle(true);
            }
          }
          return null;
        case "rollback":
          c.check();
          synchronized (this) {
            c.settle(false);
          }
          return null;
        case "close":
        case "abort":
          c.close();
          return null;
        case "isClosed":
          return c.closed;
        case "createStatement":
          c.check();
          return statement(c, null);
        case "prepareStatement":
          c.check();
          return statement(c, (String) a[0]);
        case "getMetaData":
          return proxy(DatabaseMetaData.class, (p2, m2, a2) -> {
            switch (m2.getName()) {
              case "getDriverName":
                return "Stub JDBC";
              case "getDriverVersion":
                return "1";
              default:
                throw unsupported(m2);
            }
          });
        case "isWrapperFor":
          return false;
        case "getWarnings":
          return null;
        case "clearWarnings":
          return null;
        case "hashCode":
          return System.identityHashCode(p);
        case "equals":
          return p == a[0];
        case "toString":
          return "StubConnection";
        default:
          throw unsupported(m);
      }
    });
  }

  /** A Statement (sql null) or PreparedStatement. */
  private Object statement(StubConnection c, String preparedSql) {
    Map<Integer, Object> params = new HashMap<>();
    List<Object[]> batch = new ArrayList<>();
    Class<?> type = preparedSql == null ? Statement.class : PreparedStatement.class;
    InvocationHandler h = (p, m, a) -> {
      switch (m.getName()) {
        case "setString":
        case "setInt":
        case "setLong":
        case "setObject":
          params.put((Integer) a[0], a[1]);
          return null;
        case "clearParameters":
          params.clear();
          return null;
        case "setFetchSize":
          return null;
        case "setQueryTimeout":
          queryTimeouts.add((Integer) a[0]);
          return null;
        case "addBatch":
          batch.add(args(params));
          return null;
        case "clearBatch":
          batch.clear();
          return null;
        case "executeBatch": {
          executeBatches.incrementAndGet();
          // Rows of a batch go as one multi-row statement: all of them, or (a scripted fault) the first few.
          List<Object> all = new ArrayList<>();
          all.add(null);
          for (Object[] row : batch) {
            all.addAll(java.util.Arrays.asList(row).subList(1, row.length));
          }
          int n = batch.size();
          batch.clear();
          try {
            execute(c, preparedSql, all.toArray(), true);
          } catch (BatchUpdateException e) {
            throw e;
          } catch (SQLException e) {
            throw new BatchUpdateException(e.getMessage(), e.getSQLState(), e.getErrorCode(), new int[0], e);
          }
          int[] counts = new int[n];
          java.util.Arrays.fill(counts, 1);
          return counts;
        }
        case "executeQuery":
          return resultSet(rowsOf(execute(c, a == null ? preparedSql : (String) a[0], args(params), false)));
        case "executeUpdate":
        case "executeLargeUpdate": {
          Object r = execute(c, a == null ? preparedSql : (String) a[0], args(params), false);
          int n = r instanceof Integer ? (Integer) r : 0;
          return m.getName().equals("executeLargeUpdate") ? (Object) (long) n : (Object) n;
        }
        case "execute": {
          Object r = execute(c, a == null ? preparedSql : (String) a[0], args(params), false);
          return r instanceof List;
        }
        case "close":
          return null;
        case "isWrapperFor":
          return false;
        case "hashCode":
          return System.identityHashCode(p);
        case "equals":
          return p == a[0];
        case "toString":
          return "StubStatement[" + preparedSql + "]";
        default:
          throw unsupported(m);
      }
    };
    return Proxy.newProxyInstance(StubServer.class.getClassLoader(), new Class<?>[] {type}, h);
  }

  @SuppressWarnings("unchecked")
  private static List<Object[]> rowsOf(Object result) {
    return (List<Object[]>) result;
  }

  private static Object[] args(Map<Integer, Object> params) {
    int max = params.keySet().stream().mapToInt(Integer::intValue).max().orElse(0);
    Object[] a = new Object[max + 1];
    params.forEach((i, v) -> a[i] = v);
    return a;
  }

  private static ResultSet resultSet(List<Object[]> rows) {
    int[] at = {-1};
    return proxy(ResultSet.class, (p, m, a) -> {
      switch (m.getName()) {
        case "next":
          return ++at[0] < rows.size();
        case "getString": {
          Object v = rows.get(at[0])[(Integer) a[0] - 1];
          return v == null ? null : v.toString();
        }
        case "getInt":
          return ((Number) rows.get(at[0])[(Integer) a[0] - 1]).intValue();
        case "getLong":
          return ((Number) rows.get(at[0])[(Integer) a[0] - 1]).longValue();
        case "close":
          return null;
        default:
          throw unsupported(m);
      }
    });
  }

  /** The driver for {@code jdbc:mysql:stub:NAME}. */
  public static final class StubDriver implements Driver {
    @Override
    public Connection connect(String url, Properties info) throws SQLException {
      if (!acceptsURL(url)) {
        return null;
      }
      String name = url.substring(PREFIX.length());
      int q = name.indexOf('?');
      StubServer s = SERVERS.get(q < 0 ? name : name.substring(0, q));
      if (s == null) {
        throw new SQLNonTransientConnectionException("no stub server " + name, "08001");
      }
      return s.connection(s.connect());
    }

    @Override
    public boolean acceptsURL(String url) {
      return url != null && url.startsWith(PREFIX);
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
      return new DriverPropertyInfo[0];
    }

    @Override
    public int getMajorVersion() {
      return 1;
    }

    @Override
    public int getMinorVersion() {
      return 0;
    }

    @Override
    public boolean jdbcCompliant() {
      return false;
    }

    @Override
    public Logger getParentLogger() {
      return Logger.getLogger("stub");
    }
  }
}
