package com.mytopling.ycsb.results.parse;

import com.mytopling.ycsb.core.Secrets;
import com.mytopling.ycsb.results.model.StatusSample;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a phase's stderr: YCSB's status lines (-s) as a time series, and our binding's "[mytopling] connected:"
 * line for the server's identity. Everything else there (stack traces, JVM warnings) is left alone.
 */
public final class StderrParser {
  /**
   * YCSB 0.17 StatusThread: "yyyy-MM-dd HH:mm:ss:SSS N sec: N operations; [X current ops/sec; ][est completion in
   * ...]", and our launcher's, which adds "N successful operations; [X successful ops/sec; ]" after the current rate.
   */
  private static final Pattern STATUS = Pattern.compile(
      "(\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}:\\d{3}) (\\d+) sec: (\\d+) operations;(?: (\\S+) current ops/sec;)?"
      + "(?: (\\d+) successful operations;)?(?: (\\S+) successful ops/sec;)?(.*)$");
  /** "[READ: Count=51, Max=2577, Min=1, Avg=645.61, 90=1152, 99=2577, 99.9=2577, 99.99=2577]". */
  private static final Pattern SERIES = Pattern.compile("\\[([^:\\[\\]]+): ([^\\]]*)\\]");
  private static final String BINDING_PREFIX = "[mytopling] ";
  private static final String CONNECTED = "connected:";
  private static final Pattern KEY_VALUE = Pattern.compile("([A-Za-z_][\\w.-]*)=(\"(?:[^\"\\\\]|\\\\.)*\"|\\S*)");

  private StderrParser() {
  }

  private static final String TOTALS = "totals:";
  private static final int MAX_PROBLEM_LINES = 5;

  /**
   * What a phase's stderr says.
   *
   * @param server key=values of the binding's "connected:" line, null if none
   * @param bindingTotals key=values of the binding's last "totals:" line (rows stored/failed, errors), null if none
   * @param bindingProblems the binding's first "error"/"fatal" lines, secrets masked, plus a count of the rest
   */
  public record Stderr(List<StatusSample> status, Map<String, String> server, Map<String, String> bindingTotals,
                       List<String> bindingProblems) {
  }

  public static Stderr parse(String text) {
    List<StatusSample> samples = new ArrayList<>();
    Map<String, String> server = null;
    Map<String, String> totals = null;
    List<String> problems = new ArrayList<>();
    int moreProblems = 0;
    for (String line : text.split("\\R")) {
      if (line.startsWith(BINDING_PREFIX)) {
        String rest = line.substring(BINDING_PREFIX.length()).trim();
        if (rest.startsWith(CONNECTED)) {
          server = parseKeyValues(rest.substring(CONNECTED.length()));
        } else if (rest.startsWith(TOTALS)) {
          totals = parseKeyValues(rest.substring(TOTALS.length()));
        } else if (rest.startsWith("error") || rest.startsWith("fatal")) {
          if (problems.size() < MAX_PROBLEM_LINES) {
            problems.add("binding: " + Secrets.maskUrl(rest));
          } else {
            moreProblems++;
          }
        }
        continue;
      }
      StatusSample sample = parseStatusLine(line);
      if (sample != null) {
        samples.add(sample);
      }
    }
    if (moreProblems > 0) {
      problems.add("binding: " + moreProblems + " more error lines in stderr");
    }
    return new Stderr(samples, server, totals, problems);
  }

  /** Key=value pairs, values with spaces in double quotes; URL passwords masked. */
  public static Map<String, String> parseKeyValues(String text) {
    Map<String, String> result = new LinkedHashMap<>();
    Matcher m = KEY_VALUE.matcher(text);
    while (m.find()) {
      String value = m.group(2);
      if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
        value = value.substring(1, value.length() - 1).replace("\\\"", "\"").replace("\\\\", "\\");
      }
      result.put(m.group(1), Secrets.isSecretName(m.group(1)) ? Secrets.MASK : Secrets.maskUrl(value));
    }
    return result;
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
