package com.mytopling.ycsb.launcher;

import com.mytopling.ycsb.containers.ContainerException;
import com.mytopling.ycsb.core.ExitStatus;
import com.mytopling.ycsb.core.cli.CliValues;
import com.mytopling.ycsb.core.cli.UsageException;
import com.mytopling.ycsb.results.ReportException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.SQLException;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/**
 * One job of the harness (scripts/benchmark, soak, reproduce-azure, reproduce-reviews, ci-regression; and the bench
 * module's bench-harness and load-vs-core): its options and its work. What every job does around its work is written
 * here once: the command line (options only, --help), and how what went wrong becomes the job's one line and its exit
 * status (README: exit statuses). {@link Harness#run} starts every job the same way.
 */
public abstract class HarnessJob {
  /** The job's name as its script is named: the first word of each line it prints about itself. */
  protected final String name;
  /** The harness checkout or install: scripts/, workloads/, db-properties/, results/. */
  protected final Path root;
  protected final PrintStream out;
  protected final PrintStream err;

  protected HarnessJob(String name, Path root, PrintStream out, PrintStream err) {
    this.name = name;
    this.root = root;
    this.out = out;
    this.err = err;
  }

  /** The synopsis --help prints above the options. */
  protected abstract String usage();

  protected abstract Options options();

  /** The job's work, on its parsed command line; its exit status. */
  protected abstract int execute(CommandLine cl)
      throws UsageException, JobFailed, IOException, SQLException, InterruptedException;

  /** The job with these arguments; its exit status. */
  public final int run(String[] args) {
    try {
      Options options = options();
      CommandLine cl = CliValues.parseOptionsOnly(options, args);
      if (cl.hasOption("help")) {
        out.print(CliValues.help(usage(), options));
        return ExitStatus.OK.code;
      }
      return execute(cl);
    } catch (UsageException e) {
      err.println(name + ": " + e.getMessage());
      return e.exitStatus();
    } catch (ReportException e) {
      // The report side's input error: a run folder or file the user named.
      err.println(name + ": " + e.getMessage());
      return ExitStatus.BAD_INPUT.code;
    } catch (JobFailed e) {
      if (e.getMessage() != null) {
        err.println(name + ": " + e.getMessage());
      }
      return e.status();
    } catch (IOException | SQLException | ContainerException e) {
      err.println(name + ": " + e.getMessage());
      return ExitStatus.FAILED.code;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      err.println(name + ": interrupted");
      return ExitStatus.FAILED.code;
    }
  }
}
