package com.mytopling.ycsb.results.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.results.ReportException;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;

/** Damaged interval logs that HdrHistogram's reader takes without complaint are refused in one line (issue 23). */
class HdrLogDamageTest {
  private static Path input(String name) throws Exception {
    return Paths.get(HdrLogDamageTest.class.getResource("HdrLogFuzzTestInputs/anyLogIsReadOrOneLine/" + name).toURI());
  }

  /** Found by HdrLogFuzzTest: a payload decoding to 4.8e18 operations in 26 ms; two such intervals summed negative. */
  @Test
  void anAbsurdCountIsADamagedLog() throws Exception {
    ReportException e = assertThrows(ReportException.class, () -> HdrLog.read(input("finding-absurd-count")));
    // Our reader's decoder refuses this payload already (HdrHistogram's log reader took it); either way one line.
    assertTrue(e.getMessage().endsWith(": line 10 holds no integer HdrHistogram (IllegalArgumentException): not an "
        + "HdrHistogram log of YCSB's, which records integer microseconds"), e.getMessage());
    assertEquals(1, e.getMessage().lines().count());
  }

  @Test
  void anIntervalEndingBeforeItStartsIsADamagedLog() throws Exception {
    ReportException e = assertThrows(ReportException.class, () -> HdrLog.read(input("negative-interval-length")));
    assertTrue(e.getMessage().endsWith(": line 6: the interval ends before it starts (a damaged log)"), e.getMessage());
  }

  /** Found by HdrLogFuzzTest in a CI run: "#[StartTime: ]" without a value was an ArrayIndexOutOfBoundsException. */
  @Test
  void aStartTimeWithoutAValueIsOneLine() throws Exception {
    ReportException e = assertThrows(ReportException.class, () -> HdrLog.read(input("finding-empty-start-time")));
    assertTrue(e.getMessage().endsWith(": line 8: '' is not a time in seconds (not an HdrHistogram log?)"),
        e.getMessage());
  }

  /**
   * Found by HdrLogFuzzTest in a CI run: a start of 0.0454...41e1000000444 s, added to the base time, made BigDecimal
   * align the two digit by digit (ArithmeticException: BigInteger would overflow supported range).
   */
  @Test
  void aTimeWithAnEnormousExponentIsOneLine() throws Exception {
    ReportException e = assertThrows(ReportException.class, () -> HdrLog.read(input("finding-huge-exponent")));
    assertTrue(e.getMessage().matches("(?s).*: line 2: [0-9.]+E\\+1000000[0-9]+ s is beyond any clock \\(a damaged log\\)"),
        e.getMessage());
    assertEquals(1, e.getMessage().lines().count());
  }

  /** The other end: a start of 1e-1000000000 s after a base time is read as the base time itself. */
  @Test
  void aTimeBelowANanosecondIsZero() throws Exception {
    HdrLog log = HdrLog.read(input("tiny-start"));
    assertEquals(1, log.intervals().size());
    assertEquals(1_795_443_618_000L, log.startMs());
    assertEquals(1_795_443_618_029L, log.endMs());
  }
}
