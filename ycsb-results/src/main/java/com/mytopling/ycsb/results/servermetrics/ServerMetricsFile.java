package com.mytopling.ycsb.results.servermetrics;

import com.mytopling.ycsb.core.dialect.ServerMetric;
import com.mytopling.ycsb.results.ReportException;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;

/**
 * server-metrics.csv, the one definition of its format (docs/results.md): one row per status interval of a phase, the
 * server's counters as their change over the interval and its gauges as they were at the interval's end. Written by
 * the launcher's sampler, read by the reports. Columns: phase, start_ms, end_ms (epoch milliseconds of the two
 * samples), elapsed_s (end, seconds since the phase's clock started: the status lines' clock), interval_s,
 * sample_ms (how long the end sample's query took), one column per {@link ServerMetric} (empty when the server does
 * not have it or the sample failed), note (why a row has no figures). Both phases append to the same file.
 */
public final class ServerMetricsFile {
  public static final String FILE_NAME = "server-metrics.csv";
  private static final List<String> LEADING = List.of("phase", "start_ms", "end_ms", "elapsed_s", "interval_s",
      "sample_ms");
  private static final String NOTE = "note";

  /**
   * One interval.
   *
   * @param values each metric's change over the interval (counters) or value at its end (gauges); a metric that is
   *     not here is unknown
   * @param note null, or why the row has no figures (a sample that failed)
   */
  public record Row(String phase, long startMs, long endMs, double elapsedS, Double sampleMs,
                    Map<ServerMetric, Long> values, String note) {
    public double intervalS() {
      return (endMs - startMs) / 1000.0;
    }

    /** The metric per second over the interval (counters), or its value (gauges); null when unknown. */
    public Double rate(ServerMetric metric) {
      Long v = values.get(metric);
      if (v == null) {
        return null;
      }
      if (metric.kind == ServerMetric.Kind.GAUGE) {
        return v.doubleValue();
      }
      return endMs > startMs ? v * 1000.0 / (endMs - startMs) : null;
    }
  }

  private ServerMetricsFile() {
  }

  /** RFC 4180 with '\\n' line ends. */
  private static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder().setRecordSeparator('\n').build();

  /** The columns, in order. */
  public static List<String> columns() {
    List<String> columns = new ArrayList<>(LEADING);
    for (ServerMetric m : ServerMetric.values()) {
      columns.add(m.column());
    }
    columns.add(NOTE);
    return columns;
  }

  /** Appends a row, writing the header first when the file is new or empty. */
  public static void append(Path file, Row row) throws IOException {
    boolean fresh = !Files.exists(file) || Files.size(file) == 0;
    try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
        StandardOpenOption.APPEND); CSVPrinter csv = new CSVPrinter(w, FORMAT)) {
      if (fresh) {
        csv.printRecord(columns());
      }
      csv.printRecord(cells(row));
    }
  }

  private static List<String> cells(Row row) {
    List<String> cells = new ArrayList<>();
    cells.add(row.phase());
    cells.add(Long.toString(row.startMs()));
    cells.add(Long.toString(row.endMs()));
    cells.add(String.format(Locale.ROOT, "%.3f", row.elapsedS()));
    cells.add(String.format(Locale.ROOT, "%.3f", row.intervalS()));
    cells.add(row.sampleMs() == null ? "" : String.format(Locale.ROOT, "%.3f", row.sampleMs()));
    for (ServerMetric m : ServerMetric.values()) {
      Long v = row.values().get(m);
      cells.add(v == null ? "" : v.toString());
    }
    cells.add(row.note() == null ? "" : row.note().replace('\r', ' ').replace('\n', ' '));
    return cells;
  }

  /** Every row of the file; columns are found by name, so files with fewer or more metric columns read too. */
  public static List<Row> read(Path file) {
    List<Row> rows = new ArrayList<>();
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
         CSVParser csv = FORMAT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in)) {
      for (String required : List.of("phase", "start_ms", "end_ms", "elapsed_s")) {
        if (!csv.getHeaderMap().containsKey(required)) {
          throw new ReportException(file + ": not a server-metrics.csv (no '" + required + "' column)");
        }
      }
      for (CSVRecord r : csv) {
        try {
          Map<ServerMetric, Long> values = new EnumMap<>(ServerMetric.class);
          for (ServerMetric m : ServerMetric.values()) {
            String cell = cell(r, m.column());
            if (cell != null) {
              values.put(m, Long.parseLong(cell));
            }
          }
          String sample = cell(r, "sample_ms");
          rows.add(new Row(cell(r, "phase"), Long.parseLong(cell(r, "start_ms")), Long.parseLong(cell(r, "end_ms")),
              Double.parseDouble(cell(r, "elapsed_s")), sample == null ? null : Double.parseDouble(sample), values,
              cell(r, NOTE)));
        } catch (NumberFormatException | NullPointerException e) {
          throw new ReportException(file + ": line " + r.getRecordNumber() + 1 + " is not a server-metrics row ("
              + e.getMessage() + ")");
        }
      }
    } catch (IOException | java.io.UncheckedIOException e) {
      throw new ReportException(file + ": cannot read (" + e.getMessage() + ")");
    }
    return rows;
  }

  private static String cell(CSVRecord r, String column) {
    if (!r.isMapped(column) || !r.isSet(column)) {
      return null;
    }
    String c = r.get(column).trim();
    return c.isEmpty() ? null : c;
  }
}
