package com.mytopling.ycsb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.jdbc.testing.RecordingDbClient;
import com.mytopling.ycsb.jdbc.testing.RunRecording;
import com.mytopling.ycsb.jdbc.testing.StoredRows;
import com.mytopling.ycsb.jdbc.testing.TestServer;
import com.mytopling.ycsb.jdbc.testing.TestServers;
import com.mytopling.ycsb.jdbc.testing.Totals;
import com.mytopling.ycsb.jdbc.testing.YcsbProcess;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The binding driven by YCSB's own site.ycsb.Client against real servers (MariaDB with InnoDB
 * and with RocksDB), checked afterwards by reading the tables directly.
 */
class BindingIT {
  static final Path WORKLOADS = Path.of("..", "workloads").toAbsolutePath().normalize();
  static final int RECORDS = 600;
  static final int FIELD_LENGTH = 40;
  static final List<String> FIELDS = List.of("field0", "field1", "field2", "field3", "field4", "field5", "field6",
      "field7", "field8", "field9");

  static Stream<Arguments> loads() {
    List<Arguments> list = new ArrayList<>();
    for (String engine : List.of("innodb", "rocksdb")) {
      for (int batch : new int[] {1, 7, 5000}) {
        for (int shards : new int[] {1, 2}) {
          for (int threads : new int[] {1, 16}) {
            list.add(Arguments.of(engine, batch, shards, threads));
          }
        }
      }
    }
    return list.stream();
  }

  static TestServer server(String engine) {
    return engine.equals("innodb") ? TestServers.innodb() : TestServers.rocksdb();
  }

  /** Shard URLs: the server's own database, plus a second database on it for two shards. */
  static List<String> shardUrls(TestServer server, int shards) throws Exception {
    List<String> urls = new ArrayList<>();
    urls.add(server.jdbcUrl());
    if (shards > 1) {
      urls.add(server.databaseUrl("ycsb_shard2"));
    }
    return urls;
  }

  static List<String> args(TestServer server, List<String> urls, String table, String... extra) {
    List<String> a = new ArrayList<>();
    a.add("-db");
    a.add(MyToplingDbClient.class.getName());
    if (urls.size() == 1) {
      a.add("-p");
      a.add("db.url=" + urls.get(0));
    } else {
      for (int i = 0; i < urls.size(); i++) {
        a.add("-p");
        a.add("db.url." + (i + 1) + "=" + urls.get(i));
      }
    }
    if (server.user() != null) {
      a.add("-p");
      a.add("db.user=" + server.user());
    }
    if (server.password() != null) {
      a.add("-p");
      a.add("db.passwd=" + server.password());
    }
    for (String s : new String[] {"table=" + table, "fieldlength=" + FIELD_LENGTH, "fieldlengthdistribution=constant",
        "dataintegrity=true", "recordcount=" + RECORDS}) {
      a.add("-p");
      a.add(s);
    }
    for (String e : extra) {
      a.add(e);
    }
    return a;
  }

  static Properties keyProps() {
    Properties p = new Properties();
    p.setProperty("recordcount", Integer.toString(RECORDS));
    p.setProperty("fieldlength", Integer.toString(FIELD_LENGTH));
    p.setProperty("fieldlengthdistribution", "constant");
    return p;
  }

  @ParameterizedTest(name = "{0} batchsize={1} shards={2} threads={3}")
  @MethodSource("loads")
  void loadStoresEveryRowExactlyOnce(String engine, int batch, int shards, int threads) throws Exception {
    TestServer server = server(engine);
    List<String> urls = shardUrls(server, shards);
    String table = "load_b" + batch + "_s" + shards + "_t" + threads;
    YcsbProcess.Result r = YcsbProcess.run(args(server, urls, table, "-load", "-P", WORKLOADS.resolve("workloada").toString(),
        "-threads", Integer.toString(threads), "-p", "db.batchsize=" + batch, "-p", "jdbc.batchupdateapi=true",
        "-p", "db.createtable=true", "-p", "db.droptable=true"));

    assertEquals(0, r.exitCode, r::toString);
    assertTrue(r.stderr.contains("[mytopling] connected: dialect=" + (engine.equals("innodb") ? "mysql" : "myrocks")),
        r::toString);
    long ok = r.output.count("INSERT", "Return=OK");
    long batched = r.output.count("INSERT", "Return=BATCHED_OK");
    assertEquals(RECORDS, ok + batched, "insert calls accounted: " + r);
    if (batch > 1) {
      assertEquals(RECORDS, r.output.count(MyToplingDbClient.BATCH_SERIES, "Return=OK"), "rows stored by batches: " + r);
      assertEquals(0, r.output.count(MyToplingDbClient.BATCH_SERIES, "Return=ERROR"), r::toString);
    } else {
      assertFalse(r.output.has(MyToplingDbClient.BATCH_SERIES, "Operations"), "no batches with batchsize 1");
    }
    assertTrue(r.stderr.contains("[mytopling] totals: inserted rows stored=" + RECORDS + " failed=0"), r::toString);

    StoredRows.read(server, urls, table, 10).assertLoadedExactly(keyProps(), RECORDS, shards, FIELD_LENGTH);
  }

  @org.junit.jupiter.api.Test
  void batchApiWithoutBatchSizeStillStoresEveryRow() throws Exception {
    // The stock binding queued rows with addBatch and never sent them when db.batchsize was unset.
    TestServer server = TestServers.innodb();
    List<String> urls = shardUrls(server, 1);
    YcsbProcess.Result r = YcsbProcess.run(args(server, urls, "batchapi_no_size", "-load", "-P",
        WORKLOADS.resolve("workloada").toString(), "-threads", "4", "-p", "jdbc.batchupdateapi=true",
        "-p", "db.createtable=true", "-p", "db.droptable=true"));
    assertEquals(0, r.exitCode, r::toString);
    assertTrue(r.stderr.contains("rows are inserted one at a time"), r::toString);
    assertEquals(RECORDS, r.output.count("INSERT", "Return=OK"), r::toString);
    StoredRows.read(server, urls, "batchapi_no_size", 10).assertLoadedExactly(keyProps(), RECORDS, 1, FIELD_LENGTH);
  }

  /** The shipped db-properties file for a local server: db.batchsize=1000, jdbc.batchupdateapi=true. */
  static Path shippedProperties(String engine) {
    return WORKLOADS.resolveSibling("db-properties").resolve(engine.equals("innodb") ? "mariadb.properties"
        : "myrocks.properties");
  }

  static Stream<Arguments> runs() {
    List<Arguments> list = new ArrayList<>();
    for (String engine : List.of("innodb", "rocksdb")) {
      for (String workload : List.of("workloada", "workloadb", "workloadc", "workloadd", "workloade", "workloadf")) {
        list.add(Arguments.of(engine, workload));
      }
    }
    return list.stream();
  }

  /**
   * Load, then run each core workload over two shards with the shipped db-properties file (which
   * batches inserts) through {@link RecordingDbClient}: run-phase writes store values that differ
   * from the load's, every read and scan is checked against what was written while the run goes
   * on (an acknowledged insert must be found, a scan must hold every acknowledged key in its
   * range), and afterwards every field of every row in the table is compared with the writes.
   */
  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("runs")
  void runPhaseReadsAndStoresWhatWasWritten(String engine, String workload) throws Exception {
    TestServer server = server(engine);
    List<String> urls = shardUrls(server, 2);
    String table = "run_" + workload;
    String file = WORKLOADS.resolve(workload).toString();
    String shipped = shippedProperties(engine).toString();
    YcsbProcess.Result load = YcsbProcess.run(args(server, urls, table, "-load", "-P", file, "-P", shipped,
        "-p", "db.url=", "-threads", "4", "-p", "db.createtable=true", "-p", "db.droptable=true"));
    assertEquals(0, load.exitCode, load::toString);
    StoredRows.read(server, urls, table, 10).assertLoadedExactly(keyProps(), RECORDS, 2, FIELD_LENGTH);

    Path recording = java.nio.file.Files.createTempFile("run-recording", ".tsv");
    try {
      YcsbProcess.Result run = YcsbProcess.run(args(server, urls, table, "-t", "-P", file, "-P", shipped,
          "-p", "db.url=", "-db", RecordingDbClient.class.getName(), "-threads", "16", "-p", "operationcount=2000",
          "-p", "dataintegrity=false", "-p", RecordingDbClient.FILE_PROPERTY + "=" + recording,
          "-p", RecordingDbClient.LOADED_PROPERTY + "=" + RECORDS));
      assertEquals(0, run.exitCode, run::toString);
      long ops = 0;
      for (String op : List.of("READ", "UPDATE", "SCAN", "INSERT", "READ-MODIFY-WRITE")) {
        ops += op.equals("READ-MODIFY-WRITE") ? 0 : run.output.count(op, "Operations");
        assertEquals(0, run.output.count(op, "Return=ERROR"), op + " errors: " + run);
        assertEquals(0, run.output.count(op, "Return=NOT_FOUND"), op + " not found: " + run);
      }
      assertTrue(ops >= 2000, "operations done: " + run);
      // Inserts of a run phase reach the server before insert() returns, whatever the batching settings.
      assertEquals(0, run.output.count("INSERT", "Return=BATCHED_OK"), run::toString);
      assertEquals(run.output.count("INSERT", "Operations"), run.output.count("INSERT", "Return=OK"), run::toString);

      RunRecording rec = RunRecording.read(recording);
      if (!workload.equals("workloadd") || run.output.count("READ", "Operations") > 0) {
        assertTrue(rec.checkedValues > 0, "reads and scans were checked: " + run);
      }
      if (workload.equals("workloade")) {
        assertTrue(rec.checkedScanRows > 1500, "scan rows checked: " + rec.checkedScanRows);
      }
      boolean writes = !workload.equals("workloadc");
      assertEquals(writes, rec.acknowledgedWrites() > 0, "acknowledged writes: " + rec.acknowledgedWrites());
      assertEquals(run.output.count("INSERT", "Return=OK"), rec.inserted.size(), run::toString);
      rec.assertTableMatches(StoredRows.read(server, urls, table, 10), keyProps(), RECORDS, FIELDS, FIELD_LENGTH);
    } finally {
      java.nio.file.Files.deleteIfExists(recording);
    }
  }

  /**
   * db.batch.runphase=true batches run-phase inserts as asked: the binding says so at start and
   * in its totals, inserts are acknowledged BATCHED_OK, and every one of them is in the table
   * after the run.
   */
  @org.junit.jupiter.api.Test
  void runPhaseBatchingIsOptInAndSaysSo() throws Exception {
    TestServer server = TestServers.innodb();
    List<String> urls = shardUrls(server, 1);
    String table = "run_batched_optin";
    String file = WORKLOADS.resolve("workloadd").toString();
    String shipped = shippedProperties("innodb").toString();
    YcsbProcess.Result load = YcsbProcess.run(args(server, urls, table, "-load", "-P", file, "-P", shipped,
        "-p", "db.createtable=true", "-p", "db.droptable=true"));
    assertEquals(0, load.exitCode, load::toString);
    YcsbProcess.Result run = YcsbProcess.run(args(server, urls, table, "-t", "-P", file, "-P", shipped,
        "-threads", "4", "-p", "operationcount=2000", "-p", "insertproportion=0.5", "-p", "readproportion=0.5",
        "-p", "db.batch.runphase=true"));
    assertEquals(0, run.exitCode, run::toString);
    assertTrue(run.stderr.contains("[mytopling] run phase: inserts are batched (db.batch.runphase=true)"), run::toString);
    Totals totals = Totals.of(run);
    assertTrue(totals.runPhaseBatching(), totals::toString);
    long inserts = run.output.count("INSERT", "Operations");
    assertTrue(run.output.count("INSERT", "Return=BATCHED_OK") > 0, run::toString);
    assertEquals(inserts, totals.get("stored"), totals::toString);
    assertEquals(RECORDS + inserts, StoredRows.read(server, urls, table, 10).size(), run::toString);

    YcsbProcess.Result plain = YcsbProcess.run(args(server, urls, table, "-t", "-P", file, "-P", shipped,
        "-p", "operationcount=100", "-p", "insertproportion=0.5", "-p", "readproportion=0.5"));
    assertEquals(0, plain.exitCode, plain::toString);
    assertTrue(plain.stderr.contains("[mytopling] run phase: each insert is sent before insert() returns"),
        plain::toString);
    assertFalse(Totals.of(plain).runPhaseBatching(), plain::toString);
  }
}
