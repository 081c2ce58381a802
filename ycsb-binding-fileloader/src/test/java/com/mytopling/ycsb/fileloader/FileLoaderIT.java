package com.mytopling.ycsb.fileloader;

import com.mytopling.ycsb.core.record.RunRecord;
import com.mytopling.ycsb.fileloader.format.DataFileSpec;
import com.mytopling.ycsb.fileloader.format.DataRecord;
import com.mytopling.ycsb.fileloader.format.TestFiles;
import com.mytopling.ycsb.fileloader.tool.ReviewSynthesizer;
import com.mytopling.ycsb.core.ExitStatus;
import com.mytopling.ycsb.jdbc.testing.TestServer;
import com.mytopling.ycsb.jdbc.testing.TestServers;
import com.mytopling.ycsb.jdbc.testing.YcsbProcess;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import site.ycsb.Utils;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Loads synthetic reviews through site.ycsb.Client (forked) and the JDBC binding into the real
 * servers of the binding's test fixture, then reads every row back and compares it with the file.
 */
class FileLoaderIT {
  private static final int RECORDS = 300;
  private static final List<String> FIELDS = List.of("FIELD0", "FIELD1", "FIELD2", "FIELD3", "FIELD4", "FIELD5",
      "FIELD6", "FIELD7");

  @TempDir
  static Path dir;
  static Path snap;
  static List<DataRecord> snapRecords;

  @BeforeAll
  static void writeFiles() throws IOException {
    snap = dir.resolve("reviews.txt");
    try (OutputStream os = Files.newOutputStream(snap)) {
      new ReviewSynthesizer(31).write(RECORDS, os);
    }
    snapRecords = records(snap);
    assertEquals(RECORDS, snapRecords.size());
    byte[] bytes = Files.readAllBytes(snap);
    TestFiles.writeBytes(dir, "reviews.txt.gz", bytes);
    TestFiles.writeBytes(dir, "reviews.txt.zst", bytes);
    for (String to : new String[] {"tsv", "jsonl"}) {
      YcsbProcess.Result r = YcsbProcess.runMain("com.mytopling.ycsb.fileloader.tool.DatasetTool",
          List.of("convert", snap.toString(), "--to", to, "--out", dir.resolve("reviews." + to).toString()));
      assertEquals(0, r.exitCode, r.toString());
    }
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

  private static String key(long keynum) {
    // CoreWorkload's hashed key order with zeropadding=1.
    return "user" + Utils.hash(keynum);
  }

  private static List<String> values(DataRecord r) {
    return TestFiles.values(r);
  }

  private static TestServer server(String engine) {
    return engine.equals("rocksdb") ? TestServers.rocksdb() : TestServers.innodb();
  }

  private static void drop(TestServer s, String table) throws SQLException {
    try (Connection c = s.connect(); Statement st = c.createStatement()) {
      st.execute("DROP TABLE IF EXISTS " + table);
    }
  }

  /** Runs site.ycsb.Client with the binding and the file workload; extra properties as name=value. */
  private static YcsbProcess.Result ycsb(TestServer s, String table, boolean load, int threads, Path file,
                                         String... extra) {
    List<String> args = new ArrayList<>(List.of(load ? "-load" : "-t", "-db", "com.mytopling.ycsb.jdbc.MyToplingDbClient",
        "-threads", Integer.toString(threads),
        "-p", "workload=" + FileWorkload.class.getName(),
        "-p", "fileloader.file=" + file,
        "-p", "table=" + table,
        "-p", "recordcount=" + RECORDS,
        "-p", "fieldlength=20000",
        "-p", "db.createtable=true"));
    s.dbProperties().forEach((k, v) -> {
      args.add("-p");
      args.add(k + "=" + v);
    });
    for (String e : extra) {
      args.add("-p");
      args.add(e);
    }
    return YcsbProcess.run(args);
  }

  private static Map<String, List<String>> rows(TestServer s, String table, List<String> columns) throws SQLException {
    Map<String, List<String>> rows = new HashMap<>();
    try (Connection c = s.connect(); Statement st = c.createStatement();
         ResultSet rs = st.executeQuery("SELECT YCSB_KEY, " + String.join(", ", columns) + " FROM " + table)) {
      while (rs.next()) {
        List<String> v = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
          v.add(rs.getString(i + 2));
        }
        rows.put(rs.getString(1), v);
      }
    }
    return rows;
  }

  private static void assertRowsAreTheRecords(Map<String, List<String>> rows, List<DataRecord> records) {
    assertEquals(records.size(), rows.size());
    for (int k = 0; k < records.size(); k++) {
      assertEquals(values(records.get(k)), rows.get(key(k)), "row of key number " + k);
    }
  }

  /** The file workload's figures of a phase, from its record (fileloader.recordfile), never from its lines. */
  private static RunRecord.FileLoad out(YcsbProcess.Result r) {
    assertNotNull(r.fileLoaderRecord, "the file workload wrote no record: " + r);
    return r.fileLoaderRecord.fileLoad;
  }

  @ParameterizedTest(name = "{0} with {1} thread(s) into {2}")
  @CsvSource({
      "reviews.txt, 1, innodb", "reviews.txt, 16, innodb",
      "reviews.txt.gz, 1, innodb", "reviews.txt.gz, 16, innodb",
      "reviews.txt.zst, 1, innodb", "reviews.txt.zst, 16, innodb",
      "reviews.tsv, 1, innodb", "reviews.tsv, 16, innodb",
      "reviews.jsonl, 1, innodb", "reviews.jsonl, 16, innodb",
      "reviews.txt.gz, 16, rocksdb", "reviews.jsonl, 1, rocksdb"})
  void loadsEveryRecordOnceAndEveryRowMatchesTheFile(String name, int threads, String engine) throws Exception {
    TestServer s = server(engine);
    String table = "fl_load_" + engine;
    drop(s, table);
    // One thread inserts row by row; 16 threads use the binding's multi-row batches.
    boolean batched = threads > 1;
    YcsbProcess.Result r = ycsb(s, table, true, threads, dir.resolve(name), "db.batchsize=" + (batched ? 16 : 1),
        "jdbc.batchupdateapi=" + batched);
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(RECORDS, r.output.count("INSERT", "Operations"), r.toString());
    assertEquals(RECORDS, r.output.count(batched ? "INSERT-BATCH" : "INSERT", "Return=OK"), r.toString());
    assertEquals(RECORDS, out(r).insertsOk);
    assertEquals("OK", out(r).status);
    assertRowsAreTheRecords(rows(s, table, FIELDS), snapRecords);
    assertTrue(out(r).table.storedBytes > 0, r.toString());
    assertTrue(out(r).table.rawToStoredRatio > 0, r.toString());
    assertEquals(engine.equals("rocksdb") ? "ROCKSDB" : "InnoDB", out(r).table.engine);
  }

  @Test
  void moreRecordsThanTheFileHasStopsEveryThreadAndFails() throws Exception {
    TestServer s = server("innodb");
    String table = "fl_eof";
    drop(s, table);
    YcsbProcess.Result r = ycsb(s, table, true, 16, snap, "recordcount=" + (RECORDS + 100));
    assertEquals(ExitStatus.FAILED.code, r.exitCode, r.toString());
    assertTrue(r.stderr.contains("ran out after " + RECORDS + " usable records"), r.stderr);
    assertTrue(r.stderr.contains("recordcount=" + RECORDS), r.stderr);
    assertEquals(RECORDS, r.output.count("INSERT", "Operations"), r.toString());
    assertEquals(RECORDS, r.output.count("INSERT", "Return=OK"), r.toString());
    assertRowsAreTheRecords(rows(s, table, FIELDS), snapRecords);
  }

  /** The sample with review/score removed from records 5 and 50. */
  private static Path withMalformedRecords() throws IOException {
    String text = Files.readString(snap, StandardCharsets.ISO_8859_1);
    String[] recs = text.split("\n\n");
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < recs.length; i++) {
      String rec = recs[i];
      if (i == 5 || i == 50) {
        rec = rec.replaceAll("review/score: [^\n]*\n", "");
      }
      sb.append(rec).append("\n\n");
    }
    return TestFiles.write(dir, "malformed.txt", sb.toString(), StandardCharsets.ISO_8859_1);
  }

  @Test
  void malformedRecordsAreSkippedAndNeverCountedOrFatalByPolicy() throws Exception {
    Path file = withMalformedRecords();
    List<DataRecord> good = records(file);
    assertEquals(RECORDS - 2, good.size());
    TestServer s = server("innodb");
    String table = "fl_malformed";
    drop(s, table);
    YcsbProcess.Result r = ycsb(s, table, true, 4, file, "recordcount=" + (RECORDS - 2));
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(2, out(r).malformedRecords);
    assertEquals(RECORDS - 2, r.output.count("INSERT", "Operations"));
    assertTrue(r.stderr.contains("missing field(s) 'review/score'"), r.stderr);
    assertRowsAreTheRecords(rows(s, table, FIELDS), good);

    drop(s, table);
    YcsbProcess.Result fatal = ycsb(s, table, true, 4, file, "fileloader.malformed=fail");
    assertEquals(ExitStatus.FAILED.code, fatal.exitCode, fatal.toString());
    assertTrue(fatal.stderr.contains("fileloader: FAILED: malformed record at line 46"), fatal.stderr);
    assertTrue(rows(s, table, FIELDS).size() <= 5, "nothing past the bad record is loaded");
  }

  /** 60 records: the first 50 of the sample, records 10..19 each followed by a copy with another text. */
  private static Path withDuplicateKeys() throws IOException {
    String[] recs = Files.readString(snap, StandardCharsets.ISO_8859_1).split("\n\n");
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 50; i++) {
      sb.append(recs[i]).append("\n\n");
      if (i >= 10 && i < 20) {
        sb.append(recs[i].replaceAll("review/text: [^\n]*(\n[^\n]*)*", "review/text: second copy " + i))
            .append("\n\n");
      }
    }
    return TestFiles.write(dir, "dups.txt", sb.toString(), StandardCharsets.ISO_8859_1);
  }

  /** Expected rows by key for a policy: first occurrence (skip) or last (upsert, one thread). */
  private static Map<String, List<String>> expectedByKey(List<DataRecord> recs, boolean lastWins) {
    Map<String, List<String>> m = new LinkedHashMap<>();
    for (DataRecord r : recs) {
      String k = r.value(0) + ":" + r.value(1);
      if (lastWins || !m.containsKey(k)) {
        m.put(k, values(r));
      }
    }
    return m;
  }

  @Test
  void duplicateKeyPolicies() throws Exception {
    Path file = withDuplicateKeys();
    List<DataRecord> recs = records(file);
    TestServer s = server("innodb");
    String table = "fl_dups";
    Map<String, List<String>> first = expectedByKey(recs, false);
    int duplicates = recs.size() - first.size();
    assertTrue(duplicates >= 10);

    drop(s, table);
    YcsbProcess.Result skip = ycsb(s, table, true, 8, file, "recordcount=" + first.size(),
        "fileloader.keyfields=productId,userId");
    assertEquals(0, skip.exitCode, skip.toString());
    assertEquals(duplicates, out(skip).duplicateKeys);
    assertEquals(first, rows(s, table, FIELDS));

    drop(s, table);
    YcsbProcess.Result error = ycsb(s, table, true, 1, file, "recordcount=" + recs.size(),
        "fileloader.keyfields=productId,userId", "fileloader.duplicates=error");
    assertEquals(ExitStatus.FAILED.code, error.exitCode, error.toString());
    assertTrue(error.stderr.contains("duplicate key '"), error.stderr);
    // One thread, one row per statement: every record before the first duplicate is stored, nothing after it.
    Set<String> beforeFirstDuplicate = new HashSet<>();
    for (DataRecord r : recs) {
      if (!beforeFirstDuplicate.add(r.value(0) + ":" + r.value(1))) {
        break;
      }
    }
    Map<String, List<String>> stopped = rows(s, table, FIELDS);
    assertEquals(beforeFirstDuplicate, stopped.keySet());
    stopped.forEach((k, v) -> assertEquals(first.get(k), v, k));

    drop(s, table);
    YcsbProcess.Result upsert = ycsb(s, table, true, 1, file, "recordcount=" + recs.size(),
        "fileloader.keyfields=productId,userId", "fileloader.duplicates=upsert");
    assertEquals(0, upsert.exitCode, upsert.toString());
    assertEquals(recs.size(), upsert.output.count("INSERT", "Return=OK"));
    Map<String, List<String>> last = expectedByKey(recs, true);
    assertEquals(last, rows(s, table, FIELDS));
    assertTrue(last.values().stream().anyMatch(v -> v.get(7).startsWith("second copy")));
  }

  @Test
  void runPhaseUpdatesCarryFileValuesAndStopAtEndOfFile() throws Exception {
    TestServer s = server("innodb");
    String table = "fl_run";
    drop(s, table);
    assertEquals(0, ycsb(s, table, true, 4, snap).exitCode);
    Path updates = dir.resolve("updates.txt");
    try (OutputStream os = Files.newOutputStream(updates)) {
      new ReviewSynthesizer(32).write(100, os);
    }
    List<DataRecord> updateRecords = records(updates);
    YcsbProcess.Result run = ycsb(s, table, false, 4, updates, "operationcount=50", "readproportion=0",
        "updateproportion=1", "writeallfields=true");
    assertEquals(0, run.exitCode, run.toString());
    assertEquals(50, run.output.count("UPDATE", "Return=OK"), run.toString());
    Set<List<String>> firstFifty = new HashSet<>();
    for (int i = 0; i < 50; i++) {
      firstFifty.add(values(updateRecords.get(i)));
    }
    Map<String, List<String>> rows = rows(s, table, FIELDS);
    int updated = 0;
    for (int k = 0; k < RECORDS; k++) {
      List<String> row = rows.get(key(k));
      if (firstFifty.contains(row)) {
        updated++;
      } else {
        assertEquals(values(snapRecords.get(k)), row, "row not updated keeps its loaded values");
      }
    }
    assertTrue(updated >= 1 && updated <= 50, "updated rows: " + updated);

    YcsbProcess.Result eof = ycsb(s, table, false, 4, updates, "operationcount=500", "readproportion=0.5",
        "updateproportion=0.5");
    assertEquals(0, eof.exitCode, eof.toString());
    assertEquals(Boolean.TRUE, out(eof).stoppedAtEndOfFile);
    assertEquals(100, eof.output.count("UPDATE", "Operations"), eof.toString());
    assertTrue(eof.stderr.contains("end of the data file after 100 records"), eof.stderr);
    // Each field of each row holds its loaded value or that field of one of the update file's records.
    Map<String, List<String>> after = rows(s, table, FIELDS);
    assertEquals(RECORDS, after.size());
    for (int k = 0; k < RECORDS; k++) {
      List<String> row = after.get(key(k));
      for (int f = 0; f < FIELDS.size(); f++) {
        String v = row.get(f);
        int field = f;
        assertTrue(v.equals(rows.get(key(k)).get(f))
            || updateRecords.stream().anyMatch(u -> values(u).get(field).equals(v)), "key " + k + " field " + f);
      }
    }
  }

  /** Creates the table with `dataset schema` (run as a process) and returns the DDL. */
  private static String createWithDatasetSchema(TestServer s, String table, String dialect) throws SQLException {
    YcsbProcess.Result schema = YcsbProcess.runMain("com.mytopling.ycsb.fileloader.tool.DatasetTool",
        List.of("schema", snap.toString(), "--dialect", dialect, "--table", table));
    assertEquals(0, schema.exitCode, schema.toString());
    StringBuilder ddl = new StringBuilder();
    for (String line : schema.stdout.split("\n")) {
      if (!line.startsWith("--")) {
        ddl.append(line).append('\n');
      }
    }
    try (Connection c = s.connect(); Statement st = c.createStatement()) {
      st.execute(ddl.toString().trim().replaceAll(";$", ""));
    }
    return ddl.toString();
  }

  @ParameterizedTest(name = "{0} ({1})")
  @CsvSource({"innodb, mysql", "rocksdb, myrocks"})
  void datasetNamesWithTheTableFromDatasetSchema(String engine, String dialect) throws Exception {
    TestServer s = server(engine);
    String table = "fl_named";
    drop(s, table);
    createWithDatasetSchema(s, table, dialect);
    YcsbProcess.Result r = ycsb(s, table, true, 4, snap, "db.createtable=false", "fileloader.naming=dataset");
    assertEquals(0, r.exitCode, r.toString());
    List<String> columns = List.of("PRODUCTID", "USERID", "PROFILENAME", "HELPFULNESS", "SCORE", "TIME", "SUMMARY", "TEXT");
    assertRowsAreTheRecords(rows(s, table, columns), snapRecords);
  }

  @Test
  void aColumnNarrowerThanTheDataIsNamedWithRecordAndField() throws Exception {
    TestServer s = server("innodb");
    String table = "fl_narrow";
    drop(s, table);
    createWithDatasetSchema(s, table, "mysql");
    try (Connection c = s.connect(); Statement st = c.createStatement()) {
      st.execute("ALTER TABLE " + table + " MODIFY SUMMARY VARCHAR(20) NOT NULL");
    }
    int longSummary = -1;
    for (int i = 0; i < snapRecords.size() && longSummary < 0; i++) {
      if (snapRecords.get(i).value(6).length() > 20) {
        longSummary = i;
      }
    }
    assertTrue(longSummary >= 0, "the sample has a summary longer than 20 characters");
    YcsbProcess.Result r = ycsb(s, table, true, 1, snap, "db.createtable=false", "fileloader.naming=dataset");
    assertEquals(ExitStatus.FAILED.code, r.exitCode, r.toString());
    DataRecord rec = snapRecords.get(longSummary);
    assertTrue(r.stderr.contains("record at " + rec.position() + ": field 'review/summary' is "
        + rec.value(6).length() + " characters, longer than its column summary (20 characters)"), r.stderr);
    assertEquals(longSummary, rows(s, table, List.of("SUMMARY")).size(), "rows before the long one are loaded");

    drop(s, table);
    createWithDatasetSchema(s, table, "mysql");
    try (Connection c = s.connect(); Statement st = c.createStatement()) {
      st.execute("ALTER TABLE " + table + " MODIFY SUMMARY VARCHAR(20) NOT NULL");
    }
    YcsbProcess.Result cut = ycsb(s, table, true, 4, snap, "db.createtable=false", "fileloader.naming=dataset",
        "fileloader.overlength=truncate");
    assertEquals(0, cut.exitCode, cut.toString());
    assertTrue(out(cut).truncatedValues > 0);
    assertEquals(rec.value(6).substring(0, 20), rows(s, table, List.of("SUMMARY")).get(key(longSummary)).get(0));
  }

  @Test
  void aWorkloadThatCannotStartEndsTheProcessWithTheBadInputStatus() {
    YcsbProcess.Result r = YcsbProcess.run(List.of("-load", "-db", "site.ycsb.BasicDB",
        "-p", "workload=" + FileWorkload.class.getName(), "-p", "fileloader.file=" + dir.resolve("absent.txt")));
    assertEquals(ExitStatus.BAD_INPUT.code, r.exitCode, r.toString());
    assertTrue(r.stderr.strip().endsWith("fileloader: FAILED: data file " + dir.resolve("absent.txt") + " does not exist"),
        r.stderr);
  }

  @Test
  void datasetCommandsAsProcesses() throws Exception {
    YcsbProcess.Result stats = YcsbProcess.runMain("com.mytopling.ycsb.fileloader.tool.DatasetTool",
        List.of("stats", dir.resolve("reviews.txt.zst").toString()));
    assertEquals(0, stats.exitCode, stats.toString());
    assertTrue(stats.stdout.contains("records: " + RECORDS + "\n"), stats.stdout);

    YcsbProcess.Result missing = YcsbProcess.runMain("com.mytopling.ycsb.fileloader.tool.DatasetTool",
        List.of("stats", dir.resolve("absent.txt").toString()));
    assertEquals(ExitStatus.BAD_INPUT.code, missing.exitCode);
    assertEquals("dataset stats: data file " + dir.resolve("absent.txt") + " does not exist", missing.stderr.strip());

    byte[] gz = Files.readAllBytes(dir.resolve("reviews.txt.gz"));
    Path cut = dir.resolve("cut.txt.gz");
    Files.write(cut, java.util.Arrays.copyOf(gz, gz.length / 2));
    YcsbProcess.Result truncated = YcsbProcess.runMain("com.mytopling.ycsb.fileloader.tool.DatasetTool",
        List.of("stats", cut.toString()));
    assertEquals(ExitStatus.BAD_INPUT.code, truncated.exitCode);
    assertEquals(1, truncated.stderr.strip().lines().count(), truncated.stderr);
    assertTrue(truncated.stderr.contains("truncated or corrupt gzip"), truncated.stderr);
    assertFalse(truncated.stderr.contains("\tat "), truncated.stderr);

    YcsbProcess.Result format = YcsbProcess.runMain("com.mytopling.ycsb.fileloader.tool.DatasetTool",
        List.of("convert", snap.toString(), "--to", "parquet"));
    assertEquals(ExitStatus.BAD_INPUT.code, format.exitCode);
    assertEquals("dataset convert: unknown format 'parquet' (snap, tsv, csv, jsonl)", format.stderr.strip());
  }
}
