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

  // ---------------------------------------------------------------- headline first (issue 24)

  /** Every [data-figure] of the headline: its key, text and box on the page as it first shows. */
  private static final String FIGURES = "return Array.from(document.querySelectorAll('#headline [data-figure]'))"
      + ".map(e => { const r = e.getBoundingClientRect(); return {key: e.dataset.figure, text: e.textContent.trim(),"
      + " top: r.top, bottom: r.bottom, left: r.left, right: r.right}; });";

  @SuppressWarnings("unchecked")
  private static Map<String, Map<String, Object>> figures(Path page, int width, int height) {
    browser.manage().window().setSize(new org.openqa.selenium.Dimension(width, height));
    browser.get(page.toUri().toString());
    Map<String, Map<String, Object>> byKey = new java.util.LinkedHashMap<>();
    for (Map<String, Object> f : (List<Map<String, Object>>) browser.executeScript(FIGURES)) {
      byKey.put((String) f.get("key"), f);
    }
    return byKey;
  }

  /** The figure is on the first screen (no scrolling) and shows the expected text. */
  private static void onFirstScreen(Map<String, Map<String, Object>> figures, String key, String expected) {
    Map<String, Object> f = figures.get(key);
    assertTrue(f != null, key + " is not in the headline: " + figures.keySet());
    Number innerHeight = (Number) browser.executeScript("return window.innerHeight");
    Number innerWidth = (Number) browser.executeScript("return window.innerWidth");
    assertTrue(((Number) f.get("bottom")).doubleValue() <= innerHeight.doubleValue()
        && ((Number) f.get("right")).doubleValue() <= innerWidth.doubleValue() && ((Number) f.get("top")).doubleValue() >= 0,
        key + " is below or beside the first screen (" + innerWidth + " x " + innerHeight + " px): " + f);
    if (expected != null) {
      assertEquals(expected, f.get("text"), key);
    }
  }

  /** The page never scrolls sideways (wide tables scroll in their own box) and the console is clean. */
  private static void fitsTheWidthWithoutErrors(Path page) {
    Number scroll = (Number) browser.executeScript("return document.documentElement.scrollWidth");
    Number inner = (Number) browser.executeScript("return window.innerWidth");
    assertTrue(scroll.doubleValue() <= inner.doubleValue(), page + " is " + scroll + " px wide in " + inner);
    List<String> errors = browser.manage().logs().get(LogType.BROWSER).getAll().stream()
        .filter(e -> e.getLevel().intValue() >= java.util.logging.Level.WARNING.intValue())
        .map(LogEntry::getMessage).collect(Collectors.toList());
    assertTrue(errors.isEmpty(), page + ": console " + errors);
  }

  /** The first screen's screenshot, and the share of its headline area that is not white (something is drawn). */
  private static void headlineDrawnInScreenshot(Path page) throws Exception {
    @SuppressWarnings("unchecked")
    Map<String, Object> box = (Map<String, Object>) browser.executeScript("const r = document.querySelector("
        + "'#headline').getBoundingClientRect(); return {top: r.top, bottom: Math.min(r.bottom, window.innerHeight),"
        + " left: r.left, right: r.right};");
    byte[] png = browser.getScreenshotAs(OutputType.BYTES);
    Files.write(page.resolveSibling(page.getFileName() + ".first-screen.png"), png);
    BufferedImage shot = ImageIO.read(new ByteArrayInputStream(png));
    double scale = shot.getWidth() / ((Number) browser.executeScript("return window.innerWidth")).doubleValue();
    long dark = 0;
    long all = 0;
    for (int y = (int) (((Number) box.get("top")).doubleValue() * scale);
         y < Math.min(shot.getHeight(), ((Number) box.get("bottom")).doubleValue() * scale); y += 2) {
      for (int x = (int) (((Number) box.get("left")).doubleValue() * scale);
           x < Math.min(shot.getWidth(), ((Number) box.get("right")).doubleValue() * scale); x += 2) {
        int rgb = shot.getRGB(x, y);
        int lum = ((rgb >> 16) & 0xFF) + ((rgb >> 8) & 0xFF) + (rgb & 0xFF);
        dark += lum < 300 ? 1 : 0;
        all++;
      }
    }
    assertTrue(all > 0 && dark > all / 100, page + ": the headline area of the first screen shows no text (" + dark
        + " dark of " + all + " pixels)");
  }

  private static void expectRunHeadline(Path dir, Map<String, Map<String, Object>> figures, boolean latency) {
    com.mytopling.ycsb.results.model.PhaseSummary run = com.mytopling.ycsb.results.parse.RunLoader.load(dir).phase("run");
    onFirstScreen(figures, "run.successful_throughput", com.mytopling.ycsb.results.cli.Format.throughput(
        run.successfulThroughputOps));
    onFirstScreen(figures, "run.throughput", com.mytopling.ycsb.results.cli.Format.throughput(run.throughputOps));
    onFirstScreen(figures, "run.failed", null);
    if (latency) {
      for (String op : List.of("READ", "UPDATE")) {
        for (String pct : List.of("p50", "p95", "p99", "p99.9")) {
          onFirstScreen(figures, "run." + op + "." + pct, com.mytopling.ycsb.results.cli.Format.number(
              run.operations.get(op).percentile(pct)));
        }
      }
    }
  }

  @Test
  void aRunsHeadlineIsOnTheFirstScreenOnADesktopAndAPhone() throws Exception {
    for (String recorded : List.of("warmup-one-client", "warmup-two-clients")) {
      // The one-client run also has the launcher's record of its own cost (issue 22.4): a fourth verdict.
      boolean cost = recorded.equals("warmup-one-client");
      Path dir = com.mytopling.ycsb.results.parse.Recorded.copy(recorded, tmp.resolve("first-" + recorded));
      if (cost) {
        ReportPages.clientCost(dir, 90.0, 80.0, 4, 0.85, 0.5);
      }
      assertEquals(0, com.mytopling.ycsb.results.CliRunner.run("summarize", dir.toString()).exitCode);
      Path page = ReportPages.html(dir.resolve("report.html"), dir.toString());
      expectRunHeadline(dir, figures(page, 1280, 800), true);
      fitsTheWidthWithoutErrors(page);
      headlineDrawnInScreenshot(page);
      @SuppressWarnings("unchecked")
      List<String> verdicts = (List<String>) browser.executeScript("return Array.from(document.querySelectorAll("
          + "'#headline [data-phase=run] [data-verdict]')).filter(e => e.getBoundingClientRect().bottom <= "
          + "window.innerHeight).map(e => e.dataset.verdict)");
      assertEquals(cost ? List.of("steady state", "warm-up cut", "self-check", "client-bound")
          : List.of("steady state", "warm-up cut", "self-check"), verdicts, "the run phase's verdicts on the first screen");
      // A phone: the run phase's throughput, failures and every percentile still without scrolling.
      expectRunHeadline(dir, figures(page, 390, 844), true);
      fitsTheWidthWithoutErrors(page);
    }
    browser.manage().window().setSize(new org.openqa.selenium.Dimension(1280, 1600));
  }

  @Test
  void aComparisonsHeadlineShowsRatiosOnTheFirstScreen() throws Exception {
    Path page = ReportPages.withPublished(tmp.resolve("first-published"));
    Map<String, Map<String, Object>> figures = figures(page, 1280, 800);
    // Azure's published run first: the measured run's ratio to it, with the spread where the runs have intervals.
    onFirstScreen(figures, "run.successful_throughput.2", null);
    onFirstScreen(figures, "run.throughput.ratio.2", null);
    assertTrue(((String) figures.get("run.throughput.ratio.2").get("text")).matches("\\d+\\.\\d\\dx"),
        figures.get("run.throughput.ratio.2").toString());
    onFirstScreen(figures, "run.READ.p99.ratio.2", null);
    fitsTheWidthWithoutErrors(page);
    headlineDrawnInScreenshot(page);
    figures(page, 390, 844);
    fitsTheWidthWithoutErrors(page);
    browser.manage().window().setSize(new org.openqa.selenium.Dimension(1280, 1600));
  }

  @Test
  void aSweepsHeadlineIsOnTheFirstScreen() throws Exception {
    Path page = ReportPages.sweep(tmp.resolve("first-sweep"));
    Map<String, Map<String, Object>> figures = figures(page, 1280, 800);
    for (String point : List.of("2", "4")) {
      onFirstScreen(figures, "run." + point + ".successful_throughput", null);
      onFirstScreen(figures, "run." + point + ".READ.p99.9", null);
    }
    fitsTheWidthWithoutErrors(page);
    headlineDrawnInScreenshot(page);
    figures(page, 390, 844);
    fitsTheWidthWithoutErrors(page);
    browser.manage().window().setSize(new org.openqa.selenium.Dimension(1280, 1600));
  }

  /** Printed to PDF: the headline on the first page, the collapsed setup printed open, every page readable text. */
  @Test
  void aRunsReportPrintsToPdfHeadlineFirst() throws Exception {
    Path page = ReportPages.oneRun(tmp.resolve("print"), "warmup-one-client");
    browser.get(page.toUri().toString());
    org.openqa.selenium.Pdf pdf = browser.print(new org.openqa.selenium.print.PrintOptions());
    byte[] bytes = java.util.Base64.getDecoder().decode(pdf.getContent());
    Files.write(page.resolveSibling("report.pdf"), bytes);
    try (var doc = org.apache.pdfbox.Loader.loadPDF(bytes)) {
      assertTrue(doc.getNumberOfPages() >= 2, doc.getNumberOfPages() + " pages");
      org.apache.pdfbox.text.PDFTextStripper text = new org.apache.pdfbox.text.PDFTextStripper();
      text.setStartPage(1);
      text.setEndPage(1);
      String first = text.getText(doc);
      com.mytopling.ycsb.results.model.PhaseSummary run =
          com.mytopling.ycsb.results.parse.RunLoader.load(page.getParent()).phase("run");
      assertTrue(first.contains(com.mytopling.ycsb.results.cli.Format.throughput(run.successfulThroughputOps))
          && first.contains("successful ops/s") && first.contains("p99.9")
          && first.contains(run.steadyState.verdict.split(":")[0]), first);
      text.setEndPage(doc.getNumberOfPages());
      String all = text.getText(doc);
      assertTrue(all.contains("property.recordcount"), "the setup is printed open");
    }
  }

  @Test
  void aHistoryShowsItsChangePointFirstAndItsCharts() throws Exception {
    Path page = ReportPages.history(tmp.resolve("history"));
    check(page, 3);
    browser.manage().window().setSize(new org.openqa.selenium.Dimension(1280, 800));
    browser.get(page.toUri().toString());
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> changes = (List<Map<String, Object>>) browser.executeScript("return Array.from("
        + "document.querySelectorAll('#headline [data-change-point]')).map(e => ({at: e.dataset.changePoint,"
        + " bottom: e.getBoundingClientRect().bottom}))");
    assertEquals(1, changes.size(), changes.toString());
    assertEquals("9", changes.get(0).get("at"));
    assertTrue(((Number) changes.get(0).get("bottom")).doubleValue() <= 800, "on the first screen");
    fitsTheWidthWithoutErrors(page);
    browser.manage().window().setSize(new org.openqa.selenium.Dimension(390, 844));
    browser.get(page.toUri().toString());
    fitsTheWidthWithoutErrors(page);
    browser.manage().window().setSize(new org.openqa.selenium.Dimension(1280, 1600));
  }
}
