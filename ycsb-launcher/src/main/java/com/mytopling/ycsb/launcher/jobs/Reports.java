package com.mytopling.ycsb.launcher.jobs;

import com.mytopling.ycsb.core.ExitStatus;
import com.mytopling.ycsb.launcher.JobFailed;
import com.mytopling.ycsb.results.ReportException;
import com.mytopling.ycsb.results.cli.ReportCli;
import com.mytopling.ycsb.results.model.RunSummary;
import com.mytopling.ycsb.results.parse.RunLoader;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * scripts/report's commands called in this JVM by the launcher's jobs, and runs read through the results model. A
 * report command that fails has printed its one line already; the job stops with its exit status.
 */
final class Reports {
  private final PrintStream err;

  Reports(PrintStream err) {
    this.err = err;
    // The commands that draw (html, chart, history) set java.awt.headless themselves.
  }

  /** A report command whose standard output is not wanted. */
  void quiet(String... args) throws JobFailed {
    check(args, new ReportCli().run(args, new PrintStream(OutputStream.nullOutputStream()), err));
  }

  /** A report command's standard output. */
  String capture(String... args) throws JobFailed {
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    check(args, new ReportCli().run(args, new PrintStream(text, true, StandardCharsets.UTF_8), err));
    return text.toString(StandardCharsets.UTF_8);
  }

  /** A run's summary (its summary.json, or computed from the raw files), metadata included. */
  RunSummary load(Path run) throws JobFailed {
    try {
      return RunLoader.load(run);
    } catch (ReportException e) {
      err.println("report: " + e.getMessage());
      throw JobFailed.alreadySaid(ExitStatus.BAD_INPUT.code);
    }
  }

  private static void check(String[] args, int status) throws JobFailed {
    if (status != ExitStatus.OK.code) {
      throw JobFailed.alreadySaid(status);
    }
  }

}
