package com.mytopling.ycsb.results.parse;

import com.mytopling.ycsb.core.dialect.InsertStatements;
import com.mytopling.ycsb.core.Secrets;
import com.mytopling.ycsb.core.config.Property;
import com.mytopling.ycsb.core.config.Registry;
import com.fasterxml.jackson.core.type.TypeReference;
import com.mytopling.ycsb.results.Json;
import com.mytopling.ycsb.results.ReportException;
import com.mytopling.ycsb.results.model.OperationStats;
import com.mytopling.ycsb.results.model.PhaseClock;
import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.model.RunSummary;
import com.mytopling.ycsb.results.window.ClientLogs;
import com.mytopling.ycsb.results.window.MeasuredPhase;
import com.mytopling.ycsb.results.window.PhaseFigures;
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
 * <p>Every figure of a phase with HdrHistogram interval logs (one client's hdr/PHASE/*.hdr, or several clients'
 * hdr/PHASE/client-N/) comes from its one measured window ({@link MeasuredPhase}); PHASE.out (each client's) adds the
 * return codes, PHASE.err the status lines of a single client. A phase without interval logs has YCSB's own report
 * of the whole phase, the only figures there are.
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
    boolean intendedOnly = "intended".equals(property(summary.metadata, Registry.MEASUREMENT_INTERVAL.name()));
    int statusIntervalS = statusIntervalS(summary.metadata);
    summary.server = readServer(dir, summary.metadata);
    for (String phaseName : PHASES) {
      MeasuredPhase model = measuredPhase(dir, phaseName, summary.metadata);
      PhaseSummary phase = model == null ? readYcsbPhase(dir, phaseName, intendedOnly, summary.metadata)
          : readMeasuredPhase(dir, phaseName, model, intendedOnly, summary.metadata);
      if (phase != null) {
        summary.phases.put(phaseName, phase);
        ServerMetricsReader.attach(dir, phaseName, phase, model);
        countStatements(phase);
        phase.steadyState = phaseName.equals("run") ? SteadyStateRule.judge(phase, model, statusIntervalS) : null;
        phase.selfCheck = SelfCheckRule.check(dir, phaseName, phase, model, summary.server, summary.metadata);
      }
    }
    ServerMetricsReader.checkRecorded(dir, summary);
    if (summary.phases.isEmpty()) {
      throw new ReportException(dir + ": not a run folder (no load.out, run.out or hdr/<phase>/client-N/ inside)");
    }
    return summary;
  }

  /**
   * The phase's one measured window (docs/results.md, "The measured window"), or null when the phase has no
   * HdrHistogram interval logs (its figures are then YCSB's own report of the whole phase).
   */
  public static MeasuredPhase measuredPhase(Path dir, String phaseName) {
    return measuredPhase(dir, phaseName, readMetadata(dir));
  }

  private static MeasuredPhase measuredPhase(Path dir, String phaseName, Map<String, Object> metadata) {
    Path hdrDir = dir.resolve("hdr").resolve(phaseName);
    List<Path> folders = clientDirs(hdrDir);
    boolean merged = !folders.isEmpty();
    if (!merged) {
      if (!Files.isDirectory(hdrDir) || HdrLog.filesIn(hdrDir).isEmpty()
          || !Files.isRegularFile(dir.resolve(phaseName + ".out"))) {
        return null;
      }
      folders = List.of(hdrDir);
    }
    List<PhaseClock> clocks = folders.stream().map(PhaseClock::in).toList();
    long warmupS = phaseName.equals("run") ? warmupSeconds(metadata, clocks) : 0;
    boolean serverClock = clocks.stream().allMatch(ClientLogs::onServerClock);
    List<ClientLogs> clients = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    for (int i = 0; i < folders.size(); i++) {
      String client = merged ? folders.get(i).getFileName().toString() : "client";
      clients.add(ClientLogs.read(client, folders.get(i), clocks.get(i), serverClock, warmupS, notes));
    }
    MeasuredPhase model = MeasuredPhase.of(clients, serverClock, warmupS);
    model.warnings().addAll(notes.stream().map(n -> "warm-up: " + n).toList());
    return model;
  }

  /**
   * measurement.warmup of the run, seconds: metadata's property when it has one, else the clients' phase.json (a merge
   * of folders without metadata.json must still leave each client's warm-up out); 0 when neither says.
   */
  static long warmupSeconds(Map<String, Object> metadata, List<PhaseClock> clocks) {
    String value = property(metadata, Registry.MEASUREMENT_WARMUP.name());
    if (value == null || value.isBlank()) {
      return clocks.stream().filter(c -> c != null && c.warmupS != null).mapToLong(c -> c.warmupS).max().orElse(0);
    }
    try {
      return Math.max(0, Long.parseLong(value.trim()));
    } catch (NumberFormatException e) {
      throw new ReportException("metadata.json: " + Registry.MEASUREMENT_WARMUP.name() + " '" + value
          + "' is not a whole number of seconds");
    }
  }

  /** status.interval of the run, seconds (YCSB's default 10); a recorded value is read leniently, as it was run. */
  static int statusIntervalS(Map<String, Object> metadata) {
    Property p = Registry.STATUS_INTERVAL;
    String value = property(metadata, p.name());
    try {
      return value == null || value.isBlank() ? (int) p.wholeDefault()
          : Math.max((int) p.min(), Integer.parseInt(value.trim()));
    } catch (NumberFormatException e) {
      return (int) p.wholeDefault();
    }
  }

  /** A phase without interval logs: YCSB's own report of the whole phase, the only figures there are. */
  private static PhaseSummary readYcsbPhase(Path dir, String phaseName, boolean intendedOnly,
                                            Map<String, Object> metadata) {
    Path out = dir.resolve(phaseName + ".out");
    if (!Files.isRegularFile(out)) {
      return null;
    }
    PhaseSummary phase = PhaseAssembler.assemble(YcsbOutputParser.parse(out.toString(), read(out)), intendedOnly);
    SuccessfulOperations.fill(phase);
    long warmupS = phaseName.equals("run") ? warmupSeconds(metadata, List.of()) : 0;
    if (warmupS > 0) {
      phase.warnings.add("a " + warmupS + " s warm-up was asked for but there are no HdrHistogram interval logs "
          + "(" + Registry.HDRHISTOGRAM_FILEOUTPUT.name() + "=true): these figures include the warm-up");
    }
    readOwnFacts(dir, phaseName, phase);
    return phase;
  }

  /**
   * A phase with interval logs, one client or several: every figure from its measured window; YCSB's own output (each
   * client's PHASE.out) adds the return codes, which cover the whole phase, and the rows its inserts handed over
   * but did not store.
   */
  private static PhaseSummary readMeasuredPhase(Path dir, String phaseName, MeasuredPhase model, boolean intendedOnly,
                                                Map<String, Object> metadata) {
    boolean merged = !clientDirs(dir.resolve("hdr").resolve(phaseName)).isEmpty();
    PhaseSummary phase = PhaseFigures.of(model, merged);
    phase.latencyBasis = intendedOnly ? "intended" : "actual";
    List<Long> notStored = new ArrayList<>();
    if (merged) {
      phase.source = "merged-hdr-logs";
      startSpread(phase.merge, clientDirs(dir.resolve("hdr").resolve(phaseName)));
      List<Map<String, String>> totals = new ArrayList<>();
      for (PhaseSummary.ClientFigures client : phase.clients) {
        Path clientDir = dir.resolve(client.client);
        client.binding = BindingRecords.binding(clientDir, phaseName);
        client.fileLoader = BindingRecords.fileLoader(clientDir, phaseName);
        BindingRecords.problems(client.binding).forEach(p -> phase.warnings.add(client.client + ": " + p));
        client.bindingTotals = BindingRecords.totals(client.binding);
        totals.add(client.bindingTotals);
        client.clientCost = ClientCosts.read(clientDir, phaseName);
        Path out = clientDir.resolve(phaseName + ".out");
        if (!Files.isRegularFile(out)) {
          phase.warnings.add(dir.relativize(out) + " missing: return codes and the client's own figures unknown");
          notStored.add(null);
          continue;
        }
        PhaseSummary own = PhaseAssembler.assemble(YcsbOutputParser.parse(out.toString(), read(out)), intendedOnly);
        client.runtimeMs = own.runtimeMs;
        client.throughputOps = own.throughputOps;
        // The client's own warnings (return codes other than OK, missing lines) hold for the merged phase too.
        own.warnings.forEach(w -> phase.warnings.add(client.client + ": " + w));
        own.operations.forEach((op, stats) -> addReturnCodes(phase.operations, op, stats));
        client.successfulOperations = SuccessfulOperations.count(own);
        notStored.add(SuccessfulOperations.rowsNotStored(own));
      }
      phase.bindingTotals = BindingRecords.sum(totals);
      phase.clientCost = ClientCosts.sum(phase.clients.stream().map(c -> c.client).toList(),
          phase.clients.stream().map(c -> c.clientCost).toList());
    } else {
      Path out = dir.resolve(phaseName + ".out");
      PhaseSummary own = PhaseAssembler.assemble(YcsbOutputParser.parse(out.toString(), read(out)), intendedOnly);
      phase.source = model.clients().get(0).cutMs() != null ? "hdr-logs-after-warmup" : "hdr-logs";
      phase.latencyBasis = own.latencyBasis;
      own.operations.forEach((op, stats) -> addReturnCodes(phase.operations, op, stats));
      own.intendedOperations.forEach((op, stats) -> addReturnCodes(phase.intendedOperations, op, stats));
      phase.metrics = own.metrics;
      phase.warnings.addAll(own.warnings);
      notStored.add(SuccessfulOperations.rowsNotStored(own));
      readOwnFacts(dir, phaseName, phase);
    }
    PhaseFigures.successful(model, phase, notStored);
    ClientLogs first = model.clients().get(0);
    if (first.cutMs() != null) {
      Long zero = merged ? PhaseFigures.timelineStartMs(model) : first.clockStartMs();
      phase.warmup = warmup(model.warmupS(), zero == null ? null : (model.startMs() - zero) / 1000.0, model);
    }
    phase.window.method += "; return_codes are YCSB's counts of the whole phase" + (first.cutMs() != null
        ? ", warm-up included" : "");
    Path hdrDir = dir.resolve("hdr").resolve(phaseName);
    for (Path folder : merged ? clientDirs(hdrDir) : List.of(hdrDir)) {
      HdrLog.filesIn(folder).forEach(f -> phase.hdrLogs.add(dir.relativize(f).toString()));
    }
    return phase;
  }

  private static PhaseSummary.Warmup warmup(long warmupS, Double measuredFromS, MeasuredPhase model) {
    PhaseSummary.Warmup w = new PhaseSummary.Warmup();
    w.seconds = warmupS;
    w.measuredFromS = measuredFromS;
    StringBuilder method = new StringBuilder("HdrHistogram intervals that start at or after the warm-up's end count "
        + "in full, earlier ones not at all: the status thread cut every series' interval at that moment, so no "
        + "interval is split or prorated");
    model.warnings().stream().filter(n -> n.startsWith("warm-up: "))
        .forEach(n -> method.append("; ").append(n.substring("warm-up: ".length())));
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
    phase.clientCost = ClientCosts.read(dir, phaseName);
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

  /**
   * A batched phase's statements are what the server executed: its batches, or its rows where the driver sent each row
   * of a batch as a statement of its own (MariaDB Connector/J's executeBatch on MySQL), by the binding's record.
   */
  private static void countStatements(PhaseSummary phase) {
    PhaseSummary.BatchedInserts b = phase.batchedInserts;
    if (b == null) {
      return;
    }
    InsertStatements per = BindingRecords.insertStatements(phase);
    b.batches = b.statements;
    b.statementsPer = per.recordValue();
    if (per == InsertStatements.ROW) {
      b.statements = b.rows;
    }
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
