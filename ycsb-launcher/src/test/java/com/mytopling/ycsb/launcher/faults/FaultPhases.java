package com.mytopling.ycsb.launcher.faults;

import com.mytopling.ycsb.jdbc.testing.TestServer;
import com.mytopling.ycsb.jdbc.testing.YcsbProcess;
import com.mytopling.ycsb.jdbc.verify.TableVerifier;
import com.mytopling.ycsb.launcher.client.Ycsb;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * The command lines of the fault tests: {@code scripts/ycsb}'s main ({@link Ycsb}, whose exit status is the README's)
 * loading and running a table of YCSB's dataintegrity rows on one server, directly or through a proxy, and the checks
 * afterwards: rows counted in the table, every row read back by the verifier ({@code scripts/verify}'s code).
 */
final class FaultPhases {
  static final Path WORKLOADS = Path.of("..").toAbsolutePath().normalize().resolve("workloads");

  private final String user;
  private final String password;
  private final String directUrl;
  private final String table;
  private final long records;
  private final int fieldLength;
  private final int fieldCount;

  FaultPhases(TestServer server, String table, long records) {
    this(server.jdbcUrl(), server.user(), server.password(), table, records, 40, 10);
  }

  FaultPhases(String directUrl, String user, String password, String table, long records, int fieldLength,
              int fieldCount) {
    this.directUrl = directUrl;
    this.user = user;
    this.password = password;
    this.table = table;
    this.records = records;
    this.fieldLength = fieldLength;
    this.fieldCount = fieldCount;
  }

  FaultPhases withFields(int count, int length) {
    return new FaultPhases(directUrl, user, password, table, records, length, count);
  }

  String table() {
    return table;
  }

  long records() {
    return records;
  }

  /** The server's URL with another port (a proxy's) in place of its own. */
  String urlThrough(int port) {
    int start = directUrl.indexOf("127.0.0.1:") + "127.0.0.1:".length();
    int end = start;
    while (end < directUrl.length() && Character.isDigit(directUrl.charAt(end))) {
      end++;
    }
    return directUrl.substring(0, start) + port + directUrl.substring(end);
  }

  /** The properties of this table's load (what the verifier needs too), against {@code url}. */
  Properties props(String url) {
    Properties p = new Properties();
    p.setProperty("db.url", url);
    p.setProperty("db.user", user);
    if (password != null) {
      p.setProperty("db.passwd", password);
    }
    p.setProperty("table", table);
    p.setProperty("recordcount", Long.toString(records));
    p.setProperty("fieldcount", Integer.toString(fieldCount));
    p.setProperty("fieldlength", Integer.toString(fieldLength));
    p.setProperty("fieldlengthdistribution", "constant");
    p.setProperty("dataintegrity", "true");
    return p;
  }

  /** {@code scripts/ycsb load|run mytopling -P workloads/WORKLOAD} with this table's properties and {@code extra}. */
  List<String> args(String command, String workload, String url, String... extra) {
    List<String> a = new ArrayList<>(List.of(command, "mytopling", "-P", WORKLOADS.resolve(workload).toString()));
    Properties p = props(url);
    for (String name : p.stringPropertyNames()) {
      a.add("-p");
      a.add(name + "=" + p.getProperty(name));
    }
    a.addAll(List.of(extra));
    return a;
  }

  /** A fresh table loaded directly (no proxy) in batches; fails the test when the load did not store every row. */
  void loadDirectly() {
    YcsbProcess.Result load = YcsbProcess.runMain(Ycsb.class.getName(), args("load", "workloada", directUrl,
        "-threads", "2", "-p", "db.createtable=true", "-p", "db.droptable=true", "-p", "db.batchsize=100",
        "-p", "jdbc.batchupdateapi=true"));
    if (load.exitCode != 0) {
      throw new AssertionError("load of " + table + " failed: " + load);
    }
  }

  /** Drops the table (a load that creates it comes next). */
  void drop() throws Exception {
    sql("DROP TABLE IF EXISTS " + table);
  }

  void sql(String statement) throws Exception {
    try (Connection c = connect(); Statement s = c.createStatement()) {
      s.execute(statement);
    }
  }

  long rows() throws Exception {
    try (Connection c = connect(); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private Connection connect() throws Exception {
    return DriverManager.getConnection(directUrl, user, password);
  }

  /** Reads every row back (directly) against what the load wrote; prints the verifier's report. */
  TableVerifier.Report verify() throws Exception {
    ByteArrayOutputStream progress = new ByteArrayOutputStream();
    TableVerifier.Report r = TableVerifier.verify(props(directUrl), new PrintStream(progress, true,
        StandardCharsets.UTF_8));
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    r.print(new PrintStream(text, true, StandardCharsets.UTF_8), false);
    System.err.print(text.toString(StandardCharsets.UTF_8));
    return r;
  }

  /**
   * {@code scripts/verify}'s main with this table's load properties, in a JVM of its own: its exit status and output.
   */
  YcsbProcess.Result verifyCommand() {
    List<String> a = new ArrayList<>(List.of("-P", WORKLOADS.resolve("workloada").toString()));
    Properties p = props(directUrl);
    for (String name : p.stringPropertyNames()) {
      a.add("-p");
      a.add(name + "=" + p.getProperty(name));
    }
    return YcsbProcess.runMain(com.mytopling.ycsb.launcher.client.Verify.class.getName(), a);
  }

  /** A figure of YCSB's report: the value of {@code [SERIES], METRIC}, 0 when YCSB printed none. */
  static double figure(YcsbProcess.Result r, String series, String metric) {
    Double v = r.output.all().get(series + " " + metric);
    return v == null ? 0 : v;
  }

  /** Operations of a series and of its -FAILED twin. */
  static long attempted(YcsbProcess.Result r, String... series) {
    long n = 0;
    for (String s : series) {
      n += r.output.count(s, "Operations") + r.output.count(s + "-FAILED", "Operations");
    }
    return n;
  }

  static long failed(YcsbProcess.Result r, String... series) {
    long n = 0;
    for (String s : series) {
      n += r.output.count(s + "-FAILED", "Operations");
    }
    return n;
  }

  static long returned(YcsbProcess.Result r, String status, String... series) {
    long n = 0;
    for (String s : series) {
      n += r.output.count(s, "Return=" + status);
    }
    return n;
  }

  /** The binding's and the launcher's own lines of a client's stderr (not YCSB's status lines), for the test's log. */
  static void echoHarnessLines(String fault, YcsbProcess.Result r) {
    r.stderr.lines().filter(l -> l.startsWith("[mytopling] ") || l.startsWith("[ycsb] "))
        .forEach(l -> System.err.println("[fault lines] " + fault + ": " + l));
  }

  /** One line of measured figures, collected for docs/reliability.md. */
  static void figures(String fault, String text) {
    System.err.println("[fault figures] " + fault + ": " + text);
  }
}
