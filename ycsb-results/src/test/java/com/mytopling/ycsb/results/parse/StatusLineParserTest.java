package com.mytopling.ycsb.results.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.results.model.StatusSample;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StderrParserTest {
  @Test
  void connectedLineWithQuotedValues() {
    String text = "Loading workload...\n"
        + "[mytopling] connected: dialect=mysql server=\"10.11.19-MariaDB-0+deb12u1\" engine=InnoDB shards=1 "
        + "driver=\"MySQL Connector/J 9.1.0\" url=jdbc:mysql://127.0.0.1:3307/ycsb?user=ycsb&password=hunter2\n";
    Map<String, String> server = StderrParser.parse(text).server();
    assertEquals("mysql", server.get("dialect"));
    assertEquals("10.11.19-MariaDB-0+deb12u1", server.get("server"));
    assertEquals("InnoDB", server.get("engine"));
    assertEquals("1", server.get("shards"));
    assertEquals("MySQL Connector/J 9.1.0", server.get("driver"));
    assertEquals("jdbc:mysql://127.0.0.1:3307/ycsb?user=ycsb&password=*****", server.get("url"));
  }

  @Test
  void bracedSqlServerPasswordsAreMaskedWhole() {
    // SQL Server connection strings may brace a value and put ';' inside it. The results module
    // had its own masking, which stopped at that ';' and left "cret}" in reports.
    String text = "[mytopling] connected: dialect=sqlserver server=\"16.0\" engine=default shards=1 driver=\"mssql\" "
        + "url=jdbc:sqlserver://h:1433;user=u;password={se;cret};encrypt=true\n"
        + "[mytopling] fatal: cannot connect to jdbc:sqlserver://h:1433;password={se;cret};encrypt=true: 08S01/0 refused\n";
    StderrParser.Stderr parsed = StderrParser.parse(text);
    assertEquals("jdbc:sqlserver://h:1433;user=u;password=*****;encrypt=true", parsed.server().get("url"));
    assertEquals(1, parsed.bindingProblems().size());
    assertFalse(parsed.bindingProblems().get(0).contains("cret"), parsed.bindingProblems().get(0));
    assertTrue(parsed.bindingProblems().get(0).contains("password=*****;encrypt=true"), parsed.bindingProblems().get(0));
  }

  @Test
  void firstTickWithInfiniteRateHasNoRate() {
    StatusSample s = StderrParser.parseStatusLine("2026-11-21 13:47:09:208 0 sec: 226 operations; ∞ current ops/sec; "
        + "est completion in 0 second [INSERT: Count=342, Max=279, Min=0, Avg=0.85, 90=0, 99=2, 99.9=279, 99.99=279] ");
    assertEquals(0, s.elapsedS);
    assertEquals(226, s.totalOps);
    assertNull(s.currentOpsPerSec);
    assertEquals(342.0, s.latencyUs.get("INSERT").get("count"));
    assertEquals(0.85, s.latencyUs.get("INSERT").get("avg"));
    assertEquals(279.0, s.latencyUs.get("INSERT").get("p99.9"));
  }

  @Test
  void lineWithoutRateOrEstimateAndSeveralSeries() {
    StatusSample s = StderrParser.parseStatusLine("2026-11-21 14:01:02:123 10 sec: 0 operations; "
        + "[READ: Count=0, Max=0, Min=0, Avg=0, 90=0, 99=0, 99.9=0, 99.99=0] [Intended-READ: Count=5, Max=9, Min=1, "
        + "Avg=3.5, 90=8, 99=9, 99.9=9, 99.99=9]");
    assertEquals(10, s.elapsedS);
    assertNull(s.currentOpsPerSec);
    assertEquals(2, s.latencyUs.size());
    assertEquals(9.0, s.latencyUs.get("Intended-READ").get("p99"));
  }

  @Test
  void decimalCommaFromANonEnglishLocale() {
    StatusSample s = StderrParser.parseStatusLine("2026-11-21 14:01:02:123 20 sec: 5000 operations; 1234,5 current "
        + "ops/sec; est completion in 1 minute [UPDATE: Count=10, Max=30, Min=1, Avg=12,25, 90=20, 99=30, 99.9=30, 99.99=30]");
    assertEquals(1234.5, s.currentOpsPerSec);
    assertEquals(12.25, s.latencyUs.get("UPDATE").get("avg"));
    assertEquals(20.0, s.latencyUs.get("UPDATE").get("p90"));
  }

  @Test
  void bindingTotalsAndErrorsAreKept() {
    var parsed = StderrParser.parse("[mytopling] totals: inserted rows stored=9990 failed=10 reconnects=0 errors=10\n"
        + "[mytopling] error: INSERT-BATCH failed: Duplicate entry 'user1' (url=jdbc:mysql://h/db?password=hunter2)\n");
    assertEquals("9990", parsed.bindingTotals().get("stored"));
    assertEquals("10", parsed.bindingTotals().get("failed"));
    assertEquals(1, parsed.bindingProblems().size());
    assertTrue(parsed.bindingProblems().get(0).contains("INSERT-BATCH failed"));
    assertFalse(parsed.bindingProblems().get(0).contains("hunter2"));
  }

  @Test
  void otherLinesAreIgnored() {
    var parsed = StderrParser.parse("YCSB Client 0.17.0\nException in thread \"main\" java.lang.RuntimeException\n"
        + "\tat site.ycsb.Client.main(Client.java:1)\n[mytopling] batch flushed rows=5000\n");
    assertTrue(parsed.status().isEmpty());
    assertNull(parsed.server());
    assertFalse(StderrParser.parse("").status().iterator().hasNext());
  }
}
