package com.mytopling.ycsb.results.cli;

import com.mytopling.ycsb.core.ExitStatus;
import com.mytopling.ycsb.core.cli.UsageException;
import com.mytopling.ycsb.results.ReportException;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Entry point of scripts/report: dispatches to a subcommand. Exit statuses are the harness's
 * ({@link ExitStatus}): bad input ends with one line on stderr and BAD_INPUT; a regression found by
 * the gate is FAILED; an unexpected failure is one line and INTERNAL_ERROR (REPORT_DEBUG=1 adds the
 * stack trace). The constants below name them for the commands.
 */
public final class ReportCli {
  public static final int OK = ExitStatus.OK.code;
  public static final int VERDICT_FAILED = ExitStatus.FAILED.code;
  public static final int BAD_INPUT = ExitStatus.BAD_INPUT.code;
  public static final int INTERNAL_ERROR = ExitStatus.INTERNAL_ERROR.code;

  private final Map<String, Command> commands = new LinkedHashMap<>();

  public ReportCli() {
    for (Command c : List.of(new SummarizeCommand(), new ShowCommand(), new CompareCommand(), new ChartCommand(),
        new MergeCommand(), new RegressCommand(), new HtmlCommand(), new HistoryCommand())) {
      commands.put(c.name(), c);
    }
  }

  public static void main(String[] args) {
    System.exit(new ReportCli().run(args, System.out, System.err));
  }

  public int run(String[] args, PrintStream out, PrintStream err) {
    if (args.length == 0 || args[0].equals("-h") || args[0].equals("--help") || args[0].equals("help")) {
      printUsage(args.length == 0 ? err : out);
      return args.length == 0 ? BAD_INPUT : OK;
    }
    Command command = commands.get(args[0]);
    if (command == null) {
      err.println("report: unknown command '" + args[0] + "' (commands: " + String.join(", ", commands.keySet()) + ")");
      return BAD_INPUT;
    }
    try {
      return command.run(Arrays.copyOfRange(args, 1, args.length), out, err);
    } catch (ReportException | UsageException e) {
      err.println("report " + command.name() + ": " + e.getMessage());
      return BAD_INPUT;
    } catch (Exception | Error e) {
      err.println("report " + command.name() + ": internal error: " + e);
      if (System.getenv("REPORT_DEBUG") != null) {
        e.printStackTrace(err);
      }
      return INTERNAL_ERROR;
    }
  }

  private void printUsage(PrintStream to) {
    to.println("usage: scripts/report COMMAND [options]   (COMMAND --help for its options)");
    commands.values().forEach(c -> to.printf("  %-10s %s%n", c.name(), c.description()));
  }
}
