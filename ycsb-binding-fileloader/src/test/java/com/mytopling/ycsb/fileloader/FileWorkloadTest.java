package com.mytopling.ycsb.fileloader;

import com.mytopling.ycsb.fileloader.format.DataFileSpec;
import com.mytopling.ycsb.fileloader.format.DataRecord;
import com.mytopling.ycsb.fileloader.format.TestFiles;
import com.mytopling.ycsb.fileloader.tool.ReviewSynthesizer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FileWorkloadTest {
  @TempDir
  Path dir;

  private final ByteArrayOutputStream notes = new ByteArrayOutputStream();
  private final ByteArrayOutputStream summary = new ByteArrayOutputStream();

  @BeforeAll
  static void measurements() {
    // site.ycsb.Client does this before creating the workload.
    Measurements.setProperties(new Properties());
  }

  @BeforeEach
  void clearTable() {
    MemoryDb.reset();
  }

  private Path synth(String name, long records, long seed) throws IOException {
    Path p = dir.resolve(name);
    try (OutputStream os = Files.newOutputStream(p)) {
      new ReviewSynthesizer(seed).write(records, os);
    }
    return p;
  }

  private Properties props(Path file, boolean run, long recordcount) {
    Properties p = new Properties();
    p.setProperty("fileloader.file", file.toString());
    p.setProperty("fileloader.exitstatus", "false");
    p.setProperty("fileloader.progress.interval", "0");
    p.setProperty("fileloader.tablesize", "false");
    p.setProperty("dotransactions", Boolean.toString(run));
    p.setProperty("recordcount", Long.toString(recordcount));
    p.setProperty("operationcount", "0");
    p.setProperty("fieldlength", "100000");
    return p;
  }

  private FileWorkload init(Properties p) throws WorkloadException {
    FileWorkload w = new FileWorkload();
    w.setOutput(new PrintStream(notes, true, StandardCharsets.UTF_8), new PrintStream(summary, true, StandardCharsets.UTF_8));
    w.init(p);
    return w;
  }

  private static List<DataRecord> records(Path file) throws IOException {
    List<DataRecord> out = new ArrayList<>();
    for (Object o : TestFiles.readAll(DataFileSpec.detect(file))) {
      if (o instanceof DataRecord r) {
        out.add(r);
      }
    }
    return out;
  }

  private static Map<String, String> row(List<String> columns, DataRecord r) {
    Map<String, String> m = new HashMap<>();
    for (int i = 0; i < columns.size(); i++) {
      m.put(columns.get(i), r.value(i));
    }
    return m;
  }

  private String notes() {
    return notes.toString(StandardCharsets.UTF_8);
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 16})
  void loadWritesEveryRecordExactlyOnceUnderItsOrdinalKey(int threads) throws Exception {
    Path file = synth("r.txt", 500, 11);
    Properties p = props(file, false, 500);
    FileWorkload w = init(p);
    assertEquals("8", p.getProperty("fieldcount"));
    long ops = ClientThreads.run(w, p, threads, 500);
    assertEquals(500, ops);
    assertEquals(500, MemoryDb.INSERT_CALLS.get());
    List<DataRecord> expected = records(file);
    assertEquals(500, MemoryDb.ROWS.size());
    for (int k = 0; k < expected.size(); k++) {
      assertEquals(row(w.columnNames(), expected.get(k)), MemoryDb.ROWS.get(w.keyFor(k)), "key number " + k);
    }
    assertNull(w.failure());
    assertEquals(500, w.counters().insertsOk());
    assertEquals(Files.size(file), w.counters().inputBytes());
    assertTrue(summary.toString(StandardCharsets.UTF_8).contains("[FILELOADER], InsertsOk, 500"));
  }

  /** The binding's row totals as a launcher passes them on. */
  private record Rows(long stored, long failed, long skipped) implements BindingRows {
  }

  /**
   * Issue 11.9: inserts that returned OK (or BATCHED_OK) only reached the binding; when its totals do not show the
   * rows stored (the final flush at cleanup failed), the summary must not say OK.
   */
  @Test
  void rowsTheBindingDidNotStoreMakeTheSummaryFailed() throws Exception {
    Path file = synth("r.txt", 50, 21);
    Properties p = props(file, false, 50);
    FileWorkload w = init(p);
    // 40 rows stored, the last batch of 10 failed when it was flushed at cleanup.
    w.bindingRows(new Rows(40, 10, 0));
    assertEquals(50, ClientThreads.run(w, p, 2, 50));
    assertNotNull(w.failure());
    assertEquals("10 of the 50 rows handed to the binding were not stored (binding totals: stored=40 skipped=0 "
        + "failed=10)", w.failure());
    String out = summary.toString(StandardCharsets.UTF_8);
    assertTrue(out.contains("[FILELOADER], InsertsOk, 50"), out);
    assertTrue(out.contains("[FILELOADER], Status, FAILED: 10 of the 50 rows"), out);
    assertFalse(out.contains("[FILELOADER], Status, OK"), out);
  }

  /**
   * The workload's record (fileloader.recordfile): the same counters as its [FILELOADER] lines and its failure, read
   * back through the one record reader; the run's password never reaches it, not even inside a data file's path.
   */
  @Test
  void theRecordHoldsTheCountersAndTheFailureAndNoPassword() throws Exception {
    Path file = synth("r-hunter2.txt", 50, 21);
    Properties p = props(file, false, 50);
    Path record = dir.resolve("records").resolve("fileloader-load.json");
    p.setProperty("fileloader.recordfile", record.toString());
    p.setProperty("db.passwd", "hunter2");
    FileWorkload w = init(p);
    w.bindingRows(new Rows(40, 10, 0));
    assertEquals(50, ClientThreads.run(w, p, 2, 50));
    com.mytopling.ycsb.core.record.RunRecord r = com.mytopling.ycsb.core.record.RunRecordReader.read(record);
    assertEquals("fileloader", r.writer);
    assertEquals("load", r.phase);
    assertTrue(r.finished);
    assertEquals(50, r.fileLoad.insertsOk);
    assertEquals(50, r.fileLoad.recordsUsed);
    assertEquals(Long.valueOf(50), r.fileLoad.insertsExpected);
    assertEquals(Files.size(file), r.fileLoad.rawInputBytes);
    assertEquals("FAILED", r.fileLoad.status);
    assertTrue(r.fileLoad.failure.startsWith("10 of the 50 rows"), r.fileLoad.failure);
    assertEquals("snap", r.fileLoad.format);
    assertFalse(Files.readString(record).contains("hunter2"), Files.readString(record));
    assertTrue(summary.toString(StandardCharsets.UTF_8).contains("[FILELOADER], InsertsOk, 50"), "lines as before");
  }

  /** Rows skipped because their key existed (db.insertexisting=skip) are accounted for: the load is OK. */
  @Test
  void rowsStoredOrSkippedAsExistingAreAllAccountedFor() throws Exception {
    Path file = synth("r.txt", 50, 21);
    Properties p = props(file, false, 50);
    FileWorkload w = init(p);
    w.bindingRows(new Rows(30, 0, 20));
    assertEquals(50, ClientThreads.run(w, p, 2, 50));
    assertNull(w.failure());
    assertTrue(summary.toString(StandardCharsets.UTF_8).contains("[FILELOADER], Status, OK"));
  }

  @Test
  void moreOperationsThanRecordsEndsEveryThreadAndSaysSo() throws Exception {
    Path file = synth("r.txt", 100, 12);
    Properties p = props(file, false, 150);
    FileWorkload w = init(p);
    long ops = ClientThreads.run(w, p, 16, 150);
    // Only real inserts count as operations; nothing lost or doubled.
    assertEquals(100, ops);
    assertEquals(100, MemoryDb.ROWS.size());
    assertEquals(100, MemoryDb.INSERT_CALLS.get());
    assertNotNull(w.failure());
    assertTrue(w.failure().contains("ran out after 100 usable records"), w.failure());
    assertTrue(w.failure().contains("recordcount=100"), w.failure());
  }

  @Test
  void precountRefusesATooShortFileBeforeWriting() throws Exception {
    Path file = synth("r.txt", 100, 12);
    Properties p = props(file, false, 101);
    p.setProperty("fileloader.precount", "true");
    WorkloadException e = assertThrows(WorkloadException.class, () -> init(p));
    assertEquals("the data file has only 100 well-formed records, but the load needs 101 (insertstart + records "
        + "to load); set recordcount=100 or use fileloader.wrap=true", e.getMessage());
    Properties enough = props(file, false, 100);
    enough.setProperty("fileloader.precount", "true");
    FileWorkload w = init(enough);
    assertEquals(100, ClientThreads.run(w, enough, 4, 100));
    assertNull(w.failure());
  }

  @Test
  void insertStartTakesTheMatchingRecords() throws Exception {
    Path file = synth("r.txt", 100, 13);
    Properties p = props(file, false, 100);
    p.setProperty("insertstart", "40");
    p.setProperty("insertcount", "60");
    FileWorkload w = init(p);
    assertEquals(60, ClientThreads.run(w, p, 4, 60));
    List<DataRecord> expected = records(file);
    assertEquals(60, MemoryDb.ROWS.size());
    for (int k = 40; k < 100; k++) {
      assertEquals(row(w.columnNames(), expected.get(k)), MemoryDb.ROWS.get(w.keyFor(k)));
    }
    assertNull(w.failure());
  }

  /**
   * scripts/verify reads the data file with the run's sealed settings (the file workload's derived settings resolved
   * into them): opening it must write nothing into them, and give the rows the load wrote.
   */
  @Test
  void loadedRecordsReadTheSealedSettingsWithoutWritingThem() throws Exception {
    Path file = synth("v.txt", 20, 17);
    Properties load = props(file, false, 20);
    FileWorkload w = init(load);
    assertEquals(20, ClientThreads.run(w, load, 1, 20));
    com.mytopling.ycsb.core.config.SettingsMerge merge = new com.mytopling.ycsb.core.config.SettingsMerge();
    props(file, false, 20).forEach((k, v) -> merge.set((String) k, (String) v, com.mytopling.ycsb.core.config.Origin.COMMAND_LINE));
    FileWorkload.derivedSettings(props(file, false, 20)).forEach((k, v) -> merge.set(k, v,
        com.mytopling.ycsb.core.config.Origin.derived("the file workload's fields")));
    Properties sealed = merge.resolve().properties();
    Map<Object, Object> before = new HashMap<>(sealed);
    LoadedRecords records = LoadedRecords.open(sealed);
    assertEquals(before, new HashMap<>(sealed), "the run's settings are unchanged");
    List<DataRecord> expected = records(file);
    for (int k = 0; k < 20; k++) {
      Map<String, String> wrote = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
      wrote.putAll(row(w.columnNames(), expected.get(k)));
      Map<String, String> read = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
      read.putAll(records.row(k));
      assertEquals(wrote, read, "key number " + k);
    }
    assertNull(records.row(20), "the file has 20 records");
    // Settings of a caller's own without the derived ones learn the load's columns, as the load's did.
    Properties plain = props(file, false, 20);
    LoadedRecords.open(plain);
    assertEquals(load.getProperty("db.fields"), plain.getProperty("db.fields"));
    assertEquals(load.getProperty("fieldcount"), plain.getProperty("fieldcount"));
    assertNotNull(plain.getProperty("fieldcount"), plain::toString);
  }

  private Path fileWithBadRecords() throws IOException {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 40; i++) {
      if (i % 10 == 3) {
        sb.append("a/id: ").append(i).append("\n\n"); // missing a/text
      } else {
        sb.append("a/id: ").append(i).append("\na/text: text ").append(i).append("\n\n");
      }
    }
    return TestFiles.write(dir, "bad.txt", sb.toString(), StandardCharsets.ISO_8859_1);
  }

  @Test
  void malformedRecordsAreSkippedNeverInsertedAndKeysStayContiguous() throws Exception {
    Path file = fileWithBadRecords();
    Properties p = props(file, false, 36);
    FileWorkload w = init(p);
    assertEquals(36, ClientThreads.run(w, p, 4, 36));
    assertEquals(36, MemoryDb.INSERT_CALLS.get());
    assertEquals(4, w.counters().malformed());
    int k = 0;
    for (int i = 0; i < 40; i++) {
      if (i % 10 != 3) {
        assertEquals(Map.of("field0", Integer.toString(i), "field1", "text " + i), MemoryDb.ROWS.get(w.keyFor(k++)));
      }
    }
    assertNull(w.failure());
    assertTrue(notes().contains("skipped malformed record at line 10 (byte offset"), notes());
  }

  @Test
  void malformedRecordsCanBeFatal() throws Exception {
    Path file = fileWithBadRecords();
    Properties p = props(file, false, 36);
    p.setProperty("fileloader.malformed", "fail");
    FileWorkload w = init(p);
    long ops = ClientThreads.run(w, p, 1, 36);
    assertEquals(3, ops);
    assertEquals(3, MemoryDb.ROWS.size());
    assertTrue(w.failure().contains("line 10"), w.failure());
    assertTrue(w.failure().contains("missing field(s) 'a/text'"), w.failure());
  }

  private Path fileWithDuplicateKeys() throws IOException {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 30; i++) {
      // ids 0..9 appear three times each; text tells the occurrences apart
      sb.append("a/id: ").append(i % 10).append("\na/user: u\na/text: occurrence ").append(i).append("\n\n");
    }
    return TestFiles.write(dir, "dup.txt", sb.toString(), StandardCharsets.ISO_8859_1);
  }

  @Test
  void duplicateKeysSkippedKeepTheFirstOccurrence() throws Exception {
    Path file = fileWithDuplicateKeys();
    Properties p = props(file, false, 10);
    p.setProperty("fileloader.keyfields", "a/id,user");
    FileWorkload w = init(p);
    assertEquals(10, ClientThreads.run(w, p, 8, 10));
    assertEquals(10, MemoryDb.ROWS.size());
    for (int i = 0; i < 10; i++) {
      assertEquals("occurrence " + i, MemoryDb.ROWS.get(i + ":u").get("field2"));
    }
    assertNull(w.failure());
  }

  @Test
  void duplicateKeysSkippedAreCountedToTheEnd() throws Exception {
    Path file = fileWithDuplicateKeys();
    Properties p = props(file, false, 30);
    p.setProperty("fileloader.keyfields", "a/id");
    FileWorkload w = init(p);
    assertEquals(10, ClientThreads.run(w, p, 4, 30));
    assertEquals(20, w.counters().duplicates());
    assertEquals(10, MemoryDb.INSERT_CALLS.get());
    // Fewer usable records than asked for: said, not hidden.
    assertTrue(w.failure().contains("ran out after 10 usable records"), w.failure());
  }

  @Test
  void duplicateKeysCanBeAnError() throws Exception {
    Path file = fileWithDuplicateKeys();
    Properties p = props(file, false, 30);
    p.setProperty("fileloader.keyfields", "a/id");
    p.setProperty("fileloader.duplicates", "error");
    FileWorkload w = init(p);
    assertEquals(10, ClientThreads.run(w, p, 1, 30));
    assertTrue(w.failure().contains("duplicate key '0' in record at line 41"), w.failure());
  }

  @Test
  void duplicateKeysUpsertWritesEveryOccurrenceWithTheBindingsUpsert() throws Exception {
    Path file = fileWithDuplicateKeys();
    Properties p = props(file, false, 30);
    p.setProperty("fileloader.keyfields", "a/id");
    p.setProperty("fileloader.duplicates", "upsert");
    FileWorkload w = init(p);
    assertEquals("true", p.getProperty("db.upsert"));
    assertEquals(30, ClientThreads.run(w, p, 1, 30));
    assertEquals(30, MemoryDb.INSERT_CALLS.get());
    assertEquals(20, w.counters().duplicates());
    assertEquals(10, MemoryDb.ROWS.size());
    // One thread: file order, so the last occurrence is what stays.
    assertEquals("occurrence 29", MemoryDb.ROWS.get("9").get("field2"));
  }

  @Test
  void valueLongerThanItsColumnNamesRecordAndField() throws Exception {
    Path file = TestFiles.write(dir, "l.txt", "a/id: 1\na/text: short\n\na/id: 2\na/text: much too long\n\n",
        StandardCharsets.ISO_8859_1);
    Properties p = props(file, false, 2);
    p.setProperty("fieldlength", "10");
    FileWorkload w = init(p);
    assertEquals(1, ClientThreads.run(w, p, 1, 2));
    assertTrue(w.failure().contains("record at line 4 (byte offset 23): field 'a/text' is 13 characters, "
        + "longer than its column field1 (10 characters)"), w.failure());
  }

  @Test
  void valueLongerThanItsColumnCanBeTruncated() throws Exception {
    Path file = TestFiles.write(dir, "l.txt", "a/id: 1\na/text: much too long\n\n", StandardCharsets.ISO_8859_1);
    Properties p = props(file, false, 1);
    p.setProperty("fieldlength", "10");
    p.setProperty("fileloader.overlength", "truncate");
    FileWorkload w = init(p);
    assertEquals(1, ClientThreads.run(w, p, 1, 1));
    assertEquals("much too l", MemoryDb.ROWS.get(w.keyFor(0)).get("field1"));
    assertEquals(1, w.counters().truncatedValues());
  }

  @Test
  void loadWrapsAroundWhenAsked() throws Exception {
    Path file = synth("r.txt", 10, 14);
    Properties p = props(file, false, 25);
    p.setProperty("fileloader.wrap", "true");
    FileWorkload w = init(p);
    assertEquals(25, ClientThreads.run(w, p, 3, 25));
    List<DataRecord> expected = records(file);
    for (int k = 0; k < 25; k++) {
      assertEquals(row(w.columnNames(), expected.get(k % 10)), MemoryDb.ROWS.get(w.keyFor(k)));
    }
    assertEquals(2, w.counters().wraps());
    // Two whole passes and half of a third: 10 + 10 + 5 records' bytes.
    assertTrue(w.counters().inputBytes() > 2 * Files.size(file), "input bytes over passes: " + w.counters().inputBytes());
    assertTrue(w.counters().inputBytes() < 3 * Files.size(file), "input bytes over passes: " + w.counters().inputBytes());
    assertNull(w.failure());
  }

  private FileWorkload load(Path file, long recordcount) throws Exception {
    Properties p = props(file, false, recordcount);
    FileWorkload w = init(p);
    assertEquals(recordcount, ClientThreads.run(w, p, 2, recordcount));
    return w;
  }

  private Properties updatesOnly(Path file, long recordcount, long operations) {
    Properties p = props(file, true, recordcount);
    p.setProperty("operationcount", Long.toString(operations));
    p.setProperty("readproportion", "0");
    p.setProperty("updateproportion", "1");
    p.setProperty("writeallfields", "true");
    return p;
  }

  @Test
  void runPhaseUpdatesCarryFileValues() throws Exception {
    Path loaded = synth("load.txt", 50, 15);
    load(loaded, 50);
    Path updates = synth("updates.txt", 100, 16);
    Properties p = updatesOnly(updates, 50, 30);
    FileWorkload w = init(p);
    assertEquals(30, ClientThreads.run(w, p, 4, 30));
    assertEquals(30, MemoryDb.UPDATE_CALLS.get());
    assertEquals(30, w.counters().updatesOk());
    Set<Map<String, String>> firstThirty = new HashSet<>();
    List<DataRecord> source = records(updates);
    for (int i = 0; i < 30; i++) {
      firstThirty.add(row(w.columnNames(), source.get(i)));
    }
    int updated = 0;
    for (Map<String, String> row : MemoryDb.ROWS.values()) {
      if (firstThirty.contains(row)) {
        updated++;
      }
    }
    // Uniform keys may hit a row twice; every updated row holds one of the first 30 records.
    assertTrue(updated >= 1 && updated <= 30, "rows holding update values: " + updated);
    Set<Map<String, String>> loadedRows = new HashSet<>();
    for (DataRecord r : records(loaded)) {
      loadedRows.add(row(w.columnNames(), r));
    }
    assertEquals(50, updated + MemoryDb.ROWS.values().stream().filter(loadedRows::contains).count());
  }

  @Test
  void runPhaseStopsCleanlyAtEndOfFile() throws Exception {
    load(synth("load.txt", 20, 17), 20);
    Path updates = synth("updates.txt", 10, 18);
    Properties p = updatesOnly(updates, 20, 100);
    FileWorkload w = init(p);
    long ops = ClientThreads.run(w, p, 4, 100);
    assertEquals(10, ops);
    assertEquals(10, MemoryDb.UPDATE_CALLS.get());
    assertTrue(w.stoppedAtEndOfFile());
    assertNull(w.failure());
    assertTrue(notes().contains("end of the data file after 10 records"), notes());
  }

  @Test
  void runPhaseWrapsWhenAsked() throws Exception {
    load(synth("load.txt", 20, 19), 20);
    Properties p = updatesOnly(synth("updates.txt", 10, 20), 20, 25);
    p.setProperty("fileloader.wrap", "true");
    FileWorkload w = init(p);
    assertEquals(25, ClientThreads.run(w, p, 4, 25));
    assertEquals(2, w.counters().wraps());
    assertFalse(w.stoppedAtEndOfFile());
  }

  @Test
  void runPhaseInsertsUseNewKeysAndFileValues() throws Exception {
    load(synth("load.txt", 20, 21), 20);
    Path inserts = synth("inserts.txt", 10, 22);
    Properties p = props(inserts, true, 20);
    p.setProperty("operationcount", "10");
    p.setProperty("readproportion", "0");
    p.setProperty("updateproportion", "0");
    p.setProperty("insertproportion", "1");
    p.setProperty("insertorder", "ordered");
    FileWorkload w = init(p);
    assertEquals(10, ClientThreads.run(w, p, 1, 10));
    List<DataRecord> source = records(inserts);
    for (int i = 0; i < 10; i++) {
      assertEquals(row(w.columnNames(), source.get(i)), MemoryDb.ROWS.get(w.keyFor(20 + i)));
    }
  }

  @Test
  void datasetNamingTellsTheBindingTheColumns() throws Exception {
    Properties p = props(Path.of("src/test/resources/reviews-sample.txt"), false, 100);
    p.setProperty("fileloader.naming", "dataset");
    FileWorkload w = init(p);
    assertEquals("productId,userId,profileName,helpfulness,score,time,summary,text", p.getProperty("db.fields"));
    assertEquals(List.of("productId", "userId", "profileName", "helpfulness", "score", "time", "summary", "text"),
        w.columnNames());
    assertEquals(100, ClientThreads.run(w, p, 3, 100));
    assertEquals(8, MemoryDb.ROWS.get(w.keyFor(99)).size());
  }

  @Test
  void selectedFieldsInTheirOrder() throws Exception {
    Properties p = props(Path.of("src/test/resources/reviews-sample.txt"), false, 5);
    p.setProperty("fileloader.fields", "text,review/score");
    FileWorkload w = init(p);
    assertEquals("2", p.getProperty("fieldcount"));
    ClientThreads.run(w, p, 1, 5);
    DataRecord first = records(Path.of("src/test/resources/reviews-sample.txt")).get(0);
    assertEquals(Map.of("field0", first.value(7), "field1", first.value(4)), MemoryDb.ROWS.get(w.keyFor(0)));
  }

  @Test
  void badSettingsAreRefusedAtInit() {
    Path sample = Path.of("src/test/resources/reviews-sample.txt");
    Properties conflict = props(sample, false, 10);
    conflict.setProperty("fieldcount", "10");
    assertTrue(assertThrows(WorkloadException.class, () -> init(conflict)).getMessage()
        .contains("fieldcount=10 but the data file gives 8 fields"));
    Properties runWithFieldKeys = props(sample, true, 10);
    runWithFieldKeys.setProperty("fileloader.keyfields", "productId");
    assertThrows(WorkloadException.class, () -> init(runWithFieldKeys));
    Properties missing = props(dir.resolve("none.txt"), false, 10);
    assertEquals("data file " + dir.resolve("none.txt") + " does not exist",
        assertThrows(WorkloadException.class, () -> init(missing)).getMessage());
    Properties unknownField = props(sample, false, 10);
    unknownField.setProperty("fileloader.fields", "rating");
    assertTrue(assertThrows(WorkloadException.class, () -> init(unknownField)).getMessage()
        .contains("field 'rating' is not in the data file"));
    Properties badPolicy = props(sample, false, 10);
    badPolicy.setProperty("fileloader.duplicates", "ignore");
    assertEquals("fileloader.duplicates: unknown value 'ignore' (expected one of skip, upsert, error)",
        assertThrows(WorkloadException.class, () -> init(badPolicy)).getMessage());
  }
}
