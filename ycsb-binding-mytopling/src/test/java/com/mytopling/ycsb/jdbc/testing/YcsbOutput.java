package com.mytopling.ycsb.jdbc.testing;

import com.mytopling.ycsb.results.ReportException;
import com.mytopling.ycsb.results.parse.MeasurementLine;
import com.mytopling.ycsb.results.parse.YcsbOutputParser;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * YCSB's measurement lines, "[SERIES], metric, value", as a map from "SERIES metric" to value: read by the one parser
 * of YCSB's output (ycsb-results' YcsbOutputParser). Output without YCSB's final report (a run that failed) has none.
 */
public final class YcsbOutput {
  private final Map<String, Double> values = new LinkedHashMap<>();

  public static YcsbOutput parse(String stdout) {
    YcsbOutput o = new YcsbOutput();
    List<MeasurementLine> lines;
    try {
      lines = YcsbOutputParser.parse("stdout", stdout);
    } catch (ReportException noReport) {
      return o;
    }
    for (MeasurementLine line : lines) {
      o.values.put(line.series() + " " + line.measurement(), line.value());
    }
    return o;
  }

  /** The value as a long, or 0 when YCSB printed no such line (YCSB omits zero return codes). */
  public long count(String series, String metric) {
    Double v = values.get(series + " " + metric);
    return v == null ? 0 : v.longValue();
  }

  public boolean has(String series, String metric) {
    return values.containsKey(series + " " + metric);
  }

  public Map<String, Double> all() {
    return values;
  }
}
