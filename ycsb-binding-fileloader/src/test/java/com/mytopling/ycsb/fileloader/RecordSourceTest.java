package com.mytopling.ycsb.fileloader;

import com.mytopling.ycsb.fileloader.FileLoaderConfig.Naming;
import com.mytopling.ycsb.fileloader.db.ColumnLimit;
import com.mytopling.ycsb.fileloader.db.TableColumns;
import com.mytopling.ycsb.fileloader.format.DataFileSpec;
import com.mytopling.ycsb.fileloader.format.RecordParser;
import com.mytopling.ycsb.fileloader.format.TestFiles;
import com.mytopling.ycsb.fileloader.tool.ReviewSynthesizer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RecordSourceTest {
  @TempDir
  Path dir;

  private RecordSource source(Path file, Properties extra, Map<String, ColumnLimit> tableLimits) throws Exception {
    return source(file, extra, tableLimits, 0, new LoadCounters());
  }

  private RecordSource source(Path file, Properties extra, Map<String, ColumnLimit> tableLimits, long skip,
                              LoadCounters counters) throws Exception {
    Properties p = new Properties();
    p.setProperty("fileloader.file", file.toString());
    p.putAll(extra);
    FileLoaderConfig config = FileLoaderConfig.from(p);
    DataFileSpec spec = config.spec();
    RecordParser parser = spec.open();
    FieldMapping mapping = FieldMapping.build(parser.fieldNames(), List.of(), Naming.YCSB, "field",
        config.maxLengthByField(), new TableColumns(tableLimits, null, true), 0);
    return new RecordSource(spec, parser, mapping, new int[0], config, skip, counters,
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
  }

  @Test
  void manyThreadsGetEveryRecordExactlyOnceAndAllSeeTheEnd() throws Exception {
    Path file = dir.resolve("r.txt");
    try (OutputStream os = Files.newOutputStream(file)) {
      new ReviewSynthesizer(3).write(5000, os);
    }
    RecordSource source = source(file, new Properties(), Map.of());
    int threads = 32;
    ConcurrentLinkedQueue<Long> ordinals = new ConcurrentLinkedQueue<>();
    ConcurrentLinkedQueue<Long> lines = new ConcurrentLinkedQueue<>();
    CountDownLatch finished = new CountDownLatch(threads);
    for (int t = 0; t < threads; t++) {
      new Thread(() -> {
        try {
          FileRecord r;
          while ((r = source.next()) != null) {
            ordinals.add(r.ordinal());
            lines.add(r.lineNumber());
          }
          // Once at the end, always at the end.
          assertNull(source.next());
          finished.countDown();
        } catch (FatalRecordException e) {
          throw new AssertionError(e);
        }
      }).start();
    }
    assertTrue(finished.await(60, TimeUnit.SECONDS), "every thread finished");
    List<Long> sorted = new ArrayList<>(ordinals);
    sorted.sort(null);
    assertEquals(5000, sorted.size());
    for (int i = 0; i < sorted.size(); i++) {
      assertEquals(i, sorted.get(i));
    }
    assertEquals(5000, lines.stream().distinct().count());
    assertTrue(source.atEndOfFile());
  }

  /** JSON lines: good records g0..g9 with a malformed line after g1, g4, g6 and g9. */
  private static final String MIXED = "{\"id\":\"g0\"}\n{\"id\":\"g1\"}\n{broken\n{\"id\":\"g2\"}\n{\"id\":\"g3\"}\n"
      + "{\"id\":\"g4\"}\n{broken\n{\"id\":\"g5\"}\n{\"id\":\"g6\"}\n{broken\n{\"id\":\"g7\"}\n{\"id\":\"g8\"}\n"
      + "{\"id\":\"g9\"}\n{broken\n";

  private static List<String> take(RecordSource source, int n) throws FatalRecordException {
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      FileRecord r = source.next();
      ids.add(r == null ? null : r.value(0));
    }
    return ids;
  }

  /**
   * Issue 11.15: two clients load a file split by insertstart (records 0-4 and 5-9). The second client counted
   * the malformed records among the first client's records and the bytes before its own first record, so the
   * counters summed over clients (and RawToStoredRatio) were off. Each record and byte belongs to one client.
   */
  @Test
  void countersOfClientsSplitByInsertStartAddUpToTheFile() throws Exception {
    Path file = TestFiles.write(dir, "mixed.jsonl", MIXED, StandardCharsets.UTF_8);
    LoadCounters first = new LoadCounters();
    LoadCounters second = new LoadCounters();
    assertEquals(List.of("g0", "g1", "g2", "g3", "g4"), take(source(file, new Properties(), Map.of(), 0, first), 5));
    assertEquals(List.of("g5", "g6", "g7", "g8", "g9"), take(source(file, new Properties(), Map.of(), 5, second), 5));
    // Malformed lines before g9 (the last record used): after g1, g4 and g6; the one after g4 lies between the
    // clients' records and is the second client's, which reads past it to its first record.
    assertEquals(1, first.malformed());
    assertEquals(2, second.malformed());
    long endOfG4 = MIXED.indexOf("{broken", MIXED.indexOf("g4"));
    long endOfG9 = MIXED.indexOf("{broken", MIXED.indexOf("g9"));
    assertEquals(endOfG4, first.inputBytes(), "first client: from the file's start to the end of g4");
    assertEquals(endOfG9 - endOfG4, second.inputBytes(), "second client: from the end of g4 to the end of g9");
    assertEquals(5, first.delivered());
    assertEquals(5, second.delivered());
  }

  /** Issue 11.15: with fileloader.wrap=true a malformed record was counted again on every pass over the file. */
  @Test
  void malformedRecordsAreCountedOnceHoweverOftenTheFileIsRead() throws Exception {
    Path file = TestFiles.write(dir, "mixed.jsonl", MIXED, StandardCharsets.UTF_8);
    Properties wrap = new Properties();
    wrap.setProperty("fileloader.wrap", "true");
    LoadCounters counters = new LoadCounters();
    List<String> ids = take(source(file, wrap, Map.of(), 0, counters), 35);
    assertEquals("g4", ids.get(34));
    assertEquals(3, counters.wraps());
    assertEquals(4, counters.malformed());
    assertEquals(3L * MIXED.length() + MIXED.indexOf("{broken", MIXED.indexOf("g4")), counters.inputBytes());
    // Starting at record 5 and wrapping: the malformed lines before g5 are met (and counted) on the second pass.
    LoadCounters fromFive = new LoadCounters();
    assertEquals(List.of("g5", "g6", "g7", "g8", "g9", "g0", "g1", "g2", "g3", "g4", "g5", "g6", "g7"),
        take(source(file, wrap, Map.of(), 5, fromFive), 13));
    assertEquals(4, fromFive.malformed());
  }

  @Test
  void byteLimitedColumnsCountUtf8AndTruncateOnCharacterBoundaries() throws Exception {
    Path file = TestFiles.write(dir, "u.jsonl", "{\"id\":\"1\",\"text\":\"\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\"}\n",
        StandardCharsets.UTF_8);
    Map<String, ColumnLimit> limits = Map.of("FIELD1", ColumnLimit.bytes(11));
    FatalRecordException e = assertThrows(FatalRecordException.class,
        () -> source(file, new Properties(), limits).next());
    assertEquals("record at line 1 (byte offset 0): field 'text' is 14 bytes in UTF-8, longer than its column field1 "
        + "(11 bytes); widen the column (fieldlength or fileloader.maxlength) or set fileloader.overlength=truncate",
        e.getMessage());
    Properties truncate = new Properties();
    truncate.setProperty("fileloader.overlength", "truncate");
    assertEquals("\u00e9\u00e9\u00e9\u00e9\u00e9", source(file, truncate, limits).next().value(1));
    // An explicit fileloader.maxlength.NAME wins over the table's width.
    Properties wide = new Properties();
    wide.setProperty("fileloader.maxlength.field1", "7");
    assertEquals(7, source(file, wide, limits).next().value(1).length());
  }

  @Test
  void utf8Sizes() {
    assertEquals(0, Utf8.length(""));
    assertEquals(1 + 2 + 3 + 4, Utf8.length("a\u00e9\u20ac\ud83d\ude00"));
    assertEquals("a\u00e9", Utf8.prefixFitting("a\u00e9\u20ac", 5));
    assertEquals("a\u00e9\u20ac", Utf8.prefixFitting("a\u00e9\u20ac\ud83d\ude00", 9));
    assertEquals("a\u00e9\u20ac\ud83d\ude00", Utf8.prefixFitting("a\u00e9\u20ac\ud83d\ude00", 10));
  }

  @Test
  void progressLineSaysWhereAndHowFast() throws Exception {
    Path file = Path.of("src/test/resources/reviews-sample.txt");
    RecordSource source = source(file, new Properties(), Map.of());
    for (int i = 0; i < 50; i++) {
      source.next();
    }
    ProgressReporter reporter = new ProgressReporter(source, () -> 50, 100, 10, System.err);
    String line = reporter.line();
    assertTrue(line.matches(".* fileloader: \\d+ sec: 50 records; at line 4\\d\\d, [0-9.]+ of 0\\.1 MB of the file read "
        + "\\(\\d+\\.\\d%\\); [0-9.]+ records/sec; est completion in \\d+ sec"), line);
    assertEquals("1 h 1 min", ProgressReporter.formatDuration(3700));
  }
}
