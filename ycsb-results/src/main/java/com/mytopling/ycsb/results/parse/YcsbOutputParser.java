package com.mytopling.ycsb.results.parse;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.mytopling.ycsb.results.Json;
import com.mytopling.ycsb.results.ReportException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the measurement lines of YCSB's final report from a phase's stdout, in any of YCSB's exporter formats:
 * the default text exporter ("[READ], 99thPercentileLatency(us), 4767"), JSONMeasurementsExporter (a stream of
 * objects) and JSONArrayMeasurementsExporter (one array). Other stdout lines (status lines with -s -p
 * status.interval, the binding's own lines) are skipped.
 */
public final class YcsbOutputParser {
  /**
   * "[SERIES], measurement, number". Stars around the measurement are tolerated because published outputs are often
   * copied from Markdown where the author bolded a figure (the Azure SQL output in our published baselines is).
   */
  private static final Pattern TEXT_LINE = Pattern.compile(
      "^\\s*\\[([^\\]]+)\\],\\s*\\**\\s*([^,]*?)\\s*\\**\\s*,\\s*\\**\\s*([-+]?(?:\\d+\\.?\\d*(?:[eE][-+]?\\d+)?|NaN|Infinity))\\s*\\**\\s*$");

  private YcsbOutputParser() {
  }

  /**
   * @param source name of the file, for error messages
   * @throws ReportException when the text holds no YCSB measurement at all
   */
  public static List<MeasurementLine> parse(String source, String text) {
    String trimmed = text.stripLeading();
    if (trimmed.isEmpty()) {
      throw new ReportException(source + ": empty: YCSB did not finish this phase (see the matching .err file)");
    }
    List<MeasurementLine> lines = trimmed.startsWith("{") || trimmed.startsWith("[ {") || trimmed.startsWith("[{")
        ? parseJson(source, trimmed)
        : parseText(text);
    if (lines.stream().noneMatch(l -> l.series().equals("OVERALL"))) {
      throw new ReportException(source + ": no YCSB [OVERALL] measurement found (expected lines like "
          + "'[OVERALL], RunTime(ms), 1234'): not YCSB output? (or YCSB was stopped before its final report)");
    }
    return lines;
  }

  private static List<MeasurementLine> parseText(String text) {
    List<MeasurementLine> result = new ArrayList<>();
    for (String line : text.split("\\R")) {
      Matcher m = TEXT_LINE.matcher(line);
      if (m.matches()) {
        double value = Double.parseDouble(m.group(3));
        // YCSB prints NaN or Infinity for ratios over a zero run time: no figure, so none is kept.
        if (Double.isFinite(value)) {
          result.add(new MeasurementLine(m.group(1).trim(), m.group(2).trim(), value));
        }
      }
    }
    return result;
  }

  private static List<MeasurementLine> parseJson(String source, String text) {
    List<MeasurementLine> result = new ArrayList<>();
    try (JsonParser parser = Json.mapper().getFactory().createParser(text)) {
      MappingIterator<JsonNode> nodes = Json.mapper().readValues(parser, JsonNode.class);
      while (nodes.hasNext()) {
        JsonNode node = nodes.next();
        if (node.isArray()) {
          node.forEach(n -> addJsonMeasurement(result, n));
        } else {
          addJsonMeasurement(result, node);
        }
      }
    } catch (IOException | RuntimeException e) {
      if (result.isEmpty()) {
        throw new ReportException(source + ": starts like JSON but is not YCSB's JSON exporter output");
      }
      // YCSB may have been killed mid-write; what was read is still the report's beginning.
    }
    return result;
  }

  private static void addJsonMeasurement(List<MeasurementLine> into, JsonNode node) {
    JsonNode metric = node.get("metric");
    JsonNode measurement = node.get("measurement");
    JsonNode value = node.get("value");
    if (metric != null && measurement != null && value != null && value.isNumber() && Double.isFinite(value.asDouble())) {
      into.add(new MeasurementLine(metric.asText(), measurement.asText(), value.asDouble()));
    }
  }
}
