package com.mytopling.ycsb.results.model;

import com.mytopling.ycsb.core.record.RunRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Everything known about one phase (load or run) of one run. */
public class PhaseSummary {
  /** YCSB's [OVERALL] RunTime(ms), or the common time window of a merged multi-client phase. */
  public Double runtimeMs;
  /**
   * Throughput of successful operations (docs/results.md, "Successful operations"): what a reader should quote.
   * Over YCSB's run time, or for a merged phase over the common window. Absent when return codes are unknown.
   */
  public Double successfulThroughputOps;
  /** Successful operations of the whole phase (all clients), from the return codes. */
  public Long successfulOperations;
  /**
   * YCSB's [OVERALL] Throughput(ops/sec), or the summed throughput of all clients over the common window: every
   * operation, failed ones included (a server that fails fast raises it).
   */
  public Double throughputOps;
  /**
   * "actual" when latencies are measured from the actual start of each operation (YCSB's default),
   * "intended" when YCSB ran with measurement.interval=intended (then plain READ etc. hold intended latency).
   */
  public String latencyBasis = "actual";
  /** Where the numbers come from: "ycsb-output" (load.out/run.out) or "merged-hdr-logs". */
  public String source;
  /** Workload operations and binding series: READ, UPDATE, INSERT, CLEANUP, INSERT-BATCH, READ-FAILED, ... */
  public Map<String, OperationStats> operations = new LinkedHashMap<>();
  /** Latency from the intended start time (YCSB's Intended-READ etc.), keyed without the prefix. */
  public Map<String, OperationStats> intendedOperations = new LinkedHashMap<>();
  /** measurement.trackjvm samples (THREAD_COUNT, USED_MEM_MB, ...): not latencies, kept apart. */
  public Map<String, OperationStats> jvmSamples = new LinkedHashMap<>();
  /** Other single-value lines, e.g. TOTAL_GC_TIME -> {"Time(ms)": 7}. */
  public Map<String, Map<String, Double>> metrics = new LinkedHashMap<>();
  /** Status lines of the phase's stderr, in order. */
  public List<StatusSample> statusSeries = new ArrayList<>();
  /**
   * The binding's row totals (stored, failed, reconnects, lock_retries, errors, ...) from its record
   * ({@link #binding}), when it has them; for a merged phase, each figure summed over the clients.
   */
  public Map<String, String> bindingTotals;
  /**
   * The binding's run record of a single client's phase (binding-PHASE.json, or for older folders the same facts
   * from its lines, schema_version 0); null when there is none. A merged phase has one per client instead.
   */
  public RunRecord binding;
  /** The file workload's run record of a single client's phase (fileloader-PHASE.json); null when not used. */
  public RunRecord fileLoader;
  /**
   * Present when inserts were batched (the binding's INSERT-BATCH series): then the INSERT series times appending a
   * row to the client's buffer, not a server round trip, and the figures that describe inserts are these and the
   * INSERT-BATCH series' latency (one sample per multi-row statement).
   */
  public BatchedInserts batchedInserts;
  /** Present when the first seconds of the phase were left out of its figures (measurement.warmup). */
  public Warmup warmup;
  /** Whether the measured window was steady, so that a reader knows when to run longer. */
  public SteadyState steadyState;
  /** The server's counters over the measured window (server-metrics.csv), when they were sampled. */
  public ServerMetricsSummary serverMetrics;
  /**
   * The one measured window every figure of the phase is counted in (docs/results.md, "The measured window"); absent
   * for a phase without HdrHistogram interval logs, whose figures are YCSB's own report of the whole phase.
   */
  public Window window;
  /** The client's counts against the server's own counters over the same window (docs/results.md, "Self-check"). */
  public SelfCheck selfCheck;
  /**
   * What the client itself cost over the measured window (its CPU, GC, the host's busy share; start-up apart) and
   * whether it was client-bound; for a merged phase the clients' sum. Null for folders without the launcher's record.
   */
  public ClientCost clientCost;
  /** Present when the phase was merged from several clients' HdrHistogram logs. */
  public MergeInfo merge;
  /** Per-client figures of a merged phase, as each client's own output reported them. */
  public List<ClientFigures> clients;
  /** HdrHistogram log files found for this phase, relative to the run folder. */
  public List<String> hdrLogs = new ArrayList<>();
  /** Things a reader of the numbers should know: odd lines, missing sections. */
  public List<String> warnings = new ArrayList<>();

  /** Operations as a reader means them: without YCSB's CLEANUP housekeeping series. */
  public Map<String, OperationStats> workloadOperations() {
    Map<String, OperationStats> result = new LinkedHashMap<>();
    operations.forEach((name, stats) -> {
      if (!"CLEANUP".equals(name)) {
        result.put(name, stats);
      }
    });
    return result;
  }

  /** What batched inserts cost: per statement (operations.INSERT-BATCH) and per row. */
  public static class BatchedInserts {
    /**
     * Statements the server executed for the batches: one per batch, or one per row where the driver sent each row of
     * a batch alone ({@link #statementsPer}).
     */
    public Long statements;
    /** Batches sent (INSERT-BATCH samples: the binding's executeBatch, multi-row INSERT or LOAD DATA calls). */
    public Long batches;
    /** What the server executed as one statement: batch or row (the binding's record; batch when not recorded). */
    public String statementsPer;
    /** Rows in them (INSERT-BATCH return codes, one per row). */
    public Long rows;
    /** Rows the server stored (INSERT-BATCH Return=OK). */
    public Long rowsStored;
    /** Time of all batches divided by their rows: the server round trips' cost per row, in microseconds. */
    public Double costPerRowUs;
  }

  /** The warm-up left out of the phase's throughput and latency figures. */
  public static class Warmup {
    /** measurement.warmup as asked for. */
    public long seconds;
    /**
     * Where the measured window starts on the clock of status_series (seconds): the warm-up's end, or for merged
     * clients the latest client's.
     */
    public Double measuredFromS;
    /** How interval boundaries were handled, in words. */
    public String method;
  }

  /** The verdict on the measured window's per-interval throughput (docs/results.md, "Steady state"). */
  public static class SteadyState {
    /** True steady, false not steady, null too few intervals to tell. */
    public Boolean steady;
    /** One line for people: the verdict and what to do. */
    public String verdict;
    /** Status intervals judged. */
    public int intervals;
    public Double meanOpsPerSec;
    /** Fitted linear change across the window, percent of the mean (negative: throughput fell). */
    public Double trendPercent;
    /** Standard deviation of the intervals' throughput, percent of the mean. */
    public Double variationPercent;
    /** The rule's thresholds, percent. */
    public double maxTrendPercent;
    public double maxVariationPercent;
    /** Which throughput was judged: "successful" or "all operations". */
    public String series;
  }

  /** The server's counters over the measured window, from server-metrics.csv. */
  public static class ServerMetricsSummary {
    /** The file, relative to the run folder. */
    public String file;
    /** Intervals with figures in the measured window. */
    public int intervals;
    /** Each counter's change per second over those intervals, each gauge's average; keys are the CSV's columns. */
    public Map<String, Double> perSecond = new LinkedHashMap<>();
    /** Each gauge's largest value. */
    public Map<String, Double> max = new LinkedHashMap<>();
    /** Median time of one sample's query, milliseconds: what sampling cost the server and the connection. */
    public Double medianSampleMs;
    /** Intervals without figures (failed samples), with the reasons the file gives. */
    public List<String> problems = new ArrayList<>();
  }

  /** The measured window of a phase and the clock it is on. */
  public static class Window {
    /** Epoch milliseconds on the phase clock: after the warm-up, to the end of the last interval with work. */
    public long startMs;
    public long endMs;
    /** "server": the clients' starts on the database server's clock (start barrier); "client": their own clocks. */
    public String clock;
    /** Each client's offset from its own clock to the phase clock, milliseconds (0 on its own clock). */
    public Map<String, Long> clockOffsetsMs = new LinkedHashMap<>();
    /** Operations in the window (DB calls less one per read-modify-write, failed ones included). */
    public Long operations;
    /** Operations in the window that failed (successful_operations is the rest). */
    public Long failedOperations;
    /** How intervals were counted, in words. */
    public String method;
  }

  /** How a merged phase was computed. */
  public static class MergeInfo {
    public int clientCount;
    /** Epoch milliseconds of the window in which all clients were running. */
    public long commonWindowStartMs;
    public long commonWindowEndMs;
    /** Operations counted inside the common window, all clients together. */
    public double opsInCommonWindow;
    /** Successful operations inside the common window, all clients together (see successfulThroughputOps). */
    public Double successfulOpsInCommonWindow;
    /** Series counted as operations for throughput. */
    public List<String> countedSeries = new ArrayList<>();
    public String method;
    /**
     * Clients started by scale-out's start barrier: the latest client's start minus the earliest's, milliseconds,
     * from each client's start on the database server's clock (phase.json); absent when any client ran without it.
     */
    public Long startSpreadMs;
    /** How far the spread may be off: the two largest clock uncertainties of the clients, added. */
    public Long startSpreadUncertaintyMs;
  }

  /** One client's own view of a merged phase. */
  public static class ClientFigures {
    public String client;
    public Double runtimeMs;
    public Double throughputOps;
    public Long operations;
    /** First and last moment the client's logs show work (operations, or the cleanup that flushes batches). */
    public Long startMs;
    public Long endMs;
    /** Successful operations of this client inside the common window (from its successful-call series). */
    public Double successfulOpsInCommonWindow;
    /** The client's successful operations, from its own output's return codes. */
    public Long successfulOperations;
    /** The client's binding totals (from its record); the phase's bindingTotals are their sums. */
    public Map<String, String> bindingTotals;
    /** The client's binding record (client-N/binding-PHASE.json, or its lines in older folders). */
    public RunRecord binding;
    /** The client's file workload record, when it used the file workload. */
    public RunRecord fileLoader;
    /** The client's own cost (client-N/client-cost-PHASE.json), when recorded. */
    public ClientCost clientCost;
  }
}
