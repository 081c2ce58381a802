package com.mytopling.ycsb.results.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.core.record.RunRecord;
import com.mytopling.ycsb.core.record.RunRecordFiles;
import com.mytopling.ycsb.core.record.RunRecordWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A phase folder's binding facts: from its record, and from its lines where an older folder has no record. */
class BindingRecordsTest {
  @Test
  void theRecordWinsOverTheLines(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("load.err"), "[mytopling] totals: inserted rows stored=1 failed=0 reconnects=0 "
        + "errors=0\n");
    RunRecord r = RunRecord.binding(false);
    r.connection = new RunRecord.Connection();
    r.connection.dialect = "myrocks";
    r.connection.serverVersion = "10.11.19-MariaDB";
    r.connection.engine = "ROCKSDB";
    r.connection.shards = 1;
    r.connection.driverName = "MariaDB Connector/J";
    r.connection.driverVersion = "3.5.1";
    r.connection.urls.add("jdbc:mariadb://h/db?password=hunter2");
    r.rows = new RunRecord.Rows();
    r.rows.stored = 500;
    r.rows.acknowledgedLost = 2;
    r.finished = true;
    new RunRecordWriter(RunRecordFiles.binding(dir, "load"), "hunter2").write(r);

    RunRecord read = BindingRecords.binding(dir, "load");
    assertEquals(RunRecord.SCHEMA_VERSION, read.schemaVersion);
    Map<String, String> totals = BindingRecords.totals(read);
    assertEquals("500", totals.get("stored"));
    assertEquals("2", totals.get("acknowledged_lost"));
    assertFalse(totals.containsKey("skipped"), "a zero optional figure is left out as the totals line did");
    Map<String, String> server = BindingRecords.server(read);
    assertEquals("MariaDB Connector/J 3.5.1", server.get("driver"));
    assertEquals("jdbc:mariadb://h/db?password=*****", server.get("url"));
  }

  @Test
  void anOlderFolderIsReadFromItsLinesWithSecretsMasked(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("run.err"), "Loading workload...\n"
        + "[mytopling] connected: dialect=sqlserver server=\"16.0\" engine=default shards=1 driver=\"mssql 12.8\" "
        + "url=jdbc:sqlserver://h:1433;user=u;password={se;cret};encrypt=true\n"
        + "[mytopling] totals: inserted rows stored=9990 failed=10 reconnects=0 errors=10\n"
        + "[mytopling] errors: INSERT-BATCH 23000/1062 x 10 (first: Duplicate entry (url=jdbc:mysql://h/db?password=hunter2))\n");
    RunRecord read = BindingRecords.binding(dir, "run");
    assertEquals(RunRecord.TEXT_LINES_VERSION, read.schemaVersion);
    assertEquals("jdbc:sqlserver://h:1433;user=u;password=*****;encrypt=true", BindingRecords.server(read).get("url"));
    assertEquals("mssql 12.8", BindingRecords.server(read).get("driver"));
    assertEquals("9990", BindingRecords.totals(read).get("stored"));
    assertEquals("10", BindingRecords.totals(read).get("failed"));
    List<String> problems = BindingRecords.problems(read);
    assertEquals(1, problems.size(), problems::toString);
    assertTrue(problems.get(0).startsWith("binding: errors: INSERT-BATCH 23000/1062 x 10"), problems.get(0));
    assertFalse(problems.get(0).contains("hunter2"), problems.get(0));
    assertFalse(String.join("", BindingRecords.server(read).values()).contains("cret"));
  }

  @Test
  void clientsTotalsAreAddedUp() {
    Map<String, String> sum = BindingRecords.sum(java.util.Arrays.asList(
        Map.of("stored", "4000", "failed", "1"), null, Map.of("stored", "4000", "failed", "0", "run_phase_batching", "true")));
    assertEquals("8000", sum.get("stored"));
    assertEquals("1", sum.get("failed"));
    assertEquals("true", sum.get("run_phase_batching"));
    assertNull(BindingRecords.sum(java.util.Arrays.asList(null, null)));
  }
}
