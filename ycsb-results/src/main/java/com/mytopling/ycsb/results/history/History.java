package com.mytopling.ycsb.results.history;

import com.mytopling.ycsb.results.ReportException;
import com.mytopling.ycsb.results.model.OperationStats;
import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.model.RunSummary;
import com.mytopling.ycsb.results.parse.RunLoader;
import com.mytopling.ycsb.results.stats.Median;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * A history of runs (scripts/report history): points in time, each a gate job's runs (a history entry, or a
 * scripts/ci-regression output folder) or one run folder, grouped into one series per setup (target, workload, records, operations, threads, clients, server
 * version) and ordered by time; each series' throughput of successful operations and p99 per operation, with their
 * change points ({@link ChangePoints}). A point's figure is the median of its runs.
 */
public final class History {
  /** One point: when, which commit and server image, and its runs. */
  public record Point(String name, String time, String commit, String image, List<RunSummary> runs) {
  }

  /** A figure followed over a series: its values by point and its change points. */
  public record Metric(String name, boolean higherIsBetter, double[] values, List<ChangePoints.ChangePoint> changes) {
  }

  /** One setup's points in time order and the metrics followed over them. */
  public record Series(String setup, List<Point> points, List<Metric> metrics) {
  }

  private History() {
  }

  /** The series of the given inputs: run folders, history entries, or folders of either. */
  public static List<Series> of(List<Path> inputs, String phase) {
    List<Point> points = new ArrayList<>();
    for (Path input : inputs) {
      expand(input, points, true);
    }
    if (points.isEmpty()) {
      throw new ReportException("history: no runs in " + inputs);
    }
    Map<String, List<Point>> bySetup = new LinkedHashMap<>();
    for (Point p : points) {
      if (p.runs().stream().anyMatch(r -> r.phase(phase) != null)) {
        bySetup.computeIfAbsent(setup(p.runs().get(0)), k -> new ArrayList<>()).add(p);
      }
    }
    if (bySetup.isEmpty()) {
      throw new ReportException("history: no run has a " + phase + " phase");
    }
    List<Series> series = new ArrayList<>();
    bySetup.forEach((setup, pts) -> {
      List<Point> ordered = new ArrayList<>(pts);
      // Time order; a point without a time keeps its place after the timed ones, in input order.
      ordered.sort(Comparator.comparing((Point p) -> p.time() == null ? "\uffff" : p.time()));
      series.add(new Series(setup, ordered, metrics(ordered, phase)));
    });
    return series;
  }

  private static void expand(Path path, List<Point> points, boolean top) {
    if (HistoryEntry.isEntry(path)) {
      HistoryEntry e = HistoryEntry.read(path);
      List<RunSummary> runs = HistoryEntry.runsOf(path).stream().map(RunLoader::load).toList();
      if (!runs.isEmpty()) {
        points.add(new Point(path.getFileName().toString(), e.time, e.commit, e.image, runs));
      }
      return;
    }
    if (looksLikeRun(path)) {
      RunSummary run = RunLoader.load(path);
      Object start = run.metadata == null ? null : run.metadata.get("start_time");
      points.add(new Point(run.run, start == null ? null : String.valueOf(start), null, image(run), List.of(run)));
      return;
    }
    if (!Files.isDirectory(path)) {
      throw new ReportException(path + ": no such run folder or history");
    }
    List<Path> jobRuns = jobRuns(path);
    if (!jobRuns.isEmpty()) {
      // A scripts/ci-regression output folder: its measured runs (A/B: the candidate's) are one point.
      List<RunSummary> runs = jobRuns.stream().map(RunLoader::load).toList();
      Object start = runs.get(0).metadata == null ? null : runs.get(0).metadata.get("start_time");
      points.add(new Point(path.getFileName().toString(), start == null ? null : String.valueOf(start), null,
          image(runs.get(0)), runs));
      return;
    }
    if (!top) {
      return;
    }
    try (Stream<Path> children = Files.list(path)) {
      for (Path child : children.filter(Files::isDirectory).sorted().toList()) {
        // A gate job's folder holds discarded runs beside the measured ones: warm-ups and the throttle's calibration.
        String name = child.getFileName().toString();
        if (!name.startsWith("warmup") && !name.startsWith("calibration")) {
          expand(child, points, false);
        }
      }
    } catch (IOException e) {
      throw new ReportException(path + ": cannot list (" + e.getMessage() + ")");
    }
  }

  /**
   * The measured runs of a gate job's folder (scripts/ci-regression --out): run-NN folders holding a run, or in an A/B
   * job the candidate's (B/run-NN); empty for anything else.
   */
  private static List<Path> jobRuns(Path dir) {
    Path side = Files.isDirectory(dir.resolve("B")) ? dir.resolve("B") : dir;
    try (Stream<Path> children = Files.list(side)) {
      List<Path> runs = new ArrayList<>();
      for (Path run : children.filter(p -> p.getFileName().toString().startsWith("run-")).sorted().toList()) {
        // scripts/benchmark puts the run folder inside run-NN (run-NN/DATE-TARGET-WORKLOAD/).
        if (looksLikeRun(run)) {
          runs.add(run);
        } else if (Files.isDirectory(run)) {
          try (Stream<Path> inner = Files.list(run)) {
            inner.filter(History::looksLikeRun).sorted().findFirst().ifPresent(runs::add);
          }
        }
      }
      return runs;
    } catch (IOException e) {
      throw new ReportException(dir + ": cannot list (" + e.getMessage() + ")");
    }
  }

  private static boolean looksLikeRun(Path path) {
    return Files.isRegularFile(path.resolve("summary.json")) || Files.isRegularFile(path.resolve("run.out"))
        || Files.isRegularFile(path.resolve("load.out"));
  }

  private static String image(RunSummary run) {
    return run.server == null ? null : run.server.get("server");
  }

  /** What makes two runs the same series. */
  static String setup(RunSummary run) {
    Map<String, Object> meta = run.metadata == null ? Map.of() : run.metadata;
    StringBuilder b = new StringBuilder();
    for (String key : List.of("target", "workload", "records", "operations", "duration_s", "threads", "clients")) {
      if (meta.get(key) != null) {
        b.append(b.length() == 0 ? "" : " ").append(key).append('=').append(meta.get(key));
      }
    }
    String server = run.server != null ? run.server.get("server") : null;
    if (server == null && meta.get("server") instanceof Map<?, ?> s && s.get("version") != null) {
      server = String.valueOf(s.get("version"));
    }
    if (server != null) {
      b.append(" server=").append(server);
    }
    return b.length() == 0 ? "(setup not recorded)" : b.toString();
  }

  private static List<Metric> metrics(List<Point> points, String phase) {
    List<Metric> metrics = new ArrayList<>();
    boolean successful = points.stream().allMatch(p -> p.runs().stream()
        .allMatch(r -> r.phase(phase) == null || r.phase(phase).successfulThroughputOps != null));
    metrics.add(metric(points, phase, successful ? phase + " successful throughput (ops/s)"
        : phase + " throughput of all operations (ops/s)", true,
        p -> successful ? p.successfulThroughputOps : p.throughputOps));
    Set<String> ops = new LinkedHashSet<>();
    points.forEach(pt -> pt.runs().forEach(r -> {
      if (r.phase(phase) != null) {
        ops.addAll(r.phase(phase).workloadOperations().keySet());
      }
    }));
    for (String op : ops) {
      metrics.add(metric(points, phase, phase + " " + op + " p99 (us)", false, p -> {
        OperationStats s = p.operations.get(op);
        return s == null ? null : s.percentile("p99");
      }));
    }
    metrics.removeIf(m -> m.values().length == 0);
    return metrics;
  }

  /** The metric's median per point; a point without the figure gets NaN (drawn as a gap, left out of the search). */
  private static Metric metric(List<Point> points, String phase, String name, boolean higherIsBetter,
                               Function<PhaseSummary, Double> pick) {
    double[] values = new double[points.size()];
    List<Integer> known = new ArrayList<>();
    for (int i = 0; i < points.size(); i++) {
      double[] v = points.get(i).runs().stream().map(r -> r.phase(phase)).filter(p -> p != null).map(pick)
          .filter(x -> x != null).mapToDouble(Double::doubleValue).toArray();
      values[i] = v.length == 0 ? Double.NaN : Median.of(v);
      if (v.length > 0) {
        known.add(i);
      }
    }
    if (known.isEmpty()) {
      return new Metric(name, higherIsBetter, new double[0], List.of());
    }
    double[] series = known.stream().mapToDouble(i -> values[i]).toArray();
    List<ChangePoints.ChangePoint> changes = new ArrayList<>();
    for (ChangePoints.ChangePoint c : ChangePoints.find(series)) {
      // Back to the point's place in the whole series.
      changes.add(new ChangePoints.ChangePoint(known.get(c.index()), c.meanBefore(), c.meanAfter(), c.permutationP(),
          c.tTestP()));
    }
    return new Metric(name, higherIsBetter, values, changes);
  }
}
