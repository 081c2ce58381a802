package com.mytopling.ycsb.results.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Number formatting and plain-text tables for terminal output; Locale.ROOT so a decimal point is always '.'. */
public final class Format {
  private Format() {
  }

  /** Latency or count: "-" when unknown, whole numbers without decimals, small fractional values with one. */
  public static String number(Double value) {
    if (value == null || value.isNaN()) {
      return "-";
    }
    double v = value;
    if (Math.abs(v) >= 1000 || v == Math.rint(v)) {
      return String.format(Locale.ROOT, "%,.0f", v);
    }
    return String.format(Locale.ROOT, "%.1f", v);
  }

  public static String throughput(Double value) {
    return value == null ? "-" : String.format(Locale.ROOT, "%,.2f", value);
  }

  public static String ratio(Double value) {
    return value == null || value.isNaN() || value.isInfinite() ? "-" : String.format(Locale.ROOT, "%.2fx", value);
  }

  public static String percent(double fraction) {
    return String.format(Locale.ROOT, "%+.1f%%", fraction * 100);
  }

  /** A left-aligned first column and right-aligned others, columns two spaces apart. */
  public static String table(List<String> header, List<List<String>> rows) {
    List<List<String>> all = new ArrayList<>();
    all.add(header);
    all.addAll(rows);
    int columns = header.size();
    int[] width = new int[columns];
    for (List<String> row : all) {
      for (int c = 0; c < columns && c < row.size(); c++) {
        width[c] = Math.max(width[c], row.get(c).length());
      }
    }
    StringBuilder text = new StringBuilder();
    for (List<String> row : all) {
      StringBuilder line = new StringBuilder();
      for (int c = 0; c < columns; c++) {
        String cell = c < row.size() ? row.get(c) : "";
        if (c > 0) {
          line.append("  ");
        }
        String pad = " ".repeat(width[c] - cell.length());
        line.append(c == 0 ? cell + pad : pad + cell);
      }
      text.append(line.toString().stripTrailing()).append('\n');
    }
    return text.toString();
  }

  /**
   * A batched phase's statements and rows: "N statements (one per batch) with R rows (S stored)", or where each row
   * was a statement of its own "B batches sent as N statements (one per row: ...) with R rows (S stored)"; the one
   * wording of the summary and the page.
   */
  public static String batchedInserts(com.mytopling.ycsb.results.model.PhaseSummary.BatchedInserts b) {
    String rows = count(b.rows) + " rows (" + count(b.rowsStored) + " stored)";
    if ("row".equals(b.statementsPer)) {
      return count(b.batches) + " batches sent as " + count(b.statements) + " statements (one per row: the driver "
          + "sent each row of a batch as a statement of its own) with " + rows;
    }
    return count(b.statements) + " statements (one per batch) with " + rows;
  }

  private static String count(Long n) {
    return number(n == null ? null : n.doubleValue());
  }
}
