package com.mytopling.ycsb.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.jdbc.testing.TestServer;
import com.mytopling.ycsb.jdbc.testing.TestServers;
import com.mytopling.ycsb.jdbc.testing.YcsbProcess;
import com.mytopling.ycsb.jdbc.verify.TableVerifier;
import com.mytopling.ycsb.launcher.client.Verify;
import com.mytopling.ycsb.launcher.client.Ycsb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad input through the launcher (scripts/ycsb's main class), against a table that already
 * holds a verified load: each case is one line naming the problem and a non-zero exit, and
 * afterwards the loaded rows are all still there with their values. docs/bad-input.md lists
 * these cases.
 */
class LauncherBadInputIT {
  private static final String TABLE = "bad_input_precious";
  private static final int RECORDS = 200;
  private static final String WORKLOAD = Scripts.ROOT.resolve("workloads").resolve("workloada").toString();

  private static List<String> base(String command, String... extra) {
    TestServer s = TestServers.innodb();
    List<String> a = new ArrayList<>(List.of(command, "mytopling", "-P", WORKLOAD, "-p", "db.url=" + s.jdbcUrl(),
        "-p", "table=" + TABLE, "-p", "recordcount=" + RECORDS, "-p", "fieldlength=20",
        "-p", "fieldlengthdistribution=constant", "-p", "dataintegrity=true", "-p", "operationcount=50"));
    if (s.user() != null) {
      a.addAll(List.of("-p", "db.user=" + s.user()));
    }
    if (s.password() != null) {
      a.addAll(List.of("-p", "db.passwd=" + s.password()));
    }
    a.addAll(List.of(extra));
    return a;
  }

  private static Properties verifyProps() {
    TestServer s = TestServers.innodb();
    Properties p = s.dbProperties();
    p.setProperty("table", TABLE);
    p.setProperty("recordcount", Integer.toString(RECORDS));
    p.setProperty("fieldlength", "20");
    p.setProperty("fieldlengthdistribution", "constant");
    return p;
  }

  @BeforeAll
  static void loadPreciousRows() throws Exception {
    YcsbProcess.Result r = YcsbProcess.runMain(Ycsb.class.getName(), base("load", "-p", "db.createtable=true",
        "-p", "db.droptable=true"));
    assertEquals(0, r.exitCode, r::toString);
    assertTrue(TableVerifier.verify(verifyProps(), System.err).ok(false));
  }

  @AfterAll
  static void nothingAlreadyWrittenWasDamaged() throws Exception {
    TableVerifier.Report r = TableVerifier.verify(verifyProps(), System.err);
    assertTrue(r.ok(false), "missing " + r.missing + " wrong " + r.wrong + " extra " + r.extra);
  }

  /**
   * Case name, command, extra arguments, expected exit (README's table: 2 bad command line or
   * property, the binding's included; 1 a database that cannot be used), text the one problem
   * line must contain.
   */
  static Stream<Arguments> cases() {
    TestServer s = TestServers.innodb();
    return Stream.of(
        Arguments.of("non-numeric count", "load", List.of("-p", "recordcount=lots"), 2,
            "ycsb: recordcount: 'lots' is not a whole number"),
        Arguments.of("negative size", "load", List.of("-p", "fieldlength=-5"), 2, "ycsb: fieldlength: -5 is out of range (at least 0)"),
        Arguments.of("negative batch size", "load", List.of("-p", "db.batchsize=-3"), 2,
            "[mytopling] fatal: db.batchsize: -3 is out of range (1 to 1000000)"),
        Arguments.of("non-numeric timeout", "run", List.of("-p", "db.sockettimeout=5m"), 2,
            "[mytopling] fatal: db.sockettimeout: '5m' is not a whole number"),
        Arguments.of("proportion out of range", "run", List.of("-p", "updateproportion=1.5"), 2,
            "ycsb: updateproportion: 1.5 is out of range (0 to 1)"),
        Arguments.of("bad boolean", "run", List.of("-p", "jdbc.autocommit=yes"), 2,
            "[mytopling] fatal: jdbc.autocommit: 'yes' is not true or false"),
        Arguments.of("unknown dialect", "run", List.of("-p", "db.dialect=oracle"), 2,
            "[mytopling] fatal: db.dialect: unknown value 'oracle'"),
        Arguments.of("unknown engine", "load", List.of("-p", "table=bad_input_engine", "-p", "db.createtable=true",
            "-p", "db.engine=NoSuchEngine"), 1, "NoSuchEngine"),
        Arguments.of("unknown insertexisting", "load", List.of("-p", "db.insertexisting=maybe"), 2,
            "[mytopling] fatal: db.insertexisting: unknown value 'maybe' (expected one of fail, skip)"),
        Arguments.of("contradicting options", "load", List.of("-p", "db.insertexisting=skip", "-p", "db.upsert=true"), 2,
            "[mytopling] fatal: db.insertexisting=skip and db.upsert contradict"),
        Arguments.of("drop without create", "load", List.of("-p", "db.droptable=true"), 2,
            "[mytopling] fatal: db.droptable=true needs db.createtable=true"),
        Arguments.of("unknown binding", "load", List.of("-db", "x"), 0, null),
        Arguments.of("property without value", "run", List.of("-p", "threadcount"), 2,
            "ycsb: -p threadcount: expected name=value"),
        Arguments.of("missing property file", "run", List.of("-P", "/no/such/db.properties"), 2,
            "ycsb: -P /no/such/db.properties: no such file"),
        Arguments.of("workload class that does not exist", "run", List.of("-p", "workload=site.ycsb.workloads.NoSuch"), 2,
            "ycsb: workload: class 'site.ycsb.workloads.NoSuch' not found on the classpath"),
        Arguments.of("db class that does not exist", "run", List.of("-db", "com.example.NoSuchDb"), 2,
            "ycsb: db: class 'com.example.NoSuchDb' not found on the classpath"),
        Arguments.of("wrong password", "run", List.of("-p", "db.passwd=not-the-password"), 1,
            "Access denied for user"),
        Arguments.of("unreachable host", "run", List.of("-p", "db.url=jdbc:mysql://127.0.0.1:1/ycsb",
            "-p", "db.connecttimeout=2000"), 1, "[mytopling] fatal: cannot connect to jdbc:mysql://127.0.0.1:1/ycsb"),
        Arguments.of("not a JDBC URL", "run", List.of("-p", "db.url=mysql://127.0.0.1:3307/ycsb"), 2,
            "is not a JDBC URL (it must start with jdbc:)"),
        Arguments.of("URL of a database without a dialect", "run",
            List.of("-p", "db.url=jdbc:postgresql://127.0.0.1:5432/ycsb"), 2,
            "[mytopling] fatal: db.url: jdbc:postgresql: URLs are not supported; the harness has dialects for "
                + "MySQL/MariaDB (jdbc:mysql:, jdbc:mysql+srv:, jdbc:mariadb:) and SQL Server"),
        Arguments.of("missing table", "run", List.of("-p", "table=bad_input_no_such_table"), 1,
            "table bad_input_no_such_table at " + s.jdbcUrl() + " is missing or lacks a column"),
        Arguments.of("table of the wrong shape", "run", List.of("-p", "table=bad_input_wrong_shape"), 1,
            "lacks a column"),
        Arguments.of("more fields than the table has", "run", List.of("-p", "fieldcount=12"), 1,
            "is missing or lacks a column"),
        Arguments.of("password file missing", "run", List.of("-p", "db.passwd=", "-p", "db.passwdfile=/no/such/pw"), 2,
            "[mytopling] fatal: db.passwdfile: cannot read /no/such/pw"),
        Arguments.of("HdrHistogram logs into a missing folder", "run", List.of("-s", "-p", "hdrhistogram.fileoutput=true",
            "-p", "hdrhistogram.output.path=/no/such/folder/run-"), 2,
            "ycsb: hdrhistogram.output.path: no folder /no/such/folder for the HdrHistogram logs"),
        Arguments.of("exporter that is not a class", "run", List.of("-p", "exporter=site.ycsb.measurements.exporter.Json"),
            2, "ycsb: exporter: class 'site.ycsb.measurements.exporter.Json' not found on the classpath"),
        Arguments.of("exporter that is not an exporter", "run", List.of("-p", "exporter=java.lang.String"), 2,
            "ycsb: exporter: java.lang.String is not a YCSB measurements exporter"),
        Arguments.of("report into a missing folder", "load", List.of("-p", "exportfile=/no/such/folder/load.txt"), 2,
            "ycsb: exportfile: no folder /no/such/folder for the report"),
        Arguments.of("live endpoint without the status thread", "run", List.of("-p",
            "measurement.openmetrics.port=4199"), 2, "ycsb: measurement.openmetrics.port needs the status thread (-s)"),
        Arguments.of("live endpoint on a port that does not exist", "run", List.of("-s", "-p",
            "measurement.openmetrics.port=70000"), 2, "ycsb: measurement.openmetrics.port: 70000 is out of range"),
        Arguments.of("live endpoint on an address of another machine", "run", List.of("-s", "-p",
            "measurement.openmetrics.port=4199", "-p", "measurement.openmetrics.host=192.0.2.1"), 2,
            "ycsb: measurement.openmetrics.port: cannot listen on 192.0.2.1:4199: not an address of this machine"),
        Arguments.of("key range beyond recordcount", "load", List.of("-p", "insertstart=150", "-p", "insertcount=100"), 2,
            "ycsb: insertstart + insertcount (150 + 100) is more than recordcount (200)"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void badInputIsOneLineAndANonZeroExit(String name, String command, List<String> extra, int exit, String expected)
      throws Exception {
    if (name.equals("unknown binding")) {
      List<String> args = base(command);
      args.set(1, "mongodb");
      YcsbProcess.Result r = YcsbProcess.runMain(Ycsb.class.getName(), args);
      assertOneLine(r, 2, "ycsb: unknown binding 'mongodb' (known: mytopling, jdbc, basic)");
      return;
    }
    if (name.equals("table of the wrong shape")) {
      try (Connection c = TestServers.innodb().connect(); Statement st = c.createStatement()) {
        st.execute("DROP TABLE IF EXISTS bad_input_wrong_shape");
        st.execute("CREATE TABLE bad_input_wrong_shape (YCSB_KEY VARCHAR(255) PRIMARY KEY, FIELD0 VARCHAR(20))");
      }
    }
    YcsbProcess.Result r = YcsbProcess.runMain(Ycsb.class.getName(), base(command, extra.toArray(new String[0])));
    assertOneLine(r, exit, expected);
  }

  /** A port another program listens on: one line naming it and exit 2 before the phase connects to anything. */
  @Test
  void aLiveEndpointOnAPortInUseIsRefusedBeforeAnythingConnects() throws Exception {
    try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
      YcsbProcess.Result r = YcsbProcess.runMain(Ycsb.class.getName(), base("run", "-s", "-p",
          "measurement.openmetrics.port=" + taken.getLocalPort()));
      assertOneLine(r, 2, "ycsb: measurement.openmetrics.port: cannot listen on 127.0.0.1:" + taken.getLocalPort()
          + ": the port is in use");
      assertFalse(r.stderr.contains("[mytopling] connected"), "refused before connecting: " + r);
    }
  }

  private static void assertOneLine(YcsbProcess.Result r, int exit, String expected) {
    assertEquals(exit, r.exitCode, r::toString);
    List<String> problems = r.stderr.lines().filter(l -> l.startsWith("ycsb:") || l.startsWith("[mytopling] fatal:")
        || l.startsWith("[mytopling] error:")).toList();
    assertEquals(1, problems.size(), "one line naming the problem: " + r);
    assertTrue(problems.get(0).contains(expected), problems.get(0));
    assertFalse(r.stderr.contains("\tat ") || r.stderr.contains("Exception in thread"), "no stack trace: " + r);
    assertFalse(r.stdout.contains("[OVERALL]"), "no measurements for a run that did not happen: " + r);
  }

  @Test
  void valuesLongerThanTheirColumnFailTheLoadAndAreCounted() {
    // The table's columns hold 20 characters; these rows carry 100.
    YcsbProcess.Result r = YcsbProcess.runMain(Ycsb.class.getName(), base("load", "-p", "recordcount=" + (RECORDS + 5),
        "-p", "insertstart=" + RECORDS, "-p", "insertcount=5", "-p", "fieldlength=100"));
    assertEquals(1, r.exitCode, r::toString);
    List<String> errors = r.stderr.lines().filter(l -> l.startsWith("[mytopling] error:")).toList();
    assertEquals(1, errors.size(), r::toString);
    assertTrue(errors.get(0).contains("Data too long for column"), errors.get(0));
    assertTrue(r.stderr.contains("[mytopling] totals: inserted rows stored=0 failed=1"), r::toString);
    assertTrue(r.stderr.contains("[ycsb] only 0 of 5 operations were done"), r::toString);
  }

  @Test
  void malformedDataFileRecordsAreSkippedAndCountedOrStopTheLoad(@org.junit.jupiter.api.io.TempDir Path dir)
      throws Exception {
    // The file loader's own tests cover every format (FileLoaderIT); this is the launcher's view.
    Path file = dir.resolve("bad.tsv");
    Files.writeString(file, "a\tb\n1\tx\n2\ty\n3\n4\tw\n");
    TestServer s = TestServers.innodb();
    List<String> args = new ArrayList<>(List.of("load", "mytopling", "-p", "workload=com.mytopling.ycsb.fileloader.FileWorkload",
        "-p", "fileloader.file=" + file, "-p", "fileloader.format=tsv", "-p", "db.url=" + s.jdbcUrl(),
        "-p", "db.user=" + s.user(), "-p", "db.passwd=" + s.password(), "-p", "table=bad_input_file",
        "-p", "db.createtable=true", "-p", "db.droptable=true", "-p", "fieldlength=10"));
    List<String> skip = new ArrayList<>(args);
    skip.addAll(List.of("-p", "recordcount=3"));
    YcsbProcess.Result skipped = YcsbProcess.runMain(Ycsb.class.getName(), skip);
    assertEquals(0, skipped.exitCode, skipped::toString);
    assertTrue(skipped.stdout.contains("[FILELOADER], MalformedRecords, 1"), skipped::toString);
    assertTrue(skipped.stderr.contains("[mytopling] totals: inserted rows stored=3 failed=0"), skipped::toString);
    // The table holds the three good records, key by key, and not the malformed one.
    assertEquals(List.of("1", "2", "4"), firstFieldsInKeyOrder(s, 3));
    List<String> fail = new ArrayList<>(args);
    fail.addAll(List.of("-p", "recordcount=4", "-p", "fileloader.malformed=fail"));
    YcsbProcess.Result failed = YcsbProcess.runMain(Ycsb.class.getName(), fail);
    assertEquals(1, failed.exitCode, failed::toString);
    assertEquals(1, failed.stderr.lines().filter(l -> l.startsWith("fileloader: FAILED: malformed record at line 4")).count(),
        failed::toString);
    assertFalse(failed.stderr.contains("\tat "), failed::toString);
    // Nothing from the malformed record on was stored.
    List<String> stored = firstFieldsInKeyOrder(s, 4);
    assertTrue(List.of("1", "2").containsAll(stored), stored::toString);
  }

  /** FIELD0 of the rows for YCSB's keys 0..n-1 of the load above (null where a key has no row). */
  private static List<String> firstFieldsInKeyOrder(TestServer s, int n) throws Exception {
    java.util.Properties p = new java.util.Properties();
    p.setProperty("recordcount", Integer.toString(n));
    com.mytopling.ycsb.jdbc.testing.StoredRows.KeyNames names = com.mytopling.ycsb.jdbc.testing.StoredRows.KeyNames.of(p);
    List<String> values = new ArrayList<>();
    try (var c = s.connect(); var ps = c.prepareStatement("SELECT FIELD0 FROM bad_input_file WHERE YCSB_KEY = ?")) {
      for (int k = 0; k < n; k++) {
        ps.setString(1, names.key(k));
        try (var rs = ps.executeQuery()) {
          if (rs.next()) {
            values.add(rs.getString(1));
          }
        }
      }
    }
    return values;
  }

  @Test
  void verifyOnABadRangeOrAMissingTableSaysSo(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    Path props = dir.resolve("db.properties");
    TestServer s = TestServers.innodb();
    Files.writeString(props, "db.url=" + s.jdbcUrl() + "\ndb.user=" + s.user() + "\ndb.passwd=" + s.password() + "\n");
    Files.setPosixFilePermissions(props, PosixFilePermissions.fromString("rw-------"));
    YcsbProcess.Result ok = YcsbProcess.runMain(Verify.class.getName(), List.of("-P", WORKLOAD, "-P", props.toString(),
        "-p", "table=" + TABLE, "-p", "recordcount=" + RECORDS, "-p", "fieldlength=20"));
    assertEquals(0, ok.exitCode, ok::toString);
    assertTrue(ok.stdout.contains("found " + RECORDS + ", missing 0, wrong 0, extra 0"), ok::toString);
    // Asking for more rows than were loaded: the rest are missing.
    YcsbProcess.Result more = YcsbProcess.runMain(Verify.class.getName(), List.of("-P", WORKLOAD, "-P", props.toString(),
        "-p", "table=" + TABLE, "-p", "recordcount=" + (RECORDS + 10), "-p", "fieldlength=20"));
    assertEquals(1, more.exitCode, more::toString);
    assertTrue(more.stdout.contains("missing 10, wrong 0, extra 0") && more.stdout.contains("verify: FAILED"), more::toString);
    // The wrong field length: every value differs.
    YcsbProcess.Result length = YcsbProcess.runMain(Verify.class.getName(), List.of("-P", WORKLOAD,
        "-P", props.toString(), "-p", "table=" + TABLE, "-p", "recordcount=" + RECORDS, "-p", "fieldlength=19"));
    assertEquals(1, length.exitCode, length::toString);
    assertTrue(length.stdout.contains("wrong " + RECORDS), length::toString);
    YcsbProcess.Result uniform = YcsbProcess.runMain(Verify.class.getName(), List.of("-P", WORKLOAD,
        "-P", props.toString(), "-p", "table=" + TABLE, "-p", "fieldlengthdistribution=uniform"));
    assertEquals(2, uniform.exitCode, uniform::toString);
    assertTrue(uniform.stderr.contains("verify: fieldlengthdistribution: 'uniform'"), uniform::toString);
    YcsbProcess.Result missing = YcsbProcess.runMain(Verify.class.getName(), List.of("-P", WORKLOAD,
        "-P", props.toString(), "-p", "table=bad_input_no_such_table", "-p", "recordcount=5"));
    assertEquals(1, missing.exitCode, missing::toString);
    assertTrue(missing.stderr.contains("verify: cannot verify table bad_input_no_such_table"), missing::toString);
  }
}
