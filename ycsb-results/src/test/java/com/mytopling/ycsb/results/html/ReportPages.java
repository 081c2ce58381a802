package com.mytopling.ycsb.results.html;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.mytopling.ycsb.results.CliRunner;
import com.mytopling.ycsb.results.model.SweepRecord;
import com.mytopling.ycsb.results.parse.Recorded;
import java.nio.file.Path;
import java.util.List;

/** The pages the report tests look at, made by scripts/report's own command from recorded real runs. */
final class ReportPages {

  /**
   * Writes the launcher's record of what the client itself cost (issue 22.4) into a run folder: a 20 s run phase of
   * 100,000 operations at the given user and system CPU per operation (us), on {@code cores} of which it kept
   * {@code coresUsed} busy, the host {@code hostBusy} busy (null: unknown); judged by ClientCost's one rule.
   */
  static void clientCost(Path dir, double userUs, double systemUs, int cores, double coresUsed, Double hostBusy)
      throws java.io.IOException {
    com.mytopling.ycsb.results.model.ClientCost c = new com.mytopling.ycsb.results.model.ClientCost();
    c.phase = "run";
    c.windowS = 20.0;
    c.operations = 100_000L;
    c.userCpuPerOpUs = userUs;
    c.systemCpuPerOpUs = systemUs;
    c.cpuPerOpUs = userUs + systemUs;
    c.userCpuS = userUs * c.operations / 1e6;
    c.systemCpuS = systemUs * c.operations / 1e6;
    c.cores = cores;
    c.coresUsed = coresUsed;
    c.hostBusyShare = hostBusy;
    c.judge();
    c.write(com.mytopling.ycsb.core.record.RunRecordFiles.clientCost(dir, "run"));
  }
  static final Path PUBLISHED = Path.of("..", "results", "published").toAbsolutePath().normalize();

  private ReportPages() {
  }

  static Path html(Path out, String... runs) {
    String[] args = new String[runs.length + 3];
    args[0] = "html";
    System.arraycopy(runs, 0, args, 1, runs.length);
    args[runs.length + 1] = "--out";
    args[runs.length + 2] = out.toString();
    CliRunner r = CliRunner.run(args);
    assertEquals(0, r.exitCode, r::toString);
    return out;
  }

  /** A run's own report.html, as scripts/benchmark writes it. */
  static Path oneRun(Path tmp, String recorded) throws Exception {
    Path dir = Recorded.copy(recorded, tmp);
    assertEquals(0, CliRunner.run("summarize", dir.toString()).exitCode);
    return html(dir.resolve("report.html"), dir.toString());
  }

  /** A run beside the published baselines. */
  static Path withPublished(Path tmp) throws Exception {
    Path dir = Recorded.copy("warmup-one-client", tmp);
    assertEquals(0, CliRunner.run("summarize", dir.toString()).exitCode);
    return html(tmp.resolve("compare.html"), PUBLISHED.resolve("azure-sql-gp-gen5-4vcore-workloada-10m").toString(),
        PUBLISHED.resolve("mytopling-4vcpu-16gib-workloada-10m").toString(), dir.toString());
  }

  /** A sweep folder of two points (recorded runs standing in for threads=2 and threads=4). */
  static Path sweep(Path tmp) throws Exception {
    Path sweepDir = tmp.resolve("sweep");
    SweepRecord record = new SweepRecord();
    record.variable = "threads";
    record.values = List.of(2L, 4L, 8L);
    record.load = "once, by the first point";
    String[] recorded = {"warmup-one-client", "myrocks-server-metrics"};
    for (int i = 0; i < 3; i++) {
      SweepRecord.Point p = new SweepRecord.Point();
      p.value = record.values.get(i);
      p.run = "threads-" + p.value;
      p.exitStatus = i < 2 ? 0 : 1;
      record.points.add(p);
      if (i < 2) {
        Path point = Recorded.copy(recorded[i], sweepDir);
        java.nio.file.Files.move(point, sweepDir.resolve(p.run));
        assertEquals(0, CliRunner.run("summarize", sweepDir.resolve(p.run).toString()).exitCode);
        html(sweepDir.resolve(p.run).resolve("report.html"), sweepDir.resolve(p.run).toString());
      }
    }
    record.write(sweepDir.resolve(SweepRecord.FILE_NAME));
    return html(sweepDir.resolve("report.html"), sweepDir.toString());
  }

  /** scripts/report history's page of 16 nightly jobs (synthetic runs), 20 % slower from the 9th. */
  static Path history(Path tmp) throws Exception {
    Path history = tmp.resolve("history");
    java.util.Random random = new java.util.Random(4);
    for (int j = 1; j <= 16; j++) {
      Path run = SyntheticRun.write(tmp.resolve("jobs"), "job-" + j, 60, 10);
      com.mytopling.ycsb.results.model.RunSummary s = com.mytopling.ycsb.results.Json.readFile(
          run.resolve("summary.json"), com.mytopling.ycsb.results.model.RunSummary.class);
      double f = (j >= 9 ? 0.8 : 1.0) * (1 + 0.02 * random.nextGaussian());
      s.phase("run").successfulThroughputOps *= f;
      s.phase("run").throughputOps *= f;
      com.mytopling.ycsb.results.Json.writeFile(run.resolve("summary.json"), s);
      com.mytopling.ycsb.results.history.HistoryEntry e = new com.mytopling.ycsb.results.history.HistoryEntry();
      e.time = String.format(java.util.Locale.ROOT, "2026-11-%02dT02:00:00Z", j);
      e.commit = String.format(java.util.Locale.ROOT, "%02d12345678abcdef", j);
      e.image = "ycsb-mariadb:10.11";
      e.appendTo(history, String.format(java.util.Locale.ROOT, "202611%02d-020000", j), List.of(run));
    }
    CliRunner r = CliRunner.run("history", history.toString(), "--out", tmp.resolve("history.html").toString());
    assertEquals(0, r.exitCode, r::toString);
    return tmp.resolve("history.html");
  }
}
