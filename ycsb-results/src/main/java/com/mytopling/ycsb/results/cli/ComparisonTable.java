package com.mytopling.ycsb.results.cli;

import com.mytopling.ycsb.results.model.OperationStats;
import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.model.RunSummary;
import com.mytopling.ycsb.results.parse.OperationNames;
import com.mytopling.ycsb.results.parse.Percentiles;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/** The rows of a side-by-side comparison: one metric per row, one value per run, ratios against the first run. */
public final class ComparisonTable {
  /** One compared figure; values.get(i) belongs to run i and is null when that run lacks it. */
  public record Row(String phase, String operation, String metric, String unit, List<Double> values) {
    public Double ratio(int run) {
      Double base = values.get(0);
      Double v = values.get(run);
      return base == null || v == null || base == 0 ? null : v / base;
    }

    public String label() {
      return phase + " " + (operation == null ? "" : operation + " ") + metric + " (" + unit + ")";
    }
  }

  /** The figure a comparison leads with: throughput of operations that succeeded. */
  public static final String SUCCESSFUL_THROUGHPUT = "successful throughput";

  private ComparisonTable() {
  }

  public static List<Row> build(List<RunSummary> runs) {
    List<Row> rows = new ArrayList<>();
    // load before run whatever order the runs list them in
    Set<String> phases = new LinkedHashSet<>(com.mytopling.ycsb.results.parse.RunFolder.PHASES);
    runs.forEach(r -> phases.addAll(r.phases.keySet()));
    for (String phase : phases) {
      List<PhaseSummary> perRun = runs.stream().map(r -> r.phase(phase)).toList();
      rows.add(new Row(phase, null, SUCCESSFUL_THROUGHPUT, "ops/s", values(perRun, p -> p.successfulThroughputOps)));
      rows.add(new Row(phase, null, "throughput of all operations", "ops/s", values(perRun, p -> p.throughputOps)));
      rows.add(new Row(phase, null, "insert cost per row (batched)", "us",
          values(perRun, p -> p.batchedInserts == null ? null : p.batchedInserts.costPerRowUs)));
      addOperationRows(rows, phase, perRun, "", PhaseSummary::workloadOperations);
      addOperationRows(rows, phase, perRun, "intended ", p -> p.intendedOperations);
    }
    rows.removeIf(r -> r.values().stream().allMatch(v -> v == null));
    return rows;
  }

  private static void addOperationRows(List<Row> rows, String phase, List<PhaseSummary> perRun, String prefix,
                                       Function<PhaseSummary, Map<String, OperationStats>> series) {
    Set<String> operations = new LinkedHashSet<>();
    perRun.forEach(p -> {
      if (p != null) {
        operations.addAll(series.apply(p).keySet());
      }
    });
    operations.remove("CLEANUP");
    boolean anyBatched = perRun.stream().anyMatch(p -> p != null && p.batchedInserts != null);
    boolean allBatched = perRun.stream().allMatch(p -> p == null || p.batchedInserts != null);
    for (String op : operations) {
      Function<PhaseSummary, OperationStats> stats = p -> series.apply(p).get(op);
      String label = OperationNames.label(op, anyBatched);
      if (anyBatched && !allBatched && op.equals(OperationNames.INSERT)) {
        label = "INSERT (buffer append in the batched runs)";
      }
      String name = label;
      rows.add(new Row(phase, name, prefix + "count", "ops", values(perRun, p -> asDouble(stats.apply(p), s -> s.count == null ? null : s.count.doubleValue()))));
      rows.add(new Row(phase, name, prefix + "avg", "us", values(perRun, p -> asDouble(stats.apply(p), s -> s.avgUs))));
      for (String pct : Percentiles.STANDARD) {
        rows.add(new Row(phase, name, prefix + pct, "us", values(perRun, p -> asDouble(stats.apply(p), s -> s.percentile(pct)))));
      }
      rows.add(new Row(phase, name, prefix + "max", "us", values(perRun, p -> asDouble(stats.apply(p), s -> s.maxUs))));
    }
  }

  private static Double asDouble(OperationStats stats, Function<OperationStats, Double> pick) {
    return stats == null ? null : pick.apply(stats);
  }

  private static List<Double> values(List<PhaseSummary> perRun, Function<PhaseSummary, Double> pick) {
    List<Double> values = new ArrayList<>();
    perRun.forEach(p -> values.add(p == null ? null : pick.apply(p)));
    return values;
  }
}
