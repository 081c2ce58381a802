package com.mytopling.ycsb.launcher.jobs;

import com.mytopling.ycsb.core.ExitStatus;
import com.mytopling.ycsb.core.cli.CliValues;
import com.mytopling.ycsb.core.cli.UsageException;
import com.mytopling.ycsb.launcher.Benchmark;
import com.mytopling.ycsb.launcher.HarnessJob;
import com.mytopling.ycsb.launcher.JobFailed;
import com.mytopling.ycsb.results.model.RunSummary;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * scripts/reproduce-azure: reproduces the published Azure SQL vs MyTopling YCSB comparison against the user's target.
 * Runs workloads/workloada-azure (readallfields, 50/50 read/update, zipfian; 10,000,000 records and operations unless
 * --records scales both) through scripts/benchmark, then writes RUN_DIR/azure-comparison.md (the run beside the
 * published figures of results/published/, every difference in setup stated from the run's metadata),
 * RUN_DIR/azure-charts/ and RUN_DIR/azure-comparison.html. With --from-run it compares an existing run and runs
 * nothing. The run is read through the results model (summary and metadata), never from printed text.
 */
public final class ReproduceAzure extends HarnessJob {
  static final String AZURE = "results/published/azure-sql-gp-gen5-4vcore-workloada-10m";
  static final String MYTOPLING = "results/published/mytopling-4vcpu-16gib-workloada-10m";
  static final long PUBLISHED_RECORDS = 10_000_000L;
  /** The publication does not state its thread count; the same publisher used 20 in its MyRocks/PolarDB test. */
  static final int DEFAULT_THREADS = 20;
  private static final long GIB = 1L << 30;

  public ReproduceAzure(Path root, PrintStream out, PrintStream err) {
    super("reproduce-azure", root, out, err);
  }

  @Override
  protected String usage() {
    return "scripts/reproduce-azure --target T [--records N] [--threads N] [-p name=value]...\n"
        + "       scripts/reproduce-azure --from-run RUN_DIR";
  }

  @Override
  protected Options options() {
    Options o = new Options();
    o.addOption(Option.builder().longOpt("target").hasArg().argName("T")
        .desc("a target of scripts/benchmark (name or db properties file)").build());
    o.addOption(Option.builder().longOpt("records").hasArg().argName("N")
        .desc("records and operations (default " + PUBLISHED_RECORDS + ", as published)").build());
    o.addOption(Option.builder().longOpt("threads").hasArg().argName("N")
        .desc("client threads (default " + DEFAULT_THREADS + "; the publication does not state its count)").build());
    o.addOption(Option.builder().longOpt("out").hasArg().argName("DIR")
        .desc("results root of the run, as scripts/benchmark's (default results/runs)").build());
    o.addOption(Option.builder().longOpt("from-run").hasArg().argName("RUN_DIR")
        .desc("compare an existing run, run nothing").build());
    o.addOption(Option.builder("p").hasArg().argName("name=value").desc("extra property (repeatable)").build());
    o.addOption(Option.builder("h").longOpt("help").desc("this help").build());
    return o;
  }

  @Override
  protected int execute(CommandLine cl) throws UsageException, IOException, JobFailed {
    long records = CliValues.count(cl, "records", PUBLISHED_RECORDS, 1);
    int threads = CliValues.intCount(cl, "threads", DEFAULT_THREADS, 1);
    Path runDir;
    if (cl.hasOption("from-run")) {
      for (String runOnly : List.of("target", "records", "threads", "out", "p")) {
        if (cl.hasOption(runOnly)) {
          throw new UsageException(CliValues.flag(runOnly) + " is for a new run: --from-run compares an existing one");
        }
      }
      runDir = Path.of(cl.getOptionValue("from-run")).toAbsolutePath();
      if (!Files.isDirectory(runDir)) {
        throw new UsageException(cl.getOptionValue("from-run") + ": no such run folder");
      }
    } else {
      if (!cl.hasOption("target")) {
        throw new UsageException("--target T is required (or --from-run RUN_DIR)");
      }
      List<String> bench = new ArrayList<>(List.of("--target", cl.getOptionValue("target"), "--workload",
          workload().toString(), "--records", Long.toString(records), "--operations", Long.toString(records),
          "--threads", Integer.toString(threads)));
      if (cl.hasOption("out")) {
        bench.addAll(List.of("--out", cl.getOptionValue("out")));
      }
      for (String kv : cl.getOptionValues("p") == null ? new String[0] : cl.getOptionValues("p")) {
        bench.add("-p");
        bench.add(kv);
      }
      Benchmark benchmark = new Benchmark(root, out, err);
      int rc = benchmark.run(bench.toArray(String[]::new));
      if (rc != ExitStatus.OK.code) {
        return rc;
      }
      runDir = benchmark.lastRunDir();
    }
    Reports reports = new Reports(err);
    reports.quiet("summarize", runDir.toString());
    RunSummary run = reports.load(runDir);
    Path azure = root.resolve(AZURE);
    Path mytopling = root.resolve(MYTOPLING);
    Path md = runDir.resolve("azure-comparison.md");
    StringBuilder text = new StringBuilder(setup(runDir.getFileName().toString(), run.metadata));
    text.append(reports.capture("compare", azure.toString(), mytopling.toString(), runDir.toString(), "--format",
        "md"));
    Files.writeString(md, text, StandardCharsets.UTF_8);
    Path charts = runDir.resolve("azure-charts");
    reports.quiet("chart", azure.toString(), mytopling.toString(), runDir.toString(), "--out", charts.toString());
    // The same comparison as one page: setups and their differences, figures, ratios, charts.
    Path html = runDir.resolve("azure-comparison.html");
    reports.quiet("html", azure.toString(), mytopling.toString(), runDir.toString(), "--out", html.toString());
    out.println("comparison: " + md);
    out.println("charts: " + charts);
    out.println("report: " + html);
    return ExitStatus.OK.code;
  }

  /** workloads/workloada-azure, or the published setup written to a temporary file should workloads/ not have it. */
  private Path workload() throws IOException {
    Path w = root.resolve("workloads").resolve("workloada-azure");
    if (Files.isRegularFile(w)) {
      return w;
    }
    Path tmp = Files.createTempDirectory("reproduce-azure").resolve("workloada-azure");
    Files.writeString(tmp, """
        # The published Azure SQL / MyTopling setup: YCSB workloada, readallfields, 50/50 read/update, zipfian.
        workload=site.ycsb.workloads.CoreWorkload
        recordcount=10000000
        operationcount=10000000
        readallfields=true
        readproportion=0.5
        updateproportion=0.5
        scanproportion=0
        insertproportion=0
        requestdistribution=zipfian
        """, StandardCharsets.UTF_8);
    tmp.toFile().deleteOnExit();
    tmp.getParent().toFile().deleteOnExit();
    return tmp;
  }

  /** The page's head: the published setup and every difference of this run's, from its metadata. */
  static String setup(String runName, Map<String, Object> metadata) {
    Long runRecords = number(metadata, "records");
    Long runOperations = number(metadata, "operations");
    Long runThreads = number(metadata, "threads");
    Object host = metadata == null ? null : metadata.get("host");
    Long cores = host instanceof Map<?, ?> h ? number(h, "cores") : null;
    Long memory = host instanceof Map<?, ?> h ? number(h, "memory_bytes") : null;
    StringBuilder s = new StringBuilder();
    s.append("# ").append(runName).append(" beside the published Azure SQL and MyTopling figures\n\n");
    s.append("""
        Published: YCSB 0.16.0, workloada with recordcount = operationcount = 10,000,000, readallfields=true,
        50% read / 50% update, zipfian; db.batchsize=5000, jdbc.batchupdateapi=true; run phase only (the Azure
        load phase was not published). Azure SQL Database General Purpose Gen5, 4 vCores, 20 GB memory,
        mssql-jdbc 8.4.1. MyTopling on Alibaba Cloud ecs.hfg6.xlarge, 4 vCPU, 16 GiB, YCSB client on
        ecs.hfc7.4xlarge (16 vCPU, 32 GiB), mysql-connector-java 8.0.26. Thread counts not published.
        Sources: results/published/*/metadata.json.

        ## Differences in setup

        """);
    if (runRecords == null || runRecords != PUBLISHED_RECORDS || runOperations == null
        || runOperations != PUBLISHED_RECORDS) {
      s.append("- **Scale**: ").append(runRecords == null ? "an unrecorded number of" : runRecords)
          .append(" records and ").append(runOperations == null ? "unrecorded" : runOperations).append(" operations\n");
      s.append("""
            here, 10,000,000 of each published: a smaller table fits in memory more easily and a shorter run
            sees less compaction and checkpointing, so throughput and latency are not comparable one to one.
          """);
    }
    s.append("- **Threads**: ").append(runThreads == null ? "not recorded" : runThreads)
        .append(" here; the publication does not state its thread count.\n");
    String hostText = cores != null && memory != null
        ? "a client host with " + cores + " cores and " + memory / GIB + " GiB" : "an unrecorded client host";
    s.append("""
        - **Hardware and network**: the published servers were cloud databases of 4 vCPU (MyTopling, 16 GiB)
          and 4 vCores (Azure SQL, 20 GB) reached over a network from separate client machines; this run used
        """);
    s.append("  ").append(hostText).append(" (see its metadata.json; the server's hardware is not recorded). A database on\n");
    s.append("""
          the same host as the client competes with it for CPU and has no network round trip.
        - **Harness**: this harness uses YCSB 0.17.0 and its own JDBC binding; the publication used YCSB 0.16.0
          and YCSB's stock JDBC binding.

        Ratios are against Azure SQL (first column), as in the publication.

        """);
    return s.toString();
  }

  /** A whole-number field of the metadata; null when absent or not a whole number. */
  private static Long number(Map<?, ?> metadata, String name) {
    Object v = metadata == null ? null : metadata.get(name);
    if (v instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())) {
      return n.longValue();
    }
    return null;
  }
}
