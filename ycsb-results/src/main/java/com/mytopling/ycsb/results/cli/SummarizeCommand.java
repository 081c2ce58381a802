package com.mytopling.ycsb.results.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.mytopling.ycsb.results.Json;
import com.mytopling.ycsb.results.ReportException;
import com.mytopling.ycsb.results.model.RunSummary;
import com.mytopling.ycsb.results.parse.RunFolder;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/**
 * summarize RUN_DIR...: reads run folders (YCSB's output, HdrHistogram logs, the binding's and file workload's run
 * records, metadata.json) into their summaries. Without --format it writes each RUN_DIR/summary.json; with
 * {@code --format json} or {@code tsv} it prints them instead, for scripts and other tools to read rather than
 * grepping YCSB's text (docs/results.md, "Reading runs from scripts").
 */
final class SummarizeCommand implements Command {
  /** The per-interval status series is left out of the TSV: it is a time series, not a figure of the run. */
  private static final String STATUS_SERIES = "status_series";

  @Override
  public String name() {
    return "summarize";
  }

  @Override
  public String description() {
    return "RUN_DIR...: parse run folders into RUN_DIR/summary.json, or print them (--format json|tsv)";
  }

  @Override
  public int run(String[] args, PrintStream out, PrintStream err) throws Exception {
    Options options = new Options();
    options.addOption(null, "format", true, "print the summaries instead of writing summary.json: json (one "
        + "object per run, an array for several) or tsv (run, field, value: one line per figure)");
    options.addOption(null, "stdout", false, "the same as --format json");
    options.addOption("h", "help", false, "this help");
    CommandLine line = Options2.parse(name(), options, args);
    if (line.hasOption("help")) {
      out.print(Options2.help("report summarize RUN_DIR... [--format json|tsv]", options));
      return ReportCli.OK;
    }
    String format = line.getOptionValue("format", line.hasOption("stdout") ? "json" : null);
    if (format != null && !format.equals("json") && !format.equals("tsv")) {
      throw new ReportException("summarize: --format '" + format + "' is neither json nor tsv");
    }
    if (line.getArgList().isEmpty()) {
      throw new ReportException("summarize takes one or more RUN_DIR, got none");
    }
    List<RunSummary> summaries = new ArrayList<>();
    for (String arg : line.getArgList()) {
      summaries.add(RunFolder.summarize(Path.of(arg)));
    }
    if (format == null) {
      for (int i = 0; i < summaries.size(); i++) {
        Path file = Path.of(line.getArgList().get(i)).resolve("summary.json");
        Json.writeFile(file, summaries.get(i));
        out.println("summary: " + file);
      }
    } else if (format.equals("json")) {
      out.print(Json.write(summaries.size() == 1 ? summaries.get(0) : summaries));
    } else {
      out.println("run\tfield\tvalue");
      for (int i = 0; i < summaries.size(); i++) {
        tsv(out, clean(line.getArgList().get(i)), "", Json.mapper().valueToTree(summaries.get(i)));
      }
    }
    out.flush();
    for (RunSummary summary : summaries) {
      String prefix = summaries.size() == 1 ? "" : summary.run + ": ";
      summary.phases.forEach((phase, p) -> p.warnings.forEach(w -> err.println("report summarize: " + prefix + phase
          + ": " + w)));
    }
    return ReportCli.OK;
  }

  /**
   * One line per value of the summary's JSON: the field is its path with dots (phases.run.successful_throughput_ops,
   * phases.run.operations.READ.percentiles_us.p99), array elements by index; the same names as the JSON.
   */
  private static void tsv(PrintStream out, String run, String path, JsonNode node) {
    if (node.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        if (!e.getKey().equals(STATUS_SERIES)) {
          tsv(out, run, path.isEmpty() ? e.getKey() : path + "." + e.getKey(), e.getValue());
        }
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        tsv(out, run, path + "." + i, node.get(i));
      }
    } else if (!node.isNull()) {
      out.println(run + "\t" + clean(path) + "\t" + clean(node.asText()));
    }
  }

  /** Tabs and line breaks would split a TSV line: they become spaces. */
  private static String clean(String text) {
    return text.replace('\t', ' ').replace('\n', ' ').replace('\r', ' ');
  }
}
