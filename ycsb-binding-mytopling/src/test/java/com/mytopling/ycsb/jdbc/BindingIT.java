package com.mytopling.ycsb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.jdbc.testing.StoredRows;
import com.mytopling.ycsb.jdbc.testing.TestServer;
import com.mytopling.ycsb.jdbc.testing.TestServers;
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

  static Stream<Arguments> runs() {
    List<Arguments> list = new ArrayList<>();
    for (String engine : List.of("innodb", "rocksdb")) {
      for (String workload : List.of("workloada", "workloadc", "workloade", "workloadf")) {
        list.add(Arguments.of(engine, workload));
      }
    }
    return list.stream();
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("runs")
  void runPhaseReadsBackWhatWasWritten(String engine, String workload) throws Exception {
    TestServer server = server(engine);
    List<String> urls = shardUrls(server, 2);
    String table = "run_" + workload;
    String file = WORKLOADS.resolve(workload).toString();
    YcsbProcess.Result load = YcsbProcess.run(args(server, urls, table, "-load", "-P", file, "-threads", "4",
        "-p", "db.batchsize=7", "-p", "jdbc.batchupdateapi=true", "-p", "db.createtable=true", "-p", "db.droptable=true"));
    assertEquals(0, load.exitCode, load::toString);

    YcsbProcess.Result run = YcsbProcess.run(args(server, urls, table, "-t", "-P", file, "-threads", "16",
        "-p", "operationcount=2000"));
    assertEquals(0, run.exitCode, run::toString);
    long ops = 0;
    for (String op : List.of("READ", "UPDATE", "SCAN", "INSERT", "READ-MODIFY-WRITE")) {
      ops += op.equals("READ-MODIFY-WRITE") ? 0 : run.output.count(op, "Operations");
      assertEquals(0, run.output.count(op, "Return=ERROR"), op + " errors: " + run);
      assertEquals(0, run.output.count(op, "Return=NOT_FOUND"), op + " not found: " + run);
    }
    assertTrue(ops >= 2000, "operations done: " + run);
    long reads = run.output.count("READ", "Operations");
    // dataintegrity=true: every read's values were compared with what the workload wrote.
    assertEquals(reads, run.output.count("VERIFY", "Return=OK"), "verified reads: " + run);
    assertEquals(0, run.output.count("VERIFY", "Return=UNEXPECTED_STATE"), run::toString);
    if (workload.equals("workloade")) {
      assertTrue(run.output.count("SCAN", "Return=OK") > 1500, run::toString);
    }

    long inserted = run.output.count("INSERT", "Return=OK");
    StoredRows stored = StoredRows.read(server, urls, table, 10);
    assertEquals(RECORDS + inserted, stored.size(), "rows after the run: " + run);
    // Updates rewrite fields with the same deterministic values, so the loaded rows still match.
    StoredRows.KeyNames names = StoredRows.KeyNames.of(keyProps());
    for (long i = 0; i < RECORDS; i++) {
      String key = names.key(i);
      assertEquals(com.mytopling.ycsb.jdbc.verify.DeterministicValues.value(key, "field3", FIELD_LENGTH),
          stored.row(key)[3], key);
    }
  }
}
