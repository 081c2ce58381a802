package com.mytopling.ycsb.launcher.ci;

import static com.mytopling.ycsb.core.cli.CliValues.valued;

import com.mytopling.ycsb.containers.ContainerException;
import com.mytopling.ycsb.containers.DockerEngine;
import com.mytopling.ycsb.containers.ServerContainer;
import com.mytopling.ycsb.core.ExitStatus;
import com.mytopling.ycsb.core.Secrets;
import com.mytopling.ycsb.core.cli.CliValues;
import com.mytopling.ycsb.core.cli.UsageException;
import com.mytopling.ycsb.launcher.Benchmark;
import com.mytopling.ycsb.launcher.HarnessJob;
import com.mytopling.ycsb.launcher.JobFailed;
import com.mytopling.ycsb.results.Json;
import com.mytopling.ycsb.results.cli.ReportCli;
import com.mytopling.ycsb.results.history.HistoryEntry;
import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.parse.RunLoader;
import com.mytopling.ycsb.results.stats.GateSchedule;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * scripts/ci-regression: the performance regression gate to copy into CI. It starts a server (a container through
 * Testcontainers on the host network, or a Debian MariaDB), runs a small workload several times through
 * scripts/benchmark, and gates the runs with scripts/report regress (medians beyond a threshold AND a one-sided
 * Mann-Whitney U test beyond noise), in one of two ways:
 *
 * <ul>
 *   <li><b>stored baseline</b> (default): against runs recorded earlier in results/baselines/, used only when
 *       their recording conditions match this job's (conditions.json);</li>
 *   <li><b>A/B</b> ({@code --ab}): baseline A and candidate B measured in the same job, interleaved, where they
 *       differ by server image, by extra properties or by harness revision. Both sides see the same machine at
 *       nearly the same time, which is what lets a tight threshold tell a 10% change from a shared machine's
 *       noise.</li>
 * </ul>
 *
 * <p>Run results are read through the results module (RunLoader, regress), never from printed text. Exit status
 * as everywhere in the harness: 0 pass (or baseline recorded), 1 regression or failed run, 2 bad command line or
 * input (including a baseline recorded under other conditions).
 */
public final class CiRegression extends HarnessJob {

  /** Stored-baseline thresholds: wide, because the baseline was measured at another time (docs/results.md). */
  static final String STORED_MAX_DROP = "30%";
  static final String STORED_MAX_P99_RISE = "200%";
  /** A/B thresholds, chosen from the interleaved noise measured on a shared 2-core machine (docs/containers.md). */
  static final String AB_MAX_DROP = "5%";
  static final String AB_MAX_P99_RISE = "50%";
  static final int STORED_RUNS = 5;
  /**
   * A/B pairs. With 8, one pair that went the other way (a baseline run 20% slow on a shared 2-core machine) took a
   * throttled candidate's -12% to p 0.055, unflagged; 12 leave p below 0.01 after one such pair, but fresh CI machines
   * here spread their pairs by 0.09 to 0.135 (log ratio), where 16 pairs flag a 10% drop 86 to 98% of the time and 12
   * only 76 to 95% (GatePower).
   */
  static final int AB_RUNS = 16;
  static final int DEFAULT_PORT = 3317;

  private final String password;

  public CiRegression(Path root, PrintStream out, PrintStream err, String password) {
    super("ci-regression", root, out, err);
    this.password = password;
  }

  @Override
  protected String usage() {
    return "scripts/ci-regression [options]";
  }

  @Override
  protected Options options() {
    Options o = new Options();
    o.addOption(valued("server", "KIND", "auto (default: a container when a Docker engine answers, else mariadb), "
        + "container (Testcontainers; 'docker' is the same), mariadb (Debian MariaDB via scripts/start-mariadb)"));
    o.addOption(valued("image", "IMAGE", "server image of a container (default " + ServerContainer.DEFAULT_IMAGE
        + "); in A/B mode the candidate's image (the baseline's is --baseline-image)"));
    o.addOption(valued("port", "P", "port of the server on 127.0.0.1 (default " + DEFAULT_PORT + "; A/B: the baseline "
        + "image's container gets P+1)"));
    o.addOption(valued("runs", "N", "measured runs (per side in A/B mode; default " + STORED_RUNS + ", A/B " + AB_RUNS
        + ")"));
    o.addOption(valued("warmup", "N", "discarded warm-up runs first (per side; default 1)"));
    o.addOption(valued("workload", "NAME", "workload (default workloada)"));
    o.addOption(valued("records", "N", "records loaded by each run (default 50000)"));
    o.addOption(valued("operations", "N", "operations of each run phase (default 200000)"));
    o.addOption(valued("threads", "N", "client threads (default 4)"));
    o.addOption(valued("phases", "LIST", "phases gated: run,load (default; A/B: run), run or load; load is gated on "
        + "throughput only"));
    o.addOption(valued("max-drop", "PCT", "largest accepted drop of median throughput (default " + STORED_MAX_DROP
        + ", A/B " + AB_MAX_DROP + ")"));
    o.addOption(valued("max-p99-rise", "PCT", "largest accepted rise of a median p99 (default " + STORED_MAX_P99_RISE
        + ", A/B " + AB_MAX_P99_RISE + ")"));
    o.addOption(valued("alpha", "P", "significance level of the one-sided test (default 0.05)"));
    o.addOption(valued("out", "DIR", "where the runs go (default results/ci/DATE-TIME)"));
    o.addOption(valued("baseline", "DIR", "stored baseline (default results/baselines/ci-SERVER-WORKLOAD)"));
    o.addOption(Option.builder().longOpt("record-baseline").desc("record the runs as the stored baseline").build());
    o.addOption(Option.builder().longOpt("allow-busy")
        .desc("record a baseline although the machine is busy (it is marked busy)").build());
    o.addOption(Option.builder().longOpt("ab").desc("A/B mode: measure baseline A and candidate B in this job, "
        + "interleaved").build());
    o.addOption(Option.builder().longOpt("unpaired").desc("A/B: judge the runs as two unpaired samples (Mann-Whitney "
        + "U) instead of as pairs (Wilcoxon signed-rank on the pairs' ratios)").build());
    o.addOption(valued("baseline-image", "IMAGE", "A/B: the baseline's server image (default: the same as --image)"));
    o.addOption(valued("baseline-props", "FILE", "A/B: properties only the baseline runs with"));
    o.addOption(valued("candidate-props", "FILE", "A/B: properties only the candidate runs with"));
    o.addOption(valued("baseline-rev", "REV", "A/B: the baseline runs with this git revision of the harness, built in "
        + "a worktree"));
    o.addOption(valued("candidate-throttle", "PCT", "A/B: the candidate is the baseline with YCSB's target set, before "
        + "each of its runs, to PCT of the baseline's latest throughput (a known slowdown, to check the gate sees it)"));
    o.addOption(valued("power-check", "N", "A/B: N times each, a candidate throttled to --candidate-throttle "
        + "(default 90%) and the baseline against itself; exit 0 when every throttled one is flagged and no other (a check "
        + "whose sequence of rounds misses on either count measures a second one, which decides that count)"));
    o.addOption(valued("history", "DIR", "append this job's measured runs (A/B: the candidate's) to a history folder, "
        + "with the time, commit, server image and the gate's verdict, whatever the verdict: scripts/report history DIR "
        + "follows them over nights and finds change points (docs/containers.md)"));
    o.addOption(Option.builder("h").longOpt("help").desc("this help").build());
    return o;
  }

  @Override
  protected int execute(CommandLine cl) throws UsageException, JobFailed, IOException {
    boolean ab = cl.hasOption("ab");
    for (String abOnly : List.of("baseline-image", "baseline-props", "candidate-props", "baseline-rev",
        "candidate-throttle", "power-check", "unpaired")) {
      if (!ab && cl.hasOption(abOnly)) {
        throw new UsageException("--" + abOnly + " belongs to A/B mode: add --ab");
      }
    }
    if (ab && (cl.hasOption("baseline") || cl.hasOption("record-baseline"))) {
      throw new UsageException("--ab measures its own baseline: --baseline and --record-baseline are for the "
          + "stored-baseline mode");
    }
    String server = cl.getOptionValue("server", "auto");
    if (server.equals("docker")) {
      server = "container";
    }
    if (!List.of("auto", "container", "mariadb").contains(server)) {
      throw new UsageException("--server must be auto, container or mariadb, got '" + server + "'");
    }
    String image = cl.getOptionValue("image", ServerContainer.DEFAULT_IMAGE);
    String baselineImage = cl.getOptionValue("baseline-image", image);
    if (server.equals("mariadb") && (cl.hasOption("image") || cl.hasOption("baseline-image"))) {
      throw new UsageException("--image and --baseline-image choose container images: use --server container");
    }
    // The A/B baseline's container listens on port + 1.
    int port = CliValues.intCount(cl, "port", DEFAULT_PORT, 1, 65534);
    int runs;
    try {
      runs = CliValues.intCount(cl, "runs", ab ? AB_RUNS : STORED_RUNS, 3);
    } catch (UsageException e) {
      throw new UsageException(e.getMessage() + ": fewer runs cannot tell a change from noise");
    }
    // A/B gates the run phase unless asked: a load of 50,000 rows lasts seconds, and its throughput moved 15% between
    // two sides of the same build on a busy machine (docs/containers.md).
    List<String> phases = List.of(cl.getOptionValue("phases", ab ? "run" : "run,load").split(","));
    for (String p : phases) {
      if (!p.equals("run") && !p.equals("load")) {
        throw new UsageException("--phases: unknown phase '" + p + "' (run, load)");
      }
    }
    String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    Path outDir = cl.hasOption("out") ? Path.of(cl.getOptionValue("out")).toAbsolutePath()
        : root.resolve("results").resolve("ci").resolve(stamp + (ab ? "-ab" : ""));
    Job job = new Job(cl.getOptionValue("workload", "workloada"), CliValues.count(cl, "records", 50_000, 1),
        CliValues.count(cl, "operations", 200_000, 1), CliValues.intCount(cl, "threads", 4, 1), runs,
        CliValues.intCount(cl, "warmup", 1, 0),
        phases, cl.getOptionValue("max-drop", ab ? AB_MAX_DROP : STORED_MAX_DROP),
        cl.getOptionValue("max-p99-rise", ab ? AB_MAX_P99_RISE : STORED_MAX_P99_RISE),
        cl.getOptionValue("alpha", "0.05"), ab && !cl.hasOption("unpaired"), outDir);
    // Checked now, not when the gate reads them after every run has been made.
    CliValues.percent("--max-drop", job.maxDrop(), 100);
    CliValues.percent("--max-p99-rise", job.maxP99Rise(), 10_000);
    double alpha = CliValues.probability("--alpha", job.alpha());
    // A schedule that can never fail is refused before any server starts or run is made.
    GateSchedule.check(job.paired(), runs, runs, alpha);
    if (cl.hasOption("history") && cl.hasOption("power-check")) {
      throw new UsageException("--history records a job's runs; --power-check measures the gate, not the build");
    }
    Map<String, String> baselineProps = props(cl, "baseline-props");
    Map<String, String> candidateProps = props(cl, "candidate-props");
    Double throttle = null;
    int powerChecks = CliValues.intCount(cl, "power-check", 0, 1);
    if (cl.hasOption("candidate-throttle") || powerChecks > 0) {
      throttle = fraction("candidate-throttle", cl.getOptionValue("candidate-throttle", "90%"));
      if (!candidateProps.isEmpty() || cl.hasOption("baseline-rev") || !baselineImage.equals(image)) {
        throw new UsageException("--candidate-throttle and --power-check compare the baseline with itself: no "
            + "--candidate-props, --baseline-rev or different images");
      }
    }

    try (Engines engines = new Engines()) {
      if (ab) {
        return runAb(cl, job, server, image, baselineImage, port, baselineProps, candidateProps, throttle,
            powerChecks, engines);
      }
      return runStored(cl, job, server, image, port, engines);
    }
  }

  /** The Docker engine (when one was needed), servers and worktrees of the job, closed in reverse order. */
  private final class Engines implements AutoCloseable {
    private final List<AutoCloseable> opened = new ArrayList<>();
    private DockerEngine docker;

    JobServer server(String kind, String image, int port) throws JobFailed {
      if (kind.equals("auto")) {
        if (DockerEngine.answersAnywhere()) {
          try {
            return server("container", image, port);
          } catch (ContainerException e) {
            err.println("ci-regression: " + e.getMessage() + "; using the Debian MariaDB instead (--server auto)");
          }
        }
        return server("mariadb", image, port);
      }
      JobServer s;
      if (kind.equals("container")) {
        if (docker == null) {
          docker = DockerEngine.ensure(err);
          opened.add(docker);
        }
        s = JobServer.container(image, port, password);
      } else {
        s = JobServer.debianMariaDb(root, port, password, err);
      }
      opened.add(s);
      err.println("ci-regression: server " + s.describe());
      err.println("ci-regression: server version " + s.version());
      return s;
    }

    <T extends AutoCloseable> T add(T closeable) {
      opened.add(closeable);
      return closeable;
    }

    @Override
    public void close() {
      for (int i = opened.size() - 1; i >= 0; i--) {
        try {
          opened.get(i).close();
        } catch (Exception e) {
          err.println("ci-regression: while stopping: " + e.getMessage());
        }
      }
    }
  }

  // ---------------------------------------------------------------- stored-baseline mode

  private int runStored(CommandLine cl, Job job, String serverKind, String image, int port, Engines engines)
      throws UsageException, JobFailed, IOException {
    JobServer server = engines.server(serverKind, image, port);
    Path baseline = cl.hasOption("baseline") ? Path.of(cl.getOptionValue("baseline")).toAbsolutePath()
        : root.resolve("results").resolve("baselines").resolve("ci-" + server.shortName() + "-"
        + Path.of(job.workload()).getFileName());
    BaselineConditions now = BaselineConditions.of(job, server, Benchmark.HARNESS_VERSION, root);
    boolean record = cl.hasOption("record-baseline") || !hasRuns(baseline);
    String notGated = null;
    if (record) {
      if (Boolean.TRUE.equals(now.busy) && !cl.hasOption("allow-busy")) {
        throw new UsageException("the machine is busy (" + now.cpuBusyPercent + " % of its " + now.hostCores
            + " cores in use before the first run): record a baseline on a quiet machine, or pass --allow-busy to "
            + "record one marked busy");
      }
    } else {
      Path conditionsFile = baseline.resolve("conditions.json");
      if (!Files.isRegularFile(conditionsFile)) {
        throw new UsageException("baseline " + baseline + " has no conditions.json (how it was recorded): "
            + "re-record it on a quiet machine with --record-baseline");
      }
      BaselineConditions recorded = Json.readFile(conditionsFile, BaselineConditions.class);
      List<String> differences = recorded.differences(now);
      if (!differences.isEmpty()) {
        throw new UsageException("baseline " + baseline + " was recorded under other conditions (" + differences.get(0)
            + (differences.size() > 1 ? "; and " + (differences.size() - 1) + " more" : "")
            + "): not comparable; re-record it on a quiet machine with --record-baseline");
      }
      err.println("ci-regression: baseline " + baseline + ": " + recorded.describe());
      err.println("ci-regression: this job: CPU " + (now.cpuBusyPercent == null ? "(not measured)"
          : now.cpuBusyPercent + " % busy") + " before the first run, load average " + now.loadAverage1m);
      err.println("ci-regression: baseline's host: " + (recorded.host == null ? "not recorded" : recorded.host.describe()));
      err.println("ci-regression: this host: " + now.host.describe());
      if (Boolean.TRUE.equals(recorded.busy)) {
        err.println("ci-regression: note: that baseline was recorded on a busy machine; re-record it on a quiet one");
      }
      notGated = recorded.whyNotGated(now);
      if (notGated != null) {
        err.println("ci-regression: " + notGated + ": the runs are measured and compared, reported, not gated");
      }
    }
    Side side = new Side("run", server, Map.of(), null, BenchmarkLauncher.writeTarget(job.out(), server));
    Side overridden = targetFromEnvironment(side);
    BenchmarkLauncher launcher = new BenchmarkLauncher(root, job, password);
    for (int i = 1; i <= job.warmup(); i++) {
      err.println("ci-regression: warm-up run " + i + "/" + job.warmup() + " (discarded)");
      launcher.run(overridden, job.out().resolve(String.format(Locale.ROOT, "warmup-%02d", i)));
    }
    List<Path> runs = new ArrayList<>();
    for (int i = 1; i <= job.runs(); i++) {
      Path run = launcher.run(overridden, job.out().resolve(String.format(Locale.ROOT, "run-%02d", i)));
      err.println("ci-regression: run " + i + "/" + job.runs() + ": " + describeRun(run));
      runs.add(run);
    }
    if (record) {
      recordBaseline(baseline, runs, now);
      out.println("ci-regression: recorded " + runs.size() + " runs as the baseline in " + baseline + " ("
          + now.describe() + "): commit it to gate later builds");
      appendHistory(cl, runs, server, "stored", ExitStatus.OK.code);
      return ExitStatus.OK.code;
    }
    int verdict = gate(List.of(baseline), runs, false, job.phases(), job);
    if (notGated != null && verdict != ExitStatus.BAD_INPUT.code) {
      // Absolute speed measured on another machine (or this one in another state) decides nothing here: the
      // comparison above is for reading. The A/B mode is the gate that holds anywhere.
      out.println("ci-regression: " + notGated + ": reported, not gated (verdict above "
          + (verdict == ExitStatus.OK.code ? "passed" : "would have failed")
          + "; gate on this machine by recording a baseline here with --record-baseline, or use --ab)");
      verdict = ExitStatus.OK.code;
    }
    appendHistory(cl, runs, server, "stored", verdict);
    return verdict;
  }

  /** --history DIR: the job's measured runs as one point of the history (HistoryEntry), named by time and commit. */
  private void appendHistory(CommandLine cl, List<Path> runs, JobServer server, String mode, int verdict)
      throws IOException {
    if (!cl.hasOption("history")) {
      return;
    }
    Path entry = appendHistory(Path.of(cl.getOptionValue("history")).toAbsolutePath(), runs, server.identity(), mode,
        verdict, root, java.time.Instant.now());
    out.println("ci-regression: history: " + entry);
  }

  static Path appendHistory(Path history, List<Path> runs, String image, String mode, int verdict, Path root,
                            java.time.Instant now) throws IOException {
    HistoryEntry e = new HistoryEntry();
    e.time = now.truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString();
    e.commit = gitCommit(root);
    e.image = image;
    e.mode = mode;
    e.gateExitStatus = verdict;
    String name = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(java.time.ZoneOffset.UTC).format(now)
        + (e.commit == null ? "" : "-" + e.commit.substring(0, Math.min(10, e.commit.length())));
    return e.appendTo(history, name, runs);
  }

  /** The harness's commit (git rev-parse HEAD), or null when it is not a git tree or git is missing. */
  static String gitCommit(Path root) {
    try {
      Process p = new ProcessBuilder("git", "-C", root.toString(), "rev-parse", "HEAD")
          .redirectError(ProcessBuilder.Redirect.DISCARD).redirectInput(ProcessBuilder.Redirect.from(new java.io.File(
              "/dev/null"))).start();
      String text = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip();
      return p.waitFor() == 0 && text.matches("[0-9a-f]{7,64}") ? text : null;
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  /** CI_BENCHMARK_TARGET=NAME|FILE replaces the generated db properties file (kept from the shell version). */
  private static Side targetFromEnvironment(Side side) {
    String target = System.getenv("CI_BENCHMARK_TARGET");
    if (target == null || target.isBlank()) {
      return side;
    }
    Path file = target.contains("/") || target.endsWith(".properties") ? Path.of(target).toAbsolutePath()
        : side.targetFile().getParent().getParent().resolve("db-properties").resolve(target + ".properties");
    return new Side(side.label(), side.server(), side.props(), side.tree(), file);
  }

  /** A side's measured runs (run-NN, not the warm-ups), in order. */
  private static List<Path> measuredRuns(Path side) throws IOException {
    try (Stream<Path> entries = Files.list(side)) {
      return entries.filter(p -> Files.isDirectory(p) && p.getFileName().toString().startsWith("run-")).sorted()
          .toList();
    }
  }

  private static boolean hasRuns(Path baseline) throws IOException {
    if (!Files.isDirectory(baseline)) {
      return false;
    }
    try (Stream<Path> entries = Files.list(baseline)) {
      return entries.anyMatch(p -> Files.isDirectory(p) && p.getFileName().toString().startsWith("run-"));
    }
  }

  private static void recordBaseline(Path baseline, List<Path> runs, BaselineConditions conditions)
      throws IOException {
    Files.createDirectories(baseline);
    try (Stream<Path> old = Files.list(baseline)) {
      for (Path p : old.filter(p -> p.getFileName().toString().startsWith("run-")).toList()) {
        deleteTree(p);
      }
    }
    int i = 1;
    for (Path run : runs) {
      // Summaries, raw text and the binding's records only: HdrHistogram logs are large and the gate does not read them.
      Path to = baseline.resolve("run-" + i++);
      Files.createDirectories(to);
      for (String f : List.of("metadata.json", "summary.json", "load.out", "run.out", "load.err", "run.err",
          "binding-load.json", "binding-run.json")) {
        if (Files.isRegularFile(run.resolve(f))) {
          Files.copy(run.resolve(f), to.resolve(f));
        }
      }
    }
    Json.writeFile(baseline.resolve("conditions.json"), conditions);
  }

  // ---------------------------------------------------------------- A/B mode

  private int runAb(CommandLine cl, Job job, String serverKind, String image, String baselineImage, int port,
                    Map<String, String> baselineProps, Map<String, String> candidateProps, Double throttle,
                    int powerChecks, Engines engines) throws UsageException, JobFailed, IOException {
    boolean twoImages = !baselineImage.equals(image);
    JobServer serverB = engines.server(twoImages ? "container" : serverKind, image, port);
    JobServer serverA = twoImages ? engines.server("container", baselineImage, port + 1) : serverB;
    Path tree = null;
    if (cl.hasOption("baseline-rev")) {
      tree = engines.add(BaselineRevision.prepare(root, cl.getOptionValue("baseline-rev"), job.out(), err)).tree();
    }
    Side a = new Side("A", serverA, baselineProps, tree, BenchmarkLauncher.writeTarget(job.out().resolve("A"), serverA));
    Side b = new Side("B", serverB, candidateProps, null, BenchmarkLauncher.writeTarget(job.out().resolve("B"), serverB));
    BenchmarkLauncher launcher = new BenchmarkLauncher(root, job, password);
    if (powerChecks > 0) {
      return powerCheck(job, launcher, a, throttle, powerChecks);
    }
    err.println("ci-regression: A/B: A = " + describe(a, cl.getOptionValue("baseline-rev")) + "; B = "
        + describe(b, null) + "; " + job.runs() + " runs each, interleaved");
    int verdict = abGate(job, launcher, a, b, throttle, job.out(), job.phases());
    out.println(verdict == ExitStatus.OK.code ? "ci-regression: B is not worse than A beyond threshold and noise"
        : "ci-regression: B is worse than A beyond threshold and noise");
    if (verdict != ExitStatus.BAD_INPUT.code) {
      appendHistory(cl, measuredRuns(job.out().resolve(b.label())), serverB, "ab", verdict);
    }
    return verdict;
  }

  private static String describe(Side side, String revision) {
    return side.server().describe() + (side.props().isEmpty() ? "" : ", with " + side.props())
        + (revision == null ? "" : ", harness revision " + revision);
  }

  /**
   * Warm-up runs of both sides (discarded), then {@code runs} pairs in the order A B, B A, A B, ...: each side goes
   * first as often as second, so a drift of the machine over the job (caches, another job starting) falls on both
   * sides alike; then the gate.
   *
   * <p>With a throttle, B is A with YCSB's {@code target} set, before each B run, to that fraction of the rate of
   * A's latest run (a calibration run after the warm-up, then the measured ones): the known slowdown follows the
   * machine's capacity as other jobs come and go, instead of a figure taken once at the start.
   */
  private int abGate(Job job, BenchmarkLauncher launcher, Side a, Side b, Double throttle, Path dir,
                     List<String> phases) throws JobFailed, IOException {
    Runner run = new Runner(launcher, dir, throttle, b);
    for (int i = 1; i <= job.warmup(); i++) {
      run.discarded(a, "warmup-" + i);
      if (throttle == null) {
        run.discarded(b, "warmup-" + i);
      }
    }
    if (throttle != null) {
      run.discarded(a, "calibration");
      for (int i = 1; i <= job.warmup(); i++) {
        run.discarded(b, "warmup-" + i);
      }
    }
    List<Path> aRuns = new ArrayList<>();
    List<Path> bRuns = new ArrayList<>();
    for (int i = 1; i <= job.runs(); i++) {
      boolean aFirst = i % 2 == 1;
      Path r1 = run.measured(aFirst ? a : b, i);
      Path r2 = run.measured(aFirst ? b : a, i);
      (aFirst ? aRuns : bRuns).add(r1);
      (aFirst ? bRuns : aRuns).add(r2);
    }
    boolean setupDiffers = throttle != null || !a.props().equals(b.props());
    return gate(aRuns, bRuns, setupDiffers, phases, job);
  }

  /** Runs into DIR/SIDE/NAME and says so; with a throttle, sets B's target from A's latest rate first. */
  private final class Runner {
    private final BenchmarkLauncher launcher;
    private final Path dir;
    private final Double throttle;
    private final Side candidate;
    private double lastARate;

    Runner(BenchmarkLauncher launcher, Path dir, Double throttle, Side candidate) {
      this.launcher = launcher;
      this.dir = dir;
      this.throttle = throttle;
      this.candidate = candidate;
    }

    Path discarded(Side side, String name) throws JobFailed, IOException {
      return run(side, name, " (discarded)");
    }

    Path measured(Side side, int i) throws JobFailed, IOException {
      return run(side, String.format(Locale.ROOT, "run-%02d", i), "");
    }

    private Path run(Side side, String name, String note) throws JobFailed, IOException {
      Side s = side;
      String target = "";
      if (throttle != null && side == candidate) {
        long ops = Math.round(lastARate * throttle);
        s = side.withProps("B", Map.of("target", Long.toString(ops)));
        target = String.format(Locale.ROOT, " [target=%d, %.0f%% of A's latest %.0f ops/s]", ops, throttle * 100,
            lastARate);
      }
      Path result = launcher.run(s, dir.resolve(side.label()).resolve(name));
      if (throttle != null && side != candidate) {
        lastARate = runThroughput(result);
      }
      err.println("ci-regression: " + side.label() + " " + name + note + ": " + describeRun(result) + target);
      return result;
    }
  }

  /**
   * The orders of a power check's rounds (0 = A, 1 = throttled B, 2 = A again): the six orders of three, each next to
   * its reverse, so that over any even number of rounds each side runs before each other as often as after it, and a
   * drift of the machine over the job falls on all three alike.
   */
  static final int[][] ROUND_ORDERS = {{0, 1, 2}, {2, 1, 0}, {1, 2, 0}, {0, 2, 1}, {2, 0, 1}, {1, 0, 2}};

  /**
   * The gate's power where it runs, {@code n} times. One sequence of runs measures three sides in rounds: the baseline
   * A, a candidate B throttled to a known fraction of A's rate, and A again. The gate must flag B against A (on the
   * run phase: the throttle also slows B's load) and pass A-again against A (every phase of the job). A's runs serve
   * both gates, so a check takes a third fewer runs than two A/B jobs would; each gate still pairs runs of one round.
   *
   * <p>A single sequence misses now and then although the gate is sound: at a log-ratio spread of 0.12 (CI machines
   * measured 0.09 to 0.135) 16 pairs miss the 10% drop or flag A against A in 12% of checks, so CI would fail one time
   * in eight by chance. A check whose first sequence misses on either count therefore measures a second, independent
   * sequence, and the count holds when either sequence meets it: a sound gate then fails 0.9% of checks at that
   * spread (GatePower's simulation), while a gate that cannot see the drop fails 96% of them. Both sequences' verdicts
   * are printed.
   */
  private int powerCheck(Job job, BenchmarkLauncher launcher, Side a, double throttle, int n)
      throws JobFailed, IOException {
    int hits = 0;
    int falseAlarms = 0;
    List<String> lines = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
      String name = "power check " + i + "/" + n;
      PowerSequence first = powerSequence(job, launcher, a, throttle, name, job.out().resolve("power-" + i));
      if (first == null) {
        return ExitStatus.BAD_INPUT.code;
      }
      PowerSequence second = null;
      if (!first.flagged() || !first.aaPassed()) {
        err.println("ci-regression: " + name + ": the first sequence missed (" + first.describe() + "); a second, "
            + "independent sequence decides the count it missed");
        second = powerSequence(job, launcher, a, throttle, name + " (second sequence)",
            job.out().resolve("power-" + i + "-second"));
        if (second == null) {
          return ExitStatus.BAD_INPUT.code;
        }
      }
      boolean flagged = first.flagged() || second != null && second.flagged();
      boolean aaPassed = first.aaPassed() || second != null && second.aaPassed();
      hits += flagged ? 1 : 0;
      falseAlarms += aaPassed ? 0 : 1;
      lines.add("power check " + i + ": " + first.describe()
          + (second == null ? "" : "; second sequence: " + second.describe()));
    }
    lines.forEach(out::println);
    out.println(String.format(Locale.ROOT, "power check: B throttled to %.0f%% of A flagged in %d of %d checks; "
            + "A against A flagged in %d of %d checks (a count missed by a check's first sequence holds when its "
            + "second meets it; %d runs per side, %s, max-drop %s, alpha %s)",
        throttle * 100, hits, n, falseAlarms, n, job.runs(), job.paired() ? "paired" : "unpaired", job.maxDrop(),
        job.alpha()));
    return hits == n && falseAlarms == 0 ? ExitStatus.OK.code : ExitStatus.FAILED.code;
  }

  /** The two verdicts of one sequence of a power check's rounds. */
  private record PowerSequence(boolean flagged, boolean aaPassed) {
    String describe() {
      return "throttled B " + (flagged ? "flagged" : "NOT flagged") + ", A against A "
          + (aaPassed ? "passed" : "FLAGGED (false alarm)");
    }
  }

  /**
   * One sequence: A's warm-up and calibration, B's warm-up, then {@code job.runs()} rounds of A, throttled B and A
   * again in {@link #ROUND_ORDERS}, and the two gates on them; null when a gate found its input bad.
   */
  private PowerSequence powerSequence(Job job, BenchmarkLauncher launcher, Side a, double throttle, String name,
                                      Path dir) throws JobFailed, IOException {
    Side throttled = a.withProps("B", Map.of());
    Side again = a.withProps("A-again", Map.of());
    Side[] sides = {a, throttled, again};
    err.println("ci-regression: " + name + ": A, B throttled to " + Math.round(throttle * 100)
        + "% of A's latest rate, and A again, in rounds");
    Runner run = new Runner(launcher, dir, throttle, throttled);
    for (int w = 1; w <= job.warmup(); w++) {
      run.discarded(a, "warmup-" + w);
    }
    run.discarded(a, "calibration");
    for (int w = 1; w <= job.warmup(); w++) {
      run.discarded(throttled, "warmup-" + w);
    }
    List<List<Path>> runs = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    for (int r = 1; r <= job.runs(); r++) {
      for (int side : ROUND_ORDERS[(r - 1) % ROUND_ORDERS.length]) {
        runs.get(side).add(run.measured(sides[side], r));
      }
    }
    err.println("ci-regression: " + name + ": the gate on B throttled against A");
    int flagged = gate(runs.get(0), runs.get(1), true, List.of("run"), job);
    err.println("ci-regression: " + name + ": the gate on A again against A");
    int aa = gate(runs.get(0), runs.get(2), false, job.phases(), job);
    if (flagged == ExitStatus.BAD_INPUT.code || aa == ExitStatus.BAD_INPUT.code) {
      return null;
    }
    return new PowerSequence(flagged == ExitStatus.FAILED.code, aa != ExitStatus.FAILED.code);
  }

  // ---------------------------------------------------------------- the gate

  /** scripts/report regress for each phase (run: throughput and p99 per operation; load: throughput only). */
  private int gate(List<Path> baseline, List<Path> candidate, boolean setupDiffers, List<String> phases, Job job) {
    int worst = ExitStatus.OK.code;
    for (String phase : phases) {
      out.println("== " + phase + " phase");
      List<String> args = new ArrayList<>(List.of("regress", "--phase", phase, "--baseline"));
      baseline.forEach(p -> args.add(p.toString()));
      args.add("--candidate");
      candidate.forEach(p -> args.add(p.toString()));
      args.addAll(List.of("--max-drop", job.maxDrop(), "--max-p99-rise", job.maxP99Rise(), "--alpha", job.alpha(),
          "--p99-operations", phase.equals("load") ? "none" : "all"));
      if (setupDiffers) {
        args.add("--allow-setup-differences");
      }
      if (job.paired()) {
        args.add("--paired");
      }
      int rc = new ReportCli().run(args.toArray(String[]::new), out, err);
      if (rc == ReportCli.BAD_INPUT) {
        return ExitStatus.BAD_INPUT.code;
      }
      if (rc != ReportCli.OK) {
        worst = ExitStatus.FAILED.code;
      }
    }
    return worst;
  }

  // ---------------------------------------------------------------- helpers

  /**
   * "run 21,345 ops/s" from the run's summary, read through the results model; a client-bound run phase says so with
   * the figures (ClientCost), so that a gate's reader knows the client may have measured itself.
   */
  private static String describeRun(Path run) {
    PhaseSummary p = RunLoader.load(run).phase("run");
    if (p == null || p.throughputOps == null) {
      return run.toString();
    }
    String bound = p.clientCost != null && Boolean.TRUE.equals(p.clientCost.clientBound)
        ? "; CLIENT-BOUND: " + p.clientCost.figures() + " (" + p.clientCost.reason + ")" : "";
    return String.format(Locale.ROOT, "%s, run phase %.0f ops/s%s", run, p.throughputOps, bound);
  }

  private static double runThroughput(Path run) throws JobFailed {
    PhaseSummary p = RunLoader.load(run).phase("run");
    if (p == null || p.throughputOps == null || p.throughputOps <= 0) {
      throw new JobFailed(run + ": no run-phase throughput to calibrate the throttle with");
    }
    return p.throughputOps;
  }

  /** A throttle: a percentage strictly between 0% and 100%. */
  private static double fraction(String name, String text) throws UsageException {
    double v = CliValues.percent("--" + name, text, 100);
    if (v == 0) {
      throw new UsageException("--" + name + ": " + text.strip() + " is out of range (above 0% to below 100%)");
    }
    return v;
  }

  /** A side's extra properties, in file order; secrets are refused (they would reach a command line). */
  private static Map<String, String> props(CommandLine cl, String name) throws UsageException {
    String file = cl.getOptionValue(name);
    if (file == null) {
      return Map.of();
    }
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(Path.of(file))) {
      p.load(in);
    } catch (IOException e) {
      throw new UsageException("--" + name + ": cannot read " + file + " (" + e.getMessage() + ")");
    }
    Map<String, String> ordered = new LinkedHashMap<>();
    for (String key : p.stringPropertyNames().stream().sorted(Comparator.naturalOrder()).toList()) {
      if (Secrets.isSecretName(key)) {
        throw new UsageException("--" + name + ": " + file + " sets " + key + ", a secret: give passwords in the "
            + "environment (YCSB_DB_PASSWORD) or db.passwdfile");
      }
      ordered.put(key, p.getProperty(key).strip());
    }
    return ordered;
  }

  private static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
