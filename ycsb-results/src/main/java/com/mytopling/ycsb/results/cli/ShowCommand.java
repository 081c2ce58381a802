package com.mytopling.ycsb.results.cli;

import com.mytopling.ycsb.results.ReportException;
import com.mytopling.ycsb.results.model.ClientCost;
import com.mytopling.ycsb.results.model.OperationStats;
import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.model.RunSummary;
import com.mytopling.ycsb.results.parse.OperationNames;
import com.mytopling.ycsb.results.parse.Percentiles;
import com.mytopling.ycsb.results.parse.RunLoader;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/** show RUN: a short human summary of one run. */
final class ShowCommand implements Command {
  @Override
  public String name() {
    return "show";
  }

  @Override
  public String description() {
    return "RUN: print a short summary table of one run (folder or summary.json)";
  }

  @Override
  public int run(String[] args, PrintStream out, PrintStream err) {
    Options options = new Options();
    options.addOption("h", "help", false, "this help");
    CommandLine line = Options2.parse(name(), options, args);
    if (line.hasOption("help")) {
      out.print(Options2.help("report show RUN", options));
      return ReportCli.OK;
    }
    if (line.getArgList().size() != 1) {
      throw new ReportException("show takes exactly one RUN, got " + line.getArgList().size());
    }
    out.print(render(RunLoader.load(Path.of(line.getArgList().get(0)))));
    return ReportCli.OK;
  }

  static String render(RunSummary run) {
    StringBuilder text = new StringBuilder();
    text.append("run      ").append(run.run).append(" (").append(run.kind).append(")\n");
    Map<String, String> settings = RunSettings.of(run);
    List<String> setup = new ArrayList<>();
    for (String key : List.of("workload", "records", "operations", "duration_s", "threads", "clients")) {
      if (settings.containsKey(key)) {
        setup.add(key + "=" + settings.get(key));
      }
    }
    if (run.metadata != null && run.metadata.get("target") != null) {
      setup.add(0, "target=" + run.metadata.get("target"));
    }
    if (!setup.isEmpty()) {
      text.append("setup    ").append(String.join(" ", setup)).append('\n');
    }
    if (run.server != null && !run.server.isEmpty()) {
      List<String> server = new ArrayList<>();
      run.server.forEach((k, v) -> server.add(k + "=" + (v != null && v.contains(" ") ? "\"" + v + "\"" : v)));
      text.append("server   ").append(String.join(" ", server)).append('\n');
    }
    List<List<String>> phaseRows = new ArrayList<>();
    run.phases.forEach((name, p) -> phaseRows.add(List.of(name,
        p.runtimeMs == null ? "-" : String.format(java.util.Locale.ROOT, "%,.1f", p.runtimeMs / 1000.0),
        Format.throughput(p.successfulThroughputOps), Format.throughput(p.throughputOps),
        p.source == null ? "" : p.source + (p.merge != null ? " (" + p.merge.clientCount + " clients)" : ""))));
    text.append('\n').append(Format.table(List.of("phase", "runtime_s", "successful_ops/s", "all_ops/s", "from"),
        phaseRows));
    text.append("successful = operations that returned OK; batched inserts count the rows the server stored "
        + "(all_ops/s counts failed operations too)\n");
    run.phases.forEach((name, p) -> {
      if (p.warmup != null) {
        text.append(String.format(java.util.Locale.ROOT, "%s: the first %d s (warm-up) are left out of throughput and "
            + "latency%n", name, p.warmup.seconds));
      }
      if (p.steadyState != null) {
        text.append(name).append(": ").append(p.steadyState.verdict).append('\n');
      }
      selfCheck(text, name, p);
    });
    text.append(clientCost(run));
    run.phases.forEach((name, p) -> {
      Long all = operationCount(p);
      if (p.successfulOperations != null && all != null && p.successfulOperations < all) {
        text.append(String.format(java.util.Locale.ROOT, "%s: %,d of %,d operations successful%n", name,
            p.successfulOperations, all));
      }
    });
    run.phases.forEach((name, p) -> {
      if (p.merge != null && p.clients != null) {
        List<String> own = new ArrayList<>();
        p.clients.forEach(c -> own.add(c.client + " " + Format.throughput(c.throughputOps)));
        text.append(String.format(java.util.Locale.ROOT, "%s: %d clients summed over their common %.1f s window; "
            + "each client's own YCSB figure (ops/s): %s%n", name, p.merge.clientCount,
            (p.merge.commonWindowEndMs - p.merge.commonWindowStartMs) / 1000.0, String.join(", ", own)));
        if (p.merge.startSpreadMs != null) {
          text.append(String.format(java.util.Locale.ROOT, "%s: clients started within %d ms of each other (start "
              + "barrier, on the server's clock, ±%d ms)%n", name, p.merge.startSpreadMs, p.merge.startSpreadUncertaintyMs));
        }
      }
    });
    run.phases.forEach((name, p) -> text.append('\n').append(latencyTable(name, p)));
    return text.toString();
  }

  /** The phase's self-check in one line (issue 20): its own renderer, so the table's layout can move it. */
  static void selfCheck(StringBuilder text, String phaseName, PhaseSummary phase) {
    if (phase.selfCheck != null && phase.selfCheck.text != null) {
      text.append(phaseName).append(": ").append(phase.selfCheck.text).append('\n');
    }
  }

  /**
   * The client's own cost per phase (ClientCost), one line each, CLIENT-BOUND in capitals with the figures that say
   * so; nothing for folders without the launcher's record.
   */
  static String clientCost(RunSummary run) {
    StringBuilder text = new StringBuilder();
    run.phases.forEach((name, p) -> {
      if (p.clientCost != null) {
        ClientCost c = p.clientCost;
        text.append(name).append(": ").append(Boolean.TRUE.equals(c.clientBound) ? "CLIENT-BOUND: " : "")
            .append("client cost: ").append(c.figures());
        if (c.clientBound != null) {
          text.append(" (").append(c.reason).append(')');
        }
        text.append('\n');
      }
    });
    return text.toString();
  }

  /**
   * Operations the phase counted (DB calls less one per read-modify-write) in the same window as its successful
   * operations, or null when unknown.
   */
  private static Long operationCount(PhaseSummary phase) {
    if (phase.window != null) {
      return phase.window.operations;
    }
    if (phase.runtimeMs != null && phase.throughputOps != null) {
      return Math.round(phase.throughputOps * phase.runtimeMs / 1000.0);
    }
    return null;
  }

  private static String latencyTable(String phaseName, PhaseSummary phase) {
    List<String> header = new ArrayList<>(List.of(phaseName + " latency_us", "count", "avg"));
    header.addAll(List.of(Percentiles.STANDARD));
    header.addAll(List.of("max", "not_ok"));
    List<List<String>> rows = new ArrayList<>();
    String actualLabel = "intended".equals(phase.latencyBasis) ? " (intended)" : "";
    boolean batched = phase.batchedInserts != null;
    phase.workloadOperations().forEach((op, s) -> rows.add(row(OperationNames.label(op, batched) + actualLabel, s)));
    phase.intendedOperations.forEach((op, s) -> {
      if (!op.equals("CLEANUP")) {
        rows.add(row(OperationNames.label(op, batched) + " (intended)", s));
      }
    });
    StringBuilder text = new StringBuilder(rows.isEmpty()
        ? phaseName + ": no latency figures (" + (phase.source == null ? "none recorded" : phase.source) + ")\n"
        : Format.table(header, rows));
    if (batched) {
      PhaseSummary.BatchedInserts b = phase.batchedInserts;
      text.append(String.format(java.util.Locale.ROOT, "inserts were batched: %s; per row %s us of batch time; "
              + "INSERT (buffer append) is the time to add a row to the client's batch, not an insert's latency%n",
          Format.batchedInserts(b), Format.number(b.costPerRowUs)));
    }
    if (phase.bindingTotals != null && !phase.bindingTotals.isEmpty()) {
      List<String> totals = new ArrayList<>();
      phase.bindingTotals.forEach((k, v) -> totals.add(k + "=" + v));
      text.append("binding totals: ").append(String.join(" ", totals)).append('\n');
    }
    if (!phase.intendedOperations.isEmpty()) {
      text.append("(intended) = latency from the operation's scheduled start under -target: includes queueing "
          + "behind slow operations (coordinated omission corrected)\n");
    }
    if (phase.serverMetrics != null && !phase.serverMetrics.perSecond.isEmpty()) {
      List<String> server = new ArrayList<>();
      phase.serverMetrics.perSecond.forEach((k, v) -> {
        if (v != 0) {
          server.add(k + "=" + Format.number(v));
        }
      });
      text.append("server per second (server-metrics.csv; threads_running: average): ").append(String.join(" ", server))
          .append('\n');
    }
    phase.warnings.forEach(w -> text.append("warning: ").append(w).append('\n'));
    return text.toString();
  }

  private static Double asDouble(Long v) {
    return v == null ? null : v.doubleValue();
  }

  private static List<String> row(String label, OperationStats s) {
    List<String> row = new ArrayList<>(List.of(label, Format.number(s.count == null ? null : s.count.doubleValue()),
        Format.number(s.avgUs)));
    for (String p : Percentiles.STANDARD) {
      row.add(Format.number(s.percentile(p)));
    }
    row.add(Format.number(s.maxUs));
    row.add(s.returnCodes.isEmpty() ? "-" : Format.number((double) notOk(s)));
    return row;
  }

  /** Operations whose return code is neither OK nor BATCHED_OK (YCSB counts both as success). */
  static long notOk(OperationStats s) {
    return s.returnCodes.entrySet().stream()
        .filter(e -> !e.getKey().equals("OK") && !e.getKey().equals("BATCHED_OK"))
        .mapToLong(Map.Entry::getValue).sum();
  }
}
