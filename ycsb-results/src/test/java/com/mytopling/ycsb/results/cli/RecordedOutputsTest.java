package com.mytopling.ycsb.results.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.results.CliRunner;
import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.model.RunSummary;
import com.mytopling.ycsb.results.model.StatusSample;
import com.mytopling.ycsb.results.parse.HdrLog;
import com.mytopling.ycsb.results.parse.RunFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Summaries of outputs recorded from real runs of scripts/benchmark and scripts/ycsb against the Debian MariaDB
 * (InnoDB), checked against the raw files themselves:
 *
 * <ul>
 *   <li>{@code one-client-not-found}: workload A, one client, on a table missing about 12% of its keys (deleted
 *   after the load), so that reads and updates really returned NOT_FOUND;</li>
 *   <li>{@code two-clients-not-found}: the same with two client processes (benchmark --clients 2 --skip-load);</li>
 *   <li>{@code two-clients-file-load}: two clients loading 30,000 synthetic reviews through the file workload in
 *   batches of 100 (its table-size probe runs after each client's load), then a short run.</li>
 * </ul>
 */
class RecordedOutputsTest {
  private static final Path RECORDED = Path.of("src", "test", "resources", "recorded");

  /** "[SERIES], metric, value" lines of a YCSB output file, as "SERIES metric" to value. */
  private static Map<String, Double> ycsbLines(Path out) throws IOException {
    Map<String, Double> values = new java.util.LinkedHashMap<>();
    for (String line : Files.readAllLines(out)) {
      String[] f = line.split(", ");
      if (f.length == 3 && f[0].startsWith("[") && f[2].matches("-?[0-9.E]+")) {
        values.put(f[0].substring(1, f[0].length() - 1) + " " + f[1], Double.parseDouble(f[2]));
      }
    }
    return values;
  }

  private static long value(Map<String, Double> lines, String key) {
    return Math.round(lines.getOrDefault(key, 0.0));
  }

  /** Issue 11.6 on one client: successful operations are the OK reads and updates, over YCSB's run time. */
  @Test
  void oneClientLeadsWithTheThroughputOfSuccessfulOperations() throws IOException {
    Path dir = RECORDED.resolve("one-client-not-found");
    Map<String, Double> raw = ycsbLines(dir.resolve("run.out"));
    long ok = value(raw, "READ Return=OK") + value(raw, "UPDATE Return=OK");
    long notFound = value(raw, "READ Return=NOT_FOUND") + value(raw, "UPDATE Return=NOT_FOUND");
    assertTrue(notFound > 1000, "the recording has failures: " + notFound);

    PhaseSummary run = RunFolder.summarize(dir).phase("run");
    assertEquals(ok, run.successfulOperations);
    assertEquals(ok * 1000.0 / raw.get("OVERALL RunTime(ms)"), run.successfulThroughputOps, 1e-9);
    assertEquals(raw.get("OVERALL Throughput(ops/sec)"), run.throughputOps);
    assertTrue(run.successfulThroughputOps < 0.9 * run.throughputOps, run.successfulThroughputOps + " vs " + run.throughputOps);

    // The launcher's status lines say the same, interval by interval, and the last one adds up.
    List<StatusSample> lines = run.statusSeries;
    StatusSample last = lines.get(lines.size() - 1);
    assertEquals(ok, last.successfulOps);
    assertTrue(lines.stream().filter(s -> s.currentOpsPerSec != null)
        .allMatch(s -> s.successfulOpsPerSec != null && s.successfulOpsPerSec <= s.currentOpsPerSec), lines::toString);

    CliRunner show = CliRunner.run("show", dir.toString());
    assertEquals(0, show.exitCode, show.toString());
    assertTrue(show.out.contains(String.format(java.util.Locale.ROOT, "run: %,d of %,d operations successful", ok,
        ok + notFound)), show.out);
    String header = show.out.lines().filter(l -> l.startsWith("phase ")).findFirst().orElseThrow();
    assertTrue(header.indexOf("successful_ops/s") < header.indexOf("all_ops/s"), header);
  }

  /**
   * Issues 11.6 and 11.12 on two client processes: successful operations and their throughput over the common
   * window, each client's return-code warnings kept, clients numbered from 0 as benchmark wrote them.
   */
  @Test
  void twoClientsKeepTheirWarningsAndCountSuccessfulOperations() throws IOException {
    Path dir = RECORDED.resolve("two-clients-not-found");
    RunSummary summary = RunFolder.summarize(dir);
    PhaseSummary run = summary.phase("run");
    assertEquals(List.of("client-0", "client-1"), run.clients.stream().map(c -> c.client).toList());
    assertNotNull(summary.server, "the server is read from client-0's output");
    assertEquals("InnoDB", summary.server.get("engine"));

    long ok = 0;
    List<String> expectedWarnings = new ArrayList<>();
    for (String client : List.of("client-0", "client-1")) {
      Map<String, Double> raw = ycsbLines(dir.resolve(client).resolve("run.out"));
      ok += value(raw, "READ Return=OK") + value(raw, "UPDATE Return=OK");
      for (String op : List.of("READ", "UPDATE")) {
        expectedWarnings.add(client + ": " + op + ": " + value(raw, op + " Return=NOT_FOUND")
            + " operations returned NOT_FOUND");
      }
    }
    assertEquals(ok, run.clients.stream().mapToLong(c -> c.successfulOperations).sum(),
        "each client's own count of the whole phase is kept under clients");
    assertTrue(run.warnings.containsAll(expectedWarnings), run.warnings + " should hold " + expectedWarnings);

    // Successful operations in the window come from the series that hold successful calls only.
    double window = run.merge.commonWindowEndMs - run.merge.commonWindowStartMs;
    double inWindow = 0;
    double allInWindow = 0;
    for (String client : List.of("client-0", "client-1")) {
      for (String series : List.of("READ", "UPDATE", "READ-FAILED", "UPDATE-FAILED")) {
        double n = countBetween(dir.resolve("hdr/run").resolve(client).resolve(series + ".hdr"),
            run.merge.commonWindowStartMs, run.merge.commonWindowEndMs);
        allInWindow += n;
        inWindow += series.endsWith("-FAILED") ? 0 : n;
      }
    }
    assertEquals(inWindow * 1000.0 / window, run.successfulThroughputOps, 1e-6);
    // Issue 20: one window for every figure: successful_operations are the window's, as its throughput is.
    assertEquals(Math.round(inWindow), run.successfulOperations);
    assertTrue(run.successfulOperations < ok);
    assertEquals(allInWindow * 1000.0 / window, run.throughputOps, 1e-6);
    assertTrue(run.successfulThroughputOps < 0.9 * run.throughputOps);

    CliRunner show = CliRunner.run("show", dir.toString());
    assertTrue(show.out.contains("warning: client-1: READ: "), show.out);
  }

  /** Operations of a log's intervals in [from, to), edge intervals prorated. */
  private static double countBetween(Path log, long from, long to) {
    double n = 0;
    for (HdrLog.Interval i : HdrLog.read(log).intervals()) {
      long overlap = Math.min(i.endMs(), to) - Math.max(i.startMs(), from);
      long length = i.endMs() - i.startMs();
      if (overlap > 0 && length > 0) {
        n += i.histogram().getTotalCount() * (double) overlap / length;
      }
    }
    return n;
  }

  /** The end of a client's last interval with work (operations or cleanup), and of its last interval at all. */
  private static long[] ends(Path clientHdr) throws IOException {
    long work = Long.MIN_VALUE;
    long last = Long.MIN_VALUE;
    try (var files = Files.list(clientHdr)) {
      for (Path f : files.toList()) {
        for (HdrLog.Interval i : HdrLog.read(f).intervals()) {
          last = Math.max(last, i.endMs());
          String series = HdrLog.read(f).series();
          if (i.histogram().getTotalCount() > 0 && !series.equals("INSERT-BATCH")) {
            work = Math.max(work, i.endMs());
          }
        }
      }
    }
    return new long[] {work, last};
  }

  /**
   * Issue 11.11: each client's last interval was cut by YCSB's final report, after the file workload had measured
   * the table's size; the common window ran on into that idle time. It now ends where the last client's work
   * ended. Issue 11.12: the binding's totals are summed over the clients.
   */
  @Test
  void twoClientsWindowEndsWithTheWorkAndTotalsAreSummed() throws IOException {
    Path dir = RECORDED.resolve("two-clients-file-load");
    PhaseSummary load = RunFolder.summarize(dir).phase("load");
    long workEnd = Long.MAX_VALUE;
    long lastEnd = Long.MAX_VALUE;
    long stored = 0;
    for (String client : List.of("client-0", "client-1")) {
      long[] ends = ends(dir.resolve("hdr/load").resolve(client));
      workEnd = Math.min(workEnd, ends[0]);
      lastEnd = Math.min(lastEnd, ends[1]);
      String totals = Files.readAllLines(dir.resolve(client).resolve("load.err")).stream()
          .filter(l -> l.startsWith("[mytopling] totals:")).findFirst().orElseThrow();
      stored += Long.parseLong(totals.replaceAll(".* stored=(\\d+) .*", "$1"));
    }
    assertTrue(lastEnd > workEnd, "the recording has idle time after the work: " + lastEnd + " vs " + workEnd);
    assertEquals(workEnd, load.merge.commonWindowEndMs);
    assertEquals(30_000, stored);
    assertEquals(Long.toString(stored), load.bindingTotals.get("stored"));
    assertEquals("0", load.bindingTotals.get("failed"));
    assertEquals("client-0", load.clients.get(0).client);
    assertEquals("15000", load.clients.get(0).bindingTotals.get("stored"));
  }

  /**
   * Issue 11.7: where inserts were batched, INSERT times a buffer append; reports label it so and give the
   * statements' latency and the cost per row (statement time over rows) instead.
   */
  @Test
  void batchedInsertsAreDescribedByTheirStatements() throws IOException {
    Path dir = RECORDED.resolve("two-clients-file-load");
    PhaseSummary load = RunFolder.summarize(dir).phase("load");
    long statements = 0;
    long rows = 0;
    double time = 0;
    for (String client : List.of("client-0", "client-1")) {
      Map<String, Double> raw = ycsbLines(dir.resolve(client).resolve("load.out"));
      statements += value(raw, "INSERT-BATCH Operations");
      rows += value(raw, "INSERT-BATCH Return=OK");
      time += raw.get("INSERT-BATCH AverageLatency(us)") * raw.get("INSERT-BATCH Operations");
    }
    assertEquals(300, statements);
    assertEquals(30_000, rows);
    // Issue 20: statements, rows and the cost per row of the common window, one window for all three (rows over the
    // whole phase against the window's statements made the cost per row too low). The rows are the INSERT calls that
    // handed a row to a batch in the window, the statements those with at least half their interval in it.
    var model = RunFolder.measuredPhase(dir, "load");
    long rowsInWindow = Math.round(model.count(series -> series.equals("INSERT")));
    assertTrue(rowsInWindow > 0.8 * rows && rowsInWindow < rows, rowsInWindow + " of " + rows);
    assertEquals(rowsInWindow, load.batchedInserts.rows);
    assertEquals(rowsInWindow, load.batchedInserts.rowsStored);
    assertEquals(rowsInWindow, load.successfulOperations);
    long statementsInWindow = Math.round(model.count(series -> series.equals("INSERT-BATCH")));
    assertEquals(statementsInWindow, load.batchedInserts.statements);
    assertEquals(model.histograms().get("INSERT-BATCH").getMean() * statementsInWindow / rowsInWindow,
        load.batchedInserts.costPerRowUs, 1e-6);
    // About the whole phase's cost per row (statement time over rows): the window holds most of the work.
    assertEquals(time / rows, load.batchedInserts.costPerRowUs, time / rows * 0.2);

    CliRunner show = CliRunner.run("show", dir.toString());
    assertTrue(show.out.contains("INSERT (buffer append)"), show.out);
    assertTrue(show.out.contains("INSERT-BATCH (per batch)"), show.out);
    assertTrue(show.out.contains(String.format(java.util.Locale.ROOT, "inserts were batched: %,d statements (one per batch) with %,d "
        + "rows (%,d stored)", statementsInWindow, rowsInWindow, rowsInWindow)), show.out);
    CliRunner csv = CliRunner.run("compare", dir.toString(), "--format", "csv");
    assertTrue(csv.out.contains("\nload,INSERT-BATCH (per batch),p95,us,"), csv.out);
    assertTrue(csv.out.contains("\nload,INSERT (buffer append),p95,us,"), csv.out);
    assertTrue(csv.out.contains("\nload,,insert cost per row (batched),us,"), csv.out);
  }
}
