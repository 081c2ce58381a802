package com.mytopling.ycsb.results.cli;

import com.mytopling.ycsb.results.Json;
import com.mytopling.ycsb.results.ReportException;
import com.mytopling.ycsb.results.model.RunSummary;
import com.mytopling.ycsb.results.parse.RunLoader;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/** compare RUN... : side-by-side table with ratios against the first run; differing settings flagged. */
final class CompareCommand implements Command {
  @Override
  public String name() {
    return "compare";
  }

  @Override
  public String description() {
    return "RUN... [--format md|csv|json]: side-by-side table, ratios against the first run, setup differences flagged";
  }

  @Override
  public int run(String[] args, PrintStream out, PrintStream err) {
    Options options = new Options();
    options.addOption(Option.builder().longOpt("format").hasArg().argName("md|csv|json")
        .desc("output format (default md)").build());
    options.addOption("h", "help", false, "this help");
    CommandLine line = Options2.parse(name(), options, args);
    if (line.hasOption("help")) {
      out.print(Options2.help("report compare RUN... [--format md|csv|json]", options));
      return ReportCli.OK;
    }
    String format = line.getOptionValue("format", "md").toLowerCase(Locale.ROOT);
    if (!List.of("md", "csv", "json").contains(format)) {
      throw new ReportException("--format must be md, csv or json, got '" + format + "'");
    }
    if (line.getArgList().isEmpty()) {
      throw new ReportException("compare needs at least one RUN");
    }
    List<RunSummary> runs = line.getArgList().stream().map(a -> RunLoader.load(Path.of(a))).toList();
    List<ComparisonTable.Row> rows = ComparisonTable.build(runs);
    List<String> differences = RunSettings.differences(runs);
    switch (format) {
      case "csv" -> {
        out.print(csv(runs, rows));
        differences.forEach(d -> err.println("report compare: not like-for-like: " + d));
      }
      case "json" -> out.print(json(runs, rows, differences));
      default -> out.print(markdown(runs, rows, differences));
    }
    return ReportCli.OK;
  }

  static String markdown(List<RunSummary> runs, List<ComparisonTable.Row> rows, List<String> differences) {
    StringBuilder text = new StringBuilder();
    List<String> header = header(runs);
    text.append("| ").append(String.join(" | ", header)).append(" |\n");
    text.append("|").append(" --- |".repeat(1)).append(" ---: |".repeat(header.size() - 1)).append('\n');
    for (ComparisonTable.Row row : rows) {
      text.append("| ").append(String.join(" | ", cells(row, runs.size()))).append(" |\n");
    }
    if (!differences.isEmpty()) {
      text.append("\n**Not like-for-like** (these runs differ in setup; ratios mix the database with these):\n\n");
      differences.forEach(d -> text.append("- ").append(d).append('\n'));
    }
    for (RunSummary run : runs) {
      if (run.metadata != null && run.metadata.get("unknown") instanceof List<?> unknown && !unknown.isEmpty()) {
        text.append("\nNot known for ").append(run.run).append(": ");
        text.append(String.join("; ", unknown.stream().map(String::valueOf).toList())).append('\n');
      }
    }
    text.append("\nRatios are against the first run (").append(runs.get(0).run)
        .append("). Throughput: higher is better; latency: lower is better. Successful throughput counts operations "
            + "that returned OK (batched inserts: rows the server stored); all operations include failed ones.\n");
    return text.toString();
  }

  private static List<String> header(List<RunSummary> runs) {
    List<String> header = new ArrayList<>(List.of("metric", runs.get(0).run));
    for (int i = 1; i < runs.size(); i++) {
      header.add(runs.get(i).run);
      header.add("ratio");
    }
    return header;
  }

  private static List<String> cells(ComparisonTable.Row row, int runCount) {
    List<String> cells = new ArrayList<>(List.of(row.label(), value(row, 0)));
    for (int i = 1; i < runCount; i++) {
      cells.add(value(row, i));
      cells.add(Format.ratio(row.ratio(i)));
    }
    return cells;
  }

  private static String value(ComparisonTable.Row row, int i) {
    return row.unit().equals("ops/s") ? Format.throughput(row.values().get(i)) : Format.number(row.values().get(i));
  }

  static String csv(List<RunSummary> runs, List<ComparisonTable.Row> rows) {
    StringBuilder text = new StringBuilder("phase,operation,metric,unit");
    for (int i = 0; i < runs.size(); i++) {
      text.append(',').append(csvCell(runs.get(i).run));
      if (i > 0) {
        text.append(',').append(csvCell("ratio " + runs.get(i).run));
      }
    }
    text.append('\n');
    for (ComparisonTable.Row row : rows) {
      text.append(row.phase()).append(',').append(row.operation() == null ? "" : csvCell(row.operation()))
          .append(',').append(row.metric()).append(',').append(row.unit());
      for (int i = 0; i < runs.size(); i++) {
        Double v = row.values().get(i);
        text.append(',').append(v == null ? "" : plain(v));
        if (i > 0) {
          Double r = row.ratio(i);
          text.append(',').append(r == null ? "" : String.format(Locale.ROOT, "%.4f", r));
        }
      }
      text.append('\n');
    }
    return text.toString();
  }

  private static String plain(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
  }

  private static String csvCell(String s) {
    return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
  }

  static String json(List<RunSummary> runs, List<ComparisonTable.Row> rows, List<String> differences) {
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("runs", runs.stream().map(r -> Map.of("run", r.run, "kind", r.kind)).toList());
    List<Map<String, Object>> jsonRows = new ArrayList<>();
    for (ComparisonTable.Row row : rows) {
      Map<String, Object> r = new LinkedHashMap<>();
      r.put("phase", row.phase());
      r.put("operation", row.operation());
      r.put("metric", row.metric());
      r.put("unit", row.unit());
      r.put("values", row.values());
      List<Double> ratios = new ArrayList<>();
      for (int i = 0; i < runs.size(); i++) {
        ratios.add(row.ratio(i));
      }
      r.put("ratios_to_first", ratios);
      jsonRows.add(r);
    }
    doc.put("rows", jsonRows);
    doc.put("not_like_for_like", differences);
    return Json.write(doc);
  }
}
