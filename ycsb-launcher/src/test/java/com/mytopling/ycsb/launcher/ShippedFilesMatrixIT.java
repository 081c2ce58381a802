package com.mytopling.ycsb.launcher;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.core.record.RunRecordFiles;
import com.mytopling.ycsb.jdbc.testing.OwnServer;
import com.mytopling.ycsb.jdbc.testing.TestServer;
import com.mytopling.ycsb.jdbc.testing.TestServers;
import com.mytopling.ycsb.jdbc.testing.Totals;
import com.mytopling.ycsb.jdbc.testing.YcsbOutput;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 11's matrix: every file in workloads/ × each local target (the embedded MariaDB, the Debian MariaDB with
 * InnoDB, the same with the RocksDB engine) × the shipped db-properties file for that target, copied as a user would
 * copy it (db.url pointed at the test server, nothing else changed; the password in YCSB_DB_PASSWORD), loaded and run
 * by scripts/benchmark in processes of their own, with small counts on the command line (--records, --operations, as
 * the README tells users to scale the 10-million-record workloada-azure). The file workload's files get a data file
 * made by scripts/dataset synth. YCSB's dataintegrity values are on wherever YCSB supports them (CoreWorkload, constant
 * field lengths).
 *
 * <p>Each cell must: exit 0; answer every operation OK (no NOT_FOUND for a key that exists, no error, every read's
 * values verified by YCSB, no BATCHED_OK in the run phase); load exactly as the files together say (batched, in
 * statements of the workload file's db.batchsize where it sets one, or one row per statement), counted by the server's
 * own statement counters where the server outlives the phases; and leave in the table, counted with SQL, exactly the
 * rows YCSB and the binding's totals acknowledged, every one with the values YCSB or the data file gave it.
 *
 * <p>No file is left out. fileloader-reviews-read.properties and fileloader-reviews-update.properties are run phases of
 * a table loaded with fileloader-reviews-load.properties (docs/fileloader.md; on their own their load fails: their
 * fieldlength makes columns too short for the reviews): their cells load as the docs say (scripts/ycsb load with the
 * load file) and run with scripts/benchmark --skip-load ({@link #RUN_ONLY}).
 *
 * <p>Issue 11.1 (run-phase inserts held in the client's buffer) fails workloadd, workloade and workloade-small on every
 * target; 11.2 (the target file read after the workload file) fails workload-insert-fresh, workload-replace and
 * fileloader-reviews-load.properties on every target.
 *
 * <p>Cells run in lanes: the InnoDB cells one after another on their server, the MyRocks cells on theirs, and the
 * embedded cells in two lanes with a data directory each (an embedded server starts with every phase, which is most of
 * the matrix's time). Lanes run side by side; each cell has its own table.
 */
class ShippedFilesMatrixIT {
  static final long RECORDS = 500;
  static final long OPERATIONS = 500;
  static final int THREADS = 4;
  /** Records of the synthetic review file: the load's and every update value the runs take, without wrapping. */
  static final int DATA_FILE_RECORDS = 1000;
  static final int EMBEDDED_LANES = 3;
  static final Path WORK = Path.of("target", "shipped-matrix").toAbsolutePath();

  /**
   * The targets: a shipped file, the server it runs on, and the driver a user's copy names where it names one. The
   * MySQL targets (issue 34) run mysql.properties on the InnoDB test server under each driver: CI's MySQL lane points
   * that server at Oracle's MySQL 9.7 and runs them ({@code YCSB_TEST_MATRIX_TARGETS=mysql,mysql-mariadb-driver});
   * the main suite runs the others on MariaDB.
   */
  enum Target {
    EMBEDDED("embedded.properties", null), INNODB("mariadb.properties", null), MYROCKS("myrocks.properties", null),
    MYSQL("mysql.properties", null), MYSQL_MARIADB_DRIVER("mysql.properties", "mariadb");

    final String shippedFile;
    /** db.mysqldriver in the user's copy; null: as shipped (auto). */
    final String driver;

    Target(String shippedFile, String driver) {
      this.shippedFile = shippedFile;
      this.driver = driver;
    }

    /**
     * The test server for this target; null for the embedded one. Aborts (or fails under CI) without MyRocks. The
     * second MySQL target runs on a server of the matrix's own (OwnServer, the kind YCSB_TEST_OWN_SERVER names:
     * MySQL 9.7 in CI's MySQL lane), so that each lane's cells are the only statements its server counts.
     */
    TestServer server() {
      return switch (this) {
        case EMBEDDED -> null;
        case INNODB, MYSQL -> TestServers.innodb();
        case MYROCKS -> TestServers.rocksdb();
        case MYSQL_MARIADB_DRIVER -> ownServer();
      };
    }

    String id() {
      return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    /** The targets this run takes: YCSB_TEST_MATRIX_TARGETS (ids, comma-separated), else embedded, innodb, myrocks. */
    static List<Target> selected() {
      String names = System.getenv().getOrDefault("YCSB_TEST_MATRIX_TARGETS", "embedded,innodb,myrocks");
      List<Target> out = new ArrayList<>();
      for (String name : names.split(",")) {
        Target t = java.util.Arrays.stream(values()).filter(v -> v.id().equals(name.strip())).findFirst()
            .orElseThrow(() -> new IllegalStateException("YCSB_TEST_MATRIX_TARGETS: unknown target '" + name
                + "' (embedded, innodb, myrocks, mysql, mysql-mariadb-driver)"));
        out.add(t);
      }
      return out;
    }
  }

  /** What one cell did: the job's output, its run folder, the properties it ran with, what the table held. */
  static final class Cell {
    final Target target;
    final String workload;
    Scripts.Result job;
    /** scripts/ycsb load of a run-only file's cell; null where scripts/benchmark loads. */
    Scripts.Result separateLoad;
    /** The properties the load and the run phase ran with. */
    Properties loadEffective;
    Properties effective;
    String loadOut = "";
    String loadErr = "";
    String runOut = "";
    String runErr = "";
    /** The binding's records of the load and the run phase (db.recordfile). */
    Path loadRecord;
    Path runRecord;
    /** HdrHistogram logs of the run folder with other than one log header (YCSB's series-creation race). */
    List<String> hdrHeaders = new ArrayList<>();
    Properties checkProps;
    MatrixTableCheck.Result table;
    /** Server statement counters (Com_insert, Com_replace) over the job; null for the embedded target. */
    Map<String, Long> statements;
    Throwable failure;
    long seconds;

    Cell(Target target, String workload) {
      this.target = target;
      this.workload = workload;
    }

    String table() {
      return "mx_" + (target == Target.MYSQL_MARIADB_DRIVER ? "mdrv_" : "")
          + workload.replaceAll("[^A-Za-z0-9]", "_").replaceFirst("_properties$", "");
    }

    boolean fileWorkload() {
      return workload.startsWith("fileloader-");
    }

    @Override
    public String toString() {
      return target + " " + workload;
    }
  }

  /**
   * Workload files that are a run phase only, with the file that loads their table (docs/fileloader.md: the reviews
   * are loaded with fileloader-reviews-load.properties, then read or updated with these). Their cells load as the
   * docs say (scripts/ycsb load with the load file) and run them with scripts/benchmark --skip-load.
   */
  static final Map<String, String> RUN_ONLY = Map.of(
      "fileloader-reviews-read.properties", "fileloader-reviews-load.properties",
      "fileloader-reviews-update.properties", "fileloader-reviews-load.properties");

  private static final Map<String, Cell> CELLS = new ConcurrentHashMap<>();
  private static OwnServer own;
  private static final String OWN_PASSWORD = "Matrix-Own-Pw-61";

  private static synchronized TestServer ownServer() {
    if (own == null) {
      own = OwnServer.start(WORK.resolve("own-server"), 3370, OWN_PASSWORD);
    }
    return own.server(OWN_PASSWORD);
  }

  @AfterAll
  static void stopOwnServer() {
    if (own != null) {
      own.close();
    }
  }
  private static Path dataFile;

  static List<String> workloadFiles() throws IOException {
    try (Stream<Path> files = Files.list(Scripts.ROOT.resolve("workloads"))) {
      return files.filter(Files::isRegularFile).map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  static Stream<Arguments> cells() throws IOException {
    List<Arguments> list = new ArrayList<>();
    for (Target t : Target.selected()) {
      for (String w : workloadFiles()) {
        list.add(Arguments.of(t, w));
      }
    }
    return list.stream();
  }

  @BeforeAll
  static void runTheMatrix() throws Exception {
    long started = System.nanoTime();
    deleteTree(WORK);
    Files.createDirectories(WORK);
    dataFile = WORK.resolve("reviews.txt");
    Scripts.Result synth = Scripts.run("dataset", List.of("synth", "--records", Integer.toString(DATA_FILE_RECORDS),
        "--out", dataFile.toString()));
    assertTrue(synth.exitCode == 0 && Files.size(dataFile) > 0, synth::toString);

    List<List<Cell>> lanes = new ArrayList<>();
    for (int i = 0; i < EMBEDDED_LANES; i++) {
      lanes.add(new ArrayList<>());
    }
    List<Target> targets = Target.selected();
    int n = 0;
    for (Target t : targets) {
      List<Cell> lane = t == Target.EMBEDDED ? null : new ArrayList<>();
      for (String w : workloadFiles()) {
        (lane == null ? lanes.get(n++ % EMBEDDED_LANES) : lane).add(new Cell(t, w));
      }
      if (lane != null) {
        lanes.add(lane);
      }
    }
    lanes.removeIf(List::isEmpty);
    ExecutorService pool = Executors.newFixedThreadPool(lanes.size());
    List<Future<?>> done = new ArrayList<>();
    for (int i = 0; i < lanes.size(); i++) {
      List<Cell> lane = lanes.get(i);
      int id = i;
      for (Cell c : lane) {
        CELLS.put(key(c.target, c.workload), c);
      }
      done.add(pool.submit(() -> runLane(lane, id)));
    }
    pool.shutdown();
    for (Future<?> f : done) {
      f.get(60, TimeUnit.MINUTES);
    }
    System.err.printf("matrix: %d cells (%d lanes side by side) in %d s%n", CELLS.size(), lanes.size(),
        (System.nanoTime() - started) / 1_000_000_000L);
  }

  private static String key(Target t, String workload) {
    return t + " " + workload;
  }

  /** Runs a lane's cells one after another; for the embedded target, checks its tables with one server start. */
  private static void runLane(List<Cell> lane, int id) {
    Target target = lane.get(0).target;
    TestServer server;
    try {
      server = target.server();
    } catch (Throwable e) {
      lane.forEach(c -> c.failure = e);
      return;
    }
    Path dir = WORK.resolve("lane-" + id);
    Path embeddedData = Path.of("target", "embedded-matrix-" + id).toAbsolutePath();
    for (Cell c : lane) {
      long t0 = System.nanoTime();
      try {
        runCell(c, server, dir, embeddedData);
        if (server != null) {
          c.table = MatrixTableCheck.check(c.checkProps);
        }
      } catch (Throwable e) {
        c.failure = e;
      }
      c.seconds = (System.nanoTime() - t0) / 1_000_000_000L;
    }
    if (server == null) {
      checkEmbeddedTables(lane, dir);
    }
  }

  /**
   * The shipped file as a user copies it for a server: db.url pointed at it (db.user too, when the test server's user
   * is another), everything else as shipped. The embedded target's file is used as shipped.
   */
  static Path targetCopy(Path dir, Target t, TestServer s) throws IOException {
    Path shipped = Scripts.ROOT.resolve("db-properties").resolve(t.shippedFile);
    if (s == null) {
      return shipped;
    }
    StringBuilder text = new StringBuilder();
    for (String line : Files.readAllLines(shipped, StandardCharsets.UTF_8)) {
      if (line.startsWith("db.url=")) {
        line = "db.url=" + s.jdbcUrl();
      } else if (line.startsWith("db.user=") && s.user() != null) {
        line = "db.user=" + s.user();
      }
      text.append(line).append('\n');
    }
    if (t.driver != null) {
      text.append("db.mysqldriver=").append(t.driver).append('\n');
    }
    Path copy = dir.resolve("my-" + t.id() + "-" + t.shippedFile);
    Files.writeString(copy, text, StandardCharsets.UTF_8);
    return copy;
  }

  private static void runCell(Cell c, TestServer server, Path laneDir, Path embeddedData) throws Exception {
    Path dir = laneDir.resolve(c.table());
    Files.createDirectories(dir);
    Path target = targetCopy(laneDir, c.target, server);
    Path workload = Scripts.ROOT.resolve("workloads").resolve(c.workload);
    List<String> extra = new ArrayList<>(List.of("table=" + c.table()));
    if (c.fileWorkload()) {
      extra.add("fileloader.file=" + dataFile);
    } else {
      // YCSB's own check of every value read, and values the verifier can recompute (constant field lengths).
      extra.add("dataintegrity=true");
    }
    if (server == null) {
      extra.add("db.embedded.datadir=" + embeddedData);
    }
    String loadWorkload = RUN_ONLY.getOrDefault(c.workload, c.workload);
    List<String> args = new ArrayList<>(List.of("--target", target.toString(), "--workload", c.workload,
        "--records", Long.toString(RECORDS), "--operations", Long.toString(OPERATIONS),
        "--threads", Integer.toString(THREADS), "--no-html", "--out", dir.resolve("runs").toString()));
    if (!loadWorkload.equals(c.workload)) {
      args.add("--skip-load");
    }
    for (String kv : extra) {
      args.addAll(List.of("-p", kv));
    }
    // The properties the phases should run with, by the README's rule: the target's file, then the workload's, then
    // the command line (scripts/benchmark's own -p values and the user's).
    c.effective = effective(target, workload, extra);
    c.loadEffective = effective(target, Scripts.ROOT.resolve("workloads").resolve(loadWorkload), extra);
    Map<String, String> env = new HashMap<>();
    if (server != null && server.password() != null) {
      env.put("YCSB_DB_PASSWORD", server.password());
    }
    Map<String, Long> before = server == null ? null : statementCounters(server);
    if (!loadWorkload.equals(c.workload)) {
      List<String> load = new ArrayList<>(List.of("load", "mytopling", "-P", target.toString(), "-P",
          Scripts.ROOT.resolve("workloads").resolve(loadWorkload).toString(), "-p", "recordcount=" + RECORDS,
          "-threads", Integer.toString(THREADS), "-p", "db.droptable=true", "-p",
          "db.recordfile=" + dir.resolve("separate-load.json")));
      for (String kv : extra) {
        load.addAll(List.of("-p", kv));
      }
      c.separateLoad = Scripts.run("ycsb", load, env, Duration.ofMinutes(10));
      c.loadEffective.setProperty("db.droptable", "true");
    }
    c.job = Scripts.run("benchmark", args, env, Duration.ofMinutes(10));
    if (server != null) {
      Map<String, Long> after = statementCounters(server);
      c.statements = new LinkedHashMap<>();
      after.forEach((k, v) -> c.statements.put(k, v - before.get(k)));
    }
    Path run;
    try (Stream<Path> runs = Files.list(dir.resolve("runs"))) {
      run = runs.findFirst().orElseThrow(() -> new AssertionError("no run folder: " + c.job));
    }
    try (Stream<Path> logs = Files.walk(run.resolve("hdr"))) {
      for (Path log : logs.filter(f -> f.toString().endsWith(".hdr")).toList()) {
        long headers = Files.readAllLines(log, StandardCharsets.UTF_8).stream()
            .filter(l -> l.startsWith("#[Logging for: ")).count();
        if (headers != 1) {
          c.hdrHeaders.add(run.relativize(log) + ": " + headers + " log headers");
        }
      }
    }
    c.loadOut = c.separateLoad != null ? c.separateLoad.stdout : readIfThere(run.resolve("load.out"));
    c.loadErr = c.separateLoad != null ? c.separateLoad.stderr : readIfThere(run.resolve("load.err"));
    c.runOut = readIfThere(run.resolve("run.out"));
    c.runErr = readIfThere(run.resolve("run.err"));
    c.loadRecord = c.separateLoad != null ? dir.resolve("separate-load.json") : RunRecordFiles.binding(run, "load");
    c.runRecord = RunRecordFiles.binding(run, "run");

    YcsbOutput runOut = YcsbOutput.parse(c.runOut);
    Properties check = new Properties();
    check.putAll(c.effective);
    if (server != null && server.password() != null) {
      check.setProperty("db.passwd", server.password());
    }
    check.setProperty(MatrixTableCheck.KIND, c.fileWorkload() ? "file" : "core");
    // YCSB numbers the run phase's inserts on from recordcount, in the order they are acknowledged.
    check.setProperty(MatrixTableCheck.KEYS, Long.toString(RECORDS + runOut.count("INSERT", "Return=OK")));
    long updateRecords = runOut.count("FILELOADER", "Wraps") > 0 ? DATA_FILE_RECORDS
        : runOut.count("FILELOADER", "RecordsUsed");
    check.setProperty(MatrixTableCheck.UPDATE_RECORDS, Long.toString(updateRecords));
    c.checkProps = check;
  }

  /**
   * The properties a phase should run with, by the README's rule: the target's file, then the workload's, then the
   * command line (scripts/benchmark's own -p values and the user's).
   */
  private static Properties effective(Path target, Path workload, List<String> extra) throws IOException {
    Properties p = new Properties();
    load(p, target);
    load(p, workload);
    p.setProperty("recordcount", Long.toString(RECORDS));
    p.setProperty("operationcount", Long.toString(OPERATIONS));
    p.setProperty("threadcount", Integer.toString(THREADS));
    for (String kv : extra) {
      p.setProperty(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
    }
    return p;
  }

  /** The embedded cells' tables, checked in one JVM of their own (one server start for all of them). */
  private static void checkEmbeddedTables(List<Cell> lane, Path dir) {
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), MatrixTableCheck.class.getName()));
    Map<Cell, Path> files = new LinkedHashMap<>();
    try {
      for (Cell c : lane) {
        if (c.checkProps != null) {
          Path f = dir.resolve(c.table() + ".check.properties");
          try (OutputStream out = Files.newOutputStream(f)) {
            c.checkProps.store(out, null);
          }
          files.put(c, f);
          cmd.add(f.toString());
        }
      }
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("check.log").toFile())
          .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
      if (!p.waitFor(10, TimeUnit.MINUTES)) {
        p.destroyForcibly();
      }
      for (Map.Entry<Cell, Path> e : files.entrySet()) {
        Path result = Path.of(e.getValue() + ".result");
        if (Files.exists(result)) {
          Properties r = new Properties();
          load(r, result);
          e.getKey().table = MatrixTableCheck.Result.of(r);
        } else {
          e.getKey().table = MatrixTableCheck.Result.failed(new AssertionError("the embedded check wrote nothing: "
              + readIfThere(dir.resolve("check.log"))));
        }
      }
    } catch (IOException | InterruptedException e) {
      lane.forEach(c -> c.table = MatrixTableCheck.Result.failed(e));
    }
  }

  @ParameterizedTest(name = "{0} × {1}")
  @MethodSource("cells")
  void shippedFilesLoadAndRunWithEveryRowAccountedFor(Target target, String workload) throws Throwable {
    Cell c = CELLS.get(key(target, workload));
    if (c.failure != null) {
      throw c.failure;
    }
    List<String> problems = new ArrayList<>();
    if (c.separateLoad != null) {
      expect(problems, c.separateLoad.exitCode == 0, "scripts/ycsb load (" + RUN_ONLY.get(c.workload) + ") exit "
          + c.separateLoad.exitCode + ": " + c.separateLoad);
    }
    expect(problems, c.job.exitCode == 0, "scripts/benchmark exit " + c.job.exitCode);

    // The load: every row YCSB asked for, sent as the files together say.
    YcsbOutput load = YcsbOutput.parse(c.loadOut);
    Properties p = c.loadEffective;
    int batchSize = Integer.parseInt(p.getProperty("db.batchsize", "1").strip());
    boolean batched = Boolean.parseBoolean(p.getProperty("jdbc.batchupdateapi", "false").strip()) && batchSize > 1;
    expect(problems, load.count("INSERT", "Operations") == RECORDS, "load: " + load.count("INSERT", "Operations")
        + " INSERT operations, not " + RECORDS);
    onlyOk(problems, "load", load, batched ? List.of("OK", "BATCHED_OK") : List.of("OK"), "INSERT-BATCH");
    long acknowledged = load.count("INSERT", "Return=OK") + load.count("INSERT", "Return=BATCHED_OK");
    expect(problems, acknowledged == RECORDS, "load: " + acknowledged + " inserts acknowledged, not " + RECORDS);
    if (batched) {
      expect(problems, load.count("INSERT-BATCH", "Return=OK") == RECORDS, "load: INSERT-BATCH stored "
          + load.count("INSERT-BATCH", "Return=OK") + " rows, not " + RECORDS);
      long statements = expectedStatements(batchSize);
      expect(problems, load.count("INSERT-BATCH", "Operations") == statements, "load: "
          + load.count("INSERT-BATCH", "Operations") + " batch statements, not " + statements + " (db.batchsize="
          + batchSize + ", the value the files give together)");
    } else {
      expect(problems, !load.has("INSERT-BATCH", "Operations"), "load: rows were batched, though db.batchsize="
          + batchSize + " and jdbc.batchupdateapi=" + p.getProperty("jdbc.batchupdateapi") + " (the workload file's)");
    }
    Totals loadTotals = totals(problems, "load", c.loadRecord);
    if (loadTotals != null) {
      expect(problems, loadTotals.get("stored") == RECORDS && loadTotals.get("failed") == 0,
          "load: binding totals " + loadTotals);
    }

    // The run: every operation succeeded on keys that exist, inserts were sent at once, reads verified.
    YcsbOutput run = YcsbOutput.parse(c.runOut);
    onlyOk(problems, "run", run, List.of("OK"), null);
    expect(problems, !run.has("INSERT-BATCH", "Operations"), "run: inserts were batched (INSERT-BATCH series) though "
        + "db.batch.runphase is not set");
    long done = run.count("READ", "Operations") + run.count("UPDATE", "Operations") + run.count("INSERT", "Operations")
        + run.count("SCAN", "Operations") + run.count("DELETE", "Operations")
        - run.count("READ-MODIFY-WRITE", "Operations");
    expect(problems, done == OPERATIONS, "run: " + done + " operations done, not " + OPERATIONS);
    if (!c.fileWorkload() && run.count("READ", "Operations") > 0) {
      expect(problems, run.count("VERIFY", "Return=OK") == run.count("READ", "Operations"), "run: "
          + run.count("VERIFY", "Return=OK") + " of " + run.count("READ", "Operations") + " reads verified");
    }
    long runInserts = run.count("INSERT", "Return=OK");
    Totals runTotals = totals(problems, "run", c.runRecord);
    if (runTotals != null) {
      expect(problems, runTotals.get("stored") == runInserts && runTotals.get("failed") == 0
          && runTotals.get("errors") == 0 && runTotals.get("acknowledged_lost") == 0
          && !runTotals.runPhaseBatching(), "run: binding totals " + runTotals
          + " (YCSB acknowledged " + runInserts + " inserts)");
    }
    Properties r = c.effective;
    boolean runBatchingAsked = Boolean.parseBoolean(r.getProperty("jdbc.batchupdateapi", "false").strip())
        && Integer.parseInt(r.getProperty("db.batchsize", "1").strip()) > 1;
    if (runBatchingAsked) {
      expect(problems, c.runErr.contains("[mytopling] run phase: each insert is sent before insert() returns"),
          "run: the binding did not say that inserts are sent at once");
    }

    // The table: the rows acknowledged, each with its values, counted by the server.
    MatrixTableCheck.Result t = c.table;
    if (t == null || t.error() != null) {
      problems.add("table: not checked: " + (t == null ? "no result" : t.error()));
    } else {
      long expected = RECORDS + runInserts;
      expect(problems, t.rows() == expected, "table: " + t.rows() + " rows, acknowledged " + RECORDS + " + "
          + runInserts);
      if (loadTotals != null && runTotals != null) {
        expect(problems, t.rows() == loadTotals.get("stored") + runTotals.get("stored"), "table: " + t.rows()
            + " rows, the binding counted " + loadTotals.get("stored") + " + " + runTotals.get("stored") + " stored");
      }
      expect(problems, t.missing() == 0 && t.wrong() == 0 && t.extra() == 0, "table: " + t.examples());
      if (c.fileWorkload()) {
        long updates = run.count("UPDATE", "Return=OK");
        expect(problems, t.changed() <= updates, "table: " + t.changed() + " rows differ from their record of the file, "
            + "but only " + updates + " updates succeeded");
      }
    }

    // A batched load's statements, counted by the server itself (issue 34): one per batch, or one per row where the
    // binding's record says the driver sent each row alone (MariaDB Connector/J's batch to MySQL); and the same figure
    // in the summary.
    if (c.statements != null && batched && c.separateLoad == null) {
      String per = statementsPer(c.loadRecord);
      long loadStatements = "row".equals(per) ? RECORDS : expectedStatements(batchSize);
      long server = c.statements.values().stream().mapToLong(Long::longValue).sum();
      expect(problems, server == loadStatements + runInserts, "server: " + c.statements + " for a load of "
          + loadStatements + " statements (statements_per=" + per + ") and " + runInserts + " run-phase inserts");
    }
    // One row per statement where the workload file says so, counted by the server itself.
    if (c.statements != null && !batched) {
      String statement = "replace".equalsIgnoreCase(r.getProperty("db.upsert", "").strip()) ? "Com_replace" : "Com_insert";
      long rows = RECORDS + runInserts;
      expect(problems, c.statements.get(statement) == rows, "server: " + c.statements + " for " + rows
          + " rows sent one per statement");
    }
    problems.addAll(c.hdrHeaders);
    assertTrue(problems.isEmpty(), () -> c + " (" + c.seconds + " s):\n  " + String.join("\n  ", problems)
        + "\n" + c.job);
  }

  /** Statements of a load of RECORDS rows in batches of batchSize: each client thread flushes its own buffer. */
  static long expectedStatements(int batchSize) {
    long threads = Math.min(THREADS, RECORDS);
    long statements = 0;
    for (long t = 0; t < threads; t++) {
      long rows = RECORDS / threads + (t < RECORDS % threads ? 1 : 0);
      statements += (rows + batchSize - 1) / batchSize;
    }
    return statements;
  }

  /** Every "Return=" of every series is one of {@code allowed} (INSERT-BATCH's, when named, only OK). */
  private static void onlyOk(List<String> problems, String phase, YcsbOutput out, List<String> allowed, String batch) {
    for (Map.Entry<String, Double> e : out.all().entrySet()) {
      String name = e.getKey();
      int ret = name.indexOf(" Return=");
      if (name.contains("-FAILED ") && name.endsWith(" Operations")) {
        problems.add(phase + ": [" + name.substring(0, name.indexOf(' ')) + "] " + e.getValue().longValue()
            + " operations failed");
      }
      if (ret < 0) {
        continue;
      }
      String series = name.substring(0, ret);
      String code = name.substring(ret + " Return=".length());
      boolean ok = series.equals(batch) ? code.equals("OK") : allowed.contains(code);
      if (!ok) {
        problems.add(phase + ": [" + series + "], Return=" + code + ", " + e.getValue().longValue());
      }
    }
  }

  /** The binding's totals from its record of the phase; a missing or unfinished record is a problem. */
  private static Totals totals(List<String> problems, String phase, Path record) {
    if (!Files.exists(record)) {
      problems.add(phase + ": the binding wrote no record (" + record + ")");
      return null;
    }
    try {
      return Totals.of(record);
    } catch (AssertionError | RuntimeException e) {
      problems.add(phase + ": binding record " + record + ": " + e.getMessage());
      return null;
    }
  }

  private static void expect(List<String> problems, boolean ok, String problem) {
    if (!ok) {
      problems.add(problem);
    }
  }

  /** Com_insert and Com_replace of the server, which count statements, not rows. */
  /** inserts.statements_per of a binding record (batch, row), or "batch" when it cannot be read. */
  private static String statementsPer(Path record) {
    try {
      com.mytopling.ycsb.core.record.RunRecord r = com.mytopling.ycsb.core.record.RunRecordReader.read(record);
      return r.inserts == null || r.inserts.statementsPer == null ? "batch" : r.inserts.statementsPer;
    } catch (RuntimeException e) {
      return "batch";
    }
  }

  private static Map<String, Long> statementCounters(TestServer s) throws Exception {
    Map<String, Long> m = new HashMap<>();
    try (Connection c = s.connect(); Statement st = c.createStatement();
         ResultSet rs = st.executeQuery("SHOW GLOBAL STATUS WHERE Variable_name IN ('Com_insert', 'Com_replace', "
             + "'Com_load')")) {
      while (rs.next()) {
        m.put(rs.getString(1), rs.getLong(2));
      }
    }
    return m;
  }

  private static void load(Properties p, Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      p.load(in);
    }
  }

  private static String readIfThere(Path f) throws IOException {
    return Files.exists(f) ? Files.readString(f, StandardCharsets.UTF_8) : "";
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
