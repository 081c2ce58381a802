package com.mytopling.ycsb.results.cli;

import com.mytopling.ycsb.core.cli.CliValues;
import com.mytopling.ycsb.core.cli.UsageException;
import com.mytopling.ycsb.results.ReportException;
import com.mytopling.ycsb.results.model.OperationStats;
import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.model.RunSummary;
import com.mytopling.ycsb.results.parse.ClientCosts;
import com.mytopling.ycsb.results.parse.RunLoader;
import com.mytopling.ycsb.results.stats.GateSchedule;
import com.mytopling.ycsb.results.stats.RegressionCheck;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * regress --baseline RUNS --candidate RUNS: compares medians of repeated runs with a one-sided Mann-Whitney U test
 * and exits 1 when throughput dropped, or a p99 rose, by more than the threshold and more than the noise.
 */
final class RegressCommand implements Command {
  static final String SUCCESSFUL_THROUGHPUT = "successful throughput (ops/s)";
  static final String ALL_THROUGHPUT = "throughput of all operations (ops/s)";

  @Override
  public String name() {
    return "regress";
  }

  @Override
  public String description() {
    return "--baseline RUNS --candidate RUNS [--max-drop 5%] [--max-p99-rise 10%]: regression gate, exit 1 on regression";
  }

  @Override
  public int run(String[] args, PrintStream out, PrintStream err) throws UsageException {
    Options options = new Options();
    options.addOption(Option.builder().longOpt("baseline").hasArgs().argName("RUNS")
        .desc("baseline run folders, or folders holding run folders").build());
    options.addOption(Option.builder().longOpt("candidate").hasArgs().argName("RUNS")
        .desc("candidate run folders, or folders holding run folders").build());
    options.addOption(Option.builder().longOpt("max-drop").hasArg().argName("PCT")
        .desc("largest accepted drop of median throughput (default 5%)").build());
    options.addOption(Option.builder().longOpt("max-p99-rise").hasArg().argName("PCT")
        .desc("largest accepted rise of median p99 latency per operation (default 10%)").build());
    options.addOption(Option.builder().longOpt("alpha").hasArg().argName("P")
        .desc("significance level of the one-sided test (default 0.05); a schedule whose smallest possible p is "
            + "above it is refused").build());
    options.addOption(Option.builder().longOpt("phase").hasArg().argName("load|run").desc("phase to gate (default run)").build());
    options.addOption(Option.builder().longOpt("p99-operations").hasArg().argName("OPS|all|none")
        .desc("operations whose p99 is gated, comma-separated (default all in every run)").build());
    options.addOption(null, "allow-setup-differences", false, "gate even when the runs' workload settings differ");
    options.addOption(null, "paired", false, "the i-th baseline and candidate runs were measured together (A/B, "
        + "interleaved): judge the pairs' ratios with the Wilcoxon signed-rank test");
    options.addOption("h", "help", false, "this help");
    CommandLine line = Options2.parse(name(), options, args);
    if (line.hasOption("help")) {
      out.print(Options2.help("report regress --baseline RUNS... --candidate RUNS... [options]", options));
      return ReportCli.OK;
    }
    if (!line.hasOption("baseline") || !line.hasOption("candidate")) {
      throw new ReportException("regress needs --baseline RUNS and --candidate RUNS");
    }
    if (!line.getArgList().isEmpty()) {
      throw new ReportException("unexpected argument '" + line.getArgList().get(0) + "' (runs go after --baseline or --candidate)");
    }
    double maxDrop = CliValues.percent("--max-drop", line.getOptionValue("max-drop", "5%"), 100);
    double maxP99Rise = CliValues.percent("--max-p99-rise", line.getOptionValue("max-p99-rise", "10%"), 10_000);
    double alpha = CliValues.probability("--alpha", line.getOptionValue("alpha", "0.05"));
    String phase = line.getOptionValue("phase", "run");
    List<RunSummary> baseline = loadRuns("--baseline", line.getOptionValues("baseline"), phase);
    List<RunSummary> candidate = loadRuns("--candidate", line.getOptionValues("candidate"), phase);
    boolean paired = line.hasOption("paired");
    if (paired && baseline.size() != candidate.size()) {
      throw new ReportException("--paired needs as many candidate runs as baseline runs, in pair order (got "
          + baseline.size() + " and " + candidate.size() + ")");
    }
    // A schedule whose best p is above alpha would always pass: refused before anything is judged.
    GateSchedule.check(paired, baseline.size(), candidate.size(), alpha);

    List<String> setupDifferences = new ArrayList<>();
    List<RunSummary> all = new ArrayList<>(baseline);
    all.addAll(candidate);
    for (String d : RunSettings.differences(all, false)) {
      if (!d.startsWith("client_host.") && !d.startsWith("server_hardware")) {
        setupDifferences.add(d);
      }
    }
    if (!setupDifferences.isEmpty() && !line.hasOption("allow-setup-differences")) {
      throw new ReportException("runs differ in setup, not like-for-like: " + setupDifferences.get(0)
          + (setupDifferences.size() > 1 ? " (and " + (setupDifferences.size() - 1) + " more)" : "")
          + "; pass --allow-setup-differences to gate anyway");
    }

    String p99Operations = line.getOptionValue("p99-operations", "all");
    List<RegressionCheck> checks = checks(baseline, candidate, phase, maxDrop, maxP99Rise, alpha);
    if (!p99Operations.equals("all")) {
      Set<String> gated = p99Operations.equals("none") ? Set.of() : Set.of(p99Operations.split(","));
      checks.removeIf(c -> !c.higherIsBetter() && gated.stream().noneMatch(op -> c.metric().equals(phase + " " + op.trim() + " p99 (us)")));
    }
    if (paired) {
      checks.replaceAll(RegressionCheck::asPaired);
    }
    out.print(render(checks, baseline.size(), candidate.size(), phase, alpha, paired));
    if (checks.stream().noneMatch(c -> c.metric().endsWith(SUCCESSFUL_THROUGHPUT))) {
      out.println("note: not every run records successful operations (no return codes): gated on the throughput of "
          + "all operations");
    }
    setupDifferences.forEach(d -> out.println("note: not like-for-like: " + d));
    // A saturated client measures itself as much as the server: said with its figures, not judged here.
    ClientCosts.boundLines("baseline", baseline, phase).forEach(l -> out.println("note: " + l));
    ClientCosts.boundLines("candidate", candidate, phase).forEach(l -> out.println("note: " + l));
    RunSettings.differences(all, true).stream().filter(d -> d.contains("(not recorded)"))
        .forEach(d -> out.println("note: recorded by some runs only: " + d));
    boolean regressed = checks.stream().anyMatch(c -> c.verdict() == RegressionCheck.Verdict.REGRESSION);
    out.println(regressed ? "verdict: REGRESSION" : "verdict: no regression beyond threshold and noise");
    return regressed ? ReportCli.VERDICT_FAILED : ReportCli.OK;
  }

  static List<RegressionCheck> checks(List<RunSummary> baseline, List<RunSummary> candidate, String phase,
                                      double maxDrop, double maxP99Rise, double alpha) {
    List<RegressionCheck> checks = new ArrayList<>();
    // Successful operations first: a server that fails fast raises the throughput of all operations.
    double[] okBase = values(baseline, phase, p -> p.successfulThroughputOps);
    double[] okCand = values(candidate, phase, p -> p.successfulThroughputOps);
    if (okBase.length == baseline.size() && okCand.length == candidate.size()) {
      checks.add(new RegressionCheck(phase + " " + SUCCESSFUL_THROUGHPUT, true, okBase, okCand, maxDrop, alpha));
    }
    checks.add(new RegressionCheck(phase + " " + ALL_THROUGHPUT, true,
        values(baseline, phase, p -> p.throughputOps), values(candidate, phase, p -> p.throughputOps), maxDrop, alpha));
    Set<String> operations = new LinkedHashSet<>(baseline.get(0).phase(phase).workloadOperations().keySet());
    for (RunSummary run : all(baseline, candidate)) {
      operations.retainAll(run.phase(phase).workloadOperations().keySet());
    }
    for (String op : operations) {
      Function<PhaseSummary, Double> p99 = p -> {
        OperationStats s = p.operations.get(op);
        return s == null ? null : s.percentile("p99");
      };
      double[] b = values(baseline, phase, p99);
      double[] c = values(candidate, phase, p99);
      if (b.length == baseline.size() && c.length == candidate.size()) {
        checks.add(new RegressionCheck(phase + " " + op + " p99 (us)", false, b, c, maxP99Rise, alpha));
      }
    }
    return checks;
  }

  private static List<RunSummary> all(List<RunSummary> a, List<RunSummary> b) {
    List<RunSummary> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  private static double[] values(List<RunSummary> runs, String phase, Function<PhaseSummary, Double> pick) {
    return runs.stream().map(r -> pick.apply(r.phase(phase))).filter(v -> v != null).mapToDouble(Double::doubleValue).toArray();
  }

  private static String render(List<RegressionCheck> checks, int nBaseline, int nCandidate, String phase, double alpha,
                               boolean paired) {
    List<List<String>> rows = new ArrayList<>();
    for (RegressionCheck c : checks) {
      rows.add(List.of(c.metric(), Format.number(c.baselineMedian()), range(c.baseline()),
          Format.number(c.candidateMedian()), range(c.candidate()),
          Format.percent(c.higherIsBetter() ? -c.worsening() : c.worsening()),
          String.format(Locale.ROOT, "%.0f%%", c.threshold() * 100), String.format(Locale.ROOT, "%.4f", c.pWorse()),
          c.verdict().name().toLowerCase(Locale.ROOT).replace('_', ' ')));
    }
    String test = paired ? "one-sided Wilcoxon signed-rank on the pairs' ratios (exact), alpha %.3g; regression = "
        + "median ratio worse by more than the threshold AND p <= alpha"
        : "one-sided Mann-Whitney U (exact), alpha %.3g; regression = median worse by more than the threshold AND "
        + "p <= alpha";
    return String.format(Locale.ROOT, "%s phase, %d baseline vs %d candidate runs%s; test: " + test + "%n%n",
        phase, nBaseline, nCandidate, paired ? " in pairs" : "", alpha)
        + Format.table(List.of("metric", "base_median", "base_range", "cand_median", "cand_range", "change",
        "threshold", "p_worse", "verdict"), rows);
  }

  private static String range(double[] sample) {
    double min = java.util.Arrays.stream(sample).min().orElse(Double.NaN);
    double max = java.util.Arrays.stream(sample).max().orElse(Double.NaN);
    return Format.number(min) + ".." + Format.number(max);
  }

  /**
   * A run whose phase's counts the server's own counters contradict (its self-check disagrees) is not gated: its
   * figures are not known to be the work that was done (issue 20).
   */
  static void refuseDisagreement(String option, RunSummary run, String phase) {
    var check = run.phase(phase).selfCheck;
    if (check != null && com.mytopling.ycsb.results.model.SelfCheck.DISAGREES.equals(check.status)) {
      throw new ReportException(option + ": run " + run.run + " is refused: " + check.text);
    }
  }

  /** Expands each argument: a run, or a folder whose sub-folders are runs. Requires the phase in every run. */
  static List<RunSummary> loadRuns(String option, String[] args, String phase) {
    List<RunSummary> runs = new ArrayList<>();
    for (String arg : args) {
      Path path = Path.of(arg);
      if (looksLikeRun(path)) {
        runs.add(RunLoader.load(path));
      } else if (Files.isDirectory(path)) {
        List<Path> children = children(path);
        if (children.isEmpty()) {
          throw new ReportException(path + ": neither a run folder nor a folder of run folders");
        }
        children.forEach(c -> runs.add(RunLoader.load(c)));
      } else {
        throw new ReportException(path + ": no such run folder");
      }
    }
    for (RunSummary run : runs) {
      if (run.phase(phase) == null || run.phase(phase).throughputOps == null) {
        throw new ReportException(option + ": run " + run.run + " has no " + phase + " phase throughput");
      }
      refuseDisagreement(option, run, phase);
    }
    return runs;
  }

  private static boolean looksLikeRun(Path path) {
    if (Files.isRegularFile(path) && path.toString().endsWith(".json")) {
      return true;
    }
    return Files.isRegularFile(path.resolve("summary.json")) || Files.isRegularFile(path.resolve("run.out"))
        || Files.isRegularFile(path.resolve("load.out")) || Files.isDirectory(path.resolve("hdr"));
  }

  private static List<Path> children(Path dir) {
    try (var entries = Files.list(dir)) {
      return entries.filter(Files::isDirectory).filter(RegressCommand::looksLikeRun).sorted().toList();
    } catch (IOException e) {
      throw new ReportException(dir + ": cannot list (" + e.getMessage() + ")");
    }
  }
}
