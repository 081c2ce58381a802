package com.mytopling.ycsb.results.html;

import java.util.List;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * The pieces every page is made of: escaped text, tables, and charts (built with XChart, drawn by {@link SvgChart}) put
 * inline as SVG, so a page is one self-contained file that needs no network and no script to show.
 */
final class Html {

  static final String STYLE = """
      body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:1em auto;max-width:1200px;
        padding:0 .8em;color:#222;line-height:1.4}
      h1{font-size:1.35em;margin:.3em 0;overflow-wrap:anywhere}
      h2{font-size:1.2em;border-bottom:1px solid #ddd;padding-bottom:.2em;margin-top:1.6em}
      h3{font-size:1.05em;margin-top:1.3em}
      .scroll{overflow-x:auto;max-width:100%}
      table{border-collapse:collapse;margin:.4em 0;font-size:.9em}
      th,td{border:1px solid #ddd;padding:.2em .5em;vertical-align:top}th{background:#f4f4f4;text-align:left}
      td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
      tr.differs td{background:#fff4d6}
      .note{color:#555;font-size:.88em}.warn{color:#8a4b00}.bad{color:#a00000;font-weight:600}.good{color:#1b6e20}
      .headline .phase{margin:.2em 0 .8em}.headline h2{margin-top:.5em;text-transform:capitalize}
      .headline p.server{margin:.2em 0;color:#444;font-size:.88em;overflow-wrap:anywhere}
      .figures{display:flex;flex-wrap:wrap;gap:.3em 1.4em;align-items:baseline}
      .figure .value{font-size:1.3em;font-weight:600;font-variant-numeric:tabular-nums}
      .figure.main .value{font-size:1.9em}.figure .unit{color:#555;font-size:.9em}
      ul.verdicts{list-style:none;padding:0;margin:.3em 0}ul.verdicts li{margin:.1em 0;font-size:.92em}
      ul.verdicts li.good::before{content:"\\2713  "}ul.verdicts li.bad::before{content:"\\2717  "}
      ul.verdicts li.warn::before{content:"?  "}
      figure.chart{margin:1em 0;max-width:1000px}figure.chart svg{width:100%;height:auto;display:block}
      figcaption{font-size:.85em;color:#555}
      details{margin:.5em 0}summary{cursor:pointer}
      @media (max-width:600px){body{padding:0 .4em}table{font-size:.8em}th,td{padding:.15em .3em}
        .figure.main .value{font-size:1.5em}.headline h2{margin:.3em 0 .2em}.headline p.server{font-size:.8em}}
      @media print{body{max-width:none;margin:0}details::details-content{content-visibility:visible;display:block}
        details>summary{list-style:none;font-weight:600}figure.chart{break-inside:avoid}
        h2,h3{break-after:avoid}.scroll{overflow:visible}}
      """;

  private Html() {
  }

  static String esc(Object value) {
    if (value == null) {
      return "";
    }
    String s = String.valueOf(value);
    StringBuilder out = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '&' -> out.append("&amp;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> out.append(c);
      }
    }
    return out.toString();
  }

  static String page(String title, String body) {
    return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" + esc(title)
        + "</title>\n<style>" + STYLE + "</style>\n</head>\n<body>\n" + body + "</body>\n</html>\n";
  }

  /** A table; cells are already HTML. Cells that look like numbers are right-aligned. */
  static String table(List<String> header, List<List<String>> rows) {
    return table(header, rows, List.of());
  }

  /** @param highlighted indexes of rows to mark (settings that differ between runs) */
  static String table(List<String> header, List<List<String>> rows, List<Integer> highlighted) {
    // In a box of its own that scrolls sideways on a narrow screen: the page itself never does.
    StringBuilder t = new StringBuilder("<div class=\"scroll\"><table>\n<tr>");
    header.forEach(h -> t.append("<th>").append(h).append("</th>"));
    t.append("</tr>\n");
    for (int r = 0; r < rows.size(); r++) {
      t.append(highlighted.contains(r) ? "<tr class=\"differs\">" : "<tr>");
      List<String> row = rows.get(r);
      for (int c = 0; c < row.size(); c++) {
        String cell = row.get(c);
        boolean numeric = c > 0 && cell.replaceAll("<[^>]+>", "").matches("[-+]?[\\d,.]+(x|%| s| us)?|-");
        t.append(numeric ? "<td class=\"n\">" : "<td>").append(cell).append("</td>");
      }
      t.append("</tr>\n");
    }
    return t.append("</table></div>\n").toString();
  }

  /**
   * A chart as an inline SVG figure with a caption; nothing when the chart could not be drawn (null). The caption says
   * when the series were down-sampled for drawing.
   */
  static String chart(Chart<?, ?> chart, String name, String caption) {
    if (chart == null) {
      return "";
    }
    SvgChart.Drawn drawn = SvgChart.render(chart, caption);
    String note = drawn.drawnPoints() < drawn.points() ? String.format(java.util.Locale.ROOT,
        " (drawn from %,d of %,d points: each stretch's lowest and highest; all of them are in the run folder)",
        drawn.drawnPoints(), drawn.points()) : "";
    return "<figure class=\"chart\" data-chart=\"" + esc(name) + "\">" + drawn.svg() + "<figcaption>" + esc(caption)
        + esc(note) + "</figcaption></figure>\n";
  }
}
