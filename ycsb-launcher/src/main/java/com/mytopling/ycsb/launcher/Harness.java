package com.mytopling.ycsb.launcher;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Entry point of the harness image (ycsb-harness, built by scripts/images with Jib): the first argument names
 * the script whose command runs, the rest are that script's arguments, e.g.
 * {@code docker run --network host -e YCSB_DB_PASSWORD ycsb-harness:latest benchmark --target /t.properties}.
 * Secrets come from the container's environment ({@code YCSB_DB_PASSWORD}) or a mounted file
 * ({@code db.passwdfile}); the image holds none.
 */
public final class Harness {
  private static final Map<String, Consumer<String[]>> COMMANDS = new LinkedHashMap<>();

  static {
    COMMANDS.put("benchmark", Benchmark::main);
    COMMANDS.put("ycsb", Ycsb::main);
    COMMANDS.put("verify", Verify::main);
    COMMANDS.put("report", com.mytopling.ycsb.results.cli.ReportCli::main);
    COMMANDS.put("dataset", com.mytopling.ycsb.fileloader.tool.DatasetTool::main);
    COMMANDS.put("ci-regression", com.mytopling.ycsb.launcher.ci.CiRegression::main);
  }

  private Harness() {
  }

  public static void main(String[] args) {
    if (args.length == 0 || args[0].equals("-h") || args[0].equals("--help")) {
      (args.length == 0 ? System.err : System.out).println("usage: COMMAND [ARG]...   commands: "
          + String.join(", ", COMMANDS.keySet()) + " (the scripts of the same names; COMMAND --help for each)");
      System.exit(args.length == 0 ? 2 : 0);
    }
    Consumer<String[]> command = COMMANDS.get(args[0]);
    if (command == null) {
      System.err.println("harness: unknown command '" + args[0] + "' (commands: " + String.join(", ", COMMANDS.keySet())
          + ")");
      System.exit(2); // bad command line (README: exit statuses)
    }
    command.accept(Arrays.copyOfRange(args, 1, args.length));
  }
}
