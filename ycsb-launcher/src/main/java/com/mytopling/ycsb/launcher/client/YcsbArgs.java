package com.mytopling.ycsb.launcher.client;

import com.mytopling.ycsb.core.cli.CliValues;
import com.mytopling.ycsb.core.ConfigException;
import com.mytopling.ycsb.core.cli.UsageException;
import com.mytopling.ycsb.core.config.Origin;
import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.core.config.SettingsMerge;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;

/**
 * YCSB's command line, as bin/ycsb takes it: {@code load|run|shell BINDING [-P file]...
 * [-p name=value]... [-threads N] [-target N] [-s] [-l label]}, read into the run's one merge of settings
 * ({@link SettingsMerge}: property files in order, then -p values in order, then the options, then what the command
 * itself sets: the DB class and dotransactions). A file that cannot be read is an error, not an empty set; a settings
 * file of a run folder is read with the origins it records and its secrets from the environment.
 */
public final class YcsbArgs {
  public final String command;
  public final String binding;
  /** The sources of this process's settings, not yet resolved (see {@link ChildSettings}). */
  public final SettingsMerge merge;
  /** The arguments as given, with password values masked, for the echo line. */
  public final String maskedCommandLine;

  private YcsbArgs(String command, String binding, SettingsMerge merge, String masked) {
    this.command = command;
    this.binding = binding;
    this.merge = merge;
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
    return parse(args, System.getenv());
  }

  public static YcsbArgs parse(String[] args, Map<String, String> env) throws UsageException {
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
    SettingsMerge merge = new SettingsMerge();
    for (String file : values(cl, "P")) {
      try {
        merge.file(Path.of(file), env);
      } catch (ConfigException e) {
        throw new UsageException("-P " + e.getMessage());
      }
    }
    for (String kv : values(cl, "p")) {
      if (kv.indexOf('=') <= 0) {
        throw new UsageException("-p " + maskPair(kv) + ": expected name=value");
      }
      try {
        merge.commandLine(kv);
      } catch (ConfigException e) {
        throw new UsageException(e.getMessage());
      }
    }
    if (cl.hasOption("threads")) {
      merge.set(Registry.THREADCOUNT, number("-threads", cl.getOptionValue("threads")), Origin.option("-threads"));
    }
    if (cl.hasOption("target")) {
      merge.set(Registry.TARGET_OPS, number("-target", cl.getOptionValue("target")), Origin.option("-target"));
    }
    if (cl.hasOption("s")) {
      merge.set(Registry.STATUS, "true", Origin.option("-s"));
    }
    if (cl.hasOption("l")) {
      merge.set(Registry.LABEL, cl.getOptionValue("l"), Origin.option("-l"));
    }
    merge.set(Registry.DB, cl.hasOption("db") ? cl.getOptionValue("db") : Bindings.dbClass(binding),
        cl.hasOption("db") ? Origin.option("-db") : Origin.harness("binding " + binding));
    merge.set(Registry.DOTRANSACTIONS, Boolean.toString(command.equals("run")), Origin.harness("command " + command));
    return new YcsbArgs(command, binding, merge, maskArgs(args));
  }

  private static List<String> values(CommandLine cl, String opt) {
    String[] v = cl.getOptionValues(opt);
    return v == null ? List.of() : List.of(v);
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
