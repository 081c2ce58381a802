package com.mytopling.ycsb.results.html;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * The pieces every page is made of: escaped text, tables, and charts drawn by XChart as SVG and put inline, so a page
 * is one self-contained file that needs no network and no script to show.
 */
final class Html {
  private static final AtomicInteger CHARTS = new AtomicInteger();
  private static final java.util.regex.Pattern DECIMALS = java.util.regex.Pattern.compile("(\\d\\.\\d)\\d+");

  static final String STYLE = """
      body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:1.5em auto;max-width:1200px;
        padding:0 1em;color:#222;line-height:1.4}
      h1{font-size:1.5em}h2{font-size:1.25em;border-bottom:1px solid #ddd;padding-bottom:.2em;margin-top:2em}
      h3{font-size:1.05em;margin-top:1.5em}
      table{border-collapse:collapse;margin:.5em 0;font-size:.9em}
      th,td{border:1px solid #ddd;padding:.25em .6em;vertical-align:top}th{background:#f4f4f4;text-align:left}
      td.n{text-align:right;font-variant-numeric:tabular-nums}
      tr.differs td{background:#fff4d6}
      .note{color:#555;font-size:.9em}.warn{color:#8a4b00}.bad{color:#a00000;font-weight:600}.good{color:#1b6e20}
      figure.chart{margin:1em 0;max-width:1000px}figure.chart svg{width:100%;height:auto;display:block}
      figcaption{font-size:.85em;color:#555}
      details{margin:.5em 0}summary{cursor:pointer}
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
    StringBuilder t = new StringBuilder("<table>\n<tr>");
    header.forEach(h -> t.append("<th>").append(h).append("</th>"));
    t.append("</tr>\n");
    for (int r = 0; r < rows.size(); r++) {
      t.append(highlighted.contains(r) ? "<tr class=\"differs\">" : "<tr>");
      List<String> row = rows.get(r);
      for (int c = 0; c < row.size(); c++) {
        String cell = row.get(c);
        boolean numeric = c > 0 && cell.matches("[-+]?[\\d,.]+(x|%| s| us)?|-");
        t.append(numeric ? "<td class=\"n\">" : "<td>").append(cell).append("</td>");
      }
      t.append("</tr>\n");
    }
    return t.append("</table>\n").toString();
  }

  /** A chart as an inline SVG figure with a caption; nothing when the chart could not be drawn (null). */
  static String chart(Chart<?, ?> chart, String name, String caption) {
    if (chart == null) {
      return "";
    }
    ByteArrayOutputStream svg = new ByteArrayOutputStream();
    try {
      VectorGraphicsEncoder.saveVectorGraphic(chart, svg, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
    } catch (IOException e) {
      throw new IllegalStateException("drawing " + name + " failed", e);
    }
    String text = svg.toString(StandardCharsets.UTF_8);
    // Inline: no XML prolog or DOCTYPE; sized by the page (the viewBox keeps the proportions); clip-path ids made
    // unique within the page.
    text = text.substring(text.indexOf("<svg"));
    // Coordinates to a tenth of a unit (the viewBox is the chart's size in pixels): a third of the bytes, no visible
    // change.
    text = DECIMALS.matcher(text).replaceAll("$1");
    String id = "c" + CHARTS.incrementAndGet() + "-";
    text = text.replaceFirst(" height=\"[0-9.]+px\"", "").replaceFirst(" width=\"[0-9.]+px\"", "")
        .replace("id=\"clip", "id=\"" + id + "clip").replace("url(#clip", "url(#" + id + "clip")
        .replaceFirst("<svg ", "<svg role=\"img\" aria-label=\"" + esc(caption) + "\" ");
    return "<figure class=\"chart\" data-chart=\"" + esc(name) + "\">" + text + "<figcaption>" + esc(caption)
        + "</figcaption></figure>\n";
  }
}
