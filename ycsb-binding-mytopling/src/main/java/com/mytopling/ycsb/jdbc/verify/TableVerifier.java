package com.mytopling.ycsb.jdbc.verify;

import com.mytopling.ycsb.core.ConfigException;
import com.mytopling.ycsb.core.PropertyReader;
import com.mytopling.ycsb.core.Secrets;
import com.mytopling.ycsb.core.SetupException;
import com.mytopling.ycsb.core.SqlMessages;
import com.mytopling.ycsb.core.TargetException;
import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.core.dialect.Dialect;
import com.mytopling.ycsb.core.dialect.Dialects;
import com.mytopling.ycsb.core.dialect.TableLayout;
import com.mytopling.ycsb.core.connect.Servers;
import com.mytopling.ycsb.jdbc.BindingConfig;
import com.mytopling.ycsb.jdbc.ShardRouter;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import site.ycsb.WorkloadException;
import site.ycsb.workloads.CoreWorkload;

/**
 * Reads back every key of a loaded range, {@code insertstart .. insertstart+insertcount} of
 * {@code recordcount}, and compares each field with the value YCSB's {@code dataintegrity}
 * mode writes for it ({@link DeterministicValues}). Keys are named exactly as YCSB names them
 * (insertorder, zeropadding) and looked up on the shard the binding routes them to, in
 * chunks of {@value #CHUNK} keys per query. Rows of the table that are not in the range are
 * counted as extra. Another source of expected values (a data file the load read) can be given
 * as {@link ExpectedRows}; the binding itself knows only the dataintegrity values.
 */
public final class TableVerifier {
  static final int CHUNK = 500;
  static final int EXAMPLES = 5;
  /** Above this many expected keys, extra rows are counted but not named (naming needs them all in memory). */
  static final long MAX_KEYS_FOR_EXTRA_EXAMPLES = 5_000_000;

  /**
   * The values a row of the range should hold. Asked once per key number, in increasing order
   * from insertstart, so that an implementation can read its source (a data file) front to back.
   */
  public interface ExpectedRows {
    /**
     * @return the row's values by field name (as the binding's field names, e.g. field0)
     * @throws SetupException the values cannot be known: {@link TargetException} for a source
     *     that cannot be read to the end, {@link ConfigException} for properties that do not fit it
     */
    Map<String, String> row(long keynum, String key) throws SetupException;
  }

  /** What a verification found. */
  public static final class Report {
    public final String table;
    public final long first;
    public final long expected;
    public long found;
    public long missing;
    public long wrong;
    public long extra;
    public final List<String> missingExamples = new ArrayList<>();
    public final List<String> wrongExamples = new ArrayList<>();
    public final List<String> extraExamples = new ArrayList<>();

    Report(String table, long first, long expected) {
      this.table = table;
      this.first = first;
      this.expected = expected;
    }

    /** True when every expected row is there with the right values (and, unless allowed, nothing else). */
    public boolean ok(boolean allowExtra) {
      return missing == 0 && wrong == 0 && (allowExtra || extra == 0);
    }

    public void print(PrintStream out, boolean allowExtra) {
      out.println("verify: table " + table + ": " + expected + " keys expected (key numbers " + first + ".."
          + (first + expected - 1) + "); found " + found + ", missing " + missing + ", wrong " + wrong + ", extra "
          + extra + (allowExtra && extra > 0 ? " (allowed)" : ""));
      if (!missingExamples.isEmpty()) {
        out.println("verify: missing, e.g. " + String.join(", ", missingExamples));
      }
      if (!wrongExamples.isEmpty()) {
        out.println("verify: wrong values, e.g. " + String.join("; ", wrongExamples));
      }
      if (!extraExamples.isEmpty()) {
        out.println("verify: extra, e.g. " + String.join(", ", extraExamples));
      }
      out.println(ok(allowExtra) ? "verify: OK" : "verify: FAILED");
    }
  }

  private TableVerifier() {
  }

  /**
   * Verifies the range the properties describe (the same properties the load used).
   *
   * @throws SetupException a property is missing or wrong, or a server cannot be read
   */
  public static Report verify(Properties props, PrintStream log) throws SetupException {
    BindingConfig config = BindingConfig.from(props);
    String distribution = new PropertyReader(props).string(Registry.FIELDLENGTHDISTRIBUTION);
    if (!distribution.equals("constant")) {
      throw new ConfigException(Registry.FIELDLENGTHDISTRIBUTION.name() + ": '" + distribution
          + "' — verification needs constant field lengths (YCSB's " + Registry.DATAINTEGRITY.name()
          + " values require them)");
    }
    int fieldLength = config.fieldLength;
    List<String> fields = config.fieldNames;
    return verify(props, log, (keynum, key) -> {
      Map<String, String> row = new HashMap<>(fields.size() * 2);
      for (String f : fields) {
        row.put(f, DeterministicValues.value(key, f, fieldLength));
      }
      return row;
    });
  }

  /**
   * Verifies the range the properties describe against the given expected values.
   *
   * @throws SetupException a property is missing or wrong, or a server cannot be read
   */
  public static Report verify(Properties props, PrintStream log, ExpectedRows expected) throws SetupException {
    BindingConfig config = BindingConfig.from(props);
    PropertyReader p = new PropertyReader(props);
    // Unset is not the registry's 0: a verification must be told how many records the load made.
    long recordCount = p.integer(Registry.RECORDCOUNT, -1);
    if (recordCount < 0) {
      throw new ConfigException(Registry.RECORDCOUNT.name() + ": not set (give the load's workload and properties)");
    }
    long insertStart = p.integerAtMost(Registry.INSERTSTART, recordCount);
    long insertCount = p.integer(Registry.INSERTCOUNT, recordCount - insertStart);
    if (insertStart + insertCount > recordCount) {
      throw new ConfigException(Registry.INSERTSTART.name() + " + " + Registry.INSERTCOUNT.name() + " ("
          + (insertStart + insertCount) + ") is more than " + Registry.RECORDCOUNT.name() + " (" + recordCount + ")");
    }
    KeyNames names = KeyNames.of(props);
    TableLayout layout = new TableLayout(config.table, config.fieldNames);

    Servers servers = config.target.servers(log);
    Dialect dialect = Dialects.family(servers.urls().get(0));
    Report report = new Report(config.table, insertStart, insertCount);
    List<Connection> connections = new ArrayList<>();
    int shard = 0;
    try {
      for (; shard < servers.urls().size(); shard++) {
        connections.add(servers.openForTool(shard, config.target));
      }
      shard = 0;
      new Run(layout, dialect, expected, names, new ShardRouter(connections.size()), connections, report)
          .check(insertStart, insertCount);
    } catch (SQLException e) {
      throw new TargetException("cannot verify table " + config.table + " at "
          + Secrets.maskUrl(servers.urls().get(Math.min(shard, servers.urls().size() - 1))) + ": "
          + SqlMessages.describe(e, servers.password()));
    } finally {
      for (Connection c : connections) {
        try {
          c.close();
        } catch (SQLException ignored) {
          // Read-only work is done.
        }
      }
    }
    return report;
  }

  /** One verification pass over the shards. */
  private static final class Run {
    private final TableLayout layout;
    private final Dialect dialect;
    private final ExpectedRows expected;
    private final KeyNames names;
    private final ShardRouter router;
    private final List<Connection> shards;
    private final Report report;
    private final Map<Integer, PreparedStatement> fullChunk = new HashMap<>();
    /** Expected values of the keys waiting in a shard's chunk (at most CHUNK per shard). */
    private final Map<String, Map<String, String>> pendingRows = new HashMap<>();

    Run(TableLayout layout, Dialect dialect, ExpectedRows expected, KeyNames names, ShardRouter router,
        List<Connection> shards, Report report) {
      this.layout = layout;
      this.dialect = dialect;
      this.expected = expected;
      this.names = names;
      this.router = router;
      this.shards = shards;
      this.report = report;
    }

    void check(long start, long count) throws SQLException, SetupException {
      List<List<String>> pending = new ArrayList<>();
      for (int i = 0; i < shards.size(); i++) {
        pending.add(new ArrayList<>(CHUNK));
      }
      for (long n = start; n < start + count; n++) {
        String key = names.key(n);
        int shard = router.shard(key);
        List<String> keys = pending.get(shard);
        keys.add(key);
        pendingRows.put(key, expected.row(n, key));
        if (keys.size() == CHUNK) {
          checkChunk(shard, keys);
          keys.clear();
        }
      }
      for (int i = 0; i < shards.size(); i++) {
        if (!pending.get(i).isEmpty()) {
          checkChunk(i, pending.get(i));
        }
      }
      long stored = 0;
      for (Connection c : shards) {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(dialect.countRows(layout))) {
          rs.next();
          stored += rs.getLong(1);
        }
      }
      report.extra = stored - report.found;
      if (report.extra > 0 && count <= MAX_KEYS_FOR_EXTRA_EXAMPLES) {
        nameExtraRows(start, count);
      }
    }

    private void checkChunk(int shard, List<String> keys) throws SQLException {
      PreparedStatement ps;
      PreparedStatement oneOff = null;
      if (keys.size() == CHUNK) {
        ps = fullChunk.get(shard);
        if (ps == null) {
          ps = shards.get(shard).prepareStatement(select(CHUNK));
          fullChunk.put(shard, ps);
        }
      } else {
        oneOff = shards.get(shard).prepareStatement(select(keys.size()));
        ps = oneOff;
      }
      try {
        for (int i = 0; i < keys.size(); i++) {
          ps.setString(i + 1, keys.get(i));
        }
        Set<String> seen = new HashSet<>();
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            String key = rs.getString(1);
            if (!seen.add(key)) {
              continue;
            }
            report.found++;
            String problem = null;
            Map<String, String> wantRow = pendingRows.get(key);
            for (int f = 0; f < layout.fieldCount() && problem == null; f++) {
              String want = wantRow.get(layout.fieldName(f));
              String got = rs.getString(f + 2);
              if (want == null || !want.equals(got)) {
                problem = key + " " + layout.fieldName(f) + "=" + abbreviate(got) + " (expected " + abbreviate(want) + ")";
              }
            }
            if (problem != null) {
              report.wrong++;
              if (report.wrongExamples.size() < EXAMPLES) {
                report.wrongExamples.add(problem);
              }
            }
          }
        }
        for (String key : keys) {
          pendingRows.remove(key);
          if (!seen.contains(key)) {
            report.missing++;
            if (report.missingExamples.size() < EXAMPLES) {
              report.missingExamples.add(key);
            }
          }
        }
      } finally {
        if (oneOff != null) {
          oneOff.close();
        }
      }
    }

    private String select(int keys) {
      return dialect.selectRows(layout, keys);
    }

    /** Names a few extra rows: keys of the table that are not expected on that shard. */
    private void nameExtraRows(long start, long count) throws SQLException {
      Set<String> expected = new HashSet<>();
      for (long n = start; n < start + count; n++) {
        expected.add(names.key(n));
      }
      for (int i = 0; i < shards.size() && report.extraExamples.size() < EXAMPLES; i++) {
        try (Statement s = shards.get(i).createStatement();
             ResultSet rs = s.executeQuery(dialect.selectKeys(layout))) {
          while (rs.next() && report.extraExamples.size() < EXAMPLES) {
            String key = rs.getString(1);
            if (!expected.contains(key) || router.shard(key) != i) {
              report.extraExamples.add(key + (shards.size() > 1 ? " (shard " + (i + 1) + ")" : ""));
            }
          }
        }
      }
    }
  }

  private static String abbreviate(String s) {
    if (s == null) {
      return "NULL";
    }
    return s.length() <= 24 ? "'" + s + "'" : "'" + s.substring(0, 24) + "...' (" + s.length() + " chars)";
  }

  /** YCSB's own key names for the workload properties (insertorder, zeropadding). */
  static final class KeyNames extends CoreWorkload {
    private KeyNames() {
    }

    static KeyNames of(Properties props) throws ConfigException {
      // CoreWorkload's constructor asks Measurements for its singleton, which needs properties.
      site.ycsb.measurements.Measurements.setProperties(props);
      KeyNames k = new KeyNames();
      try {
        k.init(props);
      } catch (WorkloadException | RuntimeException e) {
        throw new ConfigException("workload properties: " + e.getMessage());
      }
      return k;
    }

    String key(long keynum) {
      return buildKeyName(keynum);
    }
  }
}
