package com.mytopling.ycsb.core.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.Locale;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;

/**
 * The one convention for command lines of the harness' tools (scripts/benchmark, ci-regression, soak,
 * reproduce-*, report, dataset): Commons CLI options, and option values (counts, percentages, durations, sizes)
 * read here with one wording for every error, the wording of {@link com.mytopling.ycsb.core.PropertyReader} for
 * properties ("NAME: 'VALUE' is not a whole number", "NAME: N is out of range (at least MIN)"). A bad value is a
 * {@link UsageException}: one line, exit 2.
 */
public final class CliValues {
  private CliValues() {
  }

  /** Parses {@code args}; an unknown or incomplete option is one line ending in "(try --help)". */
  public static CommandLine parse(Options options, String[] args) throws UsageException {
    return parse(options, args, "--help");
  }

  /** {@link #parse(Options, String[])} for a tool whose help is asked for otherwise ("dataset help"). */
  public static CommandLine parse(Options options, String[] args, String helpCommand) throws UsageException {
    try {
      return new DefaultParser().parse(options, args);
    } catch (ParseException e) {
      throw new UsageException(e.getMessage() + " (try " + helpCommand + ")");
    }
  }

  /** Parses {@code args} and refuses arguments that are not options. */
  public static CommandLine parseOptionsOnly(Options options, String[] args) throws UsageException {
    CommandLine cl = parse(options, args);
    if (!cl.getArgList().isEmpty()) {
      throw new UsageException("unexpected argument '" + cl.getArgList().get(0) + "' (try --help)");
    }
    return cl;
  }

  /** The option list as --help prints it. */
  public static String help(String usage, Options options) {
    StringWriter text = new StringWriter();
    new HelpFormatter().printHelp(new PrintWriter(text), 110, usage, null, options, 2, 2, null);
    return text.toString();
  }

  /** A whole number of at least {@code min}, {@code dflt} when the option is absent (the default is not checked). */
  public static long count(CommandLine cl, String option, long dflt, long min) throws UsageException {
    String v = cl.getOptionValue(option);
    return v == null ? dflt : count(flag(option), v, min);
  }

  /** {@link #count(CommandLine, String, long, long)} for values that must fit an int (threads, runs, ports). */
  public static int intCount(CommandLine cl, String option, int dflt, int min) throws UsageException {
    return intCount(cl, option, dflt, min, Integer.MAX_VALUE);
  }

  /** A whole number from {@code min} to {@code max}, {@code dflt} when the option is absent. */
  public static int intCount(CommandLine cl, String option, int dflt, int min, int max) throws UsageException {
    String v = cl.getOptionValue(option);
    return v == null ? dflt : (int) count(flag(option), v, min, max);
  }

  /** {@code text} as a whole number of at least {@code min}; {@code name} as the user typed it ("--records"). */
  public static long count(String name, String text, long min) throws UsageException {
    return count(name, text, min, Long.MAX_VALUE);
  }

  private static long count(String name, String text, long min, long max) throws UsageException {
    long n;
    try {
      n = Long.parseLong(text.strip());
    } catch (NumberFormatException e) {
      throw new UsageException(name + ": '" + text + "' is not a whole number");
    }
    if (n < min || n > max) {
      // An int's or a long's largest value is no limit the user chose: name only the bound that was crossed.
      boolean unbounded = max == Long.MAX_VALUE || max == Integer.MAX_VALUE;
      throw new UsageException(name + ": " + n + " is out of range ("
          + (!unbounded ? min + " to " + max : n < min ? "at least " + min : "at most " + max) + ")");
    }
    return n;
  }

  /**
   * "5%" or "5" as the fraction 0.05, at least 0% and below {@code belowPercent} (100 for a drop; a rise may
   * exceed 100%).
   */
  public static double percent(String name, String text, double belowPercent) throws UsageException {
    String t = text.strip();
    double v;
    try {
      v = Double.parseDouble(t.endsWith("%") ? t.substring(0, t.length() - 1) : t);
    } catch (NumberFormatException e) {
      throw new UsageException(name + ": '" + text + "' is not a percentage like 5%");
    }
    if (!(v >= 0 && v < belowPercent)) {
      throw new UsageException(name + ": " + t + " is out of range (0% to below " + (long) belowPercent + "%)");
    }
    return v / 100.0;
  }

  /** A significance level or another probability strictly between 0 and 1 ("0.05"). */
  public static double probability(String name, String text) throws UsageException {
    double v;
    try {
      v = Double.parseDouble(text.strip());
    } catch (NumberFormatException e) {
      throw new UsageException(name + ": '" + text + "' is not a number like 0.05");
    }
    if (!(v > 0 && v < 1)) {
      throw new UsageException(name + ": " + text.strip() + " is out of range (above 0 to below 1)");
    }
    return v;
  }

  /**
   * A duration: a whole number followed by s, m or h ("90s", "30m", "2h"); a bare number is seconds. At least one
   * second.
   */
  public static Duration duration(String name, String text) throws UsageException {
    String t = text.strip().toLowerCase(Locale.ROOT);
    long unit = 1;
    if (t.endsWith("s") || t.endsWith("m") || t.endsWith("h")) {
      unit = t.endsWith("s") ? 1 : t.endsWith("m") ? 60 : 3600;
      t = t.substring(0, t.length() - 1);
    }
    long n;
    try {
      n = Long.parseLong(t);
    } catch (NumberFormatException e) {
      throw new UsageException(name + ": '" + text + "' is not a duration like 90s, 30m or 2h");
    }
    if (n < 1 || n > Long.MAX_VALUE / 3600) {
      throw new UsageException(name + ": " + text.strip() + " is out of range (at least 1s)");
    }
    return Duration.ofSeconds(n * unit);
  }

  /** A size in bytes: a whole number, optionally followed by k, m or g (powers of 1024). */
  public static long size(String name, String text) throws UsageException {
    String t = text.strip().toLowerCase(Locale.ROOT);
    int shift = 0;
    if (t.endsWith("k") || t.endsWith("m") || t.endsWith("g")) {
      shift = t.endsWith("k") ? 10 : t.endsWith("m") ? 20 : 30;
      t = t.substring(0, t.length() - 1);
    }
    long n;
    try {
      n = Long.parseLong(t);
    } catch (NumberFormatException e) {
      throw new UsageException(name + ": '" + text + "' is not a size like 4096, 64k, 10m or 1g");
    }
    if (n < 0 || n > (Long.MAX_VALUE >> shift)) {
      throw new UsageException(name + ": " + text.strip() + " is out of range (0 to " + Long.MAX_VALUE + " bytes)");
    }
    return n << shift;
  }

  /** A long option taking one value, {@code --name ARG}, with its --help line: how every tool declares one. */
  public static Option valued(String name, String arg, String desc) {
    return Option.builder().longOpt(name).hasArg().argName(arg).desc(desc).build();
  }

  /** How the user typed an option: -p, --records. */
  public static String flag(String option) {
    return (option.length() == 1 ? "-" : "--") + option;
  }
}
