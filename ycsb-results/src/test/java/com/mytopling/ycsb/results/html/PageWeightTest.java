package com.mytopling.ycsb.results.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * report.html's weight is bounded whatever the run's length: a run of more intervals than a chart draws (two hours at
 * 5 s: 1,440 status lines, HdrHistogram intervals and server rows) gets its series down-sampled for drawing (the page
 * says so) and its interval table in rows of several intervals; the data stays in the run folder. docs/speed.md has
 * the measured sizes and render times up to a day's run (ReportWeight).
 */
class PageWeightTest {
  private static final Pattern POLYLINE = Pattern.compile("<polyline [^>]*points=\"([^\"]*)\"");

  @Test
  void aLongRunIsDrawnFromAFewHundredPointsASeries(@TempDir Path tmp) throws Exception {
    Path run = SyntheticRun.write(tmp, "long", 7_200, 5);
    String page = Files.readString(ReportPages.html(run.resolve("report.html"), run.toString()), StandardCharsets.UTF_8);
    assertTrue(page.length() < 300_000, "the page is " + page.length() + " bytes");
    Matcher m = POLYLINE.matcher(page);
    int lines = 0;
    while (m.find()) {
      int points = m.group(1).split(" ").length;
      assertTrue(points <= SvgChart.MAX_POINTS, points + " points in one line");
      lines++;
    }
    assertTrue(lines >= 5, lines + " lines");
    assertTrue(page.contains("(drawn from 600 of 1,440 points"), "the page says the series were down-sampled");
    assertTrue(page.contains("client and server, 6 intervals a row (1440 intervals; every one is in "
        + "server-metrics.csv)"), "the interval table is bounded");
    // The headline is the run's own figures, not a sample's.
    assertTrue(page.contains("data-figure=\"run.measured_s\">7,200.0<"), "measured window");
  }

  @Test
  void aShortRunIsDrawnWhole(@TempDir Path tmp) throws Exception {
    Path run = SyntheticRun.write(tmp, "short", 60, 10);
    String page = Files.readString(ReportPages.html(run.resolve("report.html"), run.toString()), StandardCharsets.UTF_8);
    assertEquals(-1, page.indexOf("drawn from"), "nothing down-sampled");
    assertTrue(page.contains("client and server, interval by interval"));
  }
}
