package com.mytopling.ycsb.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The merge check's own reading of the clients' logs. Its log is the results module's concurrent-resize seed, read
 * from its one place there as a client's INSERT.hdr: a line HdrHistogram 2.2.2 wrote from a Recorder that eight
 * threads resized at once, whose header's range is below its max. A CI run's KubeLocalIT met such a log, and the check, then reading with
 * HdrHistogram's own reader, ended in ArrayIndexOutOfBoundsException instead of comparing.
 */
class WindowUnionTest {
  /** One client, its clock the phase's, a window around the log's one interval (1795746489600-604 ms). */
  private static JsonNode phase(long count, long p50, long p95, long p99) throws Exception {
    return new ObjectMapper().readTree("{\"window\": {\"start_ms\": 1795746489000, \"end_ms\": 1795746490000, "
        + "\"clock_offsets_ms\": {\"client-0\": 0}}, \"operations\": {\"INSERT\": {\"count\": " + count
        + ", \"percentiles_us\": {\"p50\": " + p50 + ", \"p95\": " + p95 + ", \"p99\": " + p99 + "}}}}");
  }

  private static final Path SEED = Scripts.ROOT.resolve("ycsb-results/src/test/resources/com/mytopling/ycsb/results/"
      + "parse/HdrLogFuzzTestInputs/anyLogIsReadOrOneLine/concurrent-resize");

  @TempDir
  Path client;

  /** A client's folder of interval logs holding the seed as its INSERT log. */
  private Path logs() throws Exception {
    Files.copy(SEED, client.resolve("INSERT.hdr"));
    return client;
  }

  @Test
  void hdrHistogramsOwnReaderCannotReadTheSeed() throws Exception {
    HistogramLogReader reader = new HistogramLogReader(logs().resolve("INSERT.hdr").toFile());
    try {
      assertThrows(ArrayIndexOutOfBoundsException.class, reader::nextIntervalHistogram);
    } finally {
      reader.close();
    }
  }

  @Test
  void aConcurrentlyResizedLogIsReadAndCompared() throws Exception {
    // The eight values are 2^8, 2^11, ... 2^29: the 4th is the median, the 8th the 95th and 99th percentiles.
    List<Path> clients = List.of(logs());
    assertEquals(List.of(), WindowUnion.problems(phase(8, 1L << 17, 1L << 29, 1L << 29), clients));
    List<String> wrong = WindowUnion.problems(phase(8, 1L << 17, 1L << 29, 1L << 20), clients);
    assertEquals(1, wrong.size(), wrong::toString);
    assertTrue(wrong.get(0).startsWith("INSERT p99: the summary says 1048576.0 us"), wrong::toString);
    List<String> miscounted = WindowUnion.problems(phase(9, 1L << 17, 1L << 29, 1L << 29), clients);
    assertTrue(miscounted.get(0).startsWith("INSERT: the summary counts 9; the logs hold 8"), miscounted::toString);
  }
}
