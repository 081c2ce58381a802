package com.mytopling.ycsb.results.parse;

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
    assertTrue(e.getMessage().endsWith(": interval 1 claims 4829560948431831427 operations in 26 ms (a damaged log)"),
        e.getMessage());
  }

  @Test
  void anIntervalEndingBeforeItStartsIsADamagedLog() throws Exception {
    ReportException e = assertThrows(ReportException.class, () -> HdrLog.read(input("negative-interval-length")));
    assertTrue(e.getMessage().endsWith(": interval 2 ends before it starts (a damaged log)"), e.getMessage());
  }
}
