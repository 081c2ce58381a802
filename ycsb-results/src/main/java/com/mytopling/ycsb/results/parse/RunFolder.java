package com.mytopling.ycsb.results.parse;

import com.mytopling.ycsb.core.Secrets;
import com.fasterxml.jackson.core.type.TypeReference;
import com.mytopling.ycsb.results.Json;
import com.mytopling.ycsb.results.ReportException;
import com.mytopling.ycsb.results.merge.HdrPhaseMerger;
import com.mytopling.ycsb.results.model.OperationStats;
import com.mytopling.ycsb.results.model.PhaseClock;
import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.model.RunSummary;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a run folder (the layout benchmark writes, see docs/results.md) into a {@link RunSummary}.
 *
 * <p>Single client: PHASE.out is the authority for the figures; PHASE.err gives the status series and server;
 * hdr/PHASE/*.hdr are listed for distribution charts. Several clients (hdr/PHASE/client-N/ folders): latencies and
 * throughput come from merging the clients' HdrHistogram logs; client-N/PHASE.out, when present, adds each client's
 * own figures and return codes.
 */
public final class RunFolder {
  public static final List<String> PHASES = List.of("load", "run");
  private static final Pattern CLIENT_DIR = Pattern.compile("client-(\\d+)");

  private RunFolder() {
  }

  public static RunSummary summarize(Path dir) {
    if (!Files.isDirectory(dir)) {
      throw new ReportException(dir + ": no such run folder");
    }
    RunSummary summary = new RunSummary();
    summary.run = dir.toAbsolutePath().normalize().getFileName().toString();
    summary.metadata = readMetadata(dir);
    if (summary.metadata != null && "published".equals(summary.metadata.get("kind"))) {
      summary.kind = "published";
    }
    boolean intendedOnly = "intended".equals(property(summary.metadata, "measurement.interval"));
    long warmupS = warmupSeconds(summary.metadata);
    for (String phaseName : PHASES) {
      // The warm-up is the run phase's: a load is measured whole.
      PhaseSummary phase = readPhase(dir, phaseName, intendedOnly, phaseName.equals("run") ? warmupS : 0);
      if (phase != null) {
        summary.phases.put(phaseName, phase);
        ServerMetricsReader.attach(dir, phaseName, phase, statusIntervalS(summary.metadata));
        phase.steadyState = phaseName.equals("run") ? SteadyStateRule.judge(phase, statusIntervalS(summary.metadata))
            : null;
      }
    }
    ServerMetricsReader.checkRecorded(dir, summary);
    if (summary.phases.isEmpty()) {
      throw new ReportException(dir + ": not a run folder (no load.out, run.out or hdr/<phase>/client-N/ inside)");
    }
    summary.server = readServer(dir, summary.metadata);
    return summary;
  }

  /** measurement.warmup of the run (metadata's properties), seconds; 0 when none. */
  static long warmupSeconds(Map<String, Object> metadata) {
    String value = property(metadata, "measurement.warmup");
    if (value == null || value.isBlank()) {
      return 0;
    }
    try {
      return Math.max(0, Long.parseLong(value.trim()));
    } catch (NumberFormatException e) {
      throw new ReportException("metadata.json: measurement.warmup '" + value + "' is not a whole number of seconds");
    }
  }

  /** status.interval of the run, seconds (YCSB's default 10). */
  static int statusIntervalS(Map<String, Object> metadata) {
    String value = property(metadata, "status.interval");
    try {
      return value == null || value.isBlank() ? 10 : Math.max(1, Integer.parseInt(value.trim()));
    } catch (NumberFormatException e) {
      return 10;
    }
  }

  private static PhaseSummary readPhase(Path dir, String phaseName, boolean intendedOnly, long warmupS) {
    Path hdrDir = dir.resolve("hdr").resolve(phaseName);
    List<Path> clientDirs = clientDirs(hdrDir);
    if (!clientDirs.isEmpty()) {
      return readMergedPhase(dir, phaseName, clientDirs, intendedOnly, warmupS);
    }
    Path out = dir.resolve(phaseName + ".out");
    if (!Files.isRegularFile(out)) {
      return null;
    }
    PhaseSummary phase = PhaseAssembler.assemble(YcsbOutputParser.parse(out.toString(), read(out)), intendedOnly);
    SuccessfulOperations.fill(phase);
    if (warmupS > 0) {
      if (Files.isDirectory(hdrDir) && !HdrLog.filesIn(hdrDir).isEmpty()) {
        return readWarmedUpPhase(dir, phaseName, phase, warmupS);
      }
      phase.warnings.add("a " + warmupS + " s warm-up was asked for but there are no HdrHistogram interval logs "
          + "(hdrhistogram.fileoutput=true): these figures include the warm-up");
    }
    readOwnFacts(dir, phaseName, phase);
    if (Files.isDirectory(hdrDir)) {
      HdrLog.filesIn(hdrDir).forEach(f -> phase.hdrLogs.add(dir.relativize(f).toString()));
    }
    return phase;
  }

  /**
   * A single client's phase without its warm-up: latency and throughput from the interval logs that start at or
   * after the warm-up's cut, as a one-client merge; return codes, metrics and status lines from YCSB's own output.
   */
  private static PhaseSummary readWarmedUpPhase(Path dir, String phaseName, PhaseSummary whole, long warmupS) {
    Path hdrDir = dir.resolve("hdr").resolve(phaseName);
    List<HdrLog> logs = HdrPhaseMerger.readDir(hdrDir);
    PhaseClock clock = PhaseClock.in(hdrDir);
    List<String> notes = new ArrayList<>();
    long cut = warmupCut(clock, warmupS, logs, "", notes);
    PhaseSummary phase = HdrPhaseMerger.merge(List.of(new HdrPhaseMerger.ClientLogs("client", logs)),
        java.util.Collections.singletonList(cut));
    phase.source = "hdr-logs-after-warmup";
    phase.latencyBasis = whole.latencyBasis;
    whole.operations.forEach((op, stats) -> addReturnCodes(phase.operations, op, stats));
    whole.intendedOperations.forEach((op, stats) -> addReturnCodes(phase.intendedOperations, op, stats));
    phase.metrics = whole.metrics;
    phase.successfulOperations = whole.successfulOperations;
    phase.warnings.addAll(whole.warnings);
    double inWindow = phase.clients.get(0).successfulOpsInCommonWindow;
    long notStored = SuccessfulOperations.rowsNotStored(whole);
    if (notStored > 0) {
      inWindow = Math.max(0, inWindow - notStored);
      phase.warnings.add(notStored + " inserted rows were not stored after all; taken off the successful operations "
          + "of the measured window wherever they fell (the figure errs low)");
    }
    phase.successfulThroughputOps = inWindow * 1000.0 / phase.runtimeMs;
    long windowStart = phase.merge.commonWindowStartMs;
    phase.merge = null;
    phase.clients = null;
    readOwnFacts(dir, phaseName, phase);
    HdrLog.filesIn(hdrDir).forEach(f -> phase.hdrLogs.add(dir.relativize(f).toString()));
    SuccessfulOperations.fillBatchedInserts(phase);
    phase.warmup = warmup(warmupS, clock != null && clock.startMs != null
        ? (windowStart - clock.startMs) / 1000.0 : (double) warmupS, notes);
    phase.warnings.add("return codes and successful_operations cover the whole phase, warm-up included; throughput "
        + "and latency only the measured window");
    return phase;
  }

  /**
   * The moment a client's warm-up ended: the cut its phase.json records; without one (logs of an older harness) the
   * client's first interval's start plus the warm-up, where no interval boundary need lie.
   */
  private static long warmupCut(PhaseClock clock, long warmupS, List<HdrLog> logs, String client, List<String> notes) {
    if (clock != null && clock.warmupEndMs != null) {
      return clock.warmupEndMs;
    }
    if (clock != null && clock.endMs != null) {
      throw new ReportException((client.isEmpty() ? "" : client + ": ") + "the phase ended before its " + warmupS
          + " s warm-up did: nothing was measured (run longer or lower measurement.warmup)");
    }
    long first = logs.stream().mapToLong(HdrLog::startMs).min().orElseThrow();
    notes.add((client.isEmpty() ? "" : client + ": ") + "no phase.json beside the logs: the warm-up is counted from "
        + "the first interval's start, and an interval crossing its end is left out whole");
    return first + warmupS * 1000;
  }

  private static PhaseSummary.Warmup warmup(long warmupS, Double measuredFromS, List<String> notes) {
    PhaseSummary.Warmup w = new PhaseSummary.Warmup();
    w.seconds = warmupS;
    w.measuredFromS = measuredFromS;
    StringBuilder method = new StringBuilder("HdrHistogram intervals that start at or after the warm-up's end count "
        + "in full, earlier ones not at all: the status thread cut every series' interval at that moment, so no "
        + "interval is split or prorated");
    notes.forEach(n -> method.append("; ").append(n));
    w.method = method.toString();
    return w;
  }

  /** The spread of the clients' starts on the server's clock, when every client went through the start barrier. */
  private static void startSpread(PhaseSummary.MergeInfo merge, List<Path> clientDirs) {
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    List<Long> uncertainties = new ArrayList<>();
    for (Path clientDir : clientDirs) {
      PhaseClock clock = PhaseClock.in(clientDir);
      if (clock == null || clock.startedServerMs == null) {
        return;
      }
      first = Math.min(first, clock.startedServerMs);
      last = Math.max(last, clock.startedServerMs);
      uncertainties.add(clock.serverClockUncertaintyMs == null ? 0 : clock.serverClockUncertaintyMs);
    }
    if (clientDirs.isEmpty()) {
      return;
    }
    uncertainties.sort(java.util.Comparator.reverseOrder());
    merge.startSpreadMs = last - first;
    merge.startSpreadUncertaintyMs = uncertainties.get(0) + (uncertainties.size() > 1 ? uncertainties.get(1) : 0);
  }

  private static PhaseSummary readMergedPhase(Path dir, String phaseName, List<Path> clientDirs, boolean intendedOnly,
                                              long warmupS) {
    List<HdrPhaseMerger.ClientLogs> logs = new ArrayList<>();
    List<Long> cuts = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    for (Path clientDir : clientDirs) {
      String client = clientDir.getFileName().toString();
      List<HdrLog> clientLogs = HdrPhaseMerger.readDir(clientDir);
      logs.add(new HdrPhaseMerger.ClientLogs(client, clientLogs));
      cuts.add(warmupS > 0 ? warmupCut(PhaseClock.in(clientDir), warmupS, clientLogs, client, notes) : null);
    }
    PhaseSummary phase = HdrPhaseMerger.merge(logs, cuts);
    startSpread(phase.merge, clientDirs);
    phase.latencyBasis = intendedOnly ? "intended" : "actual";
    if (warmupS > 0) {
      Long timelineStart = HdrPhaseMerger.timelineStartMs(logs);
      phase.warmup = warmup(warmupS, timelineStart == null ? null
          : (phase.merge.commonWindowStartMs - timelineStart) / 1000.0, notes);
      phase.warnings.add("return codes and successful_operations cover the whole phase, warm-up included; "
          + "throughput and latency only the measured window");
    }
    for (Path clientDir : clientDirs) {
      HdrLog.filesIn(clientDir).forEach(f -> phase.hdrLogs.add(dir.relativize(f).toString()));
    }
    List<Map<String, String>> totals = new ArrayList<>();
    boolean outputMissing = false;
    for (PhaseSummary.ClientFigures client : phase.clients) {
      Path clientDir = dir.resolve(client.client);
      client.binding = BindingRecords.binding(clientDir, phaseName);
      client.fileLoader = BindingRecords.fileLoader(clientDir, phaseName);
      BindingRecords.problems(client.binding).forEach(p -> phase.warnings.add(client.client + ": " + p));
      client.bindingTotals = BindingRecords.totals(client.binding);
      totals.add(client.bindingTotals);
      Path out = dir.resolve(client.client).resolve(phaseName + ".out");
      if (!Files.isRegularFile(out)) {
        phase.warnings.add(dir.relativize(out) + " missing: return codes and the client's own figures unknown");
        outputMissing = true;
        continue;
      }
      PhaseSummary own = PhaseAssembler.assemble(YcsbOutputParser.parse(out.toString(), read(out)), intendedOnly);
      client.runtimeMs = own.runtimeMs;
      client.throughputOps = own.throughputOps;
      // The client's own warnings (return codes other than OK, missing lines) hold for the merged phase too.
      own.warnings.forEach(w -> phase.warnings.add(client.client + ": " + w));
      own.operations.forEach((op, stats) -> addReturnCodes(phase.operations, op, stats));
      client.successfulOperations = SuccessfulOperations.count(own);
      long notStored = SuccessfulOperations.rowsNotStored(own);
      if (notStored > 0 && client.successfulOpsInCommonWindow != null) {
        // Inserts that returned OK but whose rows are not stored: when they happened is unknown, so all come off.
        client.successfulOpsInCommonWindow = Math.max(0, client.successfulOpsInCommonWindow - notStored);
        phase.warnings.add(client.client + ": " + notStored + " inserted rows were not stored after all; taken off "
            + "its successful operations in the common window wherever they fell (the figure errs low)");
      }
    }
    phase.bindingTotals = BindingRecords.sum(totals);
    phase.successfulOperations = SuccessfulOperations.count(phase);
    SuccessfulOperations.fillBatchedInserts(phase);
    if (outputMissing && SuccessfulOperations.batched(phase)) {
      // Without every client's return codes the rows its batches stored are unknown.
      phase.successfulThroughputOps = null;
      phase.merge.successfulOpsInCommonWindow = null;
      phase.warnings.add("successful throughput unknown: inserts were batched and not every client's output is here");
    } else if (phase.merge != null) {
      double inWindow = phase.clients.stream().mapToDouble(c -> c.successfulOpsInCommonWindow).sum();
      phase.merge.successfulOpsInCommonWindow = inWindow;
      phase.successfulThroughputOps = inWindow * 1000.0
          / (phase.merge.commonWindowEndMs - phase.merge.commonWindowStartMs);
    }
    return phase;
  }

  private static void addReturnCodes(Map<String, OperationStats> into, String op, OperationStats from) {
    if (from.returnCodes.isEmpty()) {
      return;
    }
    OperationStats target = into.computeIfAbsent(op, k -> new OperationStats());
    from.returnCodes.forEach((code, n) -> target.returnCodes.merge(code, n, Long::sum));
  }

  /** client-N folders (clients are numbered from 0) in client-number order. */
  static List<Path> clientDirs(Path hdrPhaseDir) {
    if (!Files.isDirectory(hdrPhaseDir)) {
      return List.of();
    }
    try (var entries = Files.list(hdrPhaseDir)) {
      return entries.filter(Files::isDirectory)
          .filter(p -> CLIENT_DIR.matcher(p.getFileName().toString()).matches())
          .sorted((a, b) -> Integer.compare(clientNumber(a), clientNumber(b)))
          .toList();
    } catch (IOException e) {
      throw new ReportException(hdrPhaseDir + ": cannot list (" + e.getMessage() + ")");
    }
  }

  /** Number of client-N folders under hdr/load or hdr/run, whichever has more. */
  public static int clientCount(Path runDir) {
    return PHASES.stream().mapToInt(p -> clientDirs(runDir.resolve("hdr").resolve(p)).size()).max().orElse(0);
  }

  private static int clientNumber(Path dir) {
    Matcher m = CLIENT_DIR.matcher(dir.getFileName().toString());
    return m.matches() ? Integer.parseInt(m.group(1)) : Integer.MAX_VALUE;
  }

  /**
   * A single client's phase: its status lines (YCSB's), and the binding's and file workload's records (or, in older
   * folders, the same facts from their lines) with the totals and problems they hold.
   */
  private static void readOwnFacts(Path dir, String phaseName, PhaseSummary phase) {
    Path err = dir.resolve(phaseName + ".err");
    if (Files.isRegularFile(err)) {
      phase.statusSeries = StatusLineParser.parse(read(err));
    }
    phase.binding = BindingRecords.binding(dir, phaseName);
    phase.fileLoader = BindingRecords.fileLoader(dir, phaseName);
    phase.bindingTotals = BindingRecords.totals(phase.binding);
    phase.warnings.addAll(BindingRecords.problems(phase.binding));
  }

  private static Map<String, String> readServer(Path dir, Map<String, Object> metadata) {
    List<Path> folders = new ArrayList<>(List.of(dir));
    folders.addAll(clientDirs(dir));
    for (String phase : List.of("run", "load")) {
      for (Path folder : folders) {
        Map<String, String> server = BindingRecords.server(BindingRecords.binding(folder, phase));
        if (server != null) {
          return server;
        }
      }
    }
    if (metadata != null && metadata.get("server") instanceof Map<?, ?> fromMetadata) {
      Map<String, String> server = new LinkedHashMap<>();
      fromMetadata.forEach((k, v) -> server.put(String.valueOf(k), v == null ? null : String.valueOf(v)));
      return server;
    }
    return null;
  }

  public static Map<String, Object> readMetadata(Path dir) {
    Path file = dir.resolve("metadata.json");
    if (!Files.isRegularFile(file)) {
      return null;
    }
    try {
      Map<String, Object> raw = Json.mapper().readValue(file.toFile(), new TypeReference<LinkedHashMap<String, Object>>() {
      });
      return Secrets.maskMap(raw);
    } catch (IOException e) {
      throw new ReportException(file + ": not valid JSON (" + e.getMessage().lines().findFirst().orElse("") + ")");
    }
  }

  /** A workload property from metadata.properties, as a string; null when absent. */
  public static String property(Map<String, Object> metadata, String name) {
    if (metadata == null || !(metadata.get("properties") instanceof Map<?, ?> props)) {
      return null;
    }
    Object value = props.get(name);
    return value == null ? null : String.valueOf(value);
  }

  static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (java.nio.charset.MalformedInputException e) {
      throw new ReportException(file + ": not text (binary or not UTF-8): not YCSB output?");
    } catch (IOException e) {
      throw new ReportException(file + ": cannot read (" + e.getMessage() + ")");
    }
  }
}
