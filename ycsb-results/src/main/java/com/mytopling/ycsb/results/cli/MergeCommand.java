package com.mytopling.ycsb.results.cli;

import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.results.Json;
import com.mytopling.ycsb.results.ReportException;
import com.mytopling.ycsb.results.parse.HdrLog;
import com.mytopling.ycsb.results.model.RunSummary;
import com.mytopling.ycsb.results.parse.RunFolder;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * merge INPUT... --out RUN_DIR: gathers several clients' outputs into one run folder in the multi-client layout
 * (hdr/PHASE/client-N/, client-N/PHASE.out|err) and summarizes it, so latencies come from merged histograms and
 * throughput is summed over the common window. An INPUT is a run folder of one client (for instance one per host)
 * or a folder of *.hdr files of one phase (then --phase says which).
 */
final class MergeCommand implements Command {
  @Override
  public String name() {
    return "merge";
  }

  @Override
  public String description() {
    return "RUN_OR_HDR_DIR... --out RUN_DIR: merge clients' HdrHistogram logs into exact overall figures";
  }

  @Override
  public int run(String[] args, PrintStream out, PrintStream err) throws IOException {
    Options options = new Options();
    options.addOption(Option.builder().longOpt("out").hasArg().argName("RUN_DIR").desc("merged run folder to write").build());
    options.addOption(Option.builder().longOpt("phase").hasArg().argName("load|run")
        .desc("phase of inputs that are plain *.hdr folders (default run)").build());
    options.addOption("h", "help", false, "this help");
    CommandLine line = Options2.parse(name(), options, args);
    if (line.hasOption("help")) {
      out.print(Options2.help("report merge RUN_OR_HDR_DIR... --out RUN_DIR [--phase load|run]", options));
      return ReportCli.OK;
    }
    if (!line.hasOption("out")) {
      throw new ReportException("merge needs --out RUN_DIR");
    }
    String hdrPhase = line.getOptionValue("phase", "run");
    if (!RunFolder.PHASES.contains(hdrPhase)) {
      throw new ReportException("--phase must be load or run, got '" + hdrPhase + "'");
    }
    Path outDir = Path.of(line.getOptionValue("out"));
    List<Path> inputs = line.getArgList().stream().map(Path::of).toList();
    if (inputs.isEmpty() && !Files.isDirectory(outDir.resolve("hdr"))) {
      throw new ReportException("merge needs at least one input folder (or an --out folder already holding hdr/PHASE/client-N/)");
    }
    Files.createDirectories(outDir);
    List<Map<String, Object>> sources = new ArrayList<>();
    int client = nextClientNumber(outDir);
    for (Path input : inputs) {
      sources.add(gather(input, outDir, "client-" + client++, hdrPhase));
    }
    if (!inputs.isEmpty()) {
      writeMetadata(outDir, sources);
    }
    RunSummary summary = RunFolder.summarize(outDir);
    Path file = outDir.resolve("summary.json");
    Json.writeFile(file, summary);
    summary.phases.forEach((phase, p) -> p.warnings.forEach(w -> err.println("report merge: " + phase + ": " + w)));
    out.println("summary: " + file);
    return ReportCli.OK;
  }

  /** Clients are numbered from 0, as scripts/benchmark numbers its own. */
  private static int nextClientNumber(Path outDir) {
    int next = 0;
    for (String phase : RunFolder.PHASES) {
      Path dir = outDir.resolve("hdr").resolve(phase);
      while (Files.isDirectory(dir.resolve("client-" + next))) {
        next++;
      }
    }
    return next;
  }

  /** Copies one client's files into the merged layout; returns what is known about the source. */
  private static Map<String, Object> gather(Path input, Path outDir, String client, String hdrPhase) throws IOException {
    if (!Files.isDirectory(input)) {
      throw new ReportException(input + ": no such folder");
    }
    Map<String, Object> source = new LinkedHashMap<>();
    source.put("client", client);
    source.put("from", input.toString());
    if (!HdrLog.filesIn(input).isEmpty()) {
      copyHdr(input, outDir.resolve("hdr").resolve(hdrPhase).resolve(client));
      return source;
    }
    boolean found = false;
    for (String phase : RunFolder.PHASES) {
      Path hdrDir = input.resolve("hdr").resolve(phase);
      if (Files.isDirectory(hdrDir) && !HdrLog.filesIn(hdrDir).isEmpty()) {
        copyHdr(hdrDir, outDir.resolve("hdr").resolve(phase).resolve(client));
        found = true;
        for (String suffix : List.of(".out", ".err")) {
          Path raw = input.resolve(phase + suffix);
          if (Files.isRegularFile(raw)) {
            Files.createDirectories(outDir.resolve(client));
            Files.copy(raw, outDir.resolve(client).resolve(phase + suffix), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
          }
        }
      }
    }
    if (!found) {
      throw new ReportException(input + ": neither *.hdr files nor hdr/load or hdr/run folders with *.hdr files "
          + "(run YCSB with -p " + Registry.HDRHISTOGRAM_FILEOUTPUT.name() + "=true)");
    }
    Map<String, Object> metadata = RunFolder.readMetadata(input);
    if (metadata != null) {
      source.put("metadata", metadata);
    }
    return source;
  }

  private static void copyHdr(Path from, Path to) throws IOException {
    Files.createDirectories(to);
    for (Path file : HdrLog.filesIn(from)) {
      Files.copy(file, to.resolve(file.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
    // The phase's clock (its warm-up cut) goes with its logs.
    Path clock = from.resolve(com.mytopling.ycsb.results.model.PhaseClock.FILE_NAME);
    if (Files.isRegularFile(clock)) {
      Files.copy(clock, to.resolve(clock.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
  }

  @SuppressWarnings("unchecked")
  private static void writeMetadata(Path outDir, List<Map<String, Object>> sources) throws IOException {
    Path file = outDir.resolve("metadata.json");
    Map<String, Object> metadata = RunFolder.readMetadata(outDir);
    if (metadata == null) {
      metadata = new LinkedHashMap<>();
      for (Map<String, Object> source : sources) {
        if (source.get("metadata") instanceof Map<?, ?> first) {
          metadata.putAll((Map<String, Object>) first);
          break;
        }
      }
      long totalOps = 0;
      boolean allKnown = true;
      for (Map<String, Object> source : sources) {
        Object ops = source.get("metadata") instanceof Map<?, ?> m ? m.get("operations") : null;
        if (ops instanceof Number n) {
          totalOps += n.longValue();
        } else {
          allKnown = false;
        }
      }
      if (allKnown && !sources.isEmpty()) {
        metadata.put("operations", totalOps);
      } else {
        metadata.remove("operations");
      }
      metadata.remove("host");
    }
    List<Object> mergedFrom = metadata.get("merged_from") instanceof List<?> l ? new ArrayList<>(l) : new ArrayList<>();
    mergedFrom.addAll(sources);
    metadata.put("merged_from", mergedFrom);
    metadata.put("clients", RunFolder.clientCount(outDir));
    Json.writeFile(file, metadata);
  }
}
