package com.mytopling.ycsb.launcher;

import com.mytopling.ycsb.core.connect.DbTarget;
import com.mytopling.ycsb.core.connect.Servers;
import com.mytopling.ycsb.fileloader.LoadedRecords;
import com.mytopling.ycsb.jdbc.BindingConfig;
import com.mytopling.ycsb.jdbc.verify.TableVerifier;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * What one cell of {@link ShippedFilesMatrixIT} left in its table, read with SQL from the server (or the embedded
 * server's data directory) after scripts/benchmark ended: the rows counted by the server, and every row compared
 * with what YCSB wrote. Runs in the test JVM for a server, and in a JVM of its own for the embedded target (its
 * server lives in one process at a time; {@link #main} checks a list of cells with one start).
 *
 * <p>Two kinds of cell. {@code core}: YCSB's dataintegrity values, checked by {@link TableVerifier} over key numbers
 * {@code 0 .. matrix.keys-1} (the load's records and the run phase's acknowledged inserts, which YCSB numbers on
 * from recordcount): found, missing, wrong, extra. {@code file}: the data file's records (the file loader's own
 * reading, {@link LoadedRecords}); the run phase's updates write values of the file's first records to random keys,
 * so a field may hold its key's record's value or that field of one of those records, and no more rows may differ
 * from their record than updates succeeded.
 */
final class MatrixTableCheck {
  /** The verifier's properties: the cell's target, workload and -p values, plus these. */
  static final String KIND = "matrix.kind";
  static final String KEYS = "matrix.keys";
  /** file cells: how many of the file's records the run phase took update values from. */
  static final String UPDATE_RECORDS = "matrix.updaterecords";

  /** The findings of one check. */
  record Result(long rows, long found, long missing, long wrong, long extra, long changed, String examples,
                String error) {
    Properties toProperties() {
      Properties p = new Properties();
      p.setProperty("rows", Long.toString(rows));
      p.setProperty("found", Long.toString(found));
      p.setProperty("missing", Long.toString(missing));
      p.setProperty("wrong", Long.toString(wrong));
      p.setProperty("extra", Long.toString(extra));
      p.setProperty("changed", Long.toString(changed));
      p.setProperty("examples", examples);
      p.setProperty("error", error == null ? "" : error);
      return p;
    }

    static Result of(Properties p) {
      String error = p.getProperty("error", "");
      return new Result(Long.parseLong(p.getProperty("rows")), Long.parseLong(p.getProperty("found")),
          Long.parseLong(p.getProperty("missing")), Long.parseLong(p.getProperty("wrong")),
          Long.parseLong(p.getProperty("extra")), Long.parseLong(p.getProperty("changed")),
          p.getProperty("examples"), error.isEmpty() ? null : error);
    }

    static Result failed(Throwable e) {
      return new Result(-1, -1, -1, -1, -1, -1, "", e.toString());
    }
  }

  private MatrixTableCheck() {
  }

  static Result check(Properties props) {
    try {
      return props.getProperty(KIND).equals("file") ? checkFile(props) : checkCore(props);
    } catch (Exception | AssertionError e) {
      return Result.failed(e);
    }
  }

  private static Result checkCore(Properties props) throws Exception {
    Properties p = new Properties();
    p.putAll(props);
    p.setProperty("recordcount", p.getProperty(KEYS));
    p.remove("insertstart");
    p.remove("insertcount");
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    TableVerifier.Report r = TableVerifier.verify(p, new PrintStream(log, true, StandardCharsets.UTF_8));
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    r.print(new PrintStream(text, true, StandardCharsets.UTF_8), false);
    return new Result(r.found + r.extra, r.found, r.missing, r.wrong, r.extra, 0,
        text.toString(StandardCharsets.UTF_8).strip().replace('\n', ' '), null);
  }

  private static Result checkFile(Properties props) throws Exception {
    Properties p = new Properties();
    p.putAll(props);
    // The load created the table (db.droptable=true), so it read no column widths from it: neither does this.
    p.setProperty("fileloader.tablelimits", "false");
    long keys = Long.parseLong(p.getProperty(KEYS));
    long updateRecords = Long.parseLong(p.getProperty(UPDATE_RECORDS, "0"));
    p.setProperty("recordcount", Long.toString(Math.max(keys, updateRecords)));
    List<Map<String, String>> records = new ArrayList<>();
    try (LoadedRecords file = LoadedRecords.open(p)) {
      for (long k = 0; k < Math.max(keys, updateRecords); k++) {
        Map<String, String> row = file.row(k);
        if (row == null) {
          break; // a wrapping run reuses the file from its start: every record is among the update values
        }
        records.add(row);
      }
    }
    BindingConfig config = BindingConfig.from(p);
    List<String> fields = config.fieldNames;
    // Values each field may hold after the run's updates: that field of a record the run took values from.
    Map<String, Set<String>> updateValues = new HashMap<>();
    for (String f : fields) {
      Set<String> values = new HashSet<>();
      for (int r = 0; r < Math.min(updateRecords, records.size()); r++) {
        values.add(records.get(r).get(f));
      }
      updateValues.put(f, values);
    }
    StringBuilder columns = new StringBuilder("YCSB_KEY");
    for (String f : fields) {
      columns.append(", ").append(f.toUpperCase(java.util.Locale.ROOT));
    }
    Map<String, List<String>> stored = new HashMap<>();
    DbTarget target = config.target;
    Servers servers = target.servers(new PrintStream(OutputStream.nullOutputStream()));
    for (int shard = 0; shard < servers.urls().size(); shard++) {
      try (Connection c = servers.openForTool(shard, target); Statement s = c.createStatement();
           ResultSet rs = s.executeQuery("SELECT " + columns + " FROM " + config.table)) {
        while (rs.next()) {
          List<String> values = new ArrayList<>();
          for (int i = 0; i < fields.size(); i++) {
            values.add(rs.getString(i + 2));
          }
          if (stored.put(rs.getString(1), values) != null) {
            throw new AssertionError("key " + rs.getString(1) + " stored twice");
          }
        }
      }
    }
    Properties keyProps = new Properties();
    keyProps.putAll(p);
    com.mytopling.ycsb.jdbc.testing.StoredRows.KeyNames names = com.mytopling.ycsb.jdbc.testing.StoredRows.KeyNames.of(
        keyProps);
    long found = 0;
    long missing = 0;
    long wrong = 0;
    long changed = 0;
    List<String> examples = new ArrayList<>();
    for (long k = 0; k < keys; k++) {
      String key = names.key(k);
      List<String> row = stored.get(key);
      if (row == null || k >= records.size()) {
        missing++;
        example(examples, "missing " + key + " (#" + k + ")");
        continue;
      }
      found++;
      Map<String, String> loaded = records.get((int) k);
      boolean differs = false;
      for (int f = 0; f < fields.size(); f++) {
        String value = row.get(f);
        String field = fields.get(f);
        if (value != null && value.equals(loaded.get(field))) {
          continue;
        }
        differs = true;
        if (!updateValues.get(field).contains(value)) {
          wrong++;
          example(examples, key + " " + field + " holds a value no record of the file has there: "
              + (value == null ? "NULL" : "'" + value.substring(0, Math.min(40, value.length())) + "'"));
          break;
        }
      }
      if (differs) {
        changed++;
      }
    }
    long extra = stored.size() - found;
    return new Result(stored.size(), found, missing, wrong, extra, changed, String.join("; ", examples), null);
  }

  private static void example(List<String> examples, String text) {
    if (examples.size() < 5) {
      examples.add(text);
    }
  }

  /**
   * Checks each cell whose verifier properties are in a file named on the command line and writes the findings
   * next to it ({@code FILE.result}). One JVM for every embedded cell: the embedded server starts once.
   */
  public static void main(String[] args) throws Exception {
    for (String name : args) {
      Path file = Path.of(name);
      Properties props = new Properties();
      try (InputStream in = Files.newInputStream(file)) {
        props.load(in);
      }
      Result r = check(props);
      try (OutputStream out = Files.newOutputStream(Path.of(name + ".result"))) {
        r.toProperties().store(out, null);
      }
    }
    System.exit(0);
  }
}
