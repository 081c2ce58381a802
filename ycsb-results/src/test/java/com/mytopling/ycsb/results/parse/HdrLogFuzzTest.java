package com.mytopling.ycsb.results.parse;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.mytopling.ycsb.results.ReportException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Fuzzing the HdrHistogram interval-log reader (issue 23): any bytes as a run folder's {@code hdr/<phase>/X.hdr}.
 * Every input must be read as a log (whose figures can be asked for) or refused in one line (ReportException);
 * anything else (another exception, an Error such as running out of memory on a histogram's declared size) is a bug.
 * Seeds in src/test/resources/.../HdrLogFuzzTestInputs.
 */
class HdrLogFuzzTest {
  private static Path dir;

  @BeforeAll
  static void dir() throws IOException {
    dir = Files.createTempDirectory("fuzz-hdr");
  }

  @AfterAll
  static void clean() throws IOException {
    Files.deleteIfExists(dir.resolve("READ.hdr"));
    Files.deleteIfExists(dir);
  }

  @FuzzTest(maxDuration = "10s")
  void anyLogIsReadOrOneLine(byte[] input) throws Exception {
    Path file = dir.resolve("READ.hdr");
    Files.write(file, input);
    try {
      HdrLog log = HdrLog.read(file);
      assertTrue(log.totalCount() >= 0);
      assertTrue(log.startMs() <= log.endMs() || log.intervals().isEmpty());
      for (HdrLog.Interval i : log.intervals()) {
        i.histogram().getValueAtPercentile(99);
      }
    } catch (ReportException e) {
      assertNotNull(e.getMessage());
      assertTrue(!e.getMessage().isBlank() && e.getMessage().indexOf('\n') < 0 && e.getMessage().indexOf('\r') < 0,
          "not one line: " + e.getMessage());
    }
  }
}
