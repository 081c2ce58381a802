package com.mytopling.ycsb.launcher.jobs;

import static com.mytopling.ycsb.core.cli.CliValues.valued;

import com.mytopling.ycsb.core.ExitStatus;
import com.mytopling.ycsb.core.cli.CliValues;
import com.mytopling.ycsb.core.cli.UsageException;
import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.core.connect.Drivers;
import com.mytopling.ycsb.core.dialect.UrlScheme;
import com.mytopling.ycsb.fileloader.tool.DataFileFacts;
import com.mytopling.ycsb.launcher.Benchmark;
import com.mytopling.ycsb.launcher.HarnessJob;
import com.mytopling.ycsb.launcher.JobFailed;
import com.mytopling.ycsb.launcher.client.Ycsb;
import com.mytopling.ycsb.results.model.OperationStats;
import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.model.RunSummary;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * scripts/reproduce-reviews: the structure of the Amazon movie reviews benchmark (InnoDB vs MyRocks). For each engine
 * a private server (scripts/start-mariadb on --port, MyRocks on --port + 1, data under --out) loads the reviews
 * through the file workload (table from scripts/dataset schema), then read-only runs with uniform and zipfian keys
 * follow at each memory limit: InnoDB's buffer pool = L, or MyRocks' block cache = L/4 (as published: 2 GB of 8);
 * "unlimited" = half of this machine's memory; where a cgroup memory controller is writable, the server also runs in a
 * cgroup limited to L + 600 MB. Each step is a run folder read back through the results model; DIR/summary.tsv has
 * one row per step. The password reaches the servers and clients through the environment, never a command line.
 */
public final class ReproduceReviews extends HarnessJob {
  static final String HEADER = String.join("\t", "engine", "phase", "memory", "distribution",
      "successful_ops_per_sec", "all_ops_per_sec", "latency_of", "p95_us", "p99_us", "insert_us_per_row",
      "stored_bytes", "raw_to_stored", "memory_limit_by");
  private static final long MB = 1L << 20;

  private final String password;

  public ReproduceReviews(Path root, PrintStream out, PrintStream err, String password) {
    super("reproduce-reviews", root, out, err);
    this.password = password;
  }

  @Override
  protected String usage() {
    return "scripts/reproduce-reviews [--file movies.txt.gz | --records N] [options]";
  }

  @Override
  protected Options options() {
    Options o = new Options();
    o.addOption(valued("file", "FILE", "the SNAP file (the real movies.txt.gz, 7.9 M reviews); default: synthesise "
        + "--records reviews with scripts/dataset synth"));
    o.addOption(valued("records", "N", "reviews synthesised (default 200000, about 200 MB)"));
    o.addOption(valued("engines", "LIST", "innodb, rocksdb or both (default \"innodb rocksdb\"; spaces or commas)"));
    o.addOption(valued("limits", "LIST", "server memory per read phase: unlimited or a size like 8G, 512M, 1024 (MB) "
        + "(default \"unlimited 2G 1G 512M\")"));
    o.addOption(valued("threads", "N", "client threads (default 16)"));
    o.addOption(valued("operations", "N", "operations of each read phase (default 200000)"));
    o.addOption(valued("port", "P", "InnoDB server's port; MyRocks' is P+1 (default 3341)"));
    o.addOption(valued("out", "DIR", "results and server data (default .local/reproduce-reviews)"));
    o.addOption(Option.builder().longOpt("keep").desc("keep the servers' data directories").build());
    o.addOption(Option.builder("h").longOpt("help").desc("this help").build());
    return o;
  }

  /** The job's settings, checked before anything starts. */
  record Plan(Path file, long records, List<String> engines, List<String> limits, int threads, long operations,
              int port, Path out, boolean keep) {
  }

  static Plan plan(CommandLine cl, Path root) throws UsageException {
    List<String> engines = words(cl.getOptionValue("engines", "innodb rocksdb"));
    for (String e : engines) {
      if (!e.equals("innodb") && !e.equals("rocksdb")) {
        throw new UsageException("--engines: unknown engine '" + e + "' (innodb, rocksdb)");
      }
    }
    if (engines.isEmpty()) {
      throw new UsageException("--engines: no engine given (innodb, rocksdb)");
    }
    List<String> limits = words(cl.getOptionValue("limits", "unlimited 2G 1G 512M"));
    for (String l : limits) {
      if (!l.equals("unlimited") && megabytes(l) < 1) {
        throw new UsageException("--limits: " + l + " is out of range (at least 1M)");
      }
    }
    Path file = cl.hasOption("file") ? Path.of(cl.getOptionValue("file")).toAbsolutePath() : null;
    if (file != null && !Files.isRegularFile(file)) {
      throw new UsageException("--file: data file " + file + " does not exist");
    }
    Path out = cl.hasOption("out") ? Path.of(cl.getOptionValue("out")) : root.resolve(".local/reproduce-reviews");
    return new Plan(file, CliValues.count(cl, "records", 200_000, 1), engines, limits,
        CliValues.intCount(cl, "threads", 16, 1), CliValues.count(cl, "operations", 200_000, 1),
        CliValues.intCount(cl, "port", 3341, 1, 65534), out.toAbsolutePath().normalize(), cl.hasOption("keep"));
  }

  private static List<String> words(String text) {
    return Stream.of(text.split("[\\s,]+")).filter(w -> !w.isEmpty()).toList();
  }

  /** A limit like 8G, 512M or 1024 (MB) in megabytes. */
  static long megabytes(String limit) throws UsageException {
    String v = limit.toUpperCase(Locale.ROOT);
    long scale = v.endsWith("G") ? 1024 : 1;
    String digits = v.endsWith("G") || v.endsWith("M") ? v.substring(0, v.length() - 1) : v;
    try {
      return Long.parseLong(digits) * scale;
    } catch (NumberFormatException e) {
      throw new UsageException("--limits: '" + limit + "' is not a size like 8G, 512M or 1024 (MB)");
    }
  }

  @Override
  protected int execute(CommandLine cl) throws UsageException, IOException, SQLException, InterruptedException,
      JobFailed {
    Plan plan = plan(cl, root);
    Files.createDirectories(plan.out());
    Path file = plan.file();
    long records = plan.records();
    if (file == null) {
      file = plan.out().resolve("reviews-" + records + ".txt.gz");
      if (!Files.isRegularFile(file)) {
        dataset("synth", "--records", Long.toString(records), "--out", file.toString(), "--seed", "1");
      }
    } else {
      // The real file: count the reviews so that recordcount matches what can be loaded.
      records = DataFileFacts.of(file, err).records();
      log(file + " has " + records + " usable reviews");
    }
    Cgroup cgroup = Cgroup.create(ProcessHandle.current().pid());
    log("memory limits: " + cgroup.note());
    Reports reports = new Reports(err);
    Path summary = plan.out().resolve("summary.tsv");
    List<String> rows = new ArrayList<>(List.of(HEADER));
    long halfMb = totalMemoryMb() / 2;
    try {
      for (String engine : plan.engines()) {
        String dialect = engine.equals("rocksdb") ? "myrocks" : "mysql";
        log(engine + ": loading " + records + " reviews");
        stopServer(plan, engine);
        deleteTree(serverDir(plan, engine));
        startServer(plan, engine, halfMb);
        createTable(plan, engine, file, dialect);
        Path load = plan.out().resolve(engine + "-load");
        ycsb(plan, "load", engine, load, file, records, "-P",
            root.resolve("workloads/fileloader-reviews-load.properties").toString(),
                "-p", Registry.DB_CREATETABLE.assign(false));
        rows.add(loadRow(engine, halfMb, reports.load(load)));
        stopServer(plan, engine);

        for (String limit : plan.limits()) {
          long cacheMb = halfMb;
          Long capMb = null;
          if (!limit.equals("unlimited")) {
            long limitMb = megabytes(limit);
            cacheMb = engine.equals("rocksdb") ? limitMb / 4 : limitMb;
            capMb = limitMb + 600;
          }
          startServer(plan, engine, cacheMb);
          String limitedBy = "cache " + cacheMb + "M";
          if (capMb != null && cgroup.available()) {
            // Right after start, before any reads: what the server reads from now on is charged to the cgroup (the
            // page cache included, which is what limits RocksDB's mmap reads). The machine-wide page cache is left
            // alone: other work may share this machine.
            cgroup.limit(capMb * MB, Files.readString(serverDir(plan, engine).resolve("mariadbd.pid")).strip());
            limitedBy += " + cgroup " + capMb + "M";
          } else if (capMb != null) {
            limitedBy += " (no cgroup here)";
          }
          for (String dist : List.of("uniform", "zipfian")) {
            Path step = plan.out().resolve(engine + "-" + limit + "-" + dist);
            log(engine + ", memory " + limit + ", " + dist + " reads");
            ycsb(plan, "run", engine, step, file, records, "-P",
                root.resolve("workloads/fileloader-reviews-read.properties").toString(),
                "-p", Registry.REQUESTDISTRIBUTION.assign(dist),
                "-p", Registry.OPERATIONCOUNT.assign(plan.operations()));
            rows.add(readRow(engine, limit, dist, limitedBy, reports.load(step)));
          }
          stopServer(plan, engine);
        }
      }
    } finally {
      for (String engine : plan.engines()) {
        stopServer(plan, engine);
        if (!plan.keep()) {
          deleteTree(serverDir(plan, engine));
        }
      }
      cgroup.remove();
      Files.write(summary, rows, StandardCharsets.UTF_8);
    }
    out.print(columns(rows));
    log("results in " + plan.out() + " (summary.tsv; a run folder per step with YCSB's output, for scripts/report)");
    log("successful = operations that returned OK (the load: rows stored); where rows were batched, load latency is "
        + "the");
    log("statements' (INSERT-BATCH, per multi-row statement) and insert_us_per_row their time per row");
    return ExitStatus.OK.code;
  }

  private void log(String line) {
    err.println("reproduce-reviews: " + line);
  }

  /** The load's row: rates, the inserts' latency (the statements' where rows were batched), stored size. */
  static String loadRow(String engine, long memoryMb, RunSummary run) {
    PhaseSummary load = run.phase("load");
    boolean batched = load != null && load.operations.get("INSERT-BATCH") != null
        && load.operations.get("INSERT-BATCH").percentile("p95") != null;
    String series = batched ? "INSERT-BATCH" : "INSERT";
    OperationStats s = load == null ? null : load.operations.get(series);
    Map<String, Double> file = load == null ? null : load.metrics.get("FILELOADER");
    return String.join("\t", engine, "load", memoryMb + "M", "-",
        figure(load == null ? null : load.successfulThroughputOps), figure(load == null ? null : load.throughputOps),
        batched ? "INSERT-BATCH (per batch)" : "INSERT", figure(s == null ? null : s.percentile("p95")),
        figure(s == null ? null : s.percentile("p99")),
        figure(load == null || load.batchedInserts == null ? null : load.batchedInserts.costPerRowUs),
        whole(file == null ? null : file.get("TableStoredBytes")),
        file == null || file.get("RawToStoredRatio") == null ? ""
            : String.format(Locale.ROOT, "%.3f", file.get("RawToStoredRatio")), "-");
  }

  static String readRow(String engine, String limit, String dist, String limitedBy, RunSummary run) {
    PhaseSummary p = run.phase("run");
    OperationStats read = p == null ? null : p.operations.get("READ");
    return String.join("\t", engine, "read", limit, dist, figure(p == null ? null : p.successfulThroughputOps),
        figure(p == null ? null : p.throughputOps), "READ", figure(read == null ? null : read.percentile("p95")),
        figure(read == null ? null : read.percentile("p99")), "-", "-", "-", limitedBy);
  }

  /** One decimal at most, as scripts/report compare prints figures; empty when the run has none. */
  static String figure(Double v) {
    if (v == null) {
      return "";
    }
    String s = String.format(Locale.ROOT, "%.1f", v);
    return s.endsWith(".0") ? s.substring(0, s.length() - 2) : s;
  }

  private static String whole(Double v) {
    return v == null ? "" : Long.toString(Math.round(v));
  }

  /** The rows as aligned columns (as column -t printed them). */
  static String columns(List<String> rows) {
    List<String[]> cells = rows.stream().map(r -> r.split("\t", -1)).toList();
    int n = cells.stream().mapToInt(c -> c.length).max().orElse(0);
    int[] width = new int[n];
    for (String[] c : cells) {
      for (int i = 0; i < c.length; i++) {
        width[i] = Math.max(width[i], c[i].length());
      }
    }
    StringBuilder t = new StringBuilder();
    for (String[] c : cells) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < c.length; i++) {
        line.append(c[i]);
        if (i < c.length - 1) {
          line.append(" ".repeat(width[i] - c[i].length() + 2));
        }
      }
      t.append(line.toString().stripTrailing()).append('\n');
    }
    return t.toString();
  }

  // --- servers, the table, the clients ---

  private static int port(Plan plan, String engine) {
    return engine.equals("innodb") ? plan.port() : plan.port() + 1;
  }

  private static Path serverDir(Plan plan, String engine) {
    return plan.out().resolve("server-" + engine);
  }

  private static String url(Plan plan, String engine) {
    return UrlScheme.MYSQL.url("127.0.0.1", port(plan, engine), "ycsb");
  }

  private void startServer(Plan plan, String engine, long cacheMb) throws IOException, InterruptedException,
      JobFailed {
    Path log = plan.out().resolve("server-" + engine + ".log");
    int rc = process(List.of("bash", root.resolve("scripts/start-mariadb").toString(), "--engine", engine, "--port",
        Integer.toString(port(plan, engine)), "--datadir", serverDir(plan, engine).toString(), "--buffer-pool",
        cacheMb + "M"), log, log);
    if (rc != 0) {
      log("could not start the " + engine + " server; see " + log);
      throw JobFailed.alreadySaid(ExitStatus.FAILED.code);
    }
  }

  private void stopServer(Plan plan, String engine) throws IOException, InterruptedException {
    Path log = plan.out().resolve("server-" + engine + ".log");
    process(List.of("bash", root.resolve("scripts/stop-mariadb").toString(), "--engine", engine, "--port",
        Integer.toString(port(plan, engine)), "--datadir", serverDir(plan, engine).toString()), log, log);
  }

  /** The table that fits the data, as scripts/dataset schema writes it, created through the core's drivers. */
  private void createTable(Plan plan, String engine, Path file, String dialect) throws IOException,
      InterruptedException, SQLException, JobFailed {
    String ddl = dataset("schema", file.toString(), "--dialect", dialect, "--table", "reviews").lines()
        .filter(l -> !l.startsWith("--")).collect(Collectors.joining("\n")).strip();
    Properties info = new Properties();
    info.setProperty("user", "ycsb");
    info.setProperty("password", password);
    try (Connection c = Drivers.connect(url(plan, engine), info); Statement st = c.createStatement()) {
      for (String sql : ddl.split(";\\s*(\\n|$)")) {
        if (!sql.isBlank()) {
          st.execute(sql);
        }
      }
    }
  }

  /** A YCSB phase of the file workload; its output in STEP/PHASE.out and .err, a run folder. */
  private void ycsb(Plan plan, String phase, String engine, Path step, Path file, long records, String... more)
      throws IOException, InterruptedException, JobFailed {
    Files.createDirectories(step);
    List<String> cmd = new ArrayList<>(Benchmark.javaCommand());
    cmd.addAll(List.of(Ycsb.class.getName(), phase, "mytopling", "-threads", Integer.toString(plan.threads()), "-s",
        "-p", Registry.FILELOADER_FILE.assign(file), "-p", Registry.RECORDCOUNT.assign(records),
        "-p", Registry.TABLE.assign("reviews"),
        "-p", Registry.DB_URL.assign(url(plan, engine)), "-p", Registry.DB_USER.assign("ycsb")));
    cmd.addAll(List.of(more));
    int rc = process(cmd, step.resolve(phase + ".out"), step.resolve(phase + ".err"));
    if (rc != 0) {
      log(phase + " on " + engine + " failed; see " + step.resolve(phase + ".err"));
      List<String> lines = Files.readAllLines(step.resolve(phase + ".err"), StandardCharsets.UTF_8);
      lines.subList(Math.max(0, lines.size() - 5), lines.size()).forEach(err::println);
      throw JobFailed.alreadySaid(ExitStatus.FAILED.code);
    }
  }

  /** scripts/dataset in a JVM of its own; its standard output. */
  private String dataset(String... args) throws IOException, InterruptedException, JobFailed {
    List<String> cmd = new ArrayList<>(Benchmark.javaCommand());
    cmd.add("com.mytopling.ycsb.fileloader.tool.DatasetTool");
    cmd.addAll(List.of(args));
    Path stdout = Files.createTempFile("dataset", ".out");
    try {
      int rc = new ProcessBuilder(cmd).redirectOutput(stdout.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT)
          .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start().waitFor();
      if (rc != 0) {
        throw JobFailed.alreadySaid(rc);
      }
      return Files.readString(stdout, StandardCharsets.UTF_8);
    } finally {
      Files.deleteIfExists(stdout);
    }
  }

  /** Runs a command with the password in its environment only. */
  private int process(List<String> cmd, Path stdout, Path stderr) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    if (stdout.equals(stderr)) {
      pb.redirectOutput(ProcessBuilder.Redirect.appendTo(stdout.toFile())).redirectErrorStream(true);
    } else {
      pb.redirectOutput(stdout.toFile()).redirectError(stderr.toFile());
    }
    pb.environment().put("YCSB_DB_PASSWORD", password);
    return pb.start().waitFor();
  }

  private static long totalMemoryMb() throws IOException {
    for (String line : Files.readAllLines(Path.of("/proc/meminfo"), StandardCharsets.UTF_8)) {
      if (line.startsWith("MemTotal:")) {
        return Long.parseLong(line.substring(9).trim().split("\\s+")[0]) / 1024;
      }
    }
    throw new IOException("/proc/meminfo has no MemTotal");
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  /** A cgroup memory controller (v2 memory.max or v1 memory.limit_in_bytes) when one is writable here. */
  record Cgroup(Path dir, String limitFile, String note) {
    static Cgroup create(long pid) {
      Path v2 = Path.of("/sys/fs/cgroup");
      try {
        if (Files.isRegularFile(v2.resolve("cgroup.controllers"))
            && List.of(Files.readString(v2.resolve("cgroup.controllers")).split("\\s+")).contains("memory")) {
          Path d = v2.resolve("ycsb-reviews-" + pid);
          Files.createDirectories(d);
          return new Cgroup(d, "memory.max", "cgroup v2 memory.max");
        }
        if (Files.isDirectory(v2.resolve("memory"))) {
          Path d = v2.resolve("memory").resolve("ycsb-reviews-" + pid);
          Files.createDirectories(d);
          return new Cgroup(d, "memory.limit_in_bytes", "cgroup v1 memory.limit_in_bytes");
        }
      } catch (IOException | SecurityException e) {
        // Not writable here: the cache sizes alone limit memory.
      }
      return new Cgroup(null, null,
          "no writable cgroup memory controller on this machine: memory is limited by cache sizes only");
    }

    boolean available() {
      return dir != null;
    }

    void limit(long bytes, String pid) throws IOException {
      Files.writeString(dir.resolve(limitFile), Long.toString(bytes));
      Files.writeString(dir.resolve("cgroup.procs"), pid);
    }

    void remove() {
      if (dir != null) {
        try {
          Files.deleteIfExists(dir);
        } catch (IOException e) {
          // A process still in it (a server not yet gone): the empty group is left for the system.
        }
      }
    }
  }
}
