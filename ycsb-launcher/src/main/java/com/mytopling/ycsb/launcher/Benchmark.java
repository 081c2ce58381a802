package com.mytopling.ycsb.launcher;

import com.mytopling.ycsb.core.cli.UsageException;
import com.mytopling.ycsb.core.ExitStatus;
import com.mytopling.ycsb.core.cli.CliValues;
import com.mytopling.ycsb.core.Secrets;
import com.mytopling.ycsb.core.record.RunRecord;
import com.mytopling.ycsb.core.record.RunRecordException;
import com.mytopling.ycsb.core.record.RunRecordFiles;
import com.mytopling.ycsb.core.record.RunRecordReader;
import com.mytopling.ycsb.results.model.RunMetadata;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Properties;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * The main job, scripts/benchmark: creates the table, loads, runs, and writes raw output,
 * metadata and a parsed summary to results/runs/DATE-TARGET-WORKLOAD/, then prints a short
 * table. Each phase runs in its own JVM through the launcher, exactly as a user's
 * {@code scripts/ycsb load|run} would, with YCSB's status line every 10 seconds.
 */
public final class Benchmark {
  public static final String HARNESS_VERSION = "0.1.0-SNAPSHOT";
  private static final List<String> TARGETS = List.of("embedded", "mysql", "mariadb", "myrocks", "mytopling",
      "sqlserver", "azure-sql");

  private final Path root;
  private final PrintStream out;
  private final PrintStream err;

  /** The run folder of the last job that completed, for the jobs that go on from it (reproduce-azure, soak). */
  private Path lastRunDir;

  public Benchmark(Path root, PrintStream out, PrintStream err) {
    this.root = root;
    this.out = out;
    this.err = err;
  }

  PrintStream out() {
    return out;
  }

  PrintStream err() {
    return err;
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
    o.addOption(Option.builder().longOpt("clients").hasArg().argName("n")
        .desc("client processes (default 1): the load split by key range, the run over all keys, results merged").build());
    o.addOption(Option.builder().longOpt("warmup").hasArg().argName("seconds")
        .desc("leave the run phase's first seconds out of its throughput and latency (measurement.warmup, default 0)")
        .build());
    o.addOption(Option.builder().longOpt("sweep").hasArg().argName("var=v1,v2,...")
        .desc("one run per value of threads or records (threads=1,4,16,64), each a run folder in a sweep folder "
            + "with its own report.html").build());
    o.addOption(Option.builder().longOpt("on").hasArg().argName("kubernetes|docker|ssh")
        .desc("the --clients on other machines: an Indexed Job on Kubernetes, containers of the harness image on this "
            + "machine's Docker engine, or --hosts over SSH; they start together and their results are merged "
            + "(docs/scale-out.md)").build());
    o.addOption(Option.builder().longOpt("render").hasArg().argName("dir")
        .desc("with --on kubernetes: write the manifests to DIR and stop").build());
    o.addOption(Option.builder().longOpt("image").hasArg().argName("name")
        .desc("with --on kubernetes|docker: the harness image (default ycsb-harness:" + HARNESS_VERSION + ")").build());
    o.addOption(Option.builder().longOpt("namespace").hasArg().argName("ns")
        .desc("with --on kubernetes: the namespace (default: kubectl's current)").build());
    o.addOption(Option.builder().longOpt("client-cpu").hasArg().argName("quantity")
        .desc("with --on kubernetes: CPU each client requests (default: threads/2, at least 1)").build());
    o.addOption(Option.builder().longOpt("client-memory").hasArg().argName("quantity")
        .desc("with --on kubernetes: memory each client requests (default 2Gi)").build());
    o.addOption(Option.builder().longOpt("hosts").hasArg().argName("h1,h2,...")
        .desc("with --on ssh: the client machines (user@host[:port]), clients spread over them in turn").build());
    o.addOption(Option.builder().longOpt("remote-harness").hasArg().argName("dir")
        .desc("with --on ssh: where the harness is on the hosts (default: this harness's own path)").build());
    o.addOption(Option.builder().longOpt("client-of").hasArg().argName("n")
        .desc("(run by --on, on each client machine) this process is one of N clients; its index is "
            + "--client-index or JOB_COMPLETION_INDEX").build());
    o.addOption(Option.builder().longOpt("client-index").hasArg().argName("i").desc("see --client-of").build());
    o.addOption(Option.builder().longOpt("run-id").hasArg().argName("id")
        .desc("with --client-of: the run all clients belong to (the start barrier's key)").build());
    o.addOption(Option.builder().longOpt("no-html").desc("do not write report.html").build());
    o.addOption(Option.builder("p").hasArg().argName("name=value").desc("extra property (repeatable)").build());
    o.addOption(Option.builder("h").longOpt("help").desc("this help").build());
    return o;
  }

  /** scripts/benchmark with these arguments; the exit status. */
  public int run(String[] args) {
    try {
      return runChecked(args);
    } catch (UsageException e) {
      err.println("benchmark: " + e.getMessage());
      return ExitStatus.BAD_INPUT.code;
    } catch (IOException e) {
      err.println("benchmark: " + e.getMessage());
      return ExitStatus.FAILED.code;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      err.println("benchmark: interrupted");
      return ExitStatus.FAILED.code;
    }
  }

  private int runChecked(String[] args) throws UsageException, IOException, InterruptedException {
    CommandLine cl = CliValues.parse(options(), args);
    if (cl.hasOption("h")) {
      new HelpFormatter().printHelp(new java.io.PrintWriter(out, true), 100, "scripts/benchmark [options]", null,
          options(), 2, 2, null);
      return ExitStatus.OK.code;
    }
    if (!cl.getArgList().isEmpty()) {
      throw new UsageException("unexpected argument '" + cl.getArgList().get(0) + "' (try --help)");
    }
    String target = cl.getOptionValue("target", "embedded");
    Path dbProps = resolveTarget(target);
    String targetName = dbProps.getFileName().toString().replaceFirst("\\.properties$", "");
    Path workload = resolveWorkload(cl.getOptionValue("workload", "workloada"));
    boolean embedded = targetName.equals("embedded");
    long records = CliValues.count(cl, "records", 100_000, 0);
    // At least 1: YCSB takes operationcount=0 as "no limit", and the run phase would never end.
    long operations = CliValues.count(cl, "operations", embedded ? 200_000 : 100_000, 1);
    long threads = CliValues.intCount(cl, "threads", 4, 1);
    int clients = CliValues.intCount(cl, "clients", 1, 1);
    if (clients > 1 && embedded) {
      throw new UsageException("--clients " + clients + " needs a server: the embedded MariaDB lives inside one client "
          + "process (use --target mariadb, scripts/start-mariadb starts one)");
    }
    long warmup = CliValues.count(cl, "warmup", 0, 0);
    List<String> extra = new ArrayList<>();
    for (String kv : cl.getOptionValues("p") == null ? new String[0] : cl.getOptionValues("p")) {
      if (kv.indexOf('=') <= 0) {
        throw new UsageException("-p " + kv + ": expected name=value");
      }
      extra.add(kv);
    }
    if (cl.hasOption("warmup")) {
      // As a -p after the user's, so that metadata.json records the value the phases used.
      extra.add("measurement.warmup=" + warmup);
    }
    boolean serverMetrics = true;
    for (String kv : extra) {
      if (kv.startsWith("measurement.servermetrics=")) {
        // The last one wins; anything but false leaves sampling on (a bad value is refused by the phases).
        serverMetrics = !kv.substring(kv.indexOf('=') + 1).strip().equalsIgnoreCase("false");
      }
      if (kv.startsWith("measurement.warmup=")) {
        // The last one wins, as in the phases; a bad value is refused there, with the exit status of bad input.
        warmup = kv.substring(kv.indexOf('=') + 1).strip().matches("\\d{1,12}")
            ? Long.parseLong(kv.substring(kv.indexOf('=') + 1).strip()) : 0;
      }
    }

    // First: the user's own -p stay last, as typed.
    shortRunStatusInterval(extra, dbProps, workload, operations).ifPresent(kv -> extra.add(0, kv));

    Sweep sweep = cl.hasOption("sweep") ? Sweep.parse(cl.getOptionValue("sweep")) : null;
    if (sweep != null && cl.hasOption(sweep.variable())) {
      throw new UsageException("--sweep " + sweep.variable() + "=... and --" + sweep.variable() + " both given: the sweep "
          + "sets it");
    }
    if (sweep != null && sweep.variable().equals("records") && cl.hasOption("skip-load")) {
      throw new UsageException("--sweep records=... loads each point's records: it cannot be combined with --skip-load");
    }
    String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    Path runsRoot = cl.hasOption("out") ? Path.of(cl.getOptionValue("out")) : root.resolve("results").resolve("runs");
    String name = stamp + "-" + targetName + "-" + workload.getFileName();
    ClientRole role = ClientRole.from(cl, clients, System.getenv());
    if (role != null && (sweep != null || cl.hasOption("on"))) {
      throw new UsageException("--client-of is the side of one client: it takes neither --sweep nor --on");
    }
    Job job = new Job(targetName, dbProps, workload, embedded, records, operations, threads, clients, extra, warmup,
        serverMetrics, cl.hasOption("skip-load"), !cl.hasOption("no-html"),
        role == null ? runsRoot.resolve(name) : runsRoot.resolve("client-" + role.index()), role);
    if (cl.hasOption("on")) {
      if (sweep != null) {
        throw new UsageException("--on runs one benchmark: it cannot be combined with --sweep");
      }
      ScaleOut plan = ScaleOut.plan(cl, job, stamp, root, System.getenv());
      return plan.run(this);
    }
    if (sweep == null) {
      return job.run(this);
    }
    return new SweepRun(this, sweep, job, runsRoot.resolve(name + "-sweep-" + sweep.variable()), out, err).run();
  }

  /** One benchmark: a load (unless skipped) and a run into one run folder, summarized and reported. */
  record Job(String targetName, Path dbProps, Path workload, boolean embedded, long records, long operations,
             long threads, int clients, List<String> extra, long warmup, boolean serverMetrics, boolean skipLoad,
             boolean html, Path dir, ClientRole role) {
    Job with(String variable, long value, boolean skip, Path at) {
      return new Job(targetName, dbProps, workload, embedded, variable.equals("records") ? value : records, operations,
          variable.equals("threads") ? value : threads, clients, extra, warmup, serverMetrics, skip, html, at, role);
    }

    int run(Benchmark b) throws IOException, InterruptedException {
      return b.runJob(this);
    }
  }

  int runJob(Job job) throws IOException, InterruptedException {
    long records = job.records();
    long operations = job.operations();
    long threads = job.threads();
    int clients = job.clients();
    Path dir = job.dir();
    if (clients > 1 && clients > Math.min(operations, Math.max(records, 1))) {
      // A client process given no operations would run without limit (YCSB's 0), and one with no
      // records to load has no histograms to merge: one operation and one record at least each.
      int fewer = (int) Math.min(operations, Math.max(records, 1));
      err.println("benchmark: " + records + " records and " + operations + " operations for " + clients
          + " clients: running " + fewer + " client" + (fewer == 1 ? "" : "s"));
      clients = fewer;
    }
    Files.createDirectories(dir.resolve("hdr"));
    String started = OffsetDateTime.now().toString();
    List<String> common = commonArgs(job, records, operations, threads, dir);
    err.println("benchmark: target " + job.targetName() + " (" + job.dbProps() + "), workload "
        + job.workload().getFileName() + ", " + records + " records, " + operations + " operations, " + threads
        + " threads");
    err.println("benchmark: results go to " + dir);

    Meta meta = new Meta(job.targetName(), job.workload(), records, operations, threads, clients, job.dbProps(),
        job.extra(), started, job.warmup(), job.serverMetrics());
    if (job.role() != null) {
      return runScaleOutClient(job, common, meta);
    }
    // Local clients meet at the start barrier as clients on other machines do: one run id per job, so that a sweep's
    // points (or a run started again) never meet an earlier job's clients.
    String runId = "local-" + Long.toString(System.currentTimeMillis(), 36) + "-"
        + java.util.UUID.randomUUID().toString().substring(0, 8);
    if (!job.skipLoad()) {
      int rc = clients == 1 ? singleClientLoad(common, dir) : multiClientLoad(common, dir, records, clients, runId);
      if (rc != 0) {
        err.println("benchmark: load phase failed (exit " + rc + "); see the .err files in " + dir);
        writeMetadata(dir, meta);
        return phaseStatus(rc);
      }
    }
    int rc = clients == 1 ? singleClientRun(common, dir) : multiClientRun(common, dir, operations, clients, runId);
    writeMetadata(dir, meta);
    if (rc != 0) {
      err.println("benchmark: run phase failed (exit " + rc + "); see the .err files in " + dir);
      return phaseStatus(rc);
    }
    int summarized = report("summarize", dir.toString());
    if (summarized != 0) {
      err.println("benchmark: could not summarize " + dir);
      return ExitStatus.FAILED.code;
    }
    report("show", dir.toString());
    if (job.html() && report("html", dir.toString(), "--out", dir.resolve("report.html").toString()) != 0) {
      err.println("benchmark: could not write " + dir.resolve("report.html"));
      return ExitStatus.FAILED.code;
    }
    out.println("results: " + dir);
    lastRunDir = dir;
    return ExitStatus.OK.code;
  }

  /**
   * One client of a benchmark spread over machines (--client-of): client 0 creates the table, all meet at the start
   * barrier's "table" phase (so none loads before the table exists), each loads its key range, then all meet again
   * inside the run phase and start together. Its run folder is a one-client folder that {@code report merge} takes;
   * at the end it is printed on stdout for the collector ({@link RunFolderStream}), whatever the outcome.
   */
  private int runScaleOutClient(Job job, List<String> common, Meta meta) throws IOException, InterruptedException {
    ClientRole role = job.role();
    Path dir = job.dir();
    int rc = scaleOutPhases(job, role, common, dir);
    // This client's own operations: report merge adds the clients' up.
    writeMetadata(dir, new Meta(meta.target(), meta.workload(), meta.records(), role.operations(meta.operations()),
        meta.threads(), 1, meta.dbProps(), meta.extra(), meta.started(), meta.warmup(), meta.serverMetrics()));
    if (rc == 0 && report("summarize", dir.toString()) != 0) {
      err.println("benchmark: could not summarize " + dir);
      rc = ExitStatus.FAILED.code;
    }
    long sent = RunFolderStream.write(dir, "client-" + role.index(), rc, out, RunFolderStream.TEXT_LIMIT_BYTES);
    out.flush();
    if (sent < 0) {
      err.println("benchmark: client-" + role.index() + "'s run folder is " + RunFolderStream.mib(-sent)
          + " as text, over the " + RunFolderStream.mib(RunFolderStream.TEXT_LIMIT_BYTES) + " a container log keeps "
          + "whole: not sent, so this client fails; it stays in " + dir + " (docs/scale-out.md)");
      return ExitStatus.FAILED.code;
    }
    return rc;
  }

  private int scaleOutPhases(Job job, ClientRole role, List<String> common, Path dir)
      throws IOException, InterruptedException {
    List<String> own = new ArrayList<>(common);
    if (role.index() > 0) {
      own.addAll(List.of("-p", "measurement.servermetrics=false")); // client 0 samples for all
    }
    if (!job.skipLoad()) {
      if (role.index() == 0) {
        List<String> prepare = new ArrayList<>(List.of("load", "mytopling"));
        prepare.addAll(own);
        prepare.addAll(List.of("-p", "db.createtable=true", "-p", "db.droptable=true", "-p", "insertcount=0",
            "-p", "measurement.servermetrics=false"));
        prepare.addAll(recordFiles(dir.resolve("prepare"), "load"));
        Files.createDirectories(dir.resolve("prepare"));
        int rc = phase("table", prepare, dir, dir.resolve("prepare").resolve("load.out"),
            dir.resolve("prepare").resolve("load.err"), true).waitFor();
        if (rc != 0) {
          err.println("benchmark: client 0 could not create the table (exit " + rc + "); see " + dir.resolve("prepare"));
          return phaseStatus(rc);
        }
      }
      try {
        Properties props = barrierProps(job, role);
        StartBarrier.Settings settings = StartBarrier.Settings.from(props);
        if (settings != null) { // null: a client alone (--client-of 1) waits for nobody
          new StartBarrier(settings, "table", err).await(props);
        }
      } catch (StartBarrier.BarrierException e) {
        err.println(e.getMessage());
        return ExitStatus.FAILED.code;
      } catch (UsageException e) {
        err.println("benchmark: " + e.getMessage());
        return ExitStatus.BAD_INPUT.code;
      }
      long start = role.insertStart(job.records());
      List<String> load = new ArrayList<>(List.of("load", "mytopling"));
      load.addAll(own);
      load.addAll(List.of("-p", "insertstart=" + start, "-p", "insertcount=" + (role.insertEnd(job.records()) - start),
          "-p", "hdrhistogram.output.path=" + hdrDir(dir, "load", -1) + "/"));
      load.addAll(recordFiles(dir, "load"));
      load.addAll(role.barrierArguments()); // the loads start together too: their throughput is summed over a window
      int rc = phase("load (client " + role.index() + ")", load, dir, dir.resolve("load.out"), dir.resolve("load.err"),
          true).waitFor();
      if (rc != 0) {
        err.println("benchmark: load phase failed (exit " + rc + "); see " + dir.resolve("load.err"));
        return phaseStatus(rc);
      }
    }
    List<String> run = new ArrayList<>(List.of("run", "mytopling"));
    run.addAll(own);
    run.addAll(List.of("-p", "operationcount=" + role.operations(job.operations()),
        "-p", "hdrhistogram.output.path=" + hdrDir(dir, "run", -1) + "/"));
    run.addAll(recordFiles(dir, "run"));
    run.addAll(role.barrierArguments());
    int rc = phase("run (client " + role.index() + ")", run, dir, dir.resolve("run.out"), dir.resolve("run.err"), true)
        .waitFor();
    if (rc != 0) {
      err.println("benchmark: run phase failed (exit " + rc + "); see " + dir.resolve("run.err"));
      return phaseStatus(rc);
    }
    return 0;
  }

  /** The properties a phase of this client would see (target, workload, -p) with the barrier's, for the table barrier. */
  private static Properties barrierProps(Job job, ClientRole role) throws IOException {
    Properties p = new Properties();
    loadInto(p, job.dbProps());
    loadInto(p, job.workload());
    for (String kv : job.extra()) {
      p.setProperty(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
    }
    for (String kv : role.barrierProperties()) {
      p.setProperty(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
    }
    return p;
  }

  /** The arguments every phase of a job shares: target, workload, sizes, HdrHistogram logs, server metrics, -p. */
  private List<String> commonArgs(Job job, long records, long operations, long threads, Path dir) {
    // Later files win: the target's settings first, then the workload's own (workload-insert-fresh's
    // db.batchsize=1 must beat a target's db.batchsize=1000), then -p over both.
    List<String> common = new ArrayList<>(List.of("-P", job.dbProps().toString(), "-P", job.workload().toString(),
        "-p", "recordcount=" + records, "-p", "operationcount=" + operations, "-threads", Long.toString(threads),
        "-s", "-p", "hdrhistogram.percentiles=50,95,99,99.9", "-p", "hdrhistogram.fileoutput=true"));
    if (job.embedded()) {
      common.addAll(List.of("-p", "db.embedded.datadir=" + root.resolve(".local").resolve("embedded-mariadb")));
    }
    if (job.serverMetrics()) {
      // The server's counters beside the client's (docs/results.md); one client samples, the others are told not to.
      common.addAll(List.of("-p", "measurement.servermetrics=true",
          "-p", "measurement.servermetrics.file=" + dir.resolve("server-metrics.csv")));
    }
    for (String kv : job.extra()) {
      common.add("-p");
      common.add(kv);
    }
    return common;
  }

  /** The run folder written by the last {@link #run} that succeeded (null before; for a sweep, its last point). */
  public Path lastRunDir() {
    return lastRunDir;
  }

  /** A report command on the console (scripts/report's entry point in a JVM of its own). */
  int report(String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(javaCommand());
    cmd.add("-Djava.awt.headless=true");
    cmd.add("com.mytopling.ycsb.results.cli.ReportCli");
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
        .redirectOutput(ProcessBuilder.Redirect.INHERIT).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    return p.waitFor();
  }

  /** A phase's exit status as the benchmark's: bad input stays bad input, anything else is a failed run. */
  private static int phaseStatus(int rc) {
    return rc == ExitStatus.BAD_INPUT.code ? rc : ExitStatus.FAILED.code;
  }

  private int singleClientLoad(List<String> common, Path dir) throws IOException, InterruptedException {
    List<String> load = new ArrayList<>(List.of("load", "mytopling"));
    load.addAll(common);
    load.addAll(List.of("-p", "db.createtable=true", "-p", "db.droptable=true",
        "-p", "hdrhistogram.output.path=" + hdrDir(dir, "load", -1) + "/"));
    load.addAll(recordFiles(dir, "load"));
    return phase("load", load, dir, dir.resolve("load.out"), dir.resolve("load.err"), true).waitFor();
  }

  private int singleClientRun(List<String> common, Path dir) throws IOException, InterruptedException {
    List<String> run = new ArrayList<>(List.of("run", "mytopling"));
    run.addAll(common);
    run.addAll(List.of("-p", "hdrhistogram.output.path=" + hdrDir(dir, "run", -1) + "/"));
    run.addAll(recordFiles(dir, "run"));
    return phase("run", run, dir, dir.resolve("run.out"), dir.resolve("run.err"), true).waitFor();
  }

  /**
   * Several clients load disjoint key ranges (insertstart/insertcount of the same recordcount,
   * so keys and the run phase's key chooser are those of a single-client load). The table is
   * dropped and created once, by a client that inserts nothing, before they start; then they
   * meet at the start barrier and start together, as clients on several machines do.
   */
  private int multiClientLoad(List<String> common, Path dir, long records, int clients, String runId)
      throws IOException, InterruptedException {
    List<String> prepare = new ArrayList<>(List.of("load", "mytopling"));
    prepare.addAll(common);
    prepare.addAll(List.of("-p", "db.createtable=true", "-p", "db.droptable=true", "-p", "insertcount=0",
        "-p", "measurement.servermetrics=false"));
    prepare.addAll(recordFiles(dir.resolve("prepare"), "load"));
    Files.createDirectories(dir.resolve("prepare"));
    int rc = phase("table", prepare, dir, dir.resolve("prepare").resolve("load.out"),
        dir.resolve("prepare").resolve("load.err"), true).waitFor();
    if (rc != 0) {
      return rc;
    }
    List<ChildPhase> procs = new ArrayList<>();
    for (int i = 0; i < clients; i++) {
      long start = records * i / clients;
      long end = records * (i + 1) / clients;
      List<String> load = new ArrayList<>(List.of("load", "mytopling"));
      load.addAll(common);
      load.addAll(List.of("-p", "insertstart=" + start, "-p", "insertcount=" + (end - start),
          "-p", "hdrhistogram.output.path=" + hdrDir(dir, "load", i) + "/"));
      if (i > 0) {
        load.addAll(List.of("-p", "measurement.servermetrics=false")); // client 0 samples for all
      }
      load.addAll(new ClientRole(i, clients, runId).barrierArguments());
      procs.add(clientPhase("load", i, load, dir));
    }
    return waitAll(procs);
  }

  /**
   * Several clients run over the whole key space, the operations split between them, started together by the start
   * barrier; each inserts keys of its own (ClientKeys).
   */
  private int multiClientRun(List<String> common, Path dir, long operations, int clients, String runId)
      throws IOException, InterruptedException {
    List<ChildPhase> procs = new ArrayList<>();
    for (int i = 0; i < clients; i++) {
      long ops = operations / clients + (i < operations % clients ? 1 : 0);
      List<String> run = new ArrayList<>(List.of("run", "mytopling"));
      run.addAll(common);
      run.addAll(List.of("-p", "operationcount=" + ops, "-p", "hdrhistogram.output.path=" + hdrDir(dir, "run", i) + "/"));
      if (i > 0) {
        run.addAll(List.of("-p", "measurement.servermetrics=false")); // client 0 samples for all
      }
      run.addAll(new ClientRole(i, clients, runId).barrierArguments());
      procs.add(clientPhase("run", i, run, dir));
    }
    return waitAll(procs);
  }

  private ChildPhase clientPhase(String name, int client, List<String> ycsbArgs, Path dir) throws IOException {
    Path clientDir = dir.resolve("client-" + client);
    Files.createDirectories(clientDir);
    List<String> args = new ArrayList<>(ycsbArgs);
    args.addAll(recordFiles(clientDir, name));
    // Client 0's status lines go to the console too; the others only to their files.
    return phase(name + " (client " + client + ")", args, dir, clientDir.resolve(name + ".out"),
        clientDir.resolve(name + ".err"), client == 0);
  }

  /**
   * Where a phase's binding and file workload write their records (docs/results.md, "Run records"): in the
   * phase's folder, after the user's -p so that the run folder always has them.
   */
  private static List<String> recordFiles(Path folder, String phase) {
    return List.of("-p", "db.recordfile=" + RunRecordFiles.binding(folder, phase),
        "-p", "fileloader.recordfile=" + RunRecordFiles.fileLoader(folder, phase));
  }

  /**
   * Waits for every client of a phase. The first that fails stops the others: the phase has failed, and they would
   * otherwise wait at the start barrier for it until its timeout.
   */
  private int waitAll(List<ChildPhase> procs) throws InterruptedException {
    int worst = 0;
    List<ChildPhase> running = new ArrayList<>(procs);
    while (!running.isEmpty()) {
      for (java.util.Iterator<ChildPhase> it = running.iterator(); it.hasNext(); ) {
        ChildPhase p = it.next();
        if (!p.process.waitFor(100, java.util.concurrent.TimeUnit.MILLISECONDS)) {
          continue;
        }
        int rc = p.waitFor();
        it.remove();
        if (rc != 0 && worst == 0 && !running.isEmpty()) {
          err.println("benchmark: " + p.name + " failed (exit " + rc + "): stopping the other clients");
          running.forEach(other -> other.process.destroy());
        }
        worst = Math.max(worst, rc);
      }
    }
    return worst;
  }

  private static Path hdrDir(Path dir, String phase, int client) throws IOException {
    Path p = dir.resolve("hdr").resolve(phase);
    if (client >= 0) {
      p = p.resolve("client-" + client);
    }
    Files.createDirectories(p);
    return p;
  }

  /** --target as a db properties file: a shipped target's name or a path (also the soak's --target). */
  public Path resolveTarget(String target) throws UsageException {
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

  /** --workload as a file: a name in workloads/ or a path. */
  public Path resolveWorkload(String name) throws UsageException {
    Path p = name.contains("/") ? Path.of(name).toAbsolutePath() : root.resolve("workloads").resolve(name);
    if (!Files.isReadable(p) || Files.isDirectory(p)) {
      throw new UsageException("--workload: no workload '" + name + "' (" + p + ")");
    }
    return p;
  }

  /**
   * Starts one phase in a child JVM: stdout to {@code out}, stderr to {@code errFile} and, when
   * {@code echo}, to the console as well (copied by a thread so several clients run at once).
   */
  private ChildPhase phase(String name, List<String> ycsbArgs, Path dir, Path out, Path errFile, boolean echo)
      throws IOException {
    List<String> cmd = new ArrayList<>(javaCommand());
    cmd.add(Ycsb.class.getName());
    cmd.addAll(ycsbArgs);
    err.println("benchmark: " + name + " phase...");
    Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile())
        .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
    Thread copier = new Thread(() -> {
      try (InputStream in = p.getErrorStream(); OutputStream file = Files.newOutputStream(errFile)) {
        byte[] buf = new byte[8192];
        for (int n; (n = in.read(buf)) > 0; ) {
          file.write(buf, 0, n);
          if (echo) {
            err.write(buf, 0, n);
          }
        }
      } catch (IOException e) {
        err.println("benchmark: lost stderr of " + name + ": " + e.getMessage());
      }
    }, "stderr-" + name);
    copier.start();
    return new ChildPhase(name, p, copier);
  }

  /** A child JVM and the thread copying its stderr, which must finish before the files are read. */
  private static final class ChildPhase {
    private final String name;
    private final Process process;
    private final Thread copier;

    ChildPhase(String name, Process process, Thread copier) {
      this.name = name;
      this.process = process;
      this.copier = copier;
    }

    int waitFor() throws InterruptedException {
      int rc = process.waitFor();
      copier.join();
      return rc;
    }
  }

  /** The command line of a client JVM up to its main class: this JVM's java, the clients' flags, the class path. */
  public static List<String> javaCommand() {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    // scripts/lib.sh's client_jvm_flags, passed on by scripts/benchmark.
    String flags = System.getProperty("harness.clientJvmFlags", "");
    if (!flags.isBlank()) {
      cmd.addAll(List.of(flags.trim().split("\\s+")));
    }
    String opts = System.getenv("YCSB_JAVA_OPTS");
    if (opts != null && !opts.isBlank()) {
      cmd.addAll(List.of(opts.trim().split("\\s+")));
    }
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    return cmd;
  }

  /** What metadata.json records about the job, besides the host and the server. */
  private record Meta(String target, Path workload, long records, long operations, long threads, int clients,
                      Path dbProps, List<String> extra, String started, long warmup, boolean serverMetrics) {
  }

  private void writeMetadata(Path dir, Meta meta) throws IOException {
    RunMetadata m = new RunMetadata();
    m.target = meta.target();
    m.workload = meta.workload().getFileName().toString();
    m.records = meta.records();
    m.operations = meta.operations();
    m.threads = meta.threads();
    m.clients = meta.clients();
    m.warmupS = meta.warmup();
    m.harnessVersion = HARNESS_VERSION;
    m.ycsbVersion = "0.17.0";
    m.jvm = System.getProperty("java.vm.name") + " " + System.getProperty("java.version");
    m.host = new RunMetadata.Host();
    m.host.cores = Runtime.getRuntime().availableProcessors();
    m.host.memoryBytes = totalMemoryBytes();
    m.host.os = System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
        + System.getProperty("os.arch");
    m.startTime = meta.started();
    m.endTime = OffsetDateTime.now().toString();
    Properties all = new Properties();
    // The same precedence as the phases' command lines: target file, workload file, then -p.
    loadInto(all, meta.dbProps());
    loadInto(all, meta.workload());
    all.setProperty("recordcount", Long.toString(meta.records()));
    all.setProperty("operationcount", Long.toString(meta.operations()));
    all.setProperty("threadcount", Long.toString(meta.threads()));
    if (meta.serverMetrics()) {
      all.setProperty("measurement.servermetrics", "true");
    }
    for (String kv : meta.extra()) {
      all.setProperty(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
    }
    m.properties = new LinkedHashMap<>(Secrets.maskedProperties(all));
    m.server = server(dir);
    m.write(dir.resolve("metadata.json"));
  }

  /** The server as the first phase that connected recorded it (its binding record), or null when none did. */
  private RunMetadata.Server server(Path dir) {
    for (Path file : List.of(RunRecordFiles.binding(dir, "load"), RunRecordFiles.binding(dir.resolve("prepare"), "load"),
        RunRecordFiles.binding(dir, "run"), RunRecordFiles.binding(dir.resolve("client-0"), "run"))) {
      if (!Files.isRegularFile(file)) {
        continue;
      }
      RunRecord.Connection c;
      try {
        c = RunRecordReader.read(file).connection;
      } catch (RunRecordException e) {
        err.println("benchmark: " + e.getMessage());
        continue;
      }
      if (c != null) {
        RunMetadata.Server server = new RunMetadata.Server();
        server.version = c.serverVersion;
        server.engine = c.engine;
        server.dialect = c.dialect;
        return server;
      }
    }
    return null;
  }

  /** Run phases of at most this many operations get 1-second status intervals (see shortRunStatusInterval). */
  static final long SHORT_RUN_OPERATIONS = 1_000_000;

  /**
   * {@code status.interval=1} for a short run whose status interval nobody set (-p, the target's or the workload's
   * file): with YCSB's 10 s, the default job (about 15 s) has two intervals and its steady state can never be judged
   * (docs/results.md, "Steady state"). Longer runs keep 10 s: a million operations at 10,000 ops/s last 100 s.
   */
  static java.util.Optional<String> shortRunStatusInterval(List<String> extra, Path dbProps, Path workload,
                                                           long operations) throws IOException {
    if (operations > SHORT_RUN_OPERATIONS || extra.stream().anyMatch(kv -> kv.startsWith("status.interval="))) {
      return java.util.Optional.empty();
    }
    Properties files = new Properties();
    loadInto(files, dbProps);
    loadInto(files, workload);
    return files.containsKey("status.interval") ? java.util.Optional.empty()
        : java.util.Optional.of("status.interval=1");
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
