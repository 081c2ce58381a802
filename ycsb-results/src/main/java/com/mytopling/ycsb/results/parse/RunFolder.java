package com.mytopling.ycsb.results.parse;

import com.mytopling.ycsb.core.Secrets;
import com.fasterxml.jackson.core.type.TypeReference;
import com.mytopling.ycsb.results.Json;
import com.mytopling.ycsb.results.ReportException;
import com.mytopling.ycsb.results.merge.HdrPhaseMerger;
import com.mytopling.ycsb.results.model.OperationStats;
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
    for (String phaseName : PHASES) {
      PhaseSummary phase = readPhase(dir, phaseName, intendedOnly);
      if (phase != null) {
        summary.phases.put(phaseName, phase);
      }
    }
    if (summary.phases.isEmpty()) {
      throw new ReportException(dir + ": not a run folder (no load.out, run.out or hdr/<phase>/client-N/ inside)");
    }
    summary.server = readServer(dir, summary.metadata);
    return summary;
  }

  private static PhaseSummary readPhase(Path dir, String phaseName, boolean intendedOnly) {
    List<Path> clientDirs = clientDirs(dir.resolve("hdr").resolve(phaseName));
    if (!clientDirs.isEmpty()) {
      return readMergedPhase(dir, phaseName, clientDirs, intendedOnly);
    }
    Path out = dir.resolve(phaseName + ".out");
    if (!Files.isRegularFile(out)) {
      return null;
    }
    PhaseSummary phase = PhaseAssembler.assemble(YcsbOutputParser.parse(out.toString(), read(out)), intendedOnly);
    SuccessfulOperations.fill(phase);
    Path err = dir.resolve(phaseName + ".err");
    if (Files.isRegularFile(err)) {
      StderrParser.Stderr stderr = StderrParser.parse(read(err));
      phase.statusSeries = stderr.status();
      phase.bindingTotals = stderr.bindingTotals();
      phase.warnings.addAll(stderr.bindingProblems());
    }
    Path hdrDir = dir.resolve("hdr").resolve(phaseName);
    if (Files.isDirectory(hdrDir)) {
      HdrLog.filesIn(hdrDir).forEach(f -> phase.hdrLogs.add(dir.relativize(f).toString()));
    }
    return phase;
  }

  private static PhaseSummary readMergedPhase(Path dir, String phaseName, List<Path> clientDirs, boolean intendedOnly) {
    List<HdrPhaseMerger.ClientLogs> logs = new ArrayList<>();
    for (Path clientDir : clientDirs) {
      logs.add(new HdrPhaseMerger.ClientLogs(clientDir.getFileName().toString(), HdrPhaseMerger.readDir(clientDir)));
    }
    PhaseSummary phase = HdrPhaseMerger.merge(logs);
    phase.latencyBasis = intendedOnly ? "intended" : "actual";
    for (Path clientDir : clientDirs) {
      HdrLog.filesIn(clientDir).forEach(f -> phase.hdrLogs.add(dir.relativize(f).toString()));
    }
    BindingTotalsSum totals = new BindingTotalsSum();
    boolean outputMissing = false;
    for (PhaseSummary.ClientFigures client : phase.clients) {
      Path err = dir.resolve(client.client).resolve(phaseName + ".err");
      if (Files.isRegularFile(err)) {
        StderrParser.Stderr stderr = StderrParser.parse(read(err));
        stderr.bindingProblems().forEach(p -> phase.warnings.add(client.client + ": " + p));
        client.bindingTotals = stderr.bindingTotals();
        totals.add(client.client, stderr.bindingTotals());
      }
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
    phase.bindingTotals = totals.sum();
    phase.warnings.addAll(totals.problems());
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

  private static Map<String, String> readServer(Path dir, Map<String, Object> metadata) {
    List<Path> candidates = new ArrayList<>(List.of(dir.resolve("run.err"), dir.resolve("load.err")));
    for (Path client : clientDirs(dir)) {
      candidates.add(client.resolve("run.err"));
      candidates.add(client.resolve("load.err"));
    }
    for (Path err : candidates) {
      if (Files.isRegularFile(err)) {
        Map<String, String> server = StderrParser.parse(read(err)).server();
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
