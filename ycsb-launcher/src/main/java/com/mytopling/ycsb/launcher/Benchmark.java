package com.mytopling.ycsb.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;

/**
 * The main job, scripts/benchmark: creates the table, loads, runs, and writes raw output,
 * metadata and a parsed summary to results/runs/DATE-TARGET-WORKLOAD/, then prints a short
 * table. Each phase runs in its own JVM through the launcher, exactly as a user's
 * {@code scripts/ycsb load|run} would, with YCSB's status line every 10 seconds.
 */
public final class Benchmark {
  static final String HARNESS_VERSION = "0.1.0-SNAPSHOT";
  private static final List<String> TARGETS = List.of("embedded", "mysql", "mariadb", "myrocks", "mytopling",
      "sqlserver", "azure-sql");

  private final Path root;
  private final PrintStream out;
  private final PrintStream err;

  Benchmark(Path root, PrintStream out, PrintStream err) {
    this.root = root;
    this.out = out;
    this.err = err;
  }

  public static void main(String[] args) {
    Path root = Path.of(System.getProperty("harness.root", ".")).toAbsolutePath().normalize();
    System.exit(new Benchmark(root, System.out, System.err).run(args));
  }

  static Options options() {
    Options o = new Options();
    o.addOption(Option.builder().longOpt("target").hasArg().argName("name|FILE")
        .desc("embedded (default), mysql, mariadb, myrocks, mytopling, sqlserver, azure-sql, or a db properties file").build());
    o.addOption(Option.builder().longOpt("workload").hasArg().argName("name|FILE")
        .desc("a file in workloads/ (default workloada) or a path").build());
    o.addOption(Option.builder().longOpt("records").hasArg().argName("n").desc("recordcount").build());
    o.addOption(Option.builder().longOpt("operations").hasArg().argName("n").desc("operationcount").build());
    o.addOption(Option.builder().longOpt("threads").hasArg().argName("n").desc("client threads (default 4)").build());
    o.addOption(Option.builder().longOpt("out").hasArg().argName("dir").desc("results root (default results/runs)").build());
    o.addOption(Option.builder().longOpt("skip-load").desc("run phase only, on an existing table").build());
    o.addOption(Option.builder("p").hasArg().argName("name=value").desc("extra property (repeatable)").build());
    o.addOption(Option.builder("h").longOpt("help").desc("this help").build());
    return o;
  }

  int run(String[] args) {
    try {
      return runChecked(args);
    } catch (UsageException e) {
      err.println("benchmark: " + e.getMessage());
      return 2;
    } catch (IOException e) {
      err.println("benchmark: " + e.getMessage());
      return 1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      err.println("benchmark: interrupted");
      return 1;
    }
  }

  private int runChecked(String[] args) throws UsageException, IOException, InterruptedException {
    CommandLine cl;
    try {
      cl = new DefaultParser().parse(options(), args);
    } catch (ParseException e) {
      throw new UsageException(e.getMessage() + " (try --help)");
    }
    if (cl.hasOption("h")) {
      new HelpFormatter().printHelp(new java.io.PrintWriter(out, true), 100, "scripts/benchmark [options]", null,
          options(), 2, 2, null);
      return 0;
    }
    if (!cl.getArgList().isEmpty()) {
      throw new UsageException("unexpected argument '" + cl.getArgList().get(0) + "' (try --help)");
    }
    String target = cl.getOptionValue("target", "embedded");
    Path dbProps = resolveTarget(target);
    String targetName = dbProps.getFileName().toString().replaceFirst("\\.properties$", "");
    Path workload = resolveWorkload(cl.getOptionValue("workload", "workloada"));
    boolean embedded = targetName.equals("embedded");
    long records = count(cl, "records", 100_000);
    long operations = count(cl, "operations", embedded ? 200_000 : 100_000);
    long threads = count(cl, "threads", 4);
    if (threads < 1) {
      throw new UsageException("--threads: must be at least 1");
    }
    List<String> extra = new ArrayList<>();
    for (String kv : cl.getOptionValues("p") == null ? new String[0] : cl.getOptionValues("p")) {
      if (kv.indexOf('=') <= 0) {
        throw new UsageException("-p " + kv + ": expected name=value");
      }
      extra.add(kv);
    }

    String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    Path runsRoot = cl.hasOption("out") ? Path.of(cl.getOptionValue("out")) : root.resolve("results").resolve("runs");
    Path dir = runsRoot.resolve(stamp + "-" + targetName + "-" + workload.getFileName());
    Files.createDirectories(dir.resolve("hdr"));
    String started = OffsetDateTime.now().toString();

    List<String> common = new ArrayList<>(List.of("-P", workload.toString(), "-P", dbProps.toString(),
        "-p", "recordcount=" + records, "-p", "operationcount=" + operations, "-threads", Long.toString(threads),
        "-s", "-p", "hdrhistogram.percentiles=50,95,99,99.9", "-p", "hdrhistogram.fileoutput=true"));
    if (embedded) {
      common.addAll(List.of("-p", "db.embedded.datadir=" + root.resolve(".local").resolve("embedded-mariadb")));
    }
    for (String kv : extra) {
      common.add("-p");
      common.add(kv);
    }
    err.println("benchmark: target " + targetName + " (" + dbProps + "), workload " + workload.getFileName() + ", "
        + records + " records, " + operations + " operations, " + threads + " threads");
    err.println("benchmark: results go to " + dir);

    if (!cl.hasOption("skip-load")) {
      List<String> load = new ArrayList<>(List.of("load", "mytopling"));
      load.addAll(common);
      load.addAll(List.of("-p", "db.createtable=true", "-p", "db.droptable=true",
          "-p", "hdrhistogram.output.path=" + dir.resolve("hdr").resolve("load") + "/"));
      Files.createDirectories(dir.resolve("hdr").resolve("load"));
      int rc = phase("load", load, dir);
      if (rc != 0) {
        err.println("benchmark: load phase failed (exit " + rc + "); see " + dir.resolve("load.err"));
        writeMetadata(dir, targetName, workload, records, operations, threads, dbProps, extra, started);
        return 1;
      }
    }
    List<String> runArgs = new ArrayList<>(List.of("run", "mytopling"));
    runArgs.addAll(common);
    runArgs.addAll(List.of("-p", "hdrhistogram.output.path=" + dir.resolve("hdr").resolve("run") + "/"));
    Files.createDirectories(dir.resolve("hdr").resolve("run"));
    int rc = phase("run", runArgs, dir);
    writeMetadata(dir, targetName, workload, records, operations, threads, dbProps, extra, started);
    if (rc != 0) {
      err.println("benchmark: run phase failed (exit " + rc + "); see " + dir.resolve("run.err"));
      return 1;
    }
    int summarized = report("summarize", dir);
    if (summarized != 0) {
      err.println("benchmark: could not summarize " + dir);
      return 1;
    }
    report("show", dir);
    out.println("results: " + dir);
    return 0;
  }

  private Path resolveTarget(String target) throws UsageException {
    Path p;
    if (TARGETS.contains(target)) {
      p = root.resolve("db-properties").resolve(target + ".properties");
    } else if (target.contains("/") || target.endsWith(".properties")) {
      p = Path.of(target).toAbsolutePath();
    } else {
      throw new UsageException("--target: unknown target '" + target + "' (" + String.join(", ", TARGETS)
          + ", or a db properties file)");
    }
    if (!Files.isReadable(p)) {
      throw new UsageException("--target: cannot read " + p);
    }
    return p;
  }

  private Path resolveWorkload(String name) throws UsageException {
    Path p = name.contains("/") ? Path.of(name).toAbsolutePath() : root.resolve("workloads").resolve(name);
    if (!Files.isReadable(p) || Files.isDirectory(p)) {
      throw new UsageException("--workload: no workload '" + name + "' (" + p + ")");
    }
    return p;
  }

  private static long count(CommandLine cl, String opt, long dflt) throws UsageException {
    String v = cl.getOptionValue(opt);
    if (v == null) {
      return dflt;
    }
    try {
      long n = Long.parseLong(v.strip());
      if (n < 0) {
        throw new UsageException("--" + opt + ": " + v + " is negative");
      }
      return n;
    } catch (NumberFormatException e) {
      throw new UsageException("--" + opt + ": '" + v + "' is not a whole number");
    }
  }

  /** Runs one phase in a child JVM: stdout to PHASE.out, stderr to PHASE.err and the console. */
  private int phase(String name, List<String> ycsbArgs, Path dir) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(javaCommand());
    cmd.add(Ycsb.class.getName());
    cmd.addAll(ycsbArgs);
    err.println("benchmark: " + name + " phase...");
    Process p = new ProcessBuilder(cmd).redirectOutput(dir.resolve(name + ".out").toFile())
        .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
    try (InputStream in = p.getErrorStream(); OutputStream file = Files.newOutputStream(dir.resolve(name + ".err"))) {
      byte[] buf = new byte[8192];
      for (int n; (n = in.read(buf)) > 0; ) {
        file.write(buf, 0, n);
        err.write(buf, 0, n);
      }
    }
    return p.waitFor();
  }

  private int report(String command, Path dir) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(javaCommand());
    cmd.add("-Djava.awt.headless=true");
    cmd.add("com.mytopling.ycsb.results.cli.ReportCli");
    cmd.add(command);
    cmd.add(dir.toString());
    Process p = new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
        .redirectOutput(ProcessBuilder.Redirect.INHERIT).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    return p.waitFor();
  }

  private static List<String> javaCommand() {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    String opts = System.getenv("YCSB_JAVA_OPTS");
    if (opts != null && !opts.isBlank()) {
      cmd.addAll(List.of(opts.trim().split("\\s+")));
    }
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    return cmd;
  }

  private static final Pattern CONNECTED = Pattern.compile(
      "\\[mytopling\\] connected: dialect=(\\S+) server=\"([^\"]*)\" engine=(\\S+)");

  private void writeMetadata(Path dir, String target, Path workload, long records, long operations, long threads,
                             Path dbProps, List<String> extra, String started) throws IOException {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("target", target);
    m.put("workload", workload.getFileName().toString());
    m.put("records", records);
    m.put("operations", operations);
    m.put("threads", threads);
    m.put("clients", 1);
    m.put("harness_version", HARNESS_VERSION);
    m.put("ycsb_version", "0.17.0");
    m.put("jvm", System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
    Map<String, Object> host = new LinkedHashMap<>();
    host.put("cores", Runtime.getRuntime().availableProcessors());
    host.put("memory_bytes", totalMemoryBytes());
    host.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
    m.put("host", host);
    m.put("start_time", started);
    m.put("end_time", OffsetDateTime.now().toString());
    Properties all = new Properties();
    loadInto(all, workload);
    loadInto(all, dbProps);
    all.setProperty("recordcount", Long.toString(records));
    all.setProperty("operationcount", Long.toString(operations));
    all.setProperty("threadcount", Long.toString(threads));
    for (String kv : extra) {
      all.setProperty(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
    }
    m.put("properties", new LinkedHashMap<>(com.mytopling.ycsb.jdbc.Secrets.maskedProperties(all)));
    Path loadErr = dir.resolve("load.err");
    Path runErr = dir.resolve("run.err");
    Path source = Files.exists(loadErr) ? loadErr : runErr;
    if (Files.exists(source)) {
      Matcher mm = CONNECTED.matcher(Files.readString(source, StandardCharsets.UTF_8));
      if (mm.find()) {
        Map<String, Object> server = new LinkedHashMap<>();
        server.put("version", mm.group(2));
        server.put("engine", mm.group(3));
        server.put("dialect", mm.group(1));
        m.put("server", server);
      }
    }
    Files.writeString(dir.resolve("metadata.json"), JsonText.object(m, "") + "\n", StandardCharsets.UTF_8);
  }

  private static void loadInto(Properties p, Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      p.load(in);
    }
  }

  private static long totalMemoryBytes() {
    java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean) {
      return ((com.sun.management.OperatingSystemMXBean) os).getTotalMemorySize();
    }
    return -1;
  }
}
