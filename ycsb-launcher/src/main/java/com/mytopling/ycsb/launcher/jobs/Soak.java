package com.mytopling.ycsb.launcher.jobs;

import static com.mytopling.ycsb.core.cli.CliValues.valued;

import com.mytopling.ycsb.core.ConfigException;
import com.mytopling.ycsb.core.ExitStatus;
import com.mytopling.ycsb.core.PropertyReader;
import com.mytopling.ycsb.core.cli.CliValues;
import com.mytopling.ycsb.core.cli.UsageException;
import com.mytopling.ycsb.core.config.Origin;
import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.core.config.ResolvedSettings;
import com.mytopling.ycsb.core.config.SettingsMerge;
import com.mytopling.ycsb.core.record.RunRecordFiles;
import com.mytopling.ycsb.jdbc.MyToplingDbClient;
import com.mytopling.ycsb.launcher.Benchmark;
import com.mytopling.ycsb.launcher.HarnessJob;
import com.mytopling.ycsb.launcher.JobFailed;
import com.mytopling.ycsb.launcher.client.KnownNames;
import com.mytopling.ycsb.launcher.PhaseLaunch;
import com.mytopling.ycsb.launcher.client.Ycsb;
import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.model.RunSummary;
import com.mytopling.ycsb.results.model.StatusSample;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * scripts/soak: a fixed-rate run (YCSB's -target) for a long time, showing whether throughput, latency and the
 * client's memory stay flat. Loads the table, runs at --rate ops/s, samples the client JVM's resident set size
 * (VmRSS of /proc) every --interval seconds beside YCSB's status lines, and prints a table and the drift between the
 * first and last thirds. The output folder is a run folder (load.*, run.*) read through the results model; it also
 * holds rss.tsv, soak.txt (the printed table) and soak.tsv. Exit 0 when the run completed, 1 when it failed, 2 for a
 * bad command line.
 */
public final class Soak extends HarnessJob {
  public Soak(Path root, PrintStream out, PrintStream err) {
    super("soak", root, out, err);
  }

  @Override
  protected String usage() {
    return "scripts/soak [options]";
  }

  @Override
  protected Options options() {
    Options o = new Options();
    o.addOption(valued("target", "name|FILE", Benchmark.targetsHelp()));
    o.addOption(valued("workload", "NAME|FILE", "a file in workloads/ (default workloada) or a path"));
    o.addOption(valued("rate", "OPS", "operations per second (default 2000)"));
    o.addOption(valued("minutes", "M", "length of the run (default 30)"));
    o.addOption(valued("seconds", "S", "length of the run in seconds (instead of --minutes)"));
    o.addOption(valued("records", "N", "records loaded (default 100000)"));
    o.addOption(valued("threads", "N", "client threads (default 4)"));
    o.addOption(valued("interval", "S", "seconds between samples (default 10)"));
    o.addOption(Option.builder().longOpt("skip-load").desc("run on the existing table").build());
    o.addOption(valued("out", "DIR", "output folder (default results/soak/DATE-TARGET-WORKLOAD)"));
    o.addOption(Option.builder("p").hasArg().argName("name=value").desc("extra property (repeatable)").build());
    o.addOption(Option.builder().longOpt("strict").desc("an unknown or misspelt property is bad input (exit 2)").build());
    o.addOption(Option.builder("h").longOpt("help").desc("this help").build());
    return o;
  }

  @Override
  protected int execute(CommandLine cl) throws UsageException, IOException, InterruptedException, JobFailed {
    long rate = CliValues.count(cl, "rate", 2000, 1);
    if (cl.hasOption("minutes") && cl.hasOption("seconds")) {
      throw new UsageException("--minutes and --seconds both given: one length of the run");
    }
    long seconds = cl.hasOption("seconds") ? CliValues.count(cl, "seconds", 0, 1)
        : CliValues.count(cl, "minutes", 30, 1) * 60;
    long records = CliValues.count(cl, "records", 100_000, 0);
    int threads = CliValues.intCount(cl, "threads", 4, 1);
    long interval = CliValues.count(cl, "interval", 10, 1);
    Benchmark paths = new Benchmark(root, out, err);
    Path props = paths.resolveTarget(cl.getOptionValue("target", "embedded"));
    Path workload = paths.resolveWorkload(cl.getOptionValue("workload", "workloada"));
    String targetName = props.getFileName().toString().replaceFirst("\\.properties$", "");
    Path dir = cl.hasOption("out") ? Path.of(cl.getOptionValue("out")).toAbsolutePath()
        : root.resolve("results").resolve("soak").resolve(LocalDateTime.now()
            .format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-" + targetName + "-" + workload.getFileName());
    Files.createDirectories(dir);

    // One merge, one rule (core.config.SettingsMerge): the target's file, then the workload's own (its db.batchsize=1
    // beats a target's 1000), then the options, then -p; each phase is started from its settings file in the folder.
    SettingsMerge settings = new SettingsMerge();
    if (targetName.equals("embedded")) {
      settings.set(Registry.DB_EMBEDDED_DATADIR, root.resolve(".local").resolve("soak-embedded").toString(),
          Origin.jobDefault("scripts/soak's embedded server"));
    }
    try {
      settings.file(props, System.getenv());
      settings.file(workload, System.getenv());
      settings.set(Registry.RECORDCOUNT, Long.toString(records), Origin.option("--records"));
      settings.set(Registry.THREADCOUNT, Integer.toString(threads), Origin.option("--threads"));
      if (cl.hasOption("strict")) {
        settings.set(Registry.SETTINGS_STRICT, "true", Origin.option("--strict"));
      }
      for (String kv : cl.getOptionValues("p") == null ? new String[0] : cl.getOptionValues("p")) {
        settings.commandLine(kv);
      }
    } catch (ConfigException e) {
      throw new UsageException(e.getMessage());
    }
    settings.set(Registry.DB, MyToplingDbClient.class.getName(), Origin.harness("scripts/soak's binding"));
    ResolvedSettings job = settings.resolve();
    try {
      boolean strict = new PropertyReader(job.properties()).bool(Registry.SETTINGS_STRICT);
      String refused = KnownNames.check(job.value(Registry.WORKLOAD), MyToplingDbClient.class.getName(),
          settings.userNames(), strict, "soak: ", err);
      if (refused != null) {
        throw new UsageException(refused);
      }
    } catch (ConfigException e) {
      throw new UsageException(e.getMessage());
    }

    err.println("soak: target " + targetName + ", workload " + workload.getFileName() + ", " + rate + " ops/s for "
        + seconds + " s, " + records + " records, " + threads + " threads");
    err.println("soak: output in " + dir);
    if (!cl.hasOption("skip-load")) {
      err.println("soak: loading " + records + " records...");
      SettingsMerge load = phase(settings, dir, "load");
      load.set(Registry.DB_CREATETABLE, "true", Origin.harness("the soak's load makes the table afresh"));
      load.set(Registry.DB_DROPTABLE, "true", Origin.harness("the soak's load makes the table afresh"));
      Process p = start(load.resolve(), dir, "load");
      if (p.waitFor() != 0) {
        failed("load", dir);
        return ExitStatus.FAILED.code;
      }
    }

    err.println("soak: running at " + rate + " ops/s...");
    SettingsMerge run = phase(settings, dir, "run");
    // The soak's own: its rate and length, and status lines at its sampling interval, whatever the files say.
    run.set(Registry.TARGET_OPS, Long.toString(rate), Origin.harness("--rate"));
    run.set(Registry.OPERATIONCOUNT, "0", Origin.harness("the soak runs for a time, not a count"));
    run.set(Registry.MAXEXECUTIONTIME, Long.toString(seconds), Origin.harness("--minutes or --seconds"));
    run.set(Registry.STATUS, "true", Origin.harness("the soak reads the status lines"));
    run.set(Registry.STATUS_INTERVAL, Long.toString(interval), Origin.harness("--interval"));
    Process client = start(run.resolve(), dir, "run");
    // Interrupted (Ctrl-C, kill): take the client down too instead of leaving it running.
    Thread stop = new Thread(client::destroy, "stop-soak-client");
    Runtime.getRuntime().addShutdownHook(stop);
    List<double[]> rss = sampleRss(client, interval);
    int rc = client.waitFor();
    Runtime.getRuntime().removeShutdownHook(stop);
    StringBuilder rssTsv = new StringBuilder("elapsed_s\trss_mb\n");
    for (double[] r : rss) {
      rssTsv.append(String.format(Locale.ROOT, "%d\t%.1f%n", (long) r[0], r[1]));
    }
    Files.writeString(dir.resolve("rss.tsv"), rssTsv, StandardCharsets.UTF_8);
    if (rc != 0) {
      failed("run (exit " + rc + ")", dir);
      return ExitStatus.FAILED.code;
    }

    RunSummary summary = new Reports(err).load(dir);
    PhaseSummary phase = summary.phase("run");
    List<Row> rows = rows(phase == null ? List.of() : phase.statusSeries, rss);
    if (rows.isEmpty()) {
      err.println("soak: no status lines in the run output");
      return ExitStatus.FAILED.code;
    }
    String table = table(rows, rate);
    out.print(table);
    Files.writeString(dir.resolve("soak.txt"), table, StandardCharsets.UTF_8);
    StringBuilder tsv = new StringBuilder();
    for (Row r : rows) {
      tsv.append(String.join("\t", r.cells())).append('\n');
    }
    Files.writeString(dir.resolve("soak.tsv"), tsv, StandardCharsets.UTF_8);
    if (phase.bindingTotals != null && !phase.bindingTotals.isEmpty()) {
      StringBuilder totals = new StringBuilder("soak: binding totals:");
      for (Map.Entry<String, String> t : phase.bindingTotals.entrySet()) {
        totals.append(' ').append(t.getKey()).append('=').append(t.getValue());
      }
      err.println(totals);
    }
    err.println("soak: " + dir);
    return ExitStatus.OK.code;
  }

  /** The job's settings with a phase's records in the soak's folder (a run folder the results model reads). */
  private static SettingsMerge phase(SettingsMerge job, Path dir, String phase) {
    SettingsMerge m = new SettingsMerge(job);
    m.set(Registry.DB_RECORDFILE, RunRecordFiles.binding(dir, phase).toString(), Origin.harness("the phase's record"));
    m.set(Registry.FILELOADER_RECORDFILE, RunRecordFiles.fileLoader(dir, phase).toString(),
        Origin.harness("the phase's record"));
    m.set(Registry.DOTRANSACTIONS, Boolean.toString(phase.equals("run")), Origin.harness("command " + phase));
    return m;
  }

  private Process start(ResolvedSettings settings, Path dir, String phase) throws IOException {
    return PhaseLaunch.builder(settings, dir, phase, "scripts/soak: the " + phase + " phase, started from this file")
        .redirectOutput(dir.resolve(phase + ".out").toFile()).redirectError(dir.resolve(phase + ".err").toFile())
        .start();
  }

  private void failed(String what, Path dir) throws IOException {
    String phase = what.startsWith("load") ? "load" : "run";
    err.println("soak: " + what + " failed; see " + dir.resolve(phase + ".err"));
    List<String> lines = Files.readAllLines(dir.resolve(phase + ".err"), StandardCharsets.UTF_8);
    lines.subList(Math.max(0, lines.size() - 5), lines.size()).forEach(err::println);
  }

  /** The client's VmRSS every interval while it runs: {elapsed seconds, MB}. */
  private static List<double[]> sampleRss(Process client, long intervalS) throws InterruptedException {
    List<double[]> samples = new ArrayList<>();
    Path status = Path.of("/proc", Long.toString(client.pid()), "status");
    long start = System.nanoTime();
    while (!client.waitFor(intervalS, java.util.concurrent.TimeUnit.SECONDS)) {
      Long kb = vmRssKb(status);
      if (kb != null) {
        samples.add(new double[] {(System.nanoTime() - start) / 1_000_000_000L, kb / 1024.0});
      }
    }
    return samples;
  }

  private static Long vmRssKb(Path status) {
    try {
      for (String line : Files.readAllLines(status, StandardCharsets.UTF_8)) {
        if (line.startsWith("VmRSS:")) {
          return Long.parseLong(line.substring(6).trim().split("\\s+")[0]);
        }
      }
    } catch (IOException | NumberFormatException e) {
      // The client ended between two samples: no sample.
    }
    return null;
  }

  /** One interval of the table. */
  record Row(long seconds, double opsPerSec, double avgUs, double p99Us, double rssMb) {
    List<String> cells() {
      return List.of(Long.toString(seconds), String.format(Locale.ROOT, "%.1f", opsPerSec),
          String.format(Locale.ROOT, "%.1f", avgUs), Long.toString((long) p99Us),
          String.format(Locale.ROOT, "%.1f", rssMb));
    }
  }

  /**
   * One row per status line with a throughput, a repeated last (partial) interval left out: its operations' average
   * latency weighted by count and the worst p99 of the workload's series (failed, cleanup and verify series left
   * out), beside the RSS sample nearest in time.
   */
  static List<Row> rows(List<StatusSample> samples, List<double[]> rss) {
    List<Row> rows = new ArrayList<>();
    for (StatusSample s : samples) {
      if (s.currentOpsPerSec == null || (!rows.isEmpty() && s.elapsedS <= rows.get(rows.size() - 1).seconds())) {
        continue;
      }
      double count = 0;
      double weighted = 0;
      double worstP99 = 0;
      for (Map.Entry<String, Map<String, Double>> series : s.latencyUs.entrySet()) {
        String name = series.getKey();
        if (name.contains("FAILED") || name.contains("CLEANUP") || name.contains("VERIFY")) {
          continue;
        }
        double c = series.getValue().getOrDefault("count", 0.0);
        if (c > 0) {
          count += c;
          weighted += c * series.getValue().getOrDefault("avg", 0.0);
          worstP99 = Math.max(worstP99, series.getValue().getOrDefault("p99", 0.0));
        }
      }
      double nearest = 0;
      double distance = Double.MAX_VALUE;
      for (double[] r : rss) {
        double d = Math.abs(r[0] - s.elapsedS);
        if (d < distance) {
          distance = d;
          nearest = r[1];
        }
      }
      rows.add(new Row(s.elapsedS, s.currentOpsPerSec, count > 0 ? weighted / count : 0, worstP99, nearest));
    }
    return rows;
  }

  /** The printed table and the drift between the first and the last third (the first interval, JVM warm-up, left out). */
  static String table(List<Row> rows, long rate) {
    StringBuilder t = new StringBuilder(String.format(Locale.ROOT, "%8s %12s %12s %12s %10s%n", "time_s", "ops/s",
        "avg_us", "p99_us", "rss_MB"));
    for (Row r : rows) {
      t.append(String.format(Locale.ROOT, "%8d %12.1f %12.1f %12d %10.1f%n", r.seconds(), r.opsPerSec(), r.avgUs(),
          (long) r.p99Us(), r.rssMb()));
    }
    int n = rows.size();
    int first = n > 3 ? 1 : 0;
    int k = Math.max(1, (n - first) / 3);
    double[] head = mean(rows.subList(first, Math.min(n, first + k)));
    double[] tail = mean(rows.subList(n - k, n));
    t.append(String.format(Locale.ROOT, "%nfirst third vs last third (%d intervals each):%n", k));
    t.append(String.format(Locale.ROOT, "  throughput %.1f -> %.1f ops/s (target %d)%n", head[0], tail[0], rate));
    t.append(String.format(Locale.ROOT, "  avg latency %.1f -> %.1f us, p99 %.0f -> %.0f us%n", head[1], tail[1],
        head[2], tail[2]));
    t.append(String.format(Locale.ROOT, "  client RSS %.1f -> %.1f MB%n", head[3], tail[3]));
    return t.toString();
  }

  private static double[] mean(List<Row> rows) {
    double[] m = new double[4];
    for (Row r : rows) {
      m[0] += r.opsPerSec();
      m[1] += r.avgUs();
      m[2] += r.p99Us();
      m[3] += r.rssMb();
    }
    for (int i = 0; i < m.length; i++) {
      m[i] /= rows.size();
    }
    return m;
  }
}
