package com.mytopling.ycsb.results.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What report.html holds, read as text (ReportBrowserIT opens the same pages in Chromium): every section the issue
 * asks for, charts inline as SVG with something drawn, nothing fetched from anywhere.
 */
class HtmlReportTest {
  private static final Pattern FIGURE = Pattern.compile("<figure class=\"chart\" data-chart=\"([^\"]+)\">(.*?)</figure>",
      Pattern.DOTALL);

  private static List<String> charts(String page) {
    List<String> names = new ArrayList<>();
    Matcher m = FIGURE.matcher(page);
    while (m.find()) {
      String svg = m.group(2);
      assertTrue(svg.startsWith("<svg ") && svg.contains("viewBox="), m.group(1) + " is not an inline SVG");
      // Lines, bars or the warm-up band, and text as text (not glyph outlines).
      int marks = svg.split("<polyline").length - 1 + svg.split("<rect x=").length - 1;
      assertTrue(marks >= 2, m.group(1) + " draws almost nothing");
      assertTrue(svg.contains("<text"), m.group(1) + " has no text");
      names.add(m.group(1));
    }
    return names;
  }

  /**
   * Self-contained: no script, no stylesheet, image or font from elsewhere (a published run's source URL may appear as
   * text; ReportBrowserIT checks that the browser fetches nothing).
   */
  private static void assertSelfContained(String page) {
    assertFalse(page.contains("<script"), "no script needed");
    assertFalse(page.contains("<link") || page.contains("<img") || page.contains("@import"), "nothing from elsewhere");
    assertFalse(Pattern.compile("(src|href)=\"(https?:|//)").matcher(page).find(), "nothing fetched");
    assertFalse(Pattern.compile("url\\((?!#)").matcher(page).find(), "CSS and SVG refer to the page itself only");
  }

  @Test
  void aRunsReportHasEverySectionAndItsChartsInline(@TempDir Path tmp) throws Exception {
    String page = Files.readString(ReportPages.oneRun(tmp, "warmup-one-client"), StandardCharsets.UTF_8);
    assertSelfContained(page);
    for (String section : List.of("id=\"headline\"", "id=\"charts\"", "id=\"details\"", "id=\"setup\"",
        "id=\"phase-load\"", "id=\"phase-run\"", "latency percentile spectrum", "Return codes", "Binding totals",
        "<h3>Server</h3>")) {
      assertTrue(page.contains(section), section);
    }
    // Headline first, charts next, setup last (collapsed).
    assertTrue(page.indexOf("id=\"headline\"") < page.indexOf("id=\"charts\"")
        && page.indexOf("id=\"charts\"") < page.indexOf("id=\"details\"")
        && page.indexOf("id=\"details\"") < page.indexOf("id=\"setup\""), "order");
    assertTrue(page.contains("<details class=\"setup\">"), "setup collapsed");
    List<String> charts = charts(page);
    for (String chart : List.of("throughput-over-time-run", "latency-over-time-run-READ", "distribution-run-READ",
        "distribution-run-UPDATE", "server-rows-run", "server-hit-ratio-run", "server-threads-run",
        "throughput-over-time-load")) {
      assertTrue(charts.contains(chart), chart + " in " + charts);
    }
    assertFalse(charts.contains("server-rocksdb-stalls-run"), "no RocksDB on this server: no chart of it");
    // The warm-up: named on the charts over time and in the text, the steady-state verdict beside it.
    assertTrue(page.contains("warm-up: the first 2 s are left out"), "warm-up sentence");
    assertTrue(page.contains("not steady:") || page.contains("steady:") || page.contains("steady state unknown:"),
        "steady-state verdict");
    assertTrue(page.contains("client and server, interval by interval"), "aligned intervals table");
    assertTrue(page.contains("rows_read"), "server figures");
    assertTrue(page.contains("property.measurement.warmup"), "the setup lists the warm-up");
  }

  /** Issue 22.4: the client's own cost and, when it was saturated, "client-bound" with the figures. */
  @Test
  void theClientsOwnCostAndAClientBoundVerdictAreShown(@TempDir Path tmp) throws Exception {
    Path dir = com.mytopling.ycsb.results.parse.Recorded.copy("one-client-not-found", tmp);
    ReportPages.clientCost(dir, 190.0, 180.0, 2, 1.85, null);
    assertEquals(0, com.mytopling.ycsb.results.CliRunner.run("summarize", dir.toString()).exitCode);
    String page = Files.readString(ReportPages.html(dir.resolve("report.html"), dir.toString()), StandardCharsets.UTF_8);
    assertTrue(page.contains("<p class=\"warn\"><strong>client-bound</strong>: the client's own cost: CPU 370.00 us/op "
        + "(user 190.00, system 180.00)"), "client-bound paragraph");
    assertTrue(page.contains("the client used 1.85 of its 2 cores (93%)"), "the figures that say so");
    assertTrue(page.contains("<li class=\"bad\" data-verdict=\"client-bound\">"), "a verdict of the headline");
  }

  @Test
  void theWarmUpBandIsDrawnOnTheChartsOverTime(@TempDir Path tmp) throws Exception {
    String page = Files.readString(ReportPages.oneRun(tmp, "warmup-one-client"), StandardCharsets.UTF_8);
    Matcher m = FIGURE.matcher(page);
    int withBand = 0;
    while (m.find()) {
      // XChart draws the band as a translucent grey area (fill-opacity), in every chart over time of the run phase.
      boolean band = m.group(2).contains("<rect class=\"band\"");
      if (m.group(1).endsWith("-run") && m.group(1).startsWith("throughput-over-time")
          || m.group(1).startsWith("latency-over-time-run") || m.group(1).startsWith("server-rows-run")) {
        assertTrue(band, m.group(1) + " has no warm-up band");
        withBand++;
      }
      if (m.group(1).endsWith("-load") || m.group(1).startsWith("distribution")) {
        assertFalse(band, m.group(1) + ": no warm-up there");
      }
    }
    assertTrue(withBand >= 4, "charts with a band: " + withBand);
  }

  @Test
  void runsSideBySideListTheirDifferencesAndRatios(@TempDir Path tmp) throws Exception {
    String page = Files.readString(ReportPages.withPublished(tmp), StandardCharsets.UTF_8);
    assertSelfContained(page);
    assertTrue(page.contains("3 runs side by side"));
    assertTrue(page.contains("Not like-for-like"), "setup differences");
    assertTrue(page.contains("published figures are compared with measured runs"));
    assertTrue(page.contains("<tr class=\"differs\">"), "differing settings highlighted");
    assertTrue(page.contains("azure-sql-gp-gen5-4vcore-workloada-10m") && page.contains("mytopling-4vcpu-16gib"));
    assertTrue(page.contains("Not known for"), "what the publications leave out");
    assertTrue(page.contains(">ratio<") && page.contains("x</td>"), "ratios against the first run");
    List<String> charts = charts(page);
    assertTrue(charts.contains("throughput") && charts.contains("latency-run-READ"), charts.toString());
  }

  @Test
  void aSweepsReportChartsThroughputAndPercentilesAgainstTheVariable(@TempDir Path tmp) throws Exception {
    Path file = ReportPages.sweep(tmp);
    String page = Files.readString(file, StandardCharsets.UTF_8);
    assertSelfContained(page);
    List<String> charts = charts(page);
    assertTrue(charts.contains("sweep-throughput") && charts.contains("sweep-latency-READ")
        && charts.contains("sweep-latency-UPDATE"), charts.toString());
    assertTrue(page.contains("threads=8 failed (exit 1)"), "the failed point is named");
    assertTrue(page.contains("<a href=\"threads-2/report.html\">") && page.contains("<a href=\"threads-4/report.html\">"),
        "links to the points' own reports");
    assertTrue(Files.isRegularFile(file.getParent().resolve("threads-2/report.html")));
    assertEquals(2, page.split("<a href=").length - 1);
  }

  /** Two measured runs side by side: each ratio in the headline with its spread from the runs' status intervals. */
  @Test
  void aComparisonsHeadlineGivesRatiosWithTheirSpread(@TempDir Path tmp) throws Exception {
    Path one = com.mytopling.ycsb.results.parse.Recorded.copy("warmup-one-client", tmp);
    Path two = com.mytopling.ycsb.results.parse.Recorded.copy("warmup-two-clients", tmp);
    for (Path run : List.of(one, two)) {
      assertEquals(0, com.mytopling.ycsb.results.CliRunner.run("summarize", run.toString()).exitCode);
    }
    String page = Files.readString(ReportPages.html(tmp.resolve("two.html"), one.toString(), two.toString()),
        StandardCharsets.UTF_8);
    assertTrue(Pattern.compile("data-figure=\"run\\.successful_throughput\\.ratio\\.1\">\\d+\\.\\d\\dx ±\\d+%<")
        .matcher(page).find(), "throughput ratio with its spread");
    assertTrue(Pattern.compile("data-figure=\"run\\.READ\\.p99\\.ratio\\.1\">\\d+\\.\\d\\dx ±\\d+%<")
        .matcher(page).find(), "p99 ratio with its spread");
    assertTrue(Pattern.compile("data-figure=\"run\\.READ\\.p50\\.ratio\\.1\">\\d+\\.\\d\\dx<").matcher(page).find(),
        "p50: no interval figure, no spread");
    assertTrue(page.indexOf("id=\"headline\"") < page.indexOf("Not like-for-like")
        || !page.contains("Not like-for-like"), "the headline first");
  }

  /**
   * Issue 34: the headline names what was measured, the server's product with its version (MySQL's VERSION() names
   * none), engine, driver and the connections' TLS, from the binding's record; show's server line says the same.
   */
  @Test
  void theHeadlineNamesTheServersProductDriverAndTls(@TempDir Path tmp) throws Exception {
    Path dir = com.mytopling.ycsb.results.parse.Recorded.copy("warmup-one-client", tmp);
    com.mytopling.ycsb.core.record.RunRecord r = com.mytopling.ycsb.core.record.RunRecord.binding(true);
    com.mytopling.ycsb.core.record.RunRecord.Connection c = new com.mytopling.ycsb.core.record.RunRecord.Connection();
    c.dialect = "mysql";
    c.serverVersion = "9.7.4-2";
    c.serverVersionComment = "(Debian)";
    c.serverProduct = "MySQL";
    c.engine = "InnoDB";
    c.driverName = "MySQL Connector/J";
    c.driverVersion = "9.1.0";
    c.shards = 1;
    c.tls = java.util.Map.of("TLSv1.3 TLS_AES_128_GCM_SHA256", 16L);
    r.connection = c;
    r.finished = true;
    new com.mytopling.ycsb.core.record.RunRecordWriter(com.mytopling.ycsb.core.record.RunRecordFiles.binding(dir, "run"),
        null).write(r);
    assertEquals(0, com.mytopling.ycsb.results.CliRunner.run("summarize", dir.toString()).exitCode);
    String page = Files.readString(ReportPages.html(tmp.resolve("r.html"), dir.toString()), StandardCharsets.UTF_8);
    int headline = page.indexOf("id=\"headline\"");
    int line = page.indexOf("MySQL 9.7.4-2 (InnoDB) through MySQL Connector/J 9.1.0, TLS TLSv1.3 TLS_AES_128_GCM_SHA256");
    assertTrue(headline >= 0 && line > headline && line < page.indexOf("id=\"charts\""), "the server line opens the "
        + "headline");
    String show = com.mytopling.ycsb.results.CliRunner.run("show", dir.toString()).out;
    assertTrue(show.contains("product=MySQL server=9.7.4-2") && show.contains("tls=\"TLSv1.3 TLS_AES_128_GCM_SHA256\""),
        show);
  }
}
