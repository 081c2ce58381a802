package com.mytopling.ycsb.results.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;

/**
 * The reports in a real browser: headless Chromium opens each page from disk; every chart has a size on the page and
 * drawn marks (lines and shapes, not only its frame); the console holds no error; the browser fetched nothing; and a
 * screenshot is not blank. Pages are made by scripts/report from runs recorded on real servers.
 */
class ReportBrowserIT {
  @TempDir
  static Path tmp;
  private static ChromeDriver browser;

  @BeforeAll
  static void start() throws Exception {
    browser = Chromium.start(tmp.resolve("profile"));
  }

  @AfterAll
  static void stop() {
    if (browser != null) {
      browser.quit();
    }
  }

  /**
   * Per chart: its name, rendered width and height, and its drawn data marks: shapes with a size whose stroke or fill
   * is a colour (series lines, bars, markers, legend swatches), not the black, white and greys of frame, text, grid
   * and the warm-up band.
   */
  private static final String CHARTS = "const coloured = c => { const m = /rgba?\\((\\d+), *(\\d+), *(\\d+)/.exec(c);"
      + " return m && !(m[1] === m[2] && m[2] === m[3]); };"
      + " return Array.from(document.querySelectorAll('figure.chart')).map(f => {"
      + " const s = f.querySelector('svg'); const r = s ? s.getBoundingClientRect() : {width: 0, height: 0};"
      + " const drawn = s ? Array.from(s.querySelectorAll('path,line,polyline,polygon,rect,circle')).filter(e => {"
      + "   const b = e.getBBox(); const st = getComputedStyle(e);"
      + "   return (b.width > 0 || b.height > 0) && (coloured(st.stroke) && st.stroke !== 'none' || coloured(st.fill)); })"
      + "   .length : 0;"
      + " return {name: f.dataset.chart, width: r.width, height: r.height, drawn: drawn}; });";

  @SuppressWarnings("unchecked")
  private static void check(Path page, int minimumCharts) throws Exception {
    browser.get(page.toUri().toString());
    assertEquals("complete", browser.executeScript("return document.readyState"));
    List<Map<String, Object>> charts = (List<Map<String, Object>>) browser.executeScript(CHARTS);
    assertTrue(charts.size() >= minimumCharts, page + ": " + charts.size() + " charts");
    for (Map<String, Object> c : charts) {
      double width = ((Number) c.get("width")).doubleValue();
      double height = ((Number) c.get("height")).doubleValue();
      long drawn = ((Number) c.get("drawn")).longValue();
      assertTrue(width > 300 && height > 150, c.get("name") + " is " + width + " x " + height + " on the page");
      // A legend swatch and at least one segment, bar or marker of data (every series has two points or more).
      assertTrue(drawn >= 2, c.get("name") + " has only " + drawn + " coloured marks");
    }
    List<String> errors = browser.manage().logs().get(LogType.BROWSER).getAll().stream()
        .filter(e -> e.getLevel().intValue() >= java.util.logging.Level.WARNING.intValue())
        .map(LogEntry::getMessage).collect(Collectors.toList());
    assertTrue(errors.isEmpty(), page + ": console " + errors);
    Object fetched = browser.executeScript("return performance.getEntriesByType('resource').map(e => e.name)");
    assertEquals(List.of(), fetched, page + " fetched something");
    BufferedImage shot = ImageIO.read(new ByteArrayInputStream(browser.getScreenshotAs(OutputType.BYTES)));
    Set<Integer> colours = new HashSet<>();
    long notWhite = 0;
    for (int y = 0; y < shot.getHeight(); y += 2) {
      for (int x = 0; x < shot.getWidth(); x += 2) {
        int rgb = shot.getRGB(x, y) & 0xFFFFFF;
        colours.add(rgb);
        if (rgb != 0xFFFFFF) {
          notWhite++;
        }
      }
    }
    long sampled = (long) (shot.getHeight() / 2) * (shot.getWidth() / 2);
    assertTrue(colours.size() > 20 && notWhite > sampled / 50, page + ": the screenshot looks blank (" + colours.size()
        + " colours, " + notWhite + " of " + sampled + " pixels not white)");
    Files.write(page.resolveSibling(page.getFileName() + ".png"), browser.getScreenshotAs(OutputType.BYTES));
  }

  @Test
  void aRunsReportRendersEveryChart() throws Exception {
    check(ReportPages.oneRun(tmp.resolve("one"), "warmup-one-client"), 15);
  }

  @Test
  void aMergedTwoClientRunsReportRendersEveryChart() throws Exception {
    check(ReportPages.oneRun(tmp.resolve("two"), "warmup-two-clients"), 15);
  }

  @Test
  void aMyRocksRunsReportRendersItsEngineCharts() throws Exception {
    Path page = ReportPages.oneRun(tmp.resolve("rocks"), "myrocks-server-metrics");
    check(page, 15);
    @SuppressWarnings("unchecked")
    List<String> names = (List<String>) browser.executeScript(
        "return Array.from(document.querySelectorAll('figure.chart')).map(f => f.dataset.chart)");
    assertTrue(names.contains("server-rocksdb-compaction-run") && names.contains("server-rocksdb-stalls-run"),
        names.toString());
  }

  @Test
  void runsBesideThePublishedBaselinesRender() throws Exception {
    check(ReportPages.withPublished(tmp.resolve("published")), 8);
  }

  @Test
  void aSweepsReportRendersAndLinksToItsPoints() throws Exception {
    Path page = ReportPages.sweep(tmp.resolve("sweep"));
    check(page, 3);
    @SuppressWarnings("unchecked")
    List<String> links = (List<String>) browser.executeScript(
        "return Array.from(document.querySelectorAll('a')).map(a => a.href)");
    assertEquals(2, links.size(), links.toString());
    for (String link : links) {
      assertTrue(Files.isRegularFile(Path.of(java.net.URI.create(link))), link);
    }
  }
}
