package com.mytopling.ycsb.results.html;

import com.mytopling.ycsb.results.CliRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * docs/speed.md's page-weight figures: report.html of synthetic run folders (SyntheticRun) of 15 s, 1 min, 1 h and
 * 24 h at 10 s intervals; for each, the run folder's size, the time scripts/report html took (in this JVM, after a
 * warm-up page), the page's size, and Chromium's time to load and lay it out (navigation start to the load event, then
 * a forced layout), median of {@code rounds}. A developers' measurement, printed as a Markdown table:
 * <pre>java -cp ycsb-results/target/test-classes:ycsb-results/target/classes:ycsb-results/target/lib/*:$(cat
 *   ycsb-results/target/test-classpath.txt) com.mytopling.ycsb.results.html.ReportWeight [DIR] [ROUNDS]</pre>
 */
public final class ReportWeight {
  private ReportWeight() {
  }

  public static void main(String[] args) throws Exception {
    System.setProperty("java.awt.headless", "true");
    Path dir = Files.createDirectories(Path.of(args.length > 0 ? args[0] : "/tmp/report-weight"));
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
    int[][] runs = {{15, 10}, {60, 10}, {3600, 10}, {86_400, 10}};
    String[] names = {"15 s", "1 min", "1 h", "24 h"};
    ChromeDriver browser = Chromium.start(dir.resolve("profile"));
    try {
      System.out.println("| run (10 s intervals) | run folder | report html (s) | report.html | load + layout in "
          + "Chromium (ms) |");
      System.out.println("| --- | --- | --- | --- | --- |");
      Path warm = SyntheticRun.write(dir, "warm-up", 60, 10);
      ReportPages.html(warm.resolve("report.html"), warm.toString());
      for (int i = 0; i < runs.length; i++) {
        Path run = SyntheticRun.write(dir, "run-" + runs[i][0], runs[i][0], runs[i][1]);
        List<Double> make = new ArrayList<>();
        List<Double> render = new ArrayList<>();
        Path page = run.resolve("report.html");
        for (int r = 0; r < rounds; r++) {
          long t0 = System.nanoTime();
          CliRunner res = CliRunner.run("html", run.toString(), "--out", page.toString());
          make.add((System.nanoTime() - t0) / 1e9);
          if (res.exitCode != 0) {
            throw new IllegalStateException(res.toString());
          }
          browser.get("about:blank");
          browser.get(page.toUri().toString());
          Object ms = browser.executeScript("document.body.getBoundingClientRect();"
              + " const n = performance.getEntriesByType('navigation')[0]; return n.loadEventEnd - n.startTime;");
          render.add(((Number) ms).doubleValue());
        }
        System.out.printf(Locale.ROOT, "| %s | %,d KB | %.2f | %,d KB | %.0f |%n", names[i], size(run) / 1024,
            median(make), Files.size(page) / 1024, median(render));
      }
    } finally {
      browser.quit();
    }
  }

  private static long size(Path dir) throws Exception {
    try (var files = Files.walk(dir)) {
      return files.filter(Files::isRegularFile).filter(f -> !f.getFileName().toString().equals("report.html"))
          .mapToLong(f -> f.toFile().length()).sum();
    }
  }

  private static double median(List<Double> values) {
    List<Double> sorted = values.stream().sorted().toList();
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }
}
