package com.mytopling.ycsb.results.cli;

import com.mytopling.ycsb.results.ReportException;
import com.mytopling.ycsb.results.chart.ChartedRun;
import com.mytopling.ycsb.results.chart.RunCharts;
import com.mytopling.ycsb.results.parse.RunLoader;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/** chart RUN... --out DIR: PNG and SVG charts of one or more runs. */
final class ChartCommand implements Command {
  @Override
  public String name() {
    return "chart";
  }

  @Override
  public String description() {
    return "RUN... --out DIR: PNG and SVG charts (throughput, latency percentiles, over time, distribution)";
  }

  @Override
  public int run(String[] args, PrintStream out, PrintStream err) throws Exception {
    Options options = new Options();
    options.addOption(Option.builder().longOpt("out").hasArg().argName("DIR").desc("folder for the chart files").build());
    options.addOption("h", "help", false, "this help");
    CommandLine line = Options2.parse(name(), options, args);
    if (line.hasOption("help")) {
      out.print(Options2.help("report chart RUN... --out DIR", options));
      return ReportCli.OK;
    }
    if (!line.hasOption("out")) {
      throw new ReportException("chart needs --out DIR");
    }
    if (line.getArgList().isEmpty()) {
      throw new ReportException("chart needs at least one RUN");
    }
    System.setProperty("java.awt.headless", "true");
    List<ChartedRun> runs = line.getArgList().stream().map(Path::of)
        .map(p -> new ChartedRun(RunLoader.load(p), Files.isDirectory(p) ? p : p.toAbsolutePath().getParent()))
        .toList();
    RunCharts charts = new RunCharts(runs, Path.of(line.getOptionValue("out")));
    charts.drawAll();
    charts.written().forEach(f -> out.println("chart: " + f));
    charts.skipped().forEach(s -> err.println("report chart: skipped " + s));
    return ReportCli.OK;
  }
}
