package com.mytopling.ycsb.results.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Base64;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * A log line written by HdrHistogram 2.2.2 from a Recorder that eight threads resized at once: its header's highest
 * trackable value (16,777,215) is below its max (537,395,199). The line was made here with YCSB's own writer calls
 * (Recorder(3), one value per thread, 2^8, 2^11, ... 2^29, released together; a CPU hog made the race likelier); a CI
 * run's load met the same in its INSERT-BATCH log and could not summarize the run.
 */
class ConcurrentResizeLogTest {
  private static Path log() throws Exception {
    return Paths.get(ConcurrentResizeLogTest.class.getResource(
        "HdrLogFuzzTestInputs/anyLogIsReadOrOneLine/concurrent-resize").toURI());
  }

  /** Without this, the test below would pass on any well-formed line: the seed must be the race's product. */
  @Test
  void theHeaderAloneDoesNotCoverTheCounts() throws Exception {
    String line = Files.readAllLines(log()).get(4);
    byte[] compressed = Base64.getDecoder().decode(line.split(",", 4)[3]);
    assertThrows(ArrayIndexOutOfBoundsException.class,
        () -> Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(compressed), 0));
  }

  @Test
  void everyCountIsRead() throws Exception {
    HdrLog log = HdrLog.read(log());
    assertEquals("INSERT-BATCH", log.series());
    assertEquals(1, log.intervals().size());
    assertEquals(8, log.totalCount());
    Histogram h = log.intervals().get(0).histogram();
    assertEquals(8, h.getTotalCount());
    for (int t = 0; t < 8; t++) {
      long value = 1L << (8 + 3 * t);
      assertEquals(1, h.getCountAtValue(value), "one sample of " + value);
    }
    assertEquals(537_395_199L, h.getMaxValue());
    assertEquals(256, h.getMinValue());
    assertTrue(h.getHighestTrackableValue() >= h.getMaxValue());
    assertEquals(1_795_746_489_600L, log.startMs());
    assertEquals(1_795_746_489_604L, log.endMs());
  }
}
