package com.mytopling.ycsb.core.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunRecordTest {
  private static final String PASSWORD = "s3cret-Pw";

  private static RunRecord bindingRecord() {
    RunRecord r = RunRecord.binding(false);
    r.finished = true;
    r.connection = new RunRecord.Connection();
    r.connection.dialect = "mysql";
    r.connection.serverVersion = "10.11.19-MariaDB-0+deb12u1";
    r.connection.engine = "InnoDB";
    r.connection.driverName = "MariaDB Connector/J";
    r.connection.driverVersion = "3.5.1";
    r.connection.shards = 2;
    r.connection.urls = List.of("jdbc:mysql://127.0.0.1:3307/ycsb?user=u&password=" + PASSWORD,
        "jdbc:sqlserver://h;databaseName=d;password={" + PASSWORD + ";x}");
    r.connection.driverSettingsAdded = List.of("useServerPrepStmts=true");
    r.inserts = new RunRecord.Inserts();
    r.inserts.batched = true;
    r.inserts.bulkMode = "batchapi";
    r.inserts.rowsPerBatch = 1000;
    r.rows = new RunRecord.Rows();
    r.rows.stored = 9990;
    r.rows.failed = 10;
    r.rows.acknowledgedLost = 9;
    r.rows.reconnects = 1;
    r.rows.errors = 1;
    RunRecord.ErrorKind e = new RunRecord.ErrorKind();
    e.operation = "INSERT";
    e.kind = "08S01/0";
    e.message = "08S01/0 Communications link failure (the server said: Access denied, password " + PASSWORD + ")";
    e.count = 1;
    r.errors = List.of(e);
    return r;
  }

  @Test
  void aRecordIsReadBackFigureByFigure(@TempDir Path dir) throws Exception {
    Path file = RunRecordFiles.binding(dir.resolve("client-1"), "load");
    new RunRecordWriter(file, PASSWORD).write(bindingRecord());
    RunRecord back = RunRecordReader.read(file);
    assertEquals(dir.resolve("client-1").resolve("binding-load.json"), file);
    assertEquals(RunRecord.SCHEMA_VERSION, back.schemaVersion);
    assertEquals("binding", back.writer);
    assertEquals("load", back.phase);
    assertTrue(back.finished);
    assertEquals("10.11.19-MariaDB-0+deb12u1", back.connection.serverVersion);
    assertEquals("3.5.1", back.connection.driverVersion);
    assertEquals(2, back.connection.shards);
    assertEquals(List.of("useServerPrepStmts=true"), back.connection.driverSettingsAdded);
    assertEquals("batchapi", back.inserts.bulkMode);
    assertEquals(1000, back.inserts.rowsPerBatch);
    assertEquals(9990, back.rows.stored);
    assertEquals(10, back.rows.failed);
    assertEquals(9, back.rows.acknowledgedLost);
    assertEquals(1, back.rows.reconnects);
    assertEquals(1, back.errors.get(0).count);
    assertTrue(Files.readString(file).contains("\"acknowledged_lost\" : 9"), "snake_case names in the file");
    assertFalse(Files.exists(file.resolveSibling("binding-load.json.partial")));
  }

  @Test
  void noPasswordReachesTheFile(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("binding-load.json");
    new RunRecordWriter(file, PASSWORD).write(bindingRecord());
    String text = Files.readString(file);
    assertFalse(text.contains(PASSWORD), text);
    assertFalse(text.contains("x}"), "nothing of a braced SQL Server password is left: " + text);
    assertTrue(text.contains("password=*****"), text);
    assertTrue(RunRecordReader.read(file).errors.get(0).message.contains("password *****"), text);
  }

  @Test
  void aPasswordThatIsAlsoAWordOfTheRecordLeavesTheRecordReadable(@TempDir Path dir) throws Exception {
    // User ycsb, password ycsb, database ycsb (ci-regression's own servers, many test set-ups): masked in every string,
    // it took the record's schema name ("mytopling-*****-record"), and the reader refused the file.
    Path file = dir.resolve("binding-run.json");
    RunRecord r = bindingRecord();
    r.connection.urls = List.of("jdbc:mysql://127.0.0.1:3307/ycsb?user=ycsb&password=ycsb");
    r.errors.get(0).message = "28000/1045 Access denied (the server said: password ycsb)";
    r.failure = "fatal: cannot connect with password ycsb";
    new RunRecordWriter(file, "ycsb").write(r);
    RunRecord back = RunRecordReader.read(file);
    assertEquals(RunRecord.SCHEMA, back.schema);
    assertEquals("binding", back.writer);
    assertEquals("load", back.phase);
    assertEquals("batchapi", back.inserts.bulkMode);
    // Everything else is still searched: the password appears nowhere but in the fixed words.
    assertEquals(List.of("jdbc:mysql://127.0.0.1:3307/*****?user=*****&password=*****"), back.connection.urls);
    assertEquals("28000/1045 Access denied (the server said: password *****)", back.errors.get(0).message);
    assertEquals("fatal: cannot connect with password *****", back.failure);
    String text = Files.readString(file).replace(RunRecord.SCHEMA, "");
    assertFalse(text.contains("ycsb"), text);
  }

  @Test
  void theReaderMasksFilesWrittenElsewhere(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("binding-run.json");
    Files.writeString(file, "{\"schema\": \"mytopling-ycsb-record\", \"schema_version\": 1, \"writer\": \"binding\","
        + " \"phase\": \"run\", \"connection\": {\"urls\": [\"jdbc:mysql://u:hunter2@h/db\"]}, \"future_field\": 1}");
    RunRecord r = RunRecordReader.read(file);
    assertEquals(List.of("jdbc:mysql://u:*****@h/db"), r.connection.urls);
    assertFalse(r.finished);
    assertNull(r.rows, "no totals before the phase ended");
  }

  @Test
  void otherFilesAndNewerVersionsAreRefusedInOneLine(@TempDir Path dir) throws Exception {
    Path newer = dir.resolve("newer.json");
    Files.writeString(newer, "{\"schema\": \"mytopling-ycsb-record\", \"schema_version\": 2, \"writer\": \"binding\"}");
    assertEquals(newer + ": record schema version 2 is newer than this harness reads (1); update the harness",
        assertThrows(RunRecordException.class, () -> RunRecordReader.read(newer)).getMessage());
    Path summary = dir.resolve("summary.json");
    Files.writeString(summary, "{\"schema\": \"mytopling-ycsb-summary\", \"schema_version\": 1}");
    assertTrue(assertThrows(RunRecordException.class, () -> RunRecordReader.read(summary)).getMessage()
        .contains("not a run record of this harness (schema is 'mytopling-ycsb-summary'"));
    Path broken = dir.resolve("broken.json");
    Files.writeString(broken, "{\"schema\": ");
    assertTrue(assertThrows(RunRecordException.class, () -> RunRecordReader.read(broken)).getMessage()
        .startsWith(broken + ": not valid JSON"));
    Path missing = dir.resolve("missing.json");
    assertEquals(missing + ": no such file",
        assertThrows(RunRecordException.class, () -> RunRecordReader.read(missing)).getMessage());
  }

  /** Lines as the binding printed them before records existed (from a recorded run of the harness). */
  @Test
  void version0IsReadFromTheBindingsLines() {
    String stderr = String.join("\n",
        "2026-11-21 16:01:15:003 0 sec: 0 operations; est completion in 0 second",
        "[mytopling] connected: dialect=mysql server=\"10.11.19-MariaDB-0+deb12u1\" engine=InnoDB shards=1 "
            + "driver=\"MariaDB Connector/J 3.5.1\" url=jdbc:mysql://127.0.0.1:3307/ycsb?password=hunter2",
        "[mytopling] driver settings added (set them in the URL to override, db.driveroptions=false for none): "
            + "useServerPrepStmts=true, cachePrepStmts=true",
        "[mytopling] error: INSERT failed: 23000/1062 Duplicate entry (later errors of this kind are counted; totals at the end)",
        "[mytopling] totals: inserted rows stored=9990 failed=10 reconnects=0 lock_retries=2 errors=10 "
            + "acknowledged_lost=9 run_phase_batching=true",
        "[mytopling] errors: INSERT 23000/1062 x 10 (first: 23000/1062 Duplicate entry 'user1' for key 'PRIMARY')");
    RunRecord r = RunRecordReader.fromBindingLines(stderr, "run");
    assertEquals(RunRecord.TEXT_LINES_VERSION, r.schemaVersion);
    assertEquals("mysql", r.connection.dialect);
    assertEquals("MariaDB Connector/J 3.5.1", r.connection.driverName);
    assertNull(r.connection.driverVersion);
    assertEquals(List.of("jdbc:mysql://127.0.0.1:3307/ycsb?password=*****"), r.connection.urls);
    assertEquals(List.of("useServerPrepStmts=true", "cachePrepStmts=true"), r.connection.driverSettingsAdded);
    assertEquals(9990, r.rows.stored);
    assertEquals(0, r.rows.skipped, "left out of the line: 0");
    assertEquals(9, r.rows.acknowledgedLost);
    assertEquals(2, r.rows.lockRetries);
    assertTrue(r.inserts.runPhaseBatching);
    assertNull(r.inserts.batched, "not known from the lines");
    assertEquals("23000/1062", r.errors.get(0).kind);
    assertEquals(10, r.errors.get(0).count);
    assertTrue(r.finished);
    assertNull(RunRecordReader.fromBindingLines("YCSB Client 0.17.0\n", "run"), "no binding lines: no record");
  }

  @Test
  void version0IsReadFromTheFileWorkloadsLines() {
    String stdout = String.join("\n", "[OVERALL], RunTime(ms), 1200", "[FILELOADER], File, /data/reviews.txt.gz",
        "[FILELOADER], Format, snap", "[FILELOADER], Phase, load", "[FILELOADER], RecordsUsed, 15000",
        "[FILELOADER], InsertsOk, 15000", "[FILELOADER], InsertsExpected, 15000", "[FILELOADER], RawInputBytes, 9000000",
        "[FILELOADER], Status, OK", "[FILELOADER], TableEngine, InnoDB", "[FILELOADER], TableStoredBytes, 12000000",
        "[FILELOADER], RawToStoredRatio, 0.750");
    RunRecord r = RunRecordReader.fromFileLoaderLines(stdout, "load");
    assertEquals(15000, r.fileLoad.insertsOk);
    assertEquals(15000L, r.fileLoad.insertsExpected);
    assertNull(r.fileLoad.updatesOk, "a load has no updates");
    assertEquals("OK", r.fileLoad.status);
    assertEquals(12_000_000L, r.fileLoad.table.storedBytes);
    assertEquals(0.75, r.fileLoad.table.rawToStoredRatio);
    RunRecord failed = RunRecordReader.fromFileLoaderLines("[FILELOADER], Status, FAILED: 10 of the 50 rows; gone\n",
        "load");
    assertEquals("FAILED", failed.fileLoad.status);
    assertEquals("10 of the 50 rows; gone", failed.fileLoad.failure);
    assertNull(RunRecordReader.fromFileLoaderLines("[OVERALL], RunTime(ms), 1200\n", "load"));
  }
}
