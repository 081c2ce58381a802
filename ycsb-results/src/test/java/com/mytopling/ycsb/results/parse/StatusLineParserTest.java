package com.mytopling.ycsb.results.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.results.model.StatusSample;
import org.junit.jupiter.api.Test;

class StatusLineParserTest {
  @Test
  void firstTickWithInfiniteRateHasNoRate() {
    StatusSample s = StatusLineParser.parseStatusLine("2026-11-21 13:47:09:208 0 sec: 226 operations; ∞ current ops/sec; "
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
    StatusSample s = StatusLineParser.parseStatusLine("2026-11-21 14:01:02:123 10 sec: 0 operations; "
        + "[READ: Count=0, Max=0, Min=0, Avg=0, 90=0, 99=0, 99.9=0, 99.99=0] [Intended-READ: Count=5, Max=9, Min=1, "
        + "Avg=3.5, 90=8, 99=9, 99.9=9, 99.99=9]");
    assertEquals(10, s.elapsedS);
    assertNull(s.currentOpsPerSec);
    assertEquals(2, s.latencyUs.size());
    assertEquals(9.0, s.latencyUs.get("Intended-READ").get("p99"));
  }

  @Test
  void decimalCommaFromANonEnglishLocale() {
    StatusSample s = StatusLineParser.parseStatusLine("2026-11-21 14:01:02:123 20 sec: 5000 operations; 1234,5 current "
        + "ops/sec; est completion in 1 minute [UPDATE: Count=10, Max=30, Min=1, Avg=12,25, 90=20, 99=30, 99.9=30, 99.99=30]");
    assertEquals(1234.5, s.currentOpsPerSec);
    assertEquals(12.25, s.latencyUs.get("UPDATE").get("avg"));
    assertEquals(20.0, s.latencyUs.get("UPDATE").get("p90"));
  }

  @Test
  void otherLinesAreIgnored() {
    var parsed = StatusLineParser.parse("YCSB Client 0.17.0\nException in thread \"main\" java.lang.RuntimeException\n"
        + "\tat site.ycsb.Client.main(Client.java:1)\n[mytopling] batch flushed rows=5000\n"
        + "[mytopling] totals: inserted rows stored=9990 failed=10 reconnects=0 errors=10\n");
    assertTrue(parsed.isEmpty(), parsed::toString);
    assertTrue(StatusLineParser.parse("").isEmpty());
  }
}
