package com.mytopling.ycsb.launcher;

import com.mytopling.ycsb.core.ConfigException;
import com.mytopling.ycsb.core.ExitStatus;
import com.mytopling.ycsb.core.PropertyReader;
import com.mytopling.ycsb.core.cli.CliValues;
import com.mytopling.ycsb.core.cli.UsageException;
import com.mytopling.ycsb.core.config.Origin;
import com.mytopling.ycsb.core.config.Property;
import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.core.config.ResolvedSettings;
import com.mytopling.ycsb.core.config.SettingsFile;
import com.mytopling.ycsb.core.config.SettingsMerge;
import com.mytopling.ycsb.core.dialect.DatabaseKind;
import com.mytopling.ycsb.core.record.RunRecord;
import com.mytopling.ycsb.core.record.RunRecordException;
import com.mytopling.ycsb.core.record.RunRecordFiles;
import com.mytopling.ycsb.core.record.RunRecordReader;
import com.mytopling.ycsb.jdbc.MyToplingDbClient;
import com.mytopling.ycsb.launcher.client.KnownNames;
import com.mytopling.ycsb.launcher.client.StartBarrier;
import com.mytopling.ycsb.results.cli.ReportCli;
import com.mytopling.ycsb.results.model.RunMetadata;
import com.mytopling.ycsb.results.servermetrics.ServerMetricsFile;
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
import java.util.Map;
import java.util.Properties;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * The main job, scripts/benchmark: creates the table, loads, runs, and writes raw output,
 * metadata and a parsed summary to results/runs/DATE-TARGET-WORKLOAD/, then prints a short
 * table. Each phase runs in its own JVM through the launcher, exactly as a user's
 * {@code scripts/ycsb load|run} would, with YCSB's status line every 10 seconds.
 */
public final class Benchmark extends HarnessJob {
  public static final String HARNESS_VERSION = "0.1.0-SNAPSHOT";
  /** The shipped targets: db-properties/NAME.properties for each. */
  private static final List<String> TARGETS = DatabaseKind.targetNames();

  /** The run folder of the last job that completed, for the jobs that go on from it (reproduce-azure, soak). */
  private Path lastRunDir;

  /** The environment the job reads for its clients and scale-out (the password, JOB_COMPLETION_INDEX). */
  private final Map<String, String> env;

  public Benchmark(Path root, PrintStream out, PrintStream err) {
    this(root, out, err, System.getenv());
  }

  /** With an environment of its own: tests give theirs instead of the machine's. */
  Benchmark(Path root, PrintStream out, PrintStream err, Map<String, String> env) {
    super("benchmark", root, out, err);
    this.env = env;
  }

  PrintStream out() {
    return out;
  }

  PrintStream err() {
    return err;
  }

  @Override
  protected String usage() {
    return "scripts/benchmark [options]";
  }

  @Override
  protected Options options() {
    Options o = new Options();
    o.addOption(Option.builder().longOpt("target").hasArg().argName("name|FILE")
        .desc(targetsHelp()).build());
    o.addOption(Option.builder().longOpt("workload").hasArg().argName("name|FILE")
        .desc("a file in workloads/ (default workloada) or a path").build());
    o.addOption(Option.builder().longOpt("records").hasArg().argName("n").desc("recordcount").build());
    o.addOption(Option.builder().longOpt("operations").hasArg().argName("n")
        .desc("run phase of n operations (operationcount) instead of --duration's time").build());
    o.addOption(Option.builder().longOpt("duration").hasArg().argName("seconds")
        .desc("run phase of this many seconds (maxexecutiontime), however many operations they take; the default "
            + "run phase: " + DEFAULT_RUN_SECONDS + " s").build());
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
        .desc("with --on kubernetes: the namespace (default: kubectl's current; scaleout.kubernetes.namespace)").build());
    o.addOption(Option.builder().longOpt("client-cpu").hasArg().argName("quantity")
        .desc("with --on kubernetes: CPU each client requests (scaleout.kubernetes.cpu; default: threads/2, at least 1, "
            + "or the nodes' fair share)").build());
    o.addOption(Option.builder().longOpt("client-memory").hasArg().argName("quantity")
        .desc("with --on kubernetes: memory each client requests (scaleout.kubernetes.memory; default 2Gi or the nodes' "
            + "fair share)").build());
    o.addOption(Option.builder().longOpt("hosts").hasArg().argName("h1,h2,...")
        .desc("with --on ssh: the client machines (user@host[:port]), clients spread over them in turn").build());
    o.addOption(Option.builder().longOpt("remote-harness").hasArg().argName("dir")
        .desc("with --on ssh: where the harness is on the hosts (default: this harness's own path)").build());
    o.addOption(Option.builder().longOpt("client-of").hasArg().argName("n")
        .desc("(run by --on, on each client machine) this process is one of N clients; its index is "
            + "--client-index or JOB_COMPLETION_INDEX").build());
    o.addOption(Option.builder().longOpt("client-index").hasArg().argName("i").desc("see --client-of").build());
    o.addOption(Option.builder().longOpt("settings").hasArg().argName("FILE")
        .desc("with --client-of: start from the parent job's resolved settings file (its settings.properties), "
            + "merged nowhere again; --target and --workload then only name the run").build());
    o.addOption(Option.builder().longOpt("run-id").hasArg().argName("id")
        .desc("with --client-of: the run all clients belong to (the start barrier's key)").build());
    o.addOption(Option.builder().longOpt("live").hasArg().optionalArg(true).argName("PORT")
        .desc("a live OpenMetrics endpoint on every client for Prometheus (measurement.openmetrics.port): client i on "
            + "PORT + i (default " + DEFAULT_LIVE_PORT + "), a Kubernetes pod on PORT; monitoring/ has a Prometheus "
            + "configuration and a Grafana dashboard (docs/monitoring.md)").build());
    o.addOption(Option.builder().longOpt("no-html").desc("do not write report.html").build());
    o.addOption(Option.builder().longOpt("strict").desc("an unknown or misspelt property is bad input (exit 2) instead "
        + "of a warning (settings.strict=true)").build());
    o.addOption(Option.builder("p").hasArg().argName("name=value").desc("extra property (repeatable)").build());
    o.addOption(Option.builder("h").longOpt("help").desc("this help").build());
    return o;
  }

  @Override
  protected int execute(CommandLine cl) throws UsageException, IOException, InterruptedException {
    if (!cl.getArgList().isEmpty()) {
      throw new UsageException("unexpected argument '" + cl.getArgList().get(0) + "' (try --help)");
    }
    String target = cl.getOptionValue("target", "embedded");
    Path dbProps = resolveTarget(target);
    String targetName = dbProps.getFileName().toString().replaceFirst("\\.properties$", "");
    Path workload = resolveWorkload(cl.getOptionValue("workload", "workloada"));
    boolean embedded = targetName.equals("embedded");
    long records = CliValues.count(cl, "records", 100_000, 0);
    RunBound bound = RunBound.of(cl);
    long threads = CliValues.intCount(cl, "threads", 4, 1);
    int clients = CliValues.intCount(cl, "clients", 1, 1);
    if (clients > 1 && embedded) {
      throw new UsageException("--clients " + clients + " needs a server: the embedded MariaDB lives inside one client "
          + "process (use --target mariadb, scripts/start-mariadb starts one)");
    }
    long warmup = CliValues.count(cl, "warmup", 0, 0);
    SettingsMerge settings = cl.hasOption("settings") ? clientSettings(cl)
        : jobSettings(root, cl, dbProps, workload, embedded, records, bound, threads);
    ResolvedSettings resolved = settings.resolve();
    checkNames(settings, resolved);

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
    ClientRole role = ClientRole.from(cl, clients, env);
    if (role != null && (sweep != null || cl.hasOption("on"))) {
      throw new UsageException("--client-of is the side of one client: it takes neither --sweep nor --on");
    }
    Job job = Job.of(targetName, dbProps, workload, embedded, clients, settings, cl.hasOption("skip-load"),
        !cl.hasOption("no-html"), role == null ? runsRoot.resolve(name) : runsRoot.resolve("client-" + role.index()),
        role);
    String on = cl.getOptionValue("on", "");
    if (role == null && (on.isEmpty() || on.equals("docker"))) {
      // Clients on this machine (docker's on its host network): their ports are checked before anything starts.
      checkLivePorts(job, clients, new PropertyReader(resolved.properties())
          .string(Registry.MEASUREMENT_OPENMETRICS_HOST).strip());
    }
    if (cl.hasOption("on")) {
      if (sweep != null) {
        throw new UsageException("--on runs one benchmark: it cannot be combined with --sweep");
      }
      ScaleOut plan = ScaleOut.plan(cl, job, stamp, root, env);
      return plan.run(this);
    }
    if (sweep == null) {
      return job.run(this);
    }
    return new SweepRun(this, sweep, job, runsRoot.resolve(name + "-sweep-" + sweep.variable()), out, err).run();
  }

  /**
   * The job's settings, merged once by the one rule (core.config.SettingsMerge): its defaults, the target's and the
   * workload's files, the options, -p, and what its summary needs; every phase and client adds its own and is
   * started from its settings file.
   */
  static SettingsMerge jobSettings(Path root, CommandLine cl, Path dbProps, Path workload, boolean embedded,
                                   long records, RunBound bound, long threads) throws UsageException {
    SettingsMerge settings = new SettingsMerge();
    settings.set(Registry.HDRHISTOGRAM_PERCENTILES, "50,95,99,99.9", Origin.jobDefault("scripts/benchmark"));
    settings.set(Registry.MEASUREMENT_SERVERMETRICS, "true", Origin.jobDefault("scripts/benchmark samples the server"));
    if (embedded) {
      settings.set(Registry.DB_EMBEDDED_DATADIR, root.resolve(".local").resolve("embedded-mariadb").toString(),
          Origin.jobDefault("scripts/benchmark's embedded server"));
    }
    try {
      settings.file(dbProps, System.getenv());
      settings.file(workload, System.getenv());
    } catch (ConfigException e) {
      throw new UsageException(e.getMessage());
    }
    settings.set(Registry.RECORDCOUNT, Long.toString(records), Origin.option(optionName(cl, "records")));
    settings.set(Registry.THREADCOUNT, Long.toString(threads), Origin.option(optionName(cl, "threads")));
    if (cl.hasOption("warmup")) {
      settings.set(Registry.MEASUREMENT_WARMUP, Long.toString(CliValues.count(cl, "warmup", 0, 0)), Origin.option("--warmup"));
    }
    if (cl.hasOption("strict")) {
      settings.set(Registry.SETTINGS_STRICT, "true", Origin.option("--strict"));
    }
    if (cl.hasOption("live")) {
      String port = cl.getOptionValue("live");
      settings.set(Registry.MEASUREMENT_OPENMETRICS_PORT, Integer.toString(port == null ? DEFAULT_LIVE_PORT
          : CliValues.intCount(cl, "live", DEFAULT_LIVE_PORT, 1, 65_535)), Origin.option("--live"));
      String on = cl.getOptionValue("on", "");
      if (on.equals("kubernetes")) {
        settings.set(Registry.MEASUREMENT_OPENMETRICS_PORTPERCLIENT, "false",
            Origin.jobDefault("--on kubernetes: each pod has an address of its own"));
      }
      if (on.equals("kubernetes") || on.equals("ssh")) {
        settings.set(Registry.MEASUREMENT_OPENMETRICS_HOST, "0.0.0.0",
            Origin.jobDefault("--on " + on + ": scraped from another machine"));
      }
    }
    // --on kubernetes's options are its properties' short forms; -p (below) wins over them, as over every option.
    for (Map.Entry<String, com.mytopling.ycsb.core.config.Property> o : Map.of("namespace",
        Registry.SCALEOUT_K8S_NAMESPACE, "client-cpu", Registry.SCALEOUT_K8S_CPU, "client-memory",
        Registry.SCALEOUT_K8S_MEMORY).entrySet()) {
      if (cl.hasOption(o.getKey())) {
        settings.set(o.getValue(), cl.getOptionValue(o.getKey()), Origin.option("--" + o.getKey()));
      }
    }
    for (String kv : cl.getOptionValues("p") == null ? new String[0] : cl.getOptionValues("p")) {
      try {
        settings.commandLine(kv);
      } catch (ConfigException e) {
        throw new UsageException(e.getMessage());
      }
    }
    // The run phase's bound is an option's (layers rank by kind, not by the order set): --operations, --duration, or
    // with neither the default time, unless -p counts the operations itself, which then decides.
    boolean countedByP = settings.given(Origin.Layer.COMMAND_LINE).stream()
        .anyMatch(p -> p.name().equals(Registry.OPERATIONCOUNT.name()));
    if (bound.operations() > 0) {
      settings.set(Registry.OPERATIONCOUNT, Long.toString(bound.operations()), Origin.option("--operations"));
    } else if (bound.seconds() > 0 || !countedByP) {
      // YCSB's operationcount 0 is "no count": the phase ends on time (WorkloadRunner's terminator), and throughput is
      // still the successful operations over the one measured window.
      long seconds = bound.seconds() > 0 ? bound.seconds() : DEFAULT_RUN_SECONDS;
      settings.set(Registry.MAXEXECUTIONTIME, Long.toString(seconds), Origin.option(optionName(cl, "duration")));
      settings.set(Registry.OPERATIONCOUNT, "0", Origin.option(optionName(cl, "duration") + ": no count"));
    }
    if (isShortRun(settings.resolve())) {
      // With YCSB's 10 s, a run phase of half a minute has three intervals and its steady state can never be judged
      // (docs/results.md, "Steady state"); longer runs keep 10 s. A file or -p that sets it wins, as every default.
      settings.set(Registry.STATUS_INTERVAL, "1", Origin.jobDefault("scripts/benchmark: a run phase of at most "
          + SHORT_RUN_SECONDS + " s or " + SHORT_RUN_OPERATIONS + " operations"));
    }
    // What the job's summary needs whatever the files say: status lines and HdrHistogram interval logs.
    settings.set(Registry.STATUS, "true", Origin.harness("scripts/benchmark reads the status lines"));
    settings.set(Registry.HDRHISTOGRAM_FILEOUTPUT, "true", Origin.harness("scripts/benchmark's interval logs"));
    settings.set(Registry.DB, MyToplingDbClient.class.getName(), Origin.harness("scripts/benchmark's binding"));
    return settings;
  }

  /** What the parent's resolved settings already hold: not to be given again to a client started from them. */
  private static final List<String> SETTLED_BY_PARENT = List.of("records", "operations", "duration", "threads",
      "warmup", "strict", "p", "clients", "sweep", "on", "live");

  /**
   * A scale-out client's settings (--settings): its parent job's resolved settings file, exactly as resolved there,
   * so that every client runs with what the parent resolved, recorded and checked, whatever machine it is on.
   */
  static SettingsMerge clientSettings(CommandLine cl) throws UsageException {
    if (!cl.hasOption("client-of")) {
      throw new UsageException("--settings goes with --client-of");
    }
    for (String o : SETTLED_BY_PARENT) {
      if (cl.hasOption(o)) {
        throw new UsageException(CliValues.flag(o) + " does not go with --settings: the parent's settings hold it");
      }
    }
    Path file = Path.of(cl.getOptionValue("settings"));
    if (!SettingsFile.isSettingsFile(file)) {
      throw new UsageException("--settings: " + file + " is not a run's settings file (its first line is not '"
          + SettingsFile.MAGIC + "')");
    }
    try {
      return new SettingsMerge().file(file, System.getenv());
    } catch (ConfigException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /**
   * One benchmark: a load (unless skipped) and a run into one run folder, summarized and reported. Its settings are
   * the job's merge ({@code settings}) and their resolution; the sizes are read from them once.
   */
  record Job(String targetName, Path dbProps, Path workload, boolean embedded, long records, long operations,
             long durationS, long threads, int clients, SettingsMerge settings, ResolvedSettings resolved, long warmup,
             boolean serverMetrics, boolean skipLoad, boolean html, Path dir, ClientRole role, int livePort,
             boolean livePortPerClient) {
    static Job of(String targetName, Path dbProps, Path workload, boolean embedded, int clients, SettingsMerge settings,
                  boolean skipLoad, boolean html, Path dir, ClientRole role) throws UsageException {
      ResolvedSettings resolved = settings.resolve();
      PropertyReader r = new PropertyReader(resolved.properties());
      try {
        long operations = r.integer(Registry.OPERATIONCOUNT);
        long durationS = r.integer(Registry.MAXEXECUTIONTIME);
        if (operations == 0 && durationS == 0) {
          // YCSB takes operationcount=0 as "no limit": without a time limit the run phase would never end.
          throw new UsageException("operationcount=0 and no maxexecutiontime: the run phase would never end (give "
              + "--operations N or --duration SECONDS)");
        }
        return new Job(targetName, dbProps, workload, embedded, r.integer(Registry.RECORDCOUNT), operations, durationS,
            r.integer(Registry.THREADCOUNT), clients,
            settings, resolved, r.integer(Registry.MEASUREMENT_WARMUP), r.bool(Registry.MEASUREMENT_SERVERMETRICS),
            skipLoad, html, dir, role, r.intValue(Registry.MEASUREMENT_OPENMETRICS_PORT),
            r.bool(Registry.MEASUREMENT_OPENMETRICS_PORTPERCLIENT));
      } catch (ConfigException e) {
        throw new UsageException(e.getMessage());
      }
    }

    /** A sweep's point: the variable's value as its option would set it. */
    Job with(String variable, long value, boolean skip, Path at) {
      SettingsMerge point = new SettingsMerge(settings);
      point.set(variable.equals("records") ? Registry.RECORDCOUNT : Registry.THREADCOUNT, Long.toString(value),
          Origin.option("--sweep " + variable));
      try {
        return of(targetName, dbProps, workload, embedded, clients, point, skip, html, at, role);
      } catch (UsageException e) {
        throw new IllegalStateException("the job's settings were checked before its first point", e);
      }
    }

    int run(Benchmark b) throws IOException, InterruptedException {
      return b.runJob(this);
    }

    /** The run phase's operations as a cap on the clients it can be split over: none when it is bounded by time. */
    long operationsCap() {
      return operations == 0 ? Long.MAX_VALUE : operations;
    }

    /** The run phase's bound in words, for the job's first lines. */
    String runBound() {
      String time = durationS == 0 ? "" : "a run phase of " + durationS + " s";
      return operations == 0 ? time : operations + " operations" + (time.isEmpty() ? "" : " (" + time + " at most)");
    }

    /** The port of client {@code client}'s live endpoint: 0 for none. */
    int livePort(int client) {
      return livePort == 0 ? 0 : livePortPerClient ? livePort + client : livePort;
    }
  }

  private static String optionName(CommandLine cl, String option) {
    return cl.hasOption(option) ? "--" + option : "--" + option + " (its default)";
  }

  /** Unknown and misspelt names of the job's files and -p, before anything starts: a warning, or with --strict bad input. */
  private void checkNames(SettingsMerge settings, ResolvedSettings resolved) throws UsageException {
    boolean strict;
    try {
      strict = new PropertyReader(resolved.properties()).bool(Registry.SETTINGS_STRICT);
    } catch (ConfigException e) {
      throw new UsageException(e.getMessage());
    }
    String refused = KnownNames.report(KnownNames.of(resolved.value(Registry.WORKLOAD),
        MyToplingDbClient.class.getName()).unknown(settings.userNames()), strict, "benchmark: ", err);
    if (refused != null) {
      throw new UsageException(refused);
    }
  }

  int runJob(Job job) throws IOException, InterruptedException {
    long records = job.records();
    long operations = job.operations();
    long threads = job.threads();
    int clients = job.clients();
    Path dir = job.dir();
    if (clients > 1 && clients > Math.min(job.operationsCap(), Math.max(records, 1))) {
      // A client process given no operations would run without limit (YCSB's 0), and one with no
      // records to load has no histograms to merge: one operation and one record at least each.
      int fewer = (int) Math.min(job.operationsCap(), Math.max(records, 1));
      err.println("benchmark: " + records + " records and " + job.runBound() + " for " + clients
          + " clients: running " + fewer + " client" + (fewer == 1 ? "" : "s"));
      clients = fewer;
    }
    Files.createDirectories(dir.resolve("hdr"));
    String started = OffsetDateTime.now().toString();
    err.println("benchmark: target " + job.targetName() + " (" + job.dbProps() + "), workload "
        + job.workload().getFileName() + ", " + records + " records, " + job.runBound() + ", " + threads
        + " threads");
    err.println("benchmark: results go to " + dir);
    // The job's resolved settings, recorded once: each phase's file adds that phase's own to them.
    SettingsFile.write(job.resolved(), dir.resolve(SETTINGS_FILE), "scripts/benchmark: the job's settings (target "
        + job.targetName() + ", workload " + job.workload().getFileName() + "); each phase and client is started from "
        + "settings-PHASE.properties beside its records");
    Meta meta = new Meta(job, operations, clients, started);
    if (job.role() != null) {
      return runScaleOutClient(job, meta);
    }
    // Local clients meet at the start barrier as clients on other machines do: one run id per job, so that a sweep's
    // points (or a run started again) never meet an earlier job's clients.
    String runId = "local-" + Long.toString(System.currentTimeMillis(), 36) + "-"
        + java.util.UUID.randomUUID().toString().substring(0, 8);
    if (!job.skipLoad()) {
      int rc = clients == 1 ? singleClientLoad(job, dir) : multiClientLoad(job, dir, records, clients, runId);
      if (rc != 0) {
        err.println("benchmark: load phase failed (exit " + rc + "); see the .err files in " + dir);
        writeMetadata(dir, meta);
        return phaseStatus(rc);
      }
    }
    int rc = clients == 1 ? singleClientRun(job, dir) : multiClientRun(job, dir, operations, clients, runId);
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
  private int runScaleOutClient(Job job, Meta meta) throws IOException, InterruptedException {
    ClientRole role = job.role();
    Path dir = job.dir();
    int rc = scaleOutPhases(job, role, dir);
    // This client's own operations: report merge adds the clients' up.
    writeMetadata(dir, new Meta(meta.job(), role.operations(meta.operations()), 1, meta.started()));
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

  private int scaleOutPhases(Job job, ClientRole role, Path dir) throws IOException, InterruptedException {
    PhaseSettings own = new PhaseSettings(job);
    if (role.index() > 0) {
      own.set(Registry.MEASUREMENT_SERVERMETRICS, "false", "client 0 samples for all");
    }
    if (!job.skipLoad()) {
      if (role.index() == 0) {
        PhaseSettings prepare = new PhaseSettings(own).createTable().set(Registry.INSERTCOUNT, "0", "creates the table only")
            .set(Registry.MEASUREMENT_SERVERMETRICS, "false", "creates the table only")
            .noLive();
        Files.createDirectories(dir.resolve("prepare"));
        int rc = phase("table", "load", prepare, dir.resolve("prepare"), true).waitFor();
        if (rc != 0) {
          err.println("benchmark: client 0 could not create the table (exit " + rc + "); see " + dir.resolve("prepare"));
          return phaseStatus(rc);
        }
      }
      try {
        Properties props = new PhaseSettings(job).barrier(role).resolve("load", dir).properties();
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
      PhaseSettings load = new PhaseSettings(own).set(Registry.INSERTSTART, Long.toString(start), "this client's keys")
          .set(Registry.INSERTCOUNT, Long.toString(role.insertEnd(job.records()) - start), "this client's keys")
          .hdr(hdrDir(dir, "load", -1))
          // The loads start together too: their throughput is summed over a window.
          .barrier(role).live(role.index());
      int rc = phase("load (client " + role.index() + ")", "load", load, dir, true).waitFor();
      if (rc != 0) {
        err.println("benchmark: load phase failed (exit " + rc + "); see " + dir.resolve("load.err"));
        return phaseStatus(rc);
      }
    }
    PhaseSettings run = new PhaseSettings(own)
        .set(Registry.OPERATIONCOUNT, Long.toString(role.operations(job.operations())), "this client's share")
        .hdr(hdrDir(dir, "run", -1)).barrier(role).live(role.index());
    int rc = phase("run (client " + role.index() + ")", "run", run, dir, true).waitFor();
    if (rc != 0) {
      err.println("benchmark: run phase failed (exit " + rc + "); see " + dir.resolve("run.err"));
      return phaseStatus(rc);
    }
    return 0;
  }

  /**
   * The settings of one phase of one client: the job's, and what the harness sets for that phase (its part of the
   * keys or operations, its HdrHistogram logs, the start barrier, its record files), resolved by the one rule and
   * written beside its records as the one file its process is started from.
   */
  private final class PhaseSettings {
    private final SettingsMerge merge;
    private final Job job;

    PhaseSettings(Job job) {
      this.job = job;
      this.merge = new SettingsMerge(job.settings());
    }

    PhaseSettings(PhaseSettings base) {
      this.job = base.job;
      this.merge = new SettingsMerge(base.merge);
    }

    PhaseSettings set(Property p, String value, String why) {
      merge.set(p, value, Origin.harness(why));
      return this;
    }

    PhaseSettings createTable() {
      return set(Registry.DB_CREATETABLE, "true", "a load makes the table afresh")
          .set(Registry.DB_DROPTABLE, "true", "a load makes the table afresh");
    }

    /**
     * Client {@code client}'s live endpoint (--live): its port, and the labels that say which run, client, target
     * and workload its figures are of, before the user's own (which win a name they share).
     */
    PhaseSettings live(int client) {
      int port = job.livePort(client);
      if (port == 0) {
        return this;
      }
      set(Registry.MEASUREMENT_OPENMETRICS_PORT, Integer.toString(port), "client " + client + "'s live endpoint");
      Map<String, String> labels = new LinkedHashMap<>();
      labels.put("run", job.role() != null ? job.role().runId() : runLabel(job.dir()));
      labels.put("client", Integer.toString(client));
      labels.put("target", labelValue(job.targetName()));
      labels.put("workload", labelValue(job.workload().getFileName().toString()));
      List<String> users = PropertyReader.split(job.resolved().properties()
          .getProperty(Registry.MEASUREMENT_OPENMETRICS_LABELS.name(), ""));
      for (String pair : users) {
        labels.remove(pair.contains("=") ? pair.substring(0, pair.indexOf('=')).strip() : pair.strip());
      }
      List<String> all = new ArrayList<>();
      labels.forEach((k, v) -> all.add(k + "=" + v));
      all.addAll(users);
      return set(Registry.MEASUREMENT_OPENMETRICS_LABELS, String.join(",", all), "client " + client
          + "'s live endpoint: which run, client, target and workload");
    }

    /** The step that only creates the table serves no live figures (it says nothing when there is no endpoint). */
    PhaseSettings noLive() {
      return job.livePort() == 0 ? this : set(Registry.MEASUREMENT_OPENMETRICS_PORT, "0", "creates the table only");
    }

    PhaseSettings hdr(Path folder) {
      return set(Registry.HDRHISTOGRAM_OUTPUT_PATH, folder + "/", "the phase's HdrHistogram logs in the run folder");
    }

    PhaseSettings barrier(ClientRole role) {
      for (String kv : role.barrierProperties()) {
        merge.set(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1),
            Origin.harness("client " + role.index() + " of " + role.clients() + " at the start barrier"));
      }
      return this;
    }

    /**
     * Resolved for {@code phase} ("load" or "run") with its records in {@code folder} (after the user's -p, so that
     * the run folder always has them).
     */
    ResolvedSettings resolve(String phase, Path folder) {
      SettingsMerge m = new SettingsMerge(merge);
      if (job.serverMetrics()) {
        m.set(Registry.MEASUREMENT_SERVERMETRICS_FILE, job.dir().resolve(ServerMetricsFile.FILE_NAME).toString(),
            Origin.harness("the run folder's server metrics"));
      }
      m.set(Registry.DB_RECORDFILE, RunRecordFiles.binding(folder, phase).toString(),
          Origin.harness("the phase's record in the run folder"));
      m.set(Registry.FILELOADER_RECORDFILE, RunRecordFiles.fileLoader(folder, phase).toString(),
          Origin.harness("the phase's record in the run folder"));
      m.set(Registry.CLIENTCOST_RECORDFILE, RunRecordFiles.clientCost(folder, phase).toString(),
          Origin.harness("the phase's record in the run folder"));
      m.set(Registry.DOTRANSACTIONS, Boolean.toString(phase.equals("run")), Origin.harness("command " + phase));
      return m.resolve();
    }
  }

  /** --live without a port: the first client's endpoint. */
  static final int DEFAULT_LIVE_PORT = 9470;

  /** The run label of the live figures: the run folder's name, with its sweep's for a sweep's point. */
  private static String runLabel(Path dir) {
    Path parent = dir.getParent();
    String name = dir.getFileName().toString();
    return parent != null && parent.getFileName() != null && parent.getFileName().toString().contains("-sweep-")
        ? parent.getFileName() + "/" + name : name;
  }

  /** A name as a label value that measurement.openmetrics.labels can carry (no ',' or '='). */
  private static String labelValue(String name) {
    return name.replaceAll("[^A-Za-z0-9._/-]", "_");
  }

  /**
   * The clients' live endpoints on this machine (local clients and docker's, on the host network): each port must be
   * free before anything starts, so that a port in use is one line and exit 2 here rather than a failed phase after
   * the load. Clients on other machines check theirs when their phase starts.
   */
  void checkLivePorts(Job job, int clients, String host) throws UsageException {
    if (job.livePort() == 0) {
      return;
    }
    int last = job.livePort(clients - 1);
    if (last > 65_535) {
      throw new UsageException("--live " + job.livePort() + ": " + clients + " clients need ports " + job.livePort()
          + " to " + last + ", beyond 65535 (pick a lower port)");
    }
    for (int i = 0; i < (job.livePortPerClient() ? clients : 1); i++) {
      int port = job.livePort(i);
      try (java.net.ServerSocket s = new java.net.ServerSocket()) {
        s.bind(new java.net.InetSocketAddress(java.net.InetAddress.getByName(host), port));
      } catch (IOException e) {
        throw new UsageException("--live: port " + port + " (client " + i + "'s endpoint) cannot be used on " + host
            + ": " + (String.valueOf(e.getMessage()).contains("in use") ? "it is in use" : e.getMessage())
            + " (--live PORT picks others: client i listens on PORT + i)");
      }
    }
    List<String> urls = new ArrayList<>();
    for (int i = 0; i < (job.livePortPerClient() ? clients : 1); i++) {
      urls.add("http://" + host + ":" + job.livePort(i) + "/metrics");
    }
    err.println("benchmark: live figures (OpenMetrics) at " + String.join(", ", urls) + "; monitoring/prometheus.yml "
        + "scrapes them, monitoring/grafana/ycsb-run.json shows them (docs/monitoring.md)");
  }

  /** The run folder written by the last {@link #run} that succeeded (null before; for a sweep, its last point). */
  public Path lastRunDir() {
    return lastRunDir;
  }

  /**
   * A report command on the console, in this JVM as the jobs call them (scripts/report's entry point): a JVM of its own
   * for each of summarize, show and html cost a job about a second of start-up and cold code, on runs of seconds.
   */
  int report(String... args) {
    // The commands that draw (html, chart, history) set java.awt.headless themselves.
    return new ReportCli().run(args, out, err);
  }

  /** A phase's exit status as the benchmark's: bad input stays bad input, anything else is a failed run. */
  private static int phaseStatus(int rc) {
    return rc == ExitStatus.BAD_INPUT.code ? rc : ExitStatus.FAILED.code;
  }

  private int singleClientLoad(Job job, Path dir) throws IOException, InterruptedException {
    PhaseSettings load = new PhaseSettings(job).createTable().hdr(hdrDir(dir, "load", -1)).live(0);
    return phase("load", "load", load, dir, true).waitFor();
  }

  private int singleClientRun(Job job, Path dir) throws IOException, InterruptedException {
    return phase("run", "run", new PhaseSettings(job).hdr(hdrDir(dir, "run", -1)).live(0), dir, true).waitFor();
  }

  /**
   * Several clients load disjoint key ranges (insertstart/insertcount of the same recordcount,
   * so keys and the run phase's key chooser are those of a single-client load). The table is
   * dropped and created once, by a client that inserts nothing, before they start; then they
   * meet at the start barrier and start together, as clients on several machines do.
   */
  private int multiClientLoad(Job job, Path dir, long records, int clients, String runId)
      throws IOException, InterruptedException {
    PhaseSettings prepare = new PhaseSettings(job).createTable().set(Registry.INSERTCOUNT, "0", "creates the table only")
        .set(Registry.MEASUREMENT_SERVERMETRICS, "false", "creates the table only")
        .noLive();
    Files.createDirectories(dir.resolve("prepare"));
    int rc = phase("table", "load", prepare, dir.resolve("prepare"), true).waitFor();
    if (rc != 0) {
      return rc;
    }
    List<ChildPhase> procs = new ArrayList<>();
    for (int i = 0; i < clients; i++) {
      long start = records * i / clients;
      long end = records * (i + 1) / clients;
      PhaseSettings load = new PhaseSettings(job).set(Registry.INSERTSTART, Long.toString(start), "client " + i + "'s keys")
          .set(Registry.INSERTCOUNT, Long.toString(end - start), "client " + i + "'s keys")
          .hdr(hdrDir(dir, "load", i)).barrier(new ClientRole(i, clients, runId)).live(i);
      if (i > 0) {
        load.set(Registry.MEASUREMENT_SERVERMETRICS, "false", "client 0 samples for all");
      }
      procs.add(clientPhase("load", i, load, dir));
    }
    return waitAll(procs);
  }

  /**
   * Several clients run over the whole key space, the operations split between them, started together by the start
   * barrier; each inserts keys of its own (ClientKeys).
   */
  private int multiClientRun(Job job, Path dir, long operations, int clients, String runId)
      throws IOException, InterruptedException {
    List<ChildPhase> procs = new ArrayList<>();
    for (int i = 0; i < clients; i++) {
      long ops = operations / clients + (i < operations % clients ? 1 : 0);
      PhaseSettings run = new PhaseSettings(job).set(Registry.OPERATIONCOUNT, Long.toString(ops), "client " + i
          + "'s share").hdr(hdrDir(dir, "run", i)).barrier(new ClientRole(i, clients, runId)).live(i);
      if (i > 0) {
        run.set(Registry.MEASUREMENT_SERVERMETRICS, "false", "client 0 samples for all");
      }
      procs.add(clientPhase("run", i, run, dir));
    }
    return waitAll(procs);
  }

  private ChildPhase clientPhase(String phase, int client, PhaseSettings settings, Path dir) throws IOException {
    Path clientDir = dir.resolve("client-" + client);
    Files.createDirectories(clientDir);
    // Client 0's status lines go to the console too; the others only to their files.
    return phase(phase + " (client " + client + ")", phase, settings, clientDir, client == 0);
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

  /** --target's help: "embedded (default), mysql, ..., or a db properties file" (also the soak's). */
  public static String targetsHelp() {
    return DatabaseKind.EMBEDDED_TARGET + " (default), " + String.join(", ", TARGETS.subList(1, TARGETS.size()))
        + ", or a db properties file";
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
   * Starts one phase in a child JVM from its settings file, written now into {@code folder} beside the phase's
   * records ({@code settings-PHASE.properties}), secrets handed over in its environment: stdout to PHASE.out,
   * stderr to PHASE.err in that folder and, when {@code echo}, to the console as well (copied by a thread so several
   * clients run at once).
   */
  private ChildPhase phase(String name, String phase, PhaseSettings settings, Path folder, boolean echo)
      throws IOException {
    Path errFile = folder.resolve(phase + ".err");
    err.println("benchmark: " + name + " phase...");
    Process p = PhaseLaunch.builder(settings.resolve(phase, folder), folder, phase, "scripts/benchmark: " + name
        + " phase, started from this file").redirectOutput(folder.resolve(phase + ".out").toFile()).start();
    Thread copier = new Thread(() -> {
      try (InputStream in = p.getErrorStream(); OutputStream fileOut = Files.newOutputStream(errFile)) {
        byte[] buf = new byte[8192];
        for (int n; (n = in.read(buf)) > 0; ) {
          fileOut.write(buf, 0, n);
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

  /**
   * {@link #javaCommand()} for another class path: without the shared-classes archive's flags (scripts/lib.sh), since
   * an archive holds only for the class path it was made with, and a JVM given one that does not match runs without
   * any, the JDK's own default archive included.
   */
  public static List<String> javaCommand(String classPath) {
    List<String> cmd = new ArrayList<>();
    for (String arg : javaCommand()) {
      if (!arg.startsWith("-XX:SharedArchiveFile=") && !arg.startsWith("-Xlog:cds")) {
        cmd.add(arg);
      }
    }
    cmd.set(cmd.size() - 1, classPath);
    return cmd;
  }

  /** What metadata.json records about the job, besides the host and the server (its settings: the job's). */
  private record Meta(Job job, long operations, int clients, String started) {
  }

  private void writeMetadata(Path dir, Meta meta) throws IOException {
    Job job = meta.job();
    RunMetadata m = new RunMetadata();
    m.target = job.targetName();
    m.workload = job.workload().getFileName().toString();
    m.records = job.records();
    // A run phase bounded by time only planned no count: its metadata names its duration instead.
    m.operations = meta.operations() == 0 && job.durationS() > 0 ? null : meta.operations();
    m.durationS = job.durationS() > 0 ? job.durationS() : null;
    m.threads = job.threads();
    m.clients = meta.clients();
    m.warmupS = job.warmup();
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
    // The job's resolved settings, as settings.properties records them (secrets masked).
    m.properties = new LinkedHashMap<>(job.resolved().masked());
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

  /** Run phases of at most this many operations get 1-second status intervals unless a file or -p sets one. */
  static final long SHORT_RUN_OPERATIONS = 1_000_000;
  /** Run phases bounded by at most this many seconds get 1-second status intervals too. */
  static final long SHORT_RUN_SECONDS = 600;
  /**
   * The run phase of a job that names neither --operations nor --duration: long enough for the steady-state verdict
   * (SteadyStateRule: 20 s and 5 intervals at least) on any machine, however fast, which a count of operations is not.
   */
  static final long DEFAULT_RUN_SECONDS = 30;

  /**
   * How the options bound the run phase: after {@code operations} (--operations) or {@code seconds} (--duration), never
   * both; both 0 when neither is given ({@link #jobSettings} then takes {@link #DEFAULT_RUN_SECONDS}, unless -p sets
   * operationcount).
   */
  record RunBound(long operations, long seconds) {
    static RunBound of(CommandLine cl) throws UsageException {
      if (cl.hasOption("operations") && cl.hasOption("duration")) {
        throw new UsageException("--operations and --duration both bound the run phase: give one");
      }
      // At least 1: YCSB takes operationcount=0 as "no limit" (--duration is the run phase bounded by time).
      return new RunBound(cl.hasOption("operations") ? CliValues.count(cl, "operations", 0, 1) : 0,
          cl.hasOption("duration") ? CliValues.count(cl, "duration", DEFAULT_RUN_SECONDS, 1) : 0);
    }
  }

  /** A run phase short enough for 1-second status intervals, by the settings' time limit, else by their count. */
  private static boolean isShortRun(ResolvedSettings resolved) throws UsageException {
    PropertyReader r = new PropertyReader(resolved.properties());
    try {
      long seconds = r.integer(Registry.MAXEXECUTIONTIME);
      return seconds > 0 ? seconds <= SHORT_RUN_SECONDS : r.integer(Registry.OPERATIONCOUNT) <= SHORT_RUN_OPERATIONS;
    } catch (ConfigException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /** The job's settings file in the run folder, beside metadata.json. */
  public static final String SETTINGS_FILE = "settings.properties";

  private static long totalMemoryBytes() {
    java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean) {
      return ((com.sun.management.OperatingSystemMXBean) os).getTotalMemorySize();
    }
    return -1;
  }
}
