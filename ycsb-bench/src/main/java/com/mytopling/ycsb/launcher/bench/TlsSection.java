package com.mytopling.ycsb.launcher.bench;

import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.core.dialect.UrlScheme;
import com.mytopling.ycsb.core.record.RunRecord;
import com.mytopling.ycsb.core.record.RunRecordReader;
import com.mytopling.ycsb.launcher.JobFailed;
import com.mytopling.ycsb.results.model.ClientCost;
import com.mytopling.ycsb.results.model.PhaseSummary;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * bench-harness --server mysql-9.7 --only tls (issue 34): what TLS costs our client on MySQL 9.7, TLS on against off
 * for each driver, interleaved round by round on the run phase's table (workload A, --threads, --cpu-ops operations):
 * throughput, the whole process's CPU per operation and the measured window's, and the server's CPU per operation.
 * Each case's connections must have had the TLS it is named for, as the server saw them (the binding record's
 * connection.tls), or the section fails: a figure is never filed under the wrong TLS.
 */
final class TlsSection {
  static final String SECTION = "tls";
  static final String CONNECTORJ_PLAIN = "MySQL Connector/J, no TLS";
  static final String MARIADBJ_PLAIN = "MariaDB Connector/J, no TLS";

  /** A case: its name, the URL's scheme and options, and the TLS state its connections must have had. */
  private record Case(String name, String slug, UrlScheme scheme, String options, boolean tls) {
  }

  private static final List<Case> CASES = List.of(
      new Case(CONNECTORJ_PLAIN, "connectorj-plain", UrlScheme.MYSQL, "useSSL=false&allowPublicKeyRetrieval=true",
          false),
      new Case("MySQL Connector/J, TLS (sslMode=REQUIRED)", "connectorj-tls", UrlScheme.MYSQL, "sslMode=REQUIRED", true),
      new Case(MARIADBJ_PLAIN, "mariadbj-plain", UrlScheme.MARIADB, "allowPublicKeyRetrieval=true", false),
      new Case("MariaDB Connector/J, TLS (sslMode=trust)", "mariadbj-tls", UrlScheme.MARIADB, "sslMode=trust", true));

  private final BenchHarness harness;
  private final BenchHarness.Plan plan;

  TlsSection(BenchHarness harness, BenchHarness.Plan plan) {
    this.harness = harness;
    this.plan = plan;
  }

  void run() throws IOException, InterruptedException, JobFailed {
    harness.ensureRunTable(plan);
    long ops = plan.cpuOps();
    for (int i = 1; i <= plan.runs(); i++) {
      for (Case c : CASES) {
        measure(c, i, ops);
      }
    }
  }

  private void measure(Case c, int i, long ops) throws IOException, InterruptedException, JobFailed {
    String slug = "tls-" + c.slug() + "-" + i;
    Path folder = harness.raw(slug);
    Path costFile = folder.resolve("client-cost-run.json");
    Path record = folder.resolve("binding-run.json");
    List<String> a = new ArrayList<>(harness.runArgs(plan, ops, List.of(
        "-p", Registry.DB_URL.assign(c.scheme().url("127.0.0.1", plan.port(), "ycsb") + "?" + c.options()),
        "-p", Registry.DB_MYSQLDRIVER.assign("url"),
        "-p", Registry.DB_RECORDFILE.assign(record.toString()),
        "-p", Registry.CLIENTCOST_RECORDFILE.assign(costFile.toString()))));
    HostLoad before = harness.hostLoad();
    Measured m = harness.measuredClient(a, slug, "run", null);
    RunRecord r = RunRecordReader.read(record);
    if (r.connection == null || r.connection.tls == null || r.connection.tls.isEmpty()
        || r.connection.tls.keySet().stream().anyMatch(state -> state.startsWith("TLS") != c.tls())) {
      throw new JobFailed("tls: '" + c.name() + "' had connections with TLS "
          + (r.connection == null ? "unrecorded" : r.connection.tls) + "; see " + record);
    }
    PhaseSummary p = harness.phase(folder, "run");
    harness.recordCase(SECTION, c.name(), i, m, p.throughputOps, ops, before);
    ClientCost cost = ClientCost.read(costFile);
    if (cost.cpuPerOpUs != null) {
      harness.record(SECTION, c.name(), i, "window_cpu_us_op", cost.cpuPerOpUs);
      harness.record(SECTION, c.name(), i, "window_user_us_op", cost.userCpuPerOpUs);
      harness.record(SECTION, c.name(), i, "window_sys_us_op", cost.systemCpuPerOpUs);
    }
  }
}
