package com.mytopling.ycsb.results.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.results.model.RunSummary;
import com.mytopling.ycsb.results.parse.RunLoader;
import com.mytopling.ycsb.results.stats.RegressionCheck;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The gate's verdicts on every set of recorded runs in the repository stay what they were when its statistics were
 * written by hand: each set (and its first three runs) as baseline against each as candidate, unpaired and (same
 * sizes) paired, at the thresholds of regress, of the A/B job and of the stored-baseline job, at alpha 0.05 and 0.01.
 * The expected verdicts (src/test/resources/gate-verdicts.tsv) were written by the hand-written tests before they
 * were replaced by Apache Commons Statistics; {@code -Dgate.verdicts.record=true} writes the file anew.
 */
class RecordedGateVerdictsTest {
  private static final Path EXPECTED = Path.of("src", "test", "resources", "gate-verdicts.tsv");
  private static final double[][] THRESHOLDS = {{0.05, 0.10}, {0.05, 0.50}, {0.30, 2.00}};
  private static final double[] ALPHAS = {0.05, 0.01};

  /** Every set of repeated runs recorded in the repository, by a short name. */
  private static Map<String, List<RunSummary>> recordedSets() throws IOException {
    Map<String, Path> folders = new LinkedHashMap<>();
    Path results = Path.of("..", "results");
    folders.put("ci-mariadb", results.resolve("baselines/ci-mariadb-workloada"));
    folders.put("ci-ycsb-mariadb", results.resolve("baselines/ci-ycsb-mariadb-10.11-workloada"));
    folders.put("busy-baseline", Path.of("src/test/resources/recorded/busy-baseline-mariadb"));
    folders.put("contended", Path.of("src/test/resources/recorded/contended-mariadb"));
    Map<String, List<RunSummary>> sets = new LinkedHashMap<>();
    folders.forEach((name, dir) -> sets.put(name, runsIn(dir, "run-")));
    // The server-metrics benchmark: six interleaved pairs, A without and B with sampling.
    Path sampling = results.resolve("bench/2026-11-23-server-metrics");
    for (String side : List.of("A", "B")) {
      List<RunSummary> runs = new ArrayList<>();
      for (int i = 1; i <= 6; i++) {
        runs.add(RunLoader.load(sampling.resolve(i + side)));
      }
      sets.put("sampling-" + side, runs);
    }
    Map<String, List<RunSummary>> withPrefixes = new LinkedHashMap<>(sets);
    sets.forEach((name, runs) -> withPrefixes.put(name + "[:3]", runs.subList(0, 3)));
    return withPrefixes;
  }

  private static List<RunSummary> runsIn(Path dir, String prefix) {
    try (Stream<Path> entries = Files.list(dir)) {
      return entries.filter(p -> Files.isDirectory(p) && p.getFileName().toString().startsWith(prefix)).sorted()
          .map(RunLoader::load).toList();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  static List<String> verdicts() throws IOException {
    Map<String, List<RunSummary>> sets = recordedSets();
    List<String> lines = new ArrayList<>();
    lines.add("# baseline\tcandidate\tpairing\tmetric\tverdicts at (max-drop/max-p99-rise, alpha): "
        + "5%/10% .05, 5%/10% .01, 5%/50% .05, 5%/50% .01, 30%/200% .05, 30%/200% .01");
    for (var base : sets.entrySet()) {
      for (var cand : sets.entrySet()) {
        for (boolean paired : new boolean[] {false, true}) {
          if (paired && base.getValue().size() != cand.getValue().size()) {
            continue;
          }
          Map<String, List<String>> byMetric = new LinkedHashMap<>();
          for (double[] t : THRESHOLDS) {
            for (double alpha : ALPHAS) {
              for (RegressionCheck c : RegressCommand.checks(base.getValue(), cand.getValue(), "run", t[0], t[1],
                  alpha)) {
                RegressionCheck check = paired ? c.asPaired() : c;
                byMetric.computeIfAbsent(c.metric(), k -> new ArrayList<>())
                    .add(check.verdict().name().toLowerCase(Locale.ROOT));
              }
            }
          }
          byMetric.forEach((metric, v) -> lines.add(base.getKey() + "\t" + cand.getKey() + "\t"
              + (paired ? "paired" : "unpaired") + "\t" + metric + "\t" + String.join(" ", v)));
        }
      }
    }
    return lines;
  }

  @Test
  void verdictsOnEveryRecordedRunAreUnchanged() throws IOException {
    List<String> actual = verdicts();
    if (Boolean.getBoolean("gate.verdicts.record")) {
      Files.write(EXPECTED, actual, StandardCharsets.UTF_8);
    }
    List<String> expected = Files.readAllLines(EXPECTED, StandardCharsets.UTF_8);
    assertTrue(expected.size() > 500, "the recorded verdicts cover every set: " + expected.size() + " lines");
    List<String> differences = new ArrayList<>();
    for (int i = 0; i < Math.max(expected.size(), actual.size()); i++) {
      String e = i < expected.size() ? expected.get(i) : "(none)";
      String a = i < actual.size() ? actual.get(i) : "(none)";
      if (!e.equals(a)) {
        differences.add("expected " + e + "\n     got " + a);
      }
    }
    assertEquals(List.of(), differences.subList(0, Math.min(differences.size(), 20)),
        differences.size() + " verdict lines differ");
  }
}
