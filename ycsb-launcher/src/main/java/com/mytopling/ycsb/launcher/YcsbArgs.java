package com.mytopling.ycsb.launcher;

import com.mytopling.ycsb.core.cli.CliValues;
import com.mytopling.ycsb.core.cli.UsageException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;

/**
 * YCSB's command line, as bin/ycsb takes it: {@code load|run|shell BINDING [-P file]...
 * [-p name=value]... [-threads N] [-target N] [-s] [-l label]}, parsed into the properties
 * YCSB's client reads. Property files load in order, then -p values override them, then the
 * dedicated flags; a file that cannot be read is an error, not an empty set.
 */
public final class YcsbArgs {
  public final String command;
  public final String binding;
  public final Properties props;
  /** The arguments as given, with password values masked, for the echo line. */
  public final String maskedCommandLine;

  private YcsbArgs(String command, String binding, Properties props, String masked) {
    this.command = command;
    this.binding = binding;
    this.props = props;
    this.maskedCommandLine = masked;
  }

  static Options options() {
    Options o = new Options();
    o.addOption(Option.builder("P").hasArg().argName("file").desc("workload or db property file (repeatable)").build());
    o.addOption(Option.builder("p").hasArg().argName("name=value").desc("set a property (repeatable)").build());
    o.addOption(Option.builder("threads").hasArg().argName("n").desc("client threads").build());
    o.addOption(Option.builder("target").hasArg().argName("ops/s").desc("target throughput").build());
    o.addOption(Option.builder("s").desc("print status every 10 s (status.interval)").build());
    o.addOption(Option.builder("l").hasArg().argName("label").desc("label for status lines").build());
    o.addOption(Option.builder("db").hasArg().argName("class").desc("a DB class instead of a binding name").build());
    return o;
  }

  public static YcsbArgs parse(String[] args) throws UsageException {
    if (args.length < 1) {
      throw new UsageException("usage: ycsb load|run|shell BINDING [-P file]... [-p name=value]... [-threads N] [-target N] [-s]");
    }
    String command = args[0];
    if (!command.equals("load") && !command.equals("run") && !command.equals("shell")) {
      throw new UsageException("unknown command '" + command + "' (load, run or shell)");
    }
    if (args.length < 2 || args[1].startsWith("-")) {
      throw new UsageException("missing binding after '" + command + "' (mytopling, jdbc or basic)");
    }
    String binding = args[1];
    String[] rest = java.util.Arrays.copyOfRange(args, 2, args.length);
    CommandLine cl;
    try {
      cl = new DefaultParser().parse(options(), rest);
    } catch (ParseException e) {
      throw new UsageException(e.getMessage());
    }
    if (!cl.getArgList().isEmpty()) {
      throw new UsageException("unexpected argument '" + cl.getArgList().get(0) + "'");
    }
    Properties props = new Properties();
    for (String file : values(cl, "P")) {
      loadFile(props, Path.of(file));
    }
    for (String kv : values(cl, "p")) {
      int eq = kv.indexOf('=');
      if (eq <= 0) {
        throw new UsageException("-p " + maskPair(kv) + ": expected name=value");
      }
      props.setProperty(kv.substring(0, eq), kv.substring(eq + 1));
    }
    if (cl.hasOption("threads")) {
      props.setProperty("threadcount", number("-threads", cl.getOptionValue("threads")));
    }
    if (cl.hasOption("target")) {
      props.setProperty("target", number("-target", cl.getOptionValue("target")));
    }
    if (cl.hasOption("s")) {
      props.setProperty("status", "true");
    }
    if (cl.hasOption("l")) {
      props.setProperty("label", cl.getOptionValue("l"));
    }
    props.setProperty("db", cl.hasOption("db") ? cl.getOptionValue("db") : Bindings.dbClass(binding));
    props.setProperty("dotransactions", Boolean.toString(command.equals("run")));
    return new YcsbArgs(command, binding, props, maskArgs(args));
  }

  private static List<String> values(CommandLine cl, String opt) {
    String[] v = cl.getOptionValues(opt);
    return v == null ? List.of() : List.of(v);
  }

  private static void loadFile(Properties props, Path file) throws UsageException {
    if (!Files.isRegularFile(file)) {
      throw new UsageException("-P " + file + ": no such file");
    }
    Properties fromFile = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      fromFile.load(in);
    } catch (IOException | IllegalArgumentException e) {
      throw new UsageException("-P " + file + ": cannot read: " + e.getMessage());
    }
    props.putAll(fromFile);
  }

  private static String number(String flag, String value) throws UsageException {
    return Long.toString(CliValues.count(flag, value, 0));
  }

  static String maskArgs(String[] args) {
    List<String> out = new ArrayList<>();
    for (String a : args) {
      out.add(maskPair(a));
    }
    return String.join(" ", out);
  }

  private static String maskPair(String kv) {
    int eq = kv.indexOf('=');
    if (eq > 0 && com.mytopling.ycsb.core.Secrets.isSecretName(kv.substring(0, eq))) {
      return kv.substring(0, eq + 1) + com.mytopling.ycsb.core.Secrets.MASK;
    }
    return com.mytopling.ycsb.core.Secrets.maskUrl(kv);
  }
}
