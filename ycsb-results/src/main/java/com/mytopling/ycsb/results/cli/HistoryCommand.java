package com.mytopling.ycsb.results.cli;

import com.mytopling.ycsb.results.ReportException;
import com.mytopling.ycsb.results.history.ChangePoints;
import com.mytopling.ycsb.results.history.History;
import com.mytopling.ycsb.results.html.HistoryReport;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * history RUN_OR_HISTORY... [--out FILE]: runs over time, one series per setup, with the change points of their
 * throughput and p99 (E-Divisive means), each named by the first point after it; --out writes the page with charts.
 */
final class HistoryCommand implements Command {
  @Override
  public String name() {
    return "history";
  }

  @Override
  public String description() {
    return "RUN_OR_HISTORY... [--out FILE]: series of runs over time and their change points (E-Divisive means)";
  }

  @Override
  public int run(String[] args, PrintStream out, PrintStream err) throws Exception {
    Options options = new Options();
    options.addOption(Option.builder().longOpt("out").hasArg().argName("FILE").desc("also write the HTML page").build());
    options.addOption(Option.builder().longOpt("phase").hasArg().argName("load|run").desc("phase (default run)").build());
    options.addOption("h", "help", false, "this help");
    CommandLine line = Options2.parse(name(), options, args);
    if (line.hasOption("help")) {
      out.print(Options2.help("report history RUN_OR_HISTORY... [--out FILE]   (run folders, history entries of "
          + "scripts/ci-regression --history, or folders of either)", options));
      return ReportCli.OK;
    }
    if (line.getArgList().isEmpty()) {
      throw new ReportException("history needs at least one run folder or history folder");
    }
    String phase = line.getOptionValue("phase", "run");
    List<History.Series> series = History.of(line.getArgList().stream().map(Path::of).toList(), phase);
    out.print(text(series));
    if (line.hasOption("out")) {
      System.setProperty("java.awt.headless", "true");
      Path file = Path.of(line.getOptionValue("out"));
      if (file.toAbsolutePath().getParent() != null) {
        Files.createDirectories(file.toAbsolutePath().getParent());
      }
      Files.writeString(file, new HistoryReport(series).render(), StandardCharsets.UTF_8);
      out.println("report: " + file);
    }
    return ReportCli.OK;
  }

  static String text(List<History.Series> series) {
    StringBuilder b = new StringBuilder();
    int n = 1;
    for (History.Series s : series) {
      List<History.Point> pts = s.points();
      b.append(String.format(Locale.ROOT, "series %d: %s (%d points%s)%n", n++, s.setup(), pts.size(),
          pts.get(0).time() == null ? "" : ", " + pts.get(0).time() + " .. " + pts.get(pts.size() - 1).time()));
      for (History.Metric m : s.metrics()) {
        b.append("  ").append(m.name()).append(": ");
        if (m.changes().isEmpty()) {
          int after = ChangePoints.pointsNeededAfter(pts.size());
          b.append("no change point").append(after < 0 ? " (" + pts.size() + " points: too few for the test to name "
              + "one; about 14 are needed)" : " (one is named once " + after + " points after it exist)").append('\n');
          continue;
        }
        b.append(m.changes().size()).append(m.changes().size() == 1 ? " change point" : " change points").append('\n');
        for (ChangePoints.ChangePoint c : m.changes()) {
          b.append("    ").append(describe(pts.get(c.index()), c.index())).append(": ")
              .append(Format.number(c.meanBefore())).append(" -> ").append(Format.number(c.meanAfter())).append(" (")
              .append(Format.percent(c.change())).append(", ").append(worse(m, c) ? "worse" : "better")
              .append(String.format(Locale.ROOT, "; permutation p %.3f, t-test p %.2g)%n", c.permutationP(),
                  c.tTestP()));
        }
      }
    }
    return b.toString();
  }

  static boolean worse(History.Metric m, ChangePoints.ChangePoint c) {
    return m.higherIsBetter() ? c.change() < 0 : c.change() > 0;
  }

  /** The first point after a change: its place, name, time, commit and image, as far as known. */
  static String describe(History.Point p, int index) {
    StringBuilder b = new StringBuilder("from point ").append(index + 1).append(" (").append(p.name());
    if (p.time() != null) {
      b.append(", ").append(p.time());
    }
    if (p.commit() != null) {
      b.append(", commit ").append(p.commit().length() > 12 ? p.commit().substring(0, 12) : p.commit());
    }
    if (p.image() != null) {
      b.append(", ").append(p.image());
    }
    return b.append(')').toString();
  }
}
