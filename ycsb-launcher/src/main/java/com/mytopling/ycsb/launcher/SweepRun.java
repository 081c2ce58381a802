package com.mytopling.ycsb.launcher;

import com.mytopling.ycsb.core.ExitStatus;
import com.mytopling.ycsb.core.config.Property;
import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.fileloader.FileWorkload;
import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.model.RunSummary;
import com.mytopling.ycsb.results.model.SweepRecord;
import com.mytopling.ycsb.results.parse.RunLoader;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * scripts/benchmark --sweep: one normal run folder per value inside the sweep's folder, then the sweep's report.html
 * there. Every point starts from the same table state where the harness can give it one: sweeping threads, a run
 * phase that writes (updates, inserts, read-modify-writes: they change rows, and on MyRocks leave versions and
 * compaction work behind) makes each point load the table afresh; a run phase that only reads shares one load, since
 * it leaves the rows as they were (the first point still runs right after the load, later ones on warmer caches).
 * With --skip-load nothing is loaded and a writing run phase changes the table from one point to the next, in the
 * order given. Sweeping records, each point loads its own records. sweep.json says which ({@code table_state}), and
 * the sweep's page shows it. The sweep stops at the first point that fails.
 */
final class SweepRun {
  private final Benchmark benchmark;
  private final Sweep sweep;
  private final Benchmark.Job base;
  private final Path dir;
  private final PrintStream out;
  private final PrintStream err;

  SweepRun(Benchmark benchmark, Sweep sweep, Benchmark.Job base, Path dir, PrintStream out, PrintStream err) {
    this.benchmark = benchmark;
    this.sweep = sweep;
    this.base = base;
    this.dir = dir;
    this.out = out;
    this.err = err;
  }

  int run() throws IOException, InterruptedException {
    Files.createDirectories(dir);
    boolean writes = runPhaseWrites();
    boolean loadOnce = sweep.variable().equals("threads") && !writes;
    SweepRecord record = new SweepRecord();
    record.variable = sweep.variable();
    record.values = sweep.values();
    if (base.skipLoad()) {
      record.load = writes ? "none (--skip-load): the run phase writes, so each point runs on the table the points "
          + "before it changed, in the order given" : "none (--skip-load): the run phase only reads, so every point "
          + "runs on the same rows";
      record.tableState = writes ? "changed" : "unchanged";
    } else if (loadOnce) {
      record.load = "once, by the first point: the run phase only reads, so every point runs on the same rows (the "
          + "first right after the load)";
      record.tableState = "unchanged";
    } else {
      record.load = sweep.variable().equals("records") ? "each point loads its own records afresh"
          : "each point loads the table afresh (the run phase writes), so every point starts from the same rows";
      record.tableState = "reloaded";
    }
    err.println("benchmark: sweep of " + sweep.variable() + " over " + sweep.values() + " into " + dir + "; load: "
        + record.load);
    int status = ExitStatus.OK.code;
    for (int i = 0; i < sweep.values().size(); i++) {
      long value = sweep.values().get(i);
      String name = sweep.variable() + "-" + value;
      boolean skip = base.skipLoad() || (loadOnce && i > 0);
      err.println("benchmark: sweep point " + (i + 1) + " of " + sweep.values().size() + ": " + sweep.variable() + "="
          + value);
      int rc = base.with(sweep.variable(), value, skip, dir.resolve(name)).run(benchmark);
      SweepRecord.Point point = new SweepRecord.Point();
      point.value = value;
      point.run = name;
      point.exitStatus = rc;
      record.points.add(point);
      record.write(dir.resolve(SweepRecord.FILE_NAME));
      if (rc != 0) {
        err.println("benchmark: sweep stopped: " + sweep.variable() + "=" + value + " failed (exit " + rc + ")");
        status = rc;
        break;
      }
    }
    table(record);
    if (base.html() && record.points.stream().anyMatch(p -> p.exitStatus == 0)
        && benchmark.report("html", dir.toString(), "--out", dir.resolve("report.html").toString()) != 0) {
      err.println("benchmark: could not write " + dir.resolve("report.html"));
      return status == 0 ? ExitStatus.FAILED.code : status;
    }
    out.println("sweep: " + dir);
    return status;
  }

  /** The run phase of each point, one line each: what the sweep measured, before the report. */
  private void table(SweepRecord record) {
    out.printf(Locale.ROOT, "%n%-10s  %16s  %s%n", sweep.variable(), "successful ops/s", "run p50 / p95 / p99 us");
    for (SweepRecord.Point p : record.points) {
      if (p.exitStatus != 0) {
        out.printf(Locale.ROOT, "%-10d  %16s%n", p.value, "failed (exit " + p.exitStatus + ")");
        continue;
      }
      RunSummary summary = RunLoader.load(dir.resolve(p.run));
      PhaseSummary run = summary.phase("run");
      StringBuilder latency = new StringBuilder();
      run.workloadOperations().forEach((op, s) -> latency.append(String.format(Locale.ROOT, "%s %s / %s / %s  ", op,
          fmt(s.percentile("p50")), fmt(s.percentile("p95")), fmt(s.percentile("p99")))));
      out.printf(Locale.ROOT, "%-10d  %16s  %s%n", p.value, run.successfulThroughputOps == null ? "-"
          : String.format(Locale.ROOT, "%,.1f", run.successfulThroughputOps), latency.toString().strip());
    }
    out.println("table: " + record.load);
  }

  private static String fmt(Double v) {
    return v == null ? "-" : String.format(Locale.ROOT, "%.0f", v);
  }

  /**
   * True when the run phase may change the table: a proportion of updates, inserts or read-modify-writes above 0 in
   * the target file, the workload file or -p (CoreWorkload's defaults: 5% updates), or a workload class other than
   * CoreWorkload and the file workload, whose operations are not known here.
   */
  private boolean runPhaseWrites() {
    Properties p = base.resolved().properties();
    String workload = p.getProperty(Registry.WORKLOAD.name(), "").strip();
    if (!List.of("site.ycsb.workloads.CoreWorkload", "com.yahoo.ycsb.workloads.CoreWorkload",
        FileWorkload.class.getName()).contains(workload)) {
      return true;
    }
    try {
      for (Property proportion : new Property[] {Registry.UPDATEPROPORTION, Registry.INSERTPROPORTION,
          Registry.READMODIFYWRITEPROPORTION}) {
        if (Double.parseDouble(p.getProperty(proportion.name(), proportion.defaultValue()).strip()) > 0) {
          return true;
        }
      }
      return false;
    } catch (NumberFormatException e) {
      return true; // refused by the phase itself; loading per point costs time, never correctness
    }
  }
}
