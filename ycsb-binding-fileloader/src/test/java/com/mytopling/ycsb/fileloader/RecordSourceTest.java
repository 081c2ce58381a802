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
    Properties p = new Properties();
    p.setProperty("fileloader.file", file.toString());
    p.putAll(extra);
    FileLoaderConfig config = FileLoaderConfig.from(p);
    DataFileSpec spec = config.spec();
    RecordParser parser = spec.open();
    FieldMapping mapping = FieldMapping.build(parser.fieldNames(), List.of(), Naming.YCSB, "field",
        config.maxLengthByField(), new TableColumns(tableLimits, null, true), 0);
    return new RecordSource(spec, parser, mapping, new int[0], config, 0, new LoadCounters(),
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
