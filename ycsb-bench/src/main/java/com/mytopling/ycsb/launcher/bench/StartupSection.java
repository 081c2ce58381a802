package com.mytopling.ycsb.launcher.bench;

import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.launcher.JobFailed;
import com.mytopling.ycsb.results.model.ClientCost;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * bench-harness --only startup: what the shared-classes archive (scripts/lib.sh's AppCDS, docs/speed.md) saves,
 * without ({@code YCSB_CDS=0}) and with it (the default), interleaved round by round. Section startup: a short run
 * phase of scripts/ycsb, its time from the JVM's start to the first operation and the CPU before it (the client-cost
 * record), and the whole command's CPU; section mainjob: scripts/benchmark (a load, a run, the summary and the
 * report, each a JVM of its own) by wall clock and CPU of all its processes.
 *
 * <p>Unlike the other sections this one runs the tree's own scripts and jars, not the private copy: the archive is
 * made by scripts/lib.sh for the tree's class path, and what is measured is what a user's command costs.
 */
final class StartupSection {
  static final String CLIENT_WITHOUT = "client, without the archive (YCSB_CDS=0)";
  static final String CLIENT_WITH = "client, shared-classes archive";
  static final String JOB_WITHOUT = "main job, without the archive (YCSB_CDS=0)";
  static final String JOB_WITH = "main job, shared-classes archive";
  /** Operations of the short run: enough for every thread to start, few enough that start-up dominates. */
  static final long CLIENT_OPS = 20_000;
  static final String MAINJOB_TABLE = "usertable_mainjob";

  private final BenchHarness harness;
  private final BenchHarness.Plan plan;

  StartupSection(BenchHarness harness, BenchHarness.Plan plan) {
    this.harness = harness;
    this.plan = plan;
  }

  void run() throws IOException, InterruptedException, JobFailed {
    harness.ensureRunTable(plan);
    Path target = harness.raw("mainjob-target.properties");
    // The main job loads a table of its own: the run phase's table stays as the next section's client expects it.
    Files.writeString(target, Registry.DB_URL.assign(harness.url()) + "\n" + Registry.DB_USER.assign("ycsb") + "\n"
        + Registry.TABLE.assign(MAINJOB_TABLE) + "\n", StandardCharsets.UTF_8);
    for (int i = 1; i <= plan.runs(); i++) {
      for (boolean archive : List.of(false, true)) {
        client(i, archive);
      }
      for (boolean archive : List.of(false, true)) {
        mainJob(i, archive, target);
      }
    }
    harness.server().sql("DROP TABLE IF EXISTS " + MAINJOB_TABLE);
  }

  /** The scripts' environment: the password, and the archive off or on (on: whatever the caller's YCSB_CDS says). */
  private Map<String, String> env(boolean archive) {
    return Map.of("YCSB_DB_PASSWORD", harness.password(), "YCSB_CDS", archive ? "1" : "0");
  }

  private void client(int i, boolean archive) throws IOException, InterruptedException, JobFailed {
    String name = archive ? CLIENT_WITH : CLIENT_WITHOUT;
    String slug = "startup-" + (archive ? "cds-" : "nocds-") + i;
    Path folder = harness.raw(slug);
    Files.createDirectories(folder);
    Path costFile = folder.resolve("client-cost-run.json");
    List<String> cmd = new ArrayList<>(List.of("bash", harness.root().resolve("scripts/ycsb").toString()));
    cmd.addAll(harness.runArgs(plan, CLIENT_OPS, List.of("-p", Registry.CLIENTCOST_RECORDFILE.assign(costFile))));
    HostLoad before = harness.hostLoad();
    Measured m = Measured.run(folder.resolve("run"), cmd, env(archive));
    if (m.exitStatus() != 0) {
      throw new JobFailed("startup: scripts/ycsb failed (exit " + m.exitStatus() + "); see "
          + folder.resolve("run.err"));
    }
    if (archive) {
      requireArchive();
    }
    ClientCost c = ClientCost.read(costFile);
    harness.record("startup", name, i, "first_op_s", c.startupWallS);
    harness.record("startup", name, i, "startup_cpu_s", c.startupCpuS);
    // The whole command's CPU: the script's own checks (scripts/lib.sh) and the JVM, start-up included.
    harness.record("startup", name, i, "cpu_s", m.cpuS());
    harness.record("startup", name, i, "loadavg", before.loadAverage());
    harness.err().println("bench-harness: startup " + i + " " + name + ": first operation after " + c.startupWallS
        + " s, " + c.startupCpuS + " s CPU before it");
  }

  private void mainJob(int i, boolean archive, Path target) throws IOException, InterruptedException, JobFailed {
    String name = archive ? JOB_WITH : JOB_WITHOUT;
    Path folder = harness.raw("mainjob-" + (archive ? "cds-" : "nocds-") + i);
    Files.createDirectories(folder);
    List<String> cmd = List.of("bash", harness.root().resolve("scripts/benchmark").toString(), "--target",
        target.toString(), "--records", "20000", "--operations", "50000", "--threads", "4", "--out",
        folder.toString());
    HostLoad before = harness.hostLoad();
    Measured m = Measured.run(folder.resolve("job"), cmd, env(archive));
    if (m.exitStatus() != 0) {
      throw new JobFailed("startup: the main job failed (exit " + m.exitStatus() + "); see "
          + folder.resolve("job.err"));
    }
    harness.record("mainjob", name, i, "job_wall_s", m.wallS());
    harness.record("mainjob", name, i, "cpu_s", m.cpuS());
    harness.record("mainjob", name, i, "loadavg", before.loadAverage());
    harness.err().println("bench-harness: mainjob " + i + " " + name + ": " + m.wallS() + " s wall, " + m.cpuS()
        + " s CPU");
  }

  /** A run "with" the archive measured nothing if scripts/lib.sh could not make one: say so instead. */
  private void requireArchive() throws JobFailed {
    Path cds = harness.root().resolve("ycsb-launcher/target/cds");
    if (!Files.isRegularFile(cds.resolve("harness.jsa"))) {
      throw new JobFailed("startup: scripts/lib.sh made no shared-classes archive (see " + cds.resolve("failed")
          + "); nothing to compare");
    }
  }
}
