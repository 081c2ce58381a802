package com.mytopling.ycsb.results.window;

import com.mytopling.ycsb.results.merge.HistogramStats;
import com.mytopling.ycsb.results.model.OperationStats;
import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.parse.OperationNames;
import java.util.ArrayList;
import java.util.List;

/**
 * A phase summary's figures from its {@link MeasuredPhase}: the one code path from the window to latency,
 * throughput, successful and failed operations, batched-insert statements, rows and cost per row, and for several
 * clients the merge's facts and the timeline.
 */
public final class PhaseFigures {
  private static final String INTENDED_PREFIX = "Intended-";
  static final String METHOD = "HdrHistogram intervals on one clock, counted by their exact recorded bounds: those "
      + "inside the window count whole, one crossing an edge (another client's, or a series cut before the last one) "
      + "in proportion to its overlap; latency percentiles from the union of the intervals at least half inside the "
      + "window";

  private PhaseFigures() {
  }

  /** Latency, throughput and the window's facts (successful figures: {@link #successful}). */
  public static PhaseSummary of(MeasuredPhase m, boolean merged) {
    PhaseSummary phase = new PhaseSummary();
    m.histograms().forEach((series, histogram) -> {
      OperationStats stats = HistogramStats.of(histogram);
      // The series' count is the window's, as every other count of the phase (edge intervals prorated), so that the
      // operation types add up to the phase's operations; the latency figures are of the whole intervals at least
      // half inside the window (a histogram cannot be split in time).
      stats.count = Math.round(m.count(series::equals));
      if (series.startsWith(INTENDED_PREFIX)) {
        phase.intendedOperations.put(series.substring(INTENDED_PREFIX.length()), stats);
      } else if (OperationNames.isJvmSample(series)) {
        phase.jvmSamples.put(series, stats);
      } else if (stats.count > 0 || OperationNames.isCountedDbCall(series)) {
        phase.operations.put(series, stats);
      }
    });
    double operations = m.operations(MeasuredPhase.Count.ALL_OPERATIONS);
    phase.runtimeMs = (double) m.lengthMs();
    phase.throughputOps = operations * 1000.0 / m.lengthMs();
    PhaseSummary.Window w = new PhaseSummary.Window();
    w.startMs = m.startMs();
    w.endMs = m.endMs();
    w.clock = m.serverClock() ? "server" : "client";
    m.clients().forEach(c -> w.clockOffsetsMs.put(c.client(), c.offsetMs()));
    w.operations = Math.round(operations);
    w.method = METHOD;
    phase.window = w;
    phase.warnings.addAll(m.warnings());
    if (merged) {
      merge(m, phase, operations);
    }
    return phase;
  }

  private static void merge(MeasuredPhase m, PhaseSummary phase, double operations) {
    PhaseSummary.MergeInfo info = new PhaseSummary.MergeInfo();
    info.clientCount = m.clients().size();
    info.method = "sum over clients of operations in the common time window (edge intervals prorated) / window length";
    info.commonWindowStartMs = m.startMs();
    info.commonWindowEndMs = m.endMs();
    info.opsInCommonWindow = operations;
    List<String> counted = new ArrayList<>();
    phase.clients = new ArrayList<>();
    for (int c = 0; c < m.clients().size(); c++) {
      ClientLogs client = m.clients().get(c);
      PhaseSummary.ClientFigures figures = new PhaseSummary.ClientFigures();
      figures.client = client.client();
      long[] work = m.work(c);
      figures.startMs = work[0];
      figures.endMs = work[1];
      figures.operations = client.logs().stream()
          .mapToLong(l -> MeasuredPhase.Count.ALL_OPERATIONS.sign(l.series()) * l.totalCount()).sum();
      figures.successfulOpsInCommonWindow = Math.max(0, m.operations(client,
          MeasuredPhase.Count.SUCCESSFUL_OPERATIONS, m.startMs(), m.endMs()));
      phase.clients.add(figures);
      client.logs().forEach(l -> {
        if (MeasuredPhase.Count.ALL_OPERATIONS.sign(l.series()) != 0 && !counted.contains(l.series())) {
          counted.add(l.series());
        }
      });
    }
    info.countedSeries = counted.stream().sorted().toList();
    phase.merge = info;
    phase.statusSeries = Timeline.build(m);
  }

  /** Epoch milliseconds of elapsed 0 of a merged phase's timeline: the first client's first operation. */
  public static Long timelineStartMs(MeasuredPhase m) {
    return Timeline.startMs(m);
  }

  /**
   * The successful operations of the window and their throughput, and the batched inserts' figures of the window.
   *
   * @param notStored per client, the rows its inserts handed over that were not stored after all (whole phase: when
   *     they happened is unknown, so all come off the window's count and the figure errs low); null for a client
   *     whose output is missing, which leaves a batched phase without successful figures
   */
  public static void successful(MeasuredPhase m, PhaseSummary phase, List<Long> notStored) {
    boolean batched = m.clients().stream().anyMatch(c -> c.logs().stream()
        .anyMatch(l -> l.series().equals(OperationNames.INSERT_BATCH)));
    double successful = 0;
    boolean known = true;
    for (int c = 0; c < m.clients().size(); c++) {
      ClientLogs client = m.clients().get(c);
      double ok = Math.max(0, m.operations(client, MeasuredPhase.Count.SUCCESSFUL_OPERATIONS, m.startMs(), m.endMs()));
      Long lost = notStored.get(c);
      if (lost == null) {
        known &= !batched;
      } else if (lost > 0) {
        ok = Math.max(0, ok - lost);
        phase.warnings.add((m.clients().size() == 1 ? "" : client.client() + ": ") + lost + " inserted rows were not "
            + "stored after all; taken off the successful operations of the measured window wherever they fell "
            + "(the figure errs low)");
      }
      if (phase.clients != null) {
        phase.clients.get(c).successfulOpsInCommonWindow = ok;
      }
      successful += ok;
    }
    if (!known) {
      phase.successfulThroughputOps = null;
      phase.successfulOperations = null;
      if (phase.merge != null) {
        phase.merge.successfulOpsInCommonWindow = null;
      }
      phase.warnings.add("successful throughput unknown: inserts were batched and not every client's output is here");
    } else {
      phase.successfulOperations = Math.round(successful);
      phase.successfulThroughputOps = successful * 1000.0 / m.lengthMs();
      phase.window.failedOperations = Math.max(0, phase.window.operations - phase.successfulOperations);
      if (phase.merge != null) {
        phase.merge.successfulOpsInCommonWindow = successful;
      }
    }
    if (batched) {
      batchedInserts(m, phase, notStored);
    }
  }

  /** Statements, rows handed to batches, rows stored and the cost per row, all of the window. */
  private static void batchedInserts(MeasuredPhase m, PhaseSummary phase, List<Long> notStored) {
    PhaseSummary.BatchedInserts b = new PhaseSummary.BatchedInserts();
    OperationStats statements = phase.operations.get(OperationNames.INSERT_BATCH);
    b.statements = statements == null ? 0L : statements.count;
    b.rows = Math.round(m.count(s -> s.equals(OperationNames.INSERT)
        || (OperationNames.isCountedDbCall(s) && s.startsWith(OperationNames.INSERT + "-"))));
    if (notStored.stream().allMatch(n -> n != null)) {
      long lost = notStored.stream().mapToLong(Long::longValue).sum();
      b.rowsStored = Math.max(0, Math.round(m.count(s -> s.equals(OperationNames.INSERT))) - lost);
    }
    if (b.rows > 0 && statements != null && statements.avgUs != null) {
      b.costPerRowUs = statements.avgUs * statements.count / b.rows;
    }
    phase.batchedInserts = b;
  }
}
