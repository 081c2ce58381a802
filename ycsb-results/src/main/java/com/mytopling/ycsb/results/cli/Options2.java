package com.mytopling.ycsb.results.cli;

import com.mytopling.ycsb.core.cli.CliValues;
import com.mytopling.ycsb.core.cli.UsageException;
import com.mytopling.ycsb.results.ReportException;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/** The harness' one command-line convention ({@link CliValues}) with errors as the report's one-line exceptions. */
final class Options2 {
  private Options2() {
  }

  static CommandLine parse(String command, Options options, String[] args) {
    try {
      return CliValues.parse(options, args, "report " + command + " --help");
    } catch (UsageException e) {
      throw new ReportException(e.getMessage());
    }
  }

  static String help(String usage, Options options) {
    return CliValues.help(usage, options);
  }
}
