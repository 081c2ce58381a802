package com.mytopling.ycsb.results.cli;

import java.io.PrintStream;

/** One subcommand of scripts/report. */
public interface Command {
  String name();

  /** One line for the command list. */
  String description();

  /**
   * @return the process exit code: 0 success, 1 a verdict the caller acts on (regression found), 2 bad input
   * @throws com.mytopling.ycsb.results.ReportException for bad input; the dispatcher prints it as one line
   */
  int run(String[] args, PrintStream out, PrintStream err) throws Exception;
}
