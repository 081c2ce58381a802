package com.mytopling.ycsb.results.cli;

import com.mytopling.ycsb.results.ReportException;
import com.mytopling.ycsb.results.chart.ChartedRun;
import com.mytopling.ycsb.results.html.HtmlReport;
import com.mytopling.ycsb.results.html.SweepReport;
import com.mytopling.ycsb.results.parse.RunLoader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/** html RUN... --out FILE: one self-contained HTML page of one or more runs, or of a sweep folder. */
final class HtmlCommand implements Command {
  @Override
  public String name() {
    return "html";
  }

  @Override
  public String description() {
    return "RUN... --out FILE: a self-contained HTML report of one run, several side by side, or a sweep folder";
  }

  @Override
  public int run(String[] args, PrintStream out, PrintStream err) throws Exception {
    Options options = new Options();
    options.addOption(Option.builder().longOpt("out").hasArg().argName("FILE").desc("the HTML file to write").build());
    options.addOption("h", "help", false, "this help");
    CommandLine line = Options2.parse(name(), options, args);
    if (line.hasOption("help")) {
      out.print(Options2.help("report html RUN... --out FILE   (RUN: a run folder, summary.json, or a sweep folder)",
          options));
      return ReportCli.OK;
    }
    if (!line.hasOption("out")) {
      throw new ReportException("html needs --out FILE");
    }
    if (line.getArgList().isEmpty()) {
      throw new ReportException("html needs at least one RUN");
    }
    System.setProperty("java.awt.headless", "true");
    Path file = Path.of(line.getOptionValue("out"));
    String page;
    List<Path> inputs = line.getArgList().stream().map(Path::of).toList();
    if (inputs.size() == 1 && SweepReport.isSweep(inputs.get(0))) {
      page = new SweepReport(inputs.get(0), file.toAbsolutePath().getParent()).render();
    } else {
      List<ChartedRun> runs = inputs.stream()
          .map(p -> new ChartedRun(RunLoader.load(p), Files.isDirectory(p) ? p : p.toAbsolutePath().getParent()))
          .toList();
      page = new HtmlReport(runs).render();
    }
    if (file.toAbsolutePath().getParent() != null) {
      Files.createDirectories(file.toAbsolutePath().getParent());
    }
    Files.writeString(file, page, StandardCharsets.UTF_8);
    out.println("report: " + file);
    return ReportCli.OK;
  }
}
