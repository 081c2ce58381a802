package com.mytopling.ycsb.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.mytopling.ycsb.core.record.RunRecordFiles;
import com.mytopling.ycsb.jdbc.testing.Totals;
import com.mytopling.ycsb.jdbc.testing.YcsbOutput;
import com.mytopling.ycsb.results.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Issue 20, build 8: where features cross. A pairwise (all-pairs) set of cells over workload (A, D, E, F, the file
 * workload with run-phase inserts), clients (1, 2), warm-up (0, 1 s), batching in the load (off, 100 rows per
 * statement), target (MariaDB 10.11 InnoDB, MyRocks), shards (1, 2) and the load's key order (load.keyorder generated
 * or sorted; the file workload's cells load as generated), each run by scripts/benchmark with small
 * counts against servers of the test's own, and each checked for the invariants that hold in every combination:
 *
 * <ul>
 *   <li><b>no failed operation</b>: every return code of every client is OK (batched loads: BATCHED_OK), the binding
 *       counted no failed row and no error (no duplicate key among the clients' run-phase inserts);
 *   <li><b>rows in the table = rows acknowledged</b>: the load's records plus every client's acknowledged run-phase
 *       inserts, counted with SQL over the shards;
 *   <li><b>the server's counters = the clients' counts</b>, per operation type, over the job: performance_schema's
 *       table I/O of the cell's table (rows inserted, updated, fetched) and SHOW GLOBAL STATUS' Com_update, summed
 *       over the shards; each server serves one cell at a time. The table-level figures leave the start barrier's
 *       own statements out (they would blur Com_select/Com_insert). Rows fetched: one per read; InnoDB also fetches
 *       the row an UPDATE changes, MyRocks does not (measured on MariaDB 10.11); a scan fetches 1 to maxscanlength
 *       rows per shard; and with several clients each load client reads its first key once before it starts
 *       (RepeatedLoadCheck): up to that many more;
 *   <li><b>throughput = successful operations / window</b> of the run phase's summary: successful_throughput_ops =
 *       successful_operations / runtime_ms (the window the summary says it measured);
 *   <li><b>merged percentiles = the HdrHistogram union</b>: for each operation, the union of the clients' interval
 *       logs (read with HdrHistogram's own HistogramLogReader, each client's moved by the clock offset the summary
 *       states) over the intervals at least half inside the window (the summary's window; before it stated one, the
 *       merged common window, or after the warm-up's cut, or the whole phase) has the summary's p50, p95 and p99
 *       (equivalent values in HdrHistogram's sense), and the summary's count lies between the operations of the
 *       intervals wholly inside the window and those of the intervals overlapping it (edges may be prorated).
 * </ul>
 *
 * <p>Each cell's checks are dynamic tests of their own, so a report names the invariant and the cell that broke it.
 * The throughput and percentile invariants describe issue 20's one measured window: with a warm-up or two clients
 * today's summary counts the whole phase beside a windowed throughput, and those cells fail until that model lands.
 *
 * <p>The servers: four of the test's own, started with scripts/start-mariadb (performance_schema on) on the ports in
 * YCSB_CROSSINGS_PORTS (InnoDB shard 1, InnoDB shard 2, MyRocks shard 1, MyRocks shard 2; default 3413-3416) and
 * stopped at the end. With YCSB_CROSSINGS_SERVERS=mysql-9.7 (CI's MySQL lane, issue 34) the InnoDB ones are Oracle's
 * MySQL 9.7 (scripts/start-mysql) and the MyRocks ones MariaDB 11.8 (scripts/start-mariadb --version 11.8). The InnoDB cells run one after another, beside the MyRocks cells. Each run phase is paced
 * (YCSB's target) to last about {@value #RUN_SECONDS} s, so that a warm-up of 1 s leaves a window.
 */
class CrossingsIT {
  static final long RECORDS = 1000;
  static final long OPERATIONS = 2400;
  static final int THREADS = 2;
  static final int RUN_SECONDS = 3;
  static final int MAX_SCAN_LENGTH = 100;
  static final Path WORK = Path.of("target", "crossings").toAbsolutePath();
  static final String PASSWORD = System.getenv().getOrDefault("YCSB_DB_PASSWORD", "crossings-Pw-5e1");

  static final Map<String, List<?>> FACTORS = new LinkedHashMap<>();

  static {
    FACTORS.put("workload", List.of("workloada", "workloadd", "workloade", "workloadf", "file"));
    FACTORS.put("clients", List.of(1, 2));
    FACTORS.put("warmup", List.of(0, 1));
    FACTORS.put("batching", List.of(false, true));
    FACTORS.put("target", List.of("innodb", "myrocks"));
    FACTORS.put("shards", List.of(1, 2));
    // The file workload refuses load.keyorder=sorted (its keys come in its file's order): its cells load as generated.
    FACTORS.put("keyorder", List.of("generated", "sorted"));
  }

  /** One combination and what it did. */
  static final class Cell {
    final int number;
    final String workload;
    final int clients;
    final int warmup;
    final boolean batching;
    final String target;
    final int shards;
    final String keyOrder;
    Scripts.Result job;
    Path run;
    Map<String, Long> tableIo = new HashMap<>();
    long comUpdate;
    long rows = -1;
    Throwable failure;
    long seconds;

    Cell(int number, Map<String, Integer> c) {
      this.number = number;
      this.workload = (String) FACTORS.get("workload").get(c.get("workload"));
      this.clients = (Integer) FACTORS.get("clients").get(c.get("clients"));
      this.warmup = (Integer) FACTORS.get("warmup").get(c.get("warmup"));
      this.batching = (Boolean) FACTORS.get("batching").get(c.get("batching"));
      this.target = (String) FACTORS.get("target").get(c.get("target"));
      this.shards = (Integer) FACTORS.get("shards").get(c.get("shards"));
      this.keyOrder = workload.equals("file") ? "generated" : (String) FACTORS.get("keyorder").get(c.get("keyorder"));
    }

    String table() {
      return "cx_" + number;
    }

    List<Integer> ports() {
      return PORTS.subList(target.equals("innodb") ? 0 : 2, (target.equals("innodb") ? 0 : 2) + shards);
    }

    /** Each client's folder (the run folder itself for one client). */
    List<Path> clientDirs() {
      List<Path> dirs = new ArrayList<>();
      for (int i = 0; i < clients; i++) {
        dirs.add(clients == 1 ? run : run.resolve("client-" + i));
      }
      return dirs;
    }

    @Override
    public String toString() {
      return String.format(Locale.ROOT,
          "cell %2d: %-9s clients=%d warmup=%ds load-batching=%-5s target=%-7s shards=%d load.keyorder=%s",
          number, workload, clients, warmup, batching, target, shards, keyOrder);
    }
  }

  static final List<Integer> PORTS = new ArrayList<>();
  /** mariadb (Debian's 10.11 for both engines) or mysql-9.7 (MySQL 9.7 for InnoDB, MariaDB 11.8 for MyRocks). */
  static final String SERVERS = System.getenv().getOrDefault("YCSB_CROSSINGS_SERVERS", "mariadb").strip();
  private static final List<Cell> CELLS = new ArrayList<>();
  private static Path fileWorkload;

  @BeforeAll
  static void startServersAndRunTheCells() throws Exception {
    long started = System.nanoTime();
    for (String p : System.getenv().getOrDefault("YCSB_CROSSINGS_PORTS", "3413,3414,3415,3416").split(",")) {
      PORTS.add(Integer.parseInt(p.strip()));
    }
    assertEquals(4, PORTS.size(), "YCSB_CROSSINGS_PORTS: four ports (InnoDB 1, InnoDB 2, MyRocks 1, MyRocks 2)");
    stopServers(); // servers an interrupted run of this test left behind
    deleteTree(WORK);
    Files.createDirectories(WORK);
    List<Map<String, Integer>> set = Pairwise.of(FACTORS);
    for (Map<String, Integer> c : set) {
      CELLS.add(new Cell(CELLS.size() + 1, c));
    }
    System.err.println("crossings: " + CELLS.size() + " cells, every pair of values of " + FACTORS.keySet()
        + " in one at least (pairwise, greedy):");
    CELLS.forEach(c -> System.err.println("crossings:   " + c));
    for (int i = 0; i < 4; i++) {
      startServer(i);
    }
    fileWorkload = LocalClientsIT.fileWorkload(Files.createDirectories(WORK.resolve("file")));
    ExecutorService lanes = Executors.newFixedThreadPool(2);
    List<Future<?>> done = new ArrayList<>();
    for (String target : List.of("innodb", "myrocks")) {
      List<Cell> lane = CELLS.stream().filter(c -> c.target.equals(target)).toList();
      done.add(lanes.submit(() -> lane.forEach(CrossingsIT::runCell)));
    }
    lanes.shutdown();
    for (Future<?> f : done) {
      f.get(30, TimeUnit.MINUTES);
    }
    for (Cell c : CELLS) {
      System.err.println("crossings: " + c + ": " + c.seconds + " s" + (c.job == null ? "" : ", exit " + c.job.exitCode));
    }
    System.err.printf(Locale.ROOT, "crossings: %d cells and 4 servers in %d s%n", CELLS.size(),
        (System.nanoTime() - started) / 1_000_000_000L);
  }

  @AfterAll
  static void stopServers() {
    for (int i = 0; i < PORTS.size(); i++) {
      boolean mysql = i < 2 && SERVERS.equals("mysql-9.7");
      Scripts.run(mysql ? "stop-mysql" : "stop-mariadb", List.of("--port", PORTS.get(i).toString(), "--datadir",
          datadir(i).toString()));
    }
  }

  private static Path datadir(int server) {
    return WORK.resolve("mariadb-" + PORTS.get(server));
  }

  private static void startServer(int server) {
    String engine = server < 2 ? "innodb" : "rocksdb";
    if (!SERVERS.equals("mariadb") && !SERVERS.equals("mysql-9.7")) {
      throw new IllegalStateException("YCSB_CROSSINGS_SERVERS must be mariadb or mysql-9.7, got '" + SERVERS + "'");
    }
    boolean newer = SERVERS.equals("mysql-9.7");
    String script = newer && server < 2 ? "start-mysql" : "start-mariadb";
    List<String> args = new ArrayList<>(List.of("--port", PORTS.get(server).toString(), "--datadir",
        datadir(server).toString(), "--buffer-pool", "64M", "--option", "performance_schema=ON"));
    if (script.equals("start-mariadb")) {
      args.addAll(List.of("--engine", engine));
      if (newer) {
        args.addAll(List.of("--version", "11.8"));
      }
    }
    Scripts.Result r = Scripts.run(script, args, Map.of("YCSB_DB_PASSWORD", PASSWORD), Duration.ofMinutes(5));
    assertEquals(0, r.exitCode, () -> script + " --port " + PORTS.get(server) + ": " + r);
  }

  private static Connection connect(int port) throws SQLException {
    return DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + port + "/ycsb", "ycsb", PASSWORD);
  }

  private static void runCell(Cell c) {
    long t0 = System.nanoTime();
    try {
      Path dir = Files.createDirectories(WORK.resolve(c.table()));
      StringBuilder target = new StringBuilder("db.user=ycsb\ntable=" + c.table() + "\n");
      List<Integer> ports = c.ports();
      for (int s = 0; s < ports.size(); s++) {
        target.append(ports.size() == 1 ? "db.url" : "db.url." + (s + 1)).append("=jdbc:mysql://127.0.0.1:")
            .append(ports.get(s)).append("/ycsb\n");
      }
      Path targetFile = dir.resolve("target.properties");
      Files.writeString(targetFile, target, StandardCharsets.UTF_8);
      long perClientTarget = OPERATIONS / c.clients / RUN_SECONDS;
      List<String> args = new ArrayList<>(List.of("--target", targetFile.toString(), "--workload",
          c.workload.equals("file") ? fileWorkload.toString() : c.workload, "--clients", Integer.toString(c.clients),
          "--records", Long.toString(RECORDS), "--operations", Long.toString(OPERATIONS), "--threads",
          Integer.toString(THREADS), "--no-html", "--out", dir.resolve("runs").toString(),
          "-p", "status.interval=1", "-p", "target=" + perClientTarget,
          "-p", "db.batchsize=" + (c.batching ? 100 : 1), "-p", "jdbc.batchupdateapi=" + c.batching,
          "-p", "maxscanlength=" + MAX_SCAN_LENGTH));
      if (c.warmup > 0) {
        args.addAll(List.of("--warmup", Integer.toString(c.warmup)));
      }
      if (!c.workload.equals("file")) {
        args.addAll(List.of("-p", "dataintegrity=true")); // YCSB checks every value it reads
        args.addAll(List.of("-p", "load.keyorder=" + c.keyOrder));
      }
      long comUpdateBefore = 0;
      for (int port : ports) {
        try (Connection db = connect(port); Statement s = db.createStatement()) {
          s.execute("DROP TABLE IF EXISTS " + c.table()); // its performance_schema figures go with it
          comUpdateBefore += comUpdate(s);
        }
      }
      c.job = Scripts.run("benchmark", args, Map.of("YCSB_DB_PASSWORD", PASSWORD), Duration.ofMinutes(5));
      long comUpdateAfter = 0;
      c.rows = 0;
      for (int port : ports) {
        try (Connection db = connect(port); Statement s = db.createStatement()) {
          comUpdateAfter += comUpdate(s);
          try (PreparedStatement io = db.prepareStatement("SELECT COUNT_FETCH, COUNT_INSERT, COUNT_UPDATE, "
              + "COUNT_DELETE FROM performance_schema.table_io_waits_summary_by_table WHERE OBJECT_SCHEMA = 'ycsb' "
              + "AND OBJECT_NAME = ?")) {
            io.setString(1, c.table());
            try (ResultSet rs = io.executeQuery()) {
              while (rs.next()) {
                for (String k : List.of("COUNT_FETCH", "COUNT_INSERT", "COUNT_UPDATE", "COUNT_DELETE")) {
                  c.tableIo.merge(k, rs.getLong(k), Long::sum);
                }
              }
            }
          }
          // After the table's I/O figures: counting the rows fetches every one of them.
          try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + c.table())) {
            rs.next();
            c.rows += rs.getLong(1);
          }
        }
      }
      c.comUpdate = comUpdateAfter - comUpdateBefore;
      try (Stream<Path> runs = Files.list(dir.resolve("runs"))) {
        c.run = runs.filter(Files::isDirectory).findFirst().orElse(null);
      }
    } catch (Throwable e) {
      c.failure = e;
    }
    c.seconds = (System.nanoTime() - t0) / 1_000_000_000L;
  }

  private static long comUpdate(Statement s) throws SQLException {
    try (ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS LIKE 'Com_update'")) {
      rs.next();
      return rs.getLong(2);
    }
  }

  @TestFactory
  Stream<DynamicContainer> crossings() {
    return CELLS.stream().map(c -> DynamicContainer.dynamicContainer(c.toString(), Stream.of(
        DynamicTest.dynamicTest("exits 0", () -> ran(c)),
        DynamicTest.dynamicTest("no failed operation, no duplicate key", () -> noFailure(c)),
        DynamicTest.dynamicTest("rows in the table = rows acknowledged", () -> rowsAcknowledged(c)),
        DynamicTest.dynamicTest("the server's counters = the clients' counts", () -> serverCounters(c)),
        DynamicTest.dynamicTest("throughput = successful operations / window", () -> throughputOverWindow(c)),
        DynamicTest.dynamicTest("merged percentiles = the HdrHistogram union in the window", () -> union(c)))));
  }

  private static void ran(Cell c) throws Throwable {
    if (c.failure != null) {
      throw c.failure;
    }
    assertEquals(0, c.job.exitCode, () -> c + "\n" + c.job);
    assertTrue(c.run != null, () -> c + ": no run folder\n" + c.job);
  }

  private static YcsbOutput output(Path clientDir, String phase) throws IOException {
    Path f = clientDir.resolve(phase + ".out");
    return YcsbOutput.parse(Files.exists(f) ? Files.readString(f, StandardCharsets.UTF_8) : "");
  }

  /** A client's figure of one series (Operations, Return=OK, ...), summed over the clients. */
  private static long sum(Cell c, String phase, String series, String metric) throws IOException {
    long total = 0;
    for (Path d : c.clientDirs()) {
      total += output(d, phase).count(series, metric);
    }
    return total;
  }

  private static void noFailure(Cell c) throws Throwable {
    ran(c);
    List<String> problems = new ArrayList<>();
    long loadStored = 0;
    for (Path d : c.clientDirs()) {
      for (String phase : List.of("load", "run")) {
        YcsbOutput out = output(d, phase);
        if (out.all().isEmpty()) {
          problems.add(d.getFileName() + " " + phase + ": no YCSB report");
        }
        for (Map.Entry<String, Double> e : out.all().entrySet()) {
          String name = e.getKey();
          if (name.contains("-FAILED ")) {
            problems.add(d.getFileName() + " " + phase + ": " + name + " " + e.getValue().longValue());
          }
          int ret = name.indexOf(" Return=");
          String code = ret < 0 ? "OK" : name.substring(ret + " Return=".length());
          boolean ok = code.equals("OK") || (phase.equals("load") && c.batching && code.equals("BATCHED_OK"));
          if (!ok) {
            problems.add(d.getFileName() + " " + phase + ": " + name + " " + e.getValue().longValue());
          }
        }
        Totals totals = Totals.of(RunRecordFiles.binding(d, phase));
        if (totals.get("failed") != 0 || totals.get("errors") != 0) {
          problems.add(d.getFileName() + " " + phase + ": binding totals " + totals);
        }
        if (phase.equals("load")) {
          loadStored += totals.get("stored");
        }
      }
    }
    if (loadStored != RECORDS) {
      problems.add("the load stored " + loadStored + " rows, not " + RECORDS);
    }
    assertTrue(problems.isEmpty(), () -> c + ":\n  " + String.join("\n  ", problems));
  }

  private static void rowsAcknowledged(Cell c) throws Throwable {
    ran(c);
    long inserted = sum(c, "run", "INSERT", "Return=OK");
    assertEquals(RECORDS + inserted, c.rows, () -> c + ": " + c.rows + " rows in the table; acknowledged: " + RECORDS
        + " loaded + " + inserted + " inserted by the run phase");
  }

  private static void serverCounters(Cell c) throws Throwable {
    ran(c);
    long reads = sum(c, "run", "READ", "Return=OK");
    long updates = sum(c, "run", "UPDATE", "Return=OK");
    long updateStatements = sum(c, "run", "UPDATE", "Operations");
    long inserts = sum(c, "run", "INSERT", "Return=OK");
    long scans = sum(c, "run", "SCAN", "Return=OK");
    Map<String, Long> io = c.tableIo;
    String facts = c + ": server " + io + ", Com_update " + c.comUpdate + "; clients READ " + reads + " UPDATE "
        + updates + " INSERT " + inserts + " SCAN " + scans;
    assertEquals(RECORDS + inserts, io.getOrDefault("COUNT_INSERT", -1L), () -> "rows inserted: " + facts);
    assertEquals(updates, io.getOrDefault("COUNT_UPDATE", -1L), () -> "rows updated: " + facts);
    assertEquals(updateStatements, c.comUpdate, () -> "UPDATE statements: " + facts);
    assertEquals(0, io.getOrDefault("COUNT_DELETE", -1L), () -> "rows deleted: " + facts);
    long fetch = io.getOrDefault("COUNT_FETCH", -1L);
    long base = reads + (c.target.equals("innodb") ? updates : 0);
    long loadChecks = c.clients > 1 ? c.clients : 0;
    if (scans == 0) {
      assertTrue(fetch >= base && fetch <= base + loadChecks, () -> "rows fetched: " + fetch + ", expected " + base
          + " (+ up to " + loadChecks + " first-key checks of the load): " + facts);
    } else {
      long most = base + scans * (long) MAX_SCAN_LENGTH * c.shards + loadChecks;
      assertTrue(fetch >= base + scans && fetch <= most, () -> "rows fetched: " + fetch + ", expected " + (base + scans)
          + " to " + most + ": " + facts);
    }
  }

  private static JsonNode runSummary(Cell c) throws Exception {
    return Json.mapper().readTree(c.run.resolve("summary.json").toFile()).path("phases").path("run");
  }

  private static void throughputOverWindow(Cell c) throws Throwable {
    ran(c);
    JsonNode run = runSummary(c);
    double throughput = run.path("successful_throughput_ops").asDouble(Double.NaN);
    long successful = run.path("successful_operations").asLong(-1);
    long[] window = window(c, run);
    // The window's length: the summary's window when it has one, else runtime_ms (YCSB's, or the merged window).
    double windowS = (window[1] != Long.MAX_VALUE && window[0] != Long.MIN_VALUE ? window[1] - window[0]
        : run.path("runtime_ms").asDouble(Double.NaN)) / 1000.0;
    double expected = successful / windowS;
    assertTrue(Math.abs(throughput - expected) <= 0.005 * expected, () -> String.format(Locale.ROOT,
        "%s: successful_throughput_ops %.1f, but successful_operations %d / window %.3f s = %.1f", c, throughput,
        successful, windowS, expected));
  }

  /**
   * The window the summary measured, epoch ms on its phase clock: its window (start_ms, end_ms) when it states one;
   * else the merged common window, the warm-up's cut to the end, or the whole phase.
   */
  private static long[] window(Cell c, JsonNode run) throws IOException {
    JsonNode w = run.path("window");
    if (w.has("start_ms") && w.has("end_ms")) {
      return new long[] {w.get("start_ms").asLong(), w.get("end_ms").asLong()};
    }
    JsonNode merge = run.path("merge");
    if (merge.has("common_window_start_ms")) {
      return new long[] {merge.get("common_window_start_ms").asLong(), merge.get("common_window_end_ms").asLong()};
    }
    JsonNode clock = Json.mapper().readTree(c.run.resolve("hdr").resolve("run").resolve("phase.json").toFile());
    if (clock.hasNonNull("warmup_end_ms")) {
      return new long[] {clock.get("warmup_end_ms").asLong(), Long.MAX_VALUE};
    }
    return new long[] {Long.MIN_VALUE, Long.MAX_VALUE};
  }



  /**
   * For each operation, the HdrHistogram union of the clients' intervals at least half inside the window (their
   * middle in it) has the summary's p50, p95 and p99; and the summary's count lies between the operations of the
   * intervals wholly inside the window and of those that overlap it at all (edge intervals may be prorated).
   */
  private static void union(Cell c) throws Throwable {
    ran(c);
    JsonNode run = runSummary(c);
    Path hdr = c.run.resolve("hdr").resolve("run");
    List<Path> hdrDirs = new ArrayList<>();
    for (int i = 0; i < c.clients; i++) {
      hdrDirs.add(c.clients == 1 ? hdr : hdr.resolve("client-" + i));
    }
    List<String> problems = WindowUnion.problems(run, hdrDirs);
    assertTrue(problems.isEmpty(), () -> c + ":\n  " + String.join("\n  ", problems));
  }


  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
