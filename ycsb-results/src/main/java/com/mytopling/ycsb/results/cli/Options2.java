package com.mytopling.ycsb.results.cli;

import com.mytopling.ycsb.results.ReportException;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;

/** Commons CLI parsing with errors turned into one-line {@link ReportException}s. */
final class Options2 {
  private Options2() {
  }

  static CommandLine parse(String command, Options options, String[] args) {
    try {
      return new DefaultParser().parse(options, args);
    } catch (ParseException e) {
      throw new ReportException(command + ": " + e.getMessage());
    }
  }

  static String help(String usage, Options options) {
    StringWriter text = new StringWriter();
    new HelpFormatter().printHelp(new PrintWriter(text), 100, usage, null, options, 2, 2, null);
    return text.toString();
  }

  /**
   * Parses "5%" or "5" into the fraction 0.05.
   *
   * @param below the value must be below this many percent (100 for a drop; a rise may exceed 100%)
   */
  static double percent(String option, String text, double below) {
    String t = text.trim();
    double v;
    try {
      v = Double.parseDouble(t.endsWith("%") ? t.substring(0, t.length() - 1) : t);
    } catch (NumberFormatException e) {
      throw new ReportException("--" + option + " must be a percentage like 5%, got '" + text + "'");
    }
    if (!(v >= 0 && v < below)) {
      throw new ReportException("--" + option + " must be at least 0% and below " + (long) below + "%, got " + text);
    }
    return v / 100.0;
  }
}
