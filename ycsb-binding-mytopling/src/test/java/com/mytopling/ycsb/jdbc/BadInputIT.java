package com.mytopling.ycsb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.core.ExitStatus;
import com.mytopling.ycsb.jdbc.testing.TestServer;
import com.mytopling.ycsb.jdbc.testing.TestServers;
import com.mytopling.ycsb.jdbc.testing.YcsbProcess;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Bad input through YCSB's own client: each case ends with one "[mytopling] fatal:" or
 * "[mytopling] error:" line naming the problem, no stack trace and no password anywhere.
 */
class BadInputIT {
  private static final String SECRET = "Sup3r-Secret-Pw";

  private static List<String> base(String url, String user, String password, String... extra) {
    List<String> a = new ArrayList<>(List.of("-db", MyToplingDbClient.class.getName(), "-load",
        "-P", BindingIT.WORKLOADS.resolve("workloada").toString(), "-p", "recordcount=20", "-p", "db.url=" + url));
    if (user != null) {
      a.addAll(List.of("-p", "db.user=" + user));
    }
    if (password != null) {
      a.addAll(List.of("-p", "db.passwd=" + password));
    }
    for (String e : extra) {
      a.add(e);
    }
    return a;
  }

  /** A database that cannot be used: exit status 1 (FAILED). */
  private static String fatalLine(YcsbProcess.Result r) {
    return fatalLine(r, ExitStatus.FAILED);
  }

  private static String fatalLine(YcsbProcess.Result r, ExitStatus status) {
    List<String> lines = r.stderr.lines().filter(l -> l.startsWith("[mytopling] fatal:")).toList();
    assertEquals(1, lines.size(), "exactly one fatal line: " + r);
    assertEquals(status.code, r.exitCode, r::toString);
    assertFalse(r.stderr.contains("\tat "), "no stack trace: " + r);
    // YCSB's own Client echoes its command line, passwords included; our launcher (scripts/ycsb)
    // masks that line. Everything the binding prints must be clean.
    String ours = r.stderr.lines().filter(l -> !l.startsWith("Command line:")).reduce("", (a, b) -> a + b + "\n");
    assertFalse(r.stdout.contains(SECRET) || ours.contains(SECRET), "password printed: " + r);
    return lines.get(0);
  }

  @Test
  void wrongPasswordQuotesTheServer() {
    TestServer s = TestServers.innodb();
    String line = fatalLine(YcsbProcess.run(base(s.jdbcUrl(), "ycsb", SECRET)));
    assertTrue(line.contains("cannot connect to " + s.jdbcUrl()) && line.contains("Access denied"), line);
  }

  @Test
  void passwordInsideTheUrlIsMasked() {
    TestServer s = TestServers.innodb();
    String url = s.jdbcUrl() + (s.jdbcUrl().contains("?") ? "&" : "?") + "user=ycsb&password=" + SECRET;
    String line = fatalLine(YcsbProcess.run(base(url, null, null)));
    assertTrue(line.contains("password=*****"), line);
  }

  @Test
  void unreachableHostSaysSoWithinTheConnectTimeout() {
    String line = fatalLine(YcsbProcess.run(base("jdbc:mysql://127.0.0.1:1/ycsb", "ycsb", SECRET,
        "-p", "db.connecttimeout=2000")));
    assertTrue(line.contains("cannot connect to jdbc:mysql://127.0.0.1:1/ycsb"), line);
    assertTrue(line.contains("Connection refused") || line.contains("Communications link failure"), line);
  }

  @Test
  void missingTableIsNamed() {
    TestServer s = TestServers.innodb();
    String line = fatalLine(YcsbProcess.run(base(s.jdbcUrl(), s.user(), s.password(), "-p", "table=no_such_table")));
    assertTrue(line.contains("table no_such_table at " + s.jdbcUrl() + " is missing"), line);
    assertTrue(line.contains("db.createtable=true"), line);
  }

  @Test
  void tableOfTheWrongShapeIsNamed() throws Exception {
    TestServer s = TestServers.innodb();
    try (var c = s.connect(); var st = c.createStatement()) {
      st.execute("DROP TABLE IF EXISTS wrong_shape");
      st.execute("CREATE TABLE wrong_shape (YCSB_KEY VARCHAR(255) PRIMARY KEY, FIELD0 VARCHAR(100))");
    }
    String line = fatalLine(YcsbProcess.run(base(s.jdbcUrl(), s.user(), s.password(), "-p", "table=wrong_shape")));
    assertTrue(line.contains("lacks a column") && line.contains("FIELD1"), line);
  }

  @Test
  void unknownDialectAndEngineAreNamed() {
    TestServer s = TestServers.innodb();
    String dialect = fatalLine(YcsbProcess.run(base(s.jdbcUrl(), s.user(), s.password(), "-p", "db.dialect=oracle")),
        ExitStatus.BAD_INPUT);
    assertTrue(dialect.contains("db.dialect: unknown value 'oracle'"), dialect);
    String engine = fatalLine(YcsbProcess.run(base(s.jdbcUrl(), s.user(), s.password(), "-p", "table=bad_engine",
        "-p", "db.createtable=true", "-p", "db.engine=NoSuchEngine")));
    assertTrue(engine.contains("NoSuchEngine"), engine);
  }

  @Test
  void nonNumericBatchSizeIsNamed() {
    TestServer s = TestServers.innodb();
    String line = fatalLine(YcsbProcess.run(base(s.jdbcUrl(), s.user(), s.password(), "-p", "db.batchsize=lots")),
        ExitStatus.BAD_INPUT);
    assertTrue(line.endsWith("db.batchsize: 'lots' is not a whole number"), line);
  }

  @Test
  void valueLongerThanItsColumnIsCountedAsAFailedInsert() throws Exception {
    TestServer s = TestServers.innodb();
    // The table is created for 10-character values, then YCSB writes 100-character ones.
    YcsbProcess.Result create = YcsbProcess.run(base(s.jdbcUrl(), s.user(), s.password(), "-p", "table=short_cols",
        "-p", "db.createtable=true", "-p", "db.droptable=true", "-p", "fieldlength=10", "-p", "recordcount=1"));
    assertEquals(0, create.exitCode, create::toString);
    YcsbProcess.Result r = YcsbProcess.run(base(s.jdbcUrl(), s.user(), s.password(), "-p", "table=short_cols",
        "-p", "fieldlength=100", "-p", "insertstart=1", "-p", "insertcount=5", "-p", "db.batchsize=5",
        "-p", "jdbc.batchupdateapi=true"));
    List<String> errors = r.stderr.lines().filter(l -> l.startsWith("[mytopling] error:")).toList();
    assertEquals(1, errors.size(), r::toString);
    assertTrue(errors.get(0).contains("Data too long for column"), errors.get(0));
    assertEquals(5, r.output.count(MyToplingDbClient.BATCH_SERIES, "Return=ERROR"), r::toString);
    assertTrue(r.stderr.contains("[mytopling] totals: inserted rows stored=0 failed=5"), r::toString);
    assertEquals(1, com.mytopling.ycsb.jdbc.testing.StoredRows.read(s, List.of(s.jdbcUrl()), "short_cols", 10).size(),
        "the table holds the one row of the first load, none of the failed batch");
  }
}
