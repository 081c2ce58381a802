package com.mytopling.ycsb.results.parse;

import com.mytopling.ycsb.results.model.StatusSample;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads YCSB's status lines (-s) of a phase's stderr as a time series: YCSB's own output, like its final report
 * ({@link YcsbOutputParser}). The binding's facts in the same file (connection, totals, errors) are read from its
 * run record instead ({@link BindingRecords}); everything else there (stack traces, JVM warnings) is left alone.
 */
public final class StatusLineParser {
  /**
   * YCSB 0.17 StatusThread: "yyyy-MM-dd HH:mm:ss:SSS N sec: N operations; [X current ops/sec; ][est completion in
   * ...]", and our launcher's, which adds "N successful operations; [X successful ops/sec; ]" after the current rate.
   */
  private static final Pattern STATUS = Pattern.compile(
      "(\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}:\\d{3}) (\\d+) sec: (\\d+) operations;(?: (\\S+) current ops/sec;)?"
      + "(?: (\\d+) successful operations;)?(?: (\\S+) successful ops/sec;)?(.*)$");
  /** "[READ: Count=51, Max=2577, Min=1, Avg=645.61, 90=1152, 99=2577, 99.9=2577, 99.99=2577]". */
  private static final Pattern SERIES = Pattern.compile("\\[([^:\\[\\]]+): ([^\\]]*)\\]");

  private StatusLineParser() {
  }

  /** The status lines of a phase's stderr, in order. */
  public static List<StatusSample> parse(String text) {
    List<StatusSample> samples = new ArrayList<>();
    for (String line : text.split("\\R")) {
      StatusSample sample = parseStatusLine(line);
      if (sample != null) {
        samples.add(sample);
      }
    }
    return samples;
  }

  static StatusSample parseStatusLine(String line) {
    Matcher m = STATUS.matcher(line);
    if (!m.find()) {
      return null;
    }
    StatusSample sample = new StatusSample();
    sample.timestamp = m.group(1);
    sample.elapsedS = Long.parseLong(m.group(2));
    sample.totalOps = Long.parseLong(m.group(3));
    sample.currentOpsPerSec = parseNumber(m.group(4));
    sample.successfulOps = m.group(5) == null ? null : Long.parseLong(m.group(5));
    sample.successfulOpsPerSec = parseNumber(m.group(6));
    Matcher series = SERIES.matcher(m.group(7));
    while (series.find()) {
      sample.latencyUs.put(series.group(1).trim(), parseStats(series.group(2)));
    }
    return sample;
  }

  private static Map<String, Double> parseStats(String body) {
    Map<String, Double> stats = new LinkedHashMap<>();
    // Pairs are separated by ", "; a lone ',' can be a decimal separator since YCSB formats with the default locale.
    for (String pair : body.split(", ")) {
      int eq = pair.indexOf('=');
      if (eq <= 0) {
        continue;
      }
      Double value = parseNumber(pair.substring(eq + 1));
      if (value == null) {
        continue;
      }
      String name = pair.substring(0, eq).trim();
      stats.put(Character.isDigit(name.charAt(0)) ? "p" + name : name.toLowerCase(Locale.ROOT), value);
    }
    return stats;
  }

  /** Null for absent, infinite ("∞" on the first tick) or unreadable values: a missing number, never a made-up one. */
  private static Double parseNumber(String text) {
    if (text == null) {
      return null;
    }
    try {
      double v = Double.parseDouble(text.trim().replace(',', '.'));
      return Double.isFinite(v) ? v : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
