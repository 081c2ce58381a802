package com.mytopling.ycsb.launcher.bench;

import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.launcher.Benchmark;
import com.mytopling.ycsb.launcher.JobFailed;
import com.mytopling.ycsb.launcher.client.Ycsb;
import com.mytopling.ycsb.results.model.ClientCost;
import com.mytopling.ycsb.results.model.PhaseSummary;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * bench-harness --only cpu: what a client costs per operation, ours against two other YCSB-like clients on the same
 * server, interleaved round by round (docs/speed.md): ours (MariaDB Connector/J), ours with MySQL Connector/J
 * ({@code db.mysqldriver=mysql}), sysbench running bench/ycsb_workloada.lua, go-ycsb on a table of its own, the
 * floor client ({@link WireFloor}: the same operations with the protocol alone, blocking and in an event loop), and
 * with --baseline a harness built elsewhere (before/after comparisons). Per case: throughput, the whole process's
 * user and system CPU per operation (start-up included, as for the peers), ours also over its measured window (the
 * launcher's client-cost record, start-up apart), the server's CPU per operation, and how busy the host was.
 * BenchStats sets them against sysbench and against ours.
 */
final class CpuSection {
  static final String SECTION = "cpu";
  static final String OURS = "ours (MariaDB Connector/J)";
  /** Ours on MySQL 9.7, where the default driver is MySQL Connector/J (bench-harness --server mysql-9.7). */
  static final String OURS_ON_MYSQL = "ours (MySQL Connector/J, the default for MySQL)";
  static final String FLOOR_BLOCKING = "floor: wire protocol, a thread per connection";
  static final String FLOOR_LOOP = "floor: wire protocol, one event loop";

  private final BenchHarness harness;
  private final BenchHarness.Plan plan;
  private final GoYcsb goYcsb;

  CpuSection(BenchHarness harness, BenchHarness.Plan plan, GoYcsb goYcsb) {
    this.harness = harness;
    this.plan = plan;
    this.goYcsb = goYcsb;
  }

  void run() throws IOException, InterruptedException, JobFailed {
    harness.ensureRunTable(plan);
    loadGoYcsbTable();
    long ops = plan.cpuOps();
    for (int i = 1; i <= plan.runs(); i++) {
      if (plan.mysql()) {
        // MySQL 9.7: the default driver is Connector/J; the floor client speaks MariaDB's protocol extensions.
        ours(i, OURS_ON_MYSQL, "cpu-ours-" + i, List.of(), ops);
        ours(i, "ours, MariaDB Connector/J", "cpu-ours-mariadbj-" + i,
            List.of("-p", Registry.DB_MYSQLDRIVER.assign("mariadb")), ops);
        harness.sysbench(plan, SECTION, i, ops, "cpu-sysbench-" + i);
        goYcsbRun(i, ops);
        continue;
      }
      ours(i, OURS, "cpu-ours-" + i, List.of(), ops);
      ours(i, "ours, MySQL Connector/J", "cpu-ours-connectorj-" + i,
          List.of("-p", Registry.DB_MYSQLDRIVER.assign("mysql")), ops);
      harness.sysbench(plan, SECTION, i, ops, "cpu-sysbench-" + i);
      goYcsbRun(i, ops);
      floor(i, FLOOR_BLOCKING, "cpu-floor-blocking-" + i, "blocking", ops);
      floor(i, FLOOR_LOOP, "cpu-floor-loop-" + i, "loop", ops);
      if (plan.baseline() != null) {
        baseline(i, ops);
      }
    }
    if (plan.profile()) {
      profiles(ops);
    }
  }

  /**
   * One more run of each of our cases under async-profiler, after the measured rounds (the profiler's own cost would
   * skew them): the collapsed stacks in raw/, the parts' shares in profiles.md.
   */
  private void profiles(long ops) throws IOException, InterruptedException, JobFailed {
    StringBuilder md = new StringBuilder("# Where our client's CPU went (" + SECTION + " section, async-profiler)\n\n"
        + "One run of each case after the measured rounds (" + ops + " operations, " + plan.threads() + " threads, "
        + "start-up included), a CPU sample every millisecond of each thread's CPU time. A sample's user time "
        + "belongs to the part nearest its leaf (ProfileSummary); kernel time is the system calls' and the "
        + "scheduler's. The collapsed stacks are in raw/, gzip-compressed (flame graphs can be drawn from "
        + "them).\n\n");
    profile(md, OURS, "cpu-profile-ours", List.of(), ops);
    profile(md, "ours, MySQL Connector/J", "cpu-profile-ours-connectorj",
        List.of("-p", Registry.DB_MYSQLDRIVER.assign("mysql")), ops);
    Files.writeString(harness.dir().resolve("profiles.md"), md.toString(), StandardCharsets.UTF_8);
  }

  private void profile(StringBuilder md, String name, String slug, List<String> extra, long ops)
      throws IOException, InterruptedException, JobFailed {
    Path stacks = harness.raw(slug + ".collapsed");
    String agent = "-javaagent:" + BenchHarness.profilerJar(harness.root()) + "=start,event=cpu,interval=1000000,file="
        + stacks + ",collapsed";
    harness.err().println("bench-harness: cpu: profiling " + name);
    harness.measuredClient(harness.runArgs(plan, ops, extra), slug, "run", agent);
    md.append(ProfileSummary.read(stacks).markdown(name, 15));
    ProfileSummary.compress(stacks);
  }

  private void ours(int i, String name, String slug, List<String> extra, long ops)
      throws IOException, InterruptedException, JobFailed {
    Path folder = harness.raw(slug);
    Path costFile = folder.resolve("client-cost-run.json");
    List<String> a = new ArrayList<>(harness.runArgs(plan, ops, extra));
    a.addAll(List.of("-p", Registry.CLIENTCOST_RECORDFILE.assign(costFile.toString())));
    HostLoad before = harness.hostLoad();
    Measured m = harness.measuredClient(a, slug, "run", null);
    PhaseSummary p = harness.phase(folder, "run");
    harness.recordCase(SECTION, name, i, m, p.throughputOps, ops, before);
    ClientCost c = ClientCost.read(costFile);
    if (c.cpuPerOpUs != null) {
      harness.record(SECTION, name, i, "window_cpu_us_op", c.cpuPerOpUs);
      harness.record(SECTION, name, i, "window_user_us_op", c.userCpuPerOpUs);
      harness.record(SECTION, name, i, "window_sys_us_op", c.systemCpuPerOpUs);
      if (c.jitCpuPerOpUs != null) {
        harness.record(SECTION, name, i, "window_jit_us_op", c.jitCpuPerOpUs);
      }
      harness.record(SECTION, name, i, "startup_cpu_s", c.startupCpuS);
    }
  }

  /**
   * The floor client (WireFloor): the same operations on the same table with nothing but the protocol, its first
   * quarter of the operations a warm-up outside its window. Whole-process figures over all its operations, as for
   * the peers; its window's figures beside ours.
   */
  private void floor(int i, String name, String slug, String mode, long ops)
      throws IOException, InterruptedException, JobFailed {
    Path prefix = harness.raw(slug);
    List<String> cmd = harness.javaFor();
    long warmup = ops / 4;
    cmd.addAll(List.of(WireFloor.class.getName(), "--port", Integer.toString(plan.port()),
        "--records", Long.toString(plan.records()), "--operations", Long.toString(ops - warmup),
        "--warmup-operations", Long.toString(warmup), "--connections", Integer.toString(plan.threads()),
        "--mode", mode));
    HostLoad before = harness.hostLoad();
    Measured m = Measured.run(prefix, cmd, Map.of("YCSB_DB_PASSWORD", harness.password()));
    String line = Files.readString(Path.of(prefix + ".out"), StandardCharsets.UTF_8).strip();
    Map<String, String> figures = WireFloor.figures(line);
    if (m.exitStatus() != 0 || !figures.containsKey("ops_s")) {
      throw new JobFailed("the floor client failed (exit " + m.exitStatus() + "); see " + prefix + ".err");
    }
    harness.recordCase(SECTION, name, i, m, Double.parseDouble(figures.get("ops_s")), ops, before);
    double user = Double.parseDouble(figures.get("user_us_op"));
    double sys = Double.parseDouble(figures.get("sys_us_op"));
    harness.record(SECTION, name, i, "window_cpu_us_op", user + sys);
    harness.record(SECTION, name, i, "window_user_us_op", user);
    harness.record(SECTION, name, i, "window_sys_us_op", sys);
    if (!"NA".equals(figures.get("jit_us_op"))) {
      harness.record(SECTION, name, i, "window_jit_us_op", Double.parseDouble(figures.get("jit_us_op")));
    }
  }

  /**
   * The harness built in --baseline's tree, as its scripts run a client: its own jars, the clients' JVM flags
   * without our shared-classes archive (made for our class path), whole-process figures only (an older build may
   * not write a client-cost record).
   */
  private void baseline(int i, long ops) throws IOException, InterruptedException, JobFailed {
    String name = "ours, baseline build";
    String slug = "cpu-baseline-" + i;
    Path folder = harness.raw(slug);
    Files.createDirectories(folder);
    Path target = plan.baseline();
    List<String> cmd = BenchHarness.javaFor(target.resolve("ycsb-launcher-" + Benchmark.HARNESS_VERSION + ".jar"));
    cmd.add(Ycsb.class.getName());
    cmd.addAll(harness.runArgs(plan, ops, List.of()));
    HostLoad before = harness.hostLoad();
    Measured m = Measured.run(folder.resolve("run"), cmd, Map.of("YCSB_DB_PASSWORD", harness.password()));
    if (m.exitStatus() != 0) {
      throw new JobFailed("baseline client failed (exit " + m.exitStatus() + "); see " + folder.resolve("run.err"));
    }
    harness.recordCase(SECTION, name, i, m, harness.phase(folder, "run").throughputOps, ops, before);
  }

  /** go-ycsb's own table (our table's definition), loaded by go-ycsb itself with --records rows. */
  private void loadGoYcsbTable() throws IOException, InterruptedException, JobFailed {
    BenchHarness.Server server = harness.server();
    server.sql("DROP TABLE IF EXISTS " + GoYcsb.TABLE + "; CREATE TABLE " + GoYcsb.TABLE + " LIKE usertable");
    Path conf = harness.secretFile("go-ycsb", "mysql.password=" + harness.password());
    try {
      Path prefix = harness.raw("cpu-go-ycsb-load");
      harness.err().println("bench-harness: cpu: go-ycsb loads its own table (" + plan.records() + " rows)");
      Measured m = Measured.run(prefix, goYcsbCommand("load", conf, plan.records(), 4), Map.of());
      GoYcsb.maskOutput(prefix, harness.password());
      long stored = Long.parseLong(server.sql("SELECT COUNT(*) FROM " + GoYcsb.TABLE));
      if (m.exitStatus() != 0 || stored != plan.records()) {
        throw new JobFailed("go-ycsb's load stored " + stored + " of " + plan.records() + " rows (exit "
            + m.exitStatus() + "); see " + prefix + ".out");
      }
    } finally {
      Files.deleteIfExists(conf);
    }
  }

  private List<String> goYcsbCommand(String phase, Path conf, long ops, int threads) {
    return goYcsb.command(phase, harness.root().resolve("workloads/workloada"), conf, plan.port(), plan.records(),
        ops, threads);
  }

  private void goYcsbRun(int i, long ops) throws IOException, InterruptedException, JobFailed {
    Path conf = harness.secretFile("go-ycsb", "mysql.password=" + harness.password());
    try {
      Path prefix = harness.raw("cpu-go-ycsb-" + i);
      HostLoad before = harness.hostLoad();
      Measured m = Measured.run(prefix, goYcsbCommand("run", conf, ops, plan.threads()), Map.of());
      GoYcsb.maskOutput(prefix, harness.password());
      String text = Files.readString(Path.of(prefix + ".out"), StandardCharsets.UTF_8);
      var tput = PeerReports.goYcsbOpsPerSecond(text);
      if (m.exitStatus() != 0 || tput.isEmpty()) {
        throw new JobFailed("go-ycsb failed (exit " + m.exitStatus() + ") or printed no TOTAL line; see " + prefix
            + ".out and .err");
      }
      if (PeerReports.goYcsbFailed(text)) {
        throw new JobFailed("go-ycsb reported failed operations; see " + prefix + ".out");
      }
      harness.recordCase(SECTION, "go-ycsb", i, m, tput.getAsDouble(), ops, before);
    } finally {
      Files.deleteIfExists(conf);
    }
  }
}
