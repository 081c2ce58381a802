package com.mytopling.ycsb.results.cli;

import com.mytopling.ycsb.results.Json;
import com.mytopling.ycsb.results.model.RunSummary;
import com.mytopling.ycsb.results.parse.RunFolder;
import java.io.PrintStream;
import java.nio.file.Path;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/** summarize RUN_DIR: writes RUN_DIR/summary.json from the raw files of the run. */
final class SummarizeCommand implements Command {
  @Override
  public String name() {
    return "summarize";
  }

  @Override
  public String description() {
    return "RUN_DIR: parse a run folder's YCSB output into RUN_DIR/summary.json";
  }

  @Override
  public int run(String[] args, PrintStream out, PrintStream err) throws Exception {
    Options options = new Options();
    options.addOption(null, "stdout", false, "print the summary instead of writing summary.json");
    options.addOption("h", "help", false, "this help");
    CommandLine line = Options2.parse(name(), options, args);
    if (line.hasOption("help")) {
      out.print(Options2.help("report summarize RUN_DIR [--stdout]", options));
      return ReportCli.OK;
    }
    if (line.getArgList().size() != 1) {
      throw new com.mytopling.ycsb.results.ReportException("summarize takes exactly one RUN_DIR, got "
          + line.getArgList().size());
    }
    Path dir = Path.of(line.getArgList().get(0));
    RunSummary summary = RunFolder.summarize(dir);
    if (line.hasOption("stdout")) {
      out.print(Json.write(summary));
    } else {
      Path file = dir.resolve("summary.json");
      Json.writeFile(file, summary);
      out.println("summary: " + file);
    }
    summary.phases.forEach((phase, p) -> p.warnings.forEach(w -> err.println("report summarize: " + phase + ": " + w)));
    return ReportCli.OK;
  }
}
