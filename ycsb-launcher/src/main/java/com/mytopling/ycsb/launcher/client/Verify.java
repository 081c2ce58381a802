package com.mytopling.ycsb.launcher.client;

import com.mytopling.ycsb.core.cli.UsageException;
import com.mytopling.ycsb.core.ExitStatus;
import com.mytopling.ycsb.core.SetupException;
import com.mytopling.ycsb.jdbc.verify.TableVerifier;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Entry point of scripts/verify: reads back every key a load wrote and checks it against
 * YCSB's dataintegrity values, or, for a load with the file workload
 * ({@code workload=com.mytopling.ycsb.fileloader.FileWorkload}), against the data file's records.
 * Takes the load's own options,
 * {@code [-P file]... [-p name=value]... [--allow-extra]}, so the same command line that
 * loaded a range verifies it. Exit statuses ({@link ExitStatus}): OK every row is right, FAILED
 * rows are missing, wrong or extra (or the server or data file cannot be read), BAD_INPUT bad
 * command line or properties.
 */
public final class Verify {
  private Verify() {
  }

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  static int run(String[] args, PrintStream out, PrintStream err) {
    boolean allowExtra = false;
    List<String> rest = new ArrayList<>(List.of("load", "mytopling"));
    for (String a : args) {
      if (a.equals("--allow-extra")) {
        allowExtra = true;
      } else if (a.equals("-h") || a.equals("--help")) {
        out.println("usage: scripts/verify [-P file]... [-p name=value]... [--allow-extra]");
        out.println("  Give the properties the load used (workload, db.url, table, recordcount, insertstart,");
        out.println("  insertcount, fieldlength; fieldlengthdistribution must be constant). Rows outside the");
        out.println("  range count as extra and fail the check unless --allow-extra.");
        out.println("  With workload=com.mytopling.ycsb.fileloader.FileWorkload (and the load's fileloader.* properties)");
        out.println("  key number k must hold the data file's k-th usable record, mapped, truncated and decoded as the");
        out.println("  load did; keys built from record fields (fileloader.keyfields) are not supported.");
        return ExitStatus.OK.code;
      } else {
        rest.add(a);
      }
    }
    java.util.Properties props;
    try {
      props = ChildSettings.resolve(YcsbArgs.parse(rest.toArray(new String[0])).merge, err, "verify").properties();
    } catch (UsageException e) {
      err.println("verify: " + e.getMessage());
      return ExitStatus.BAD_INPUT.code;
    }
    TableVerifier.Report report;
    FileExpectedRows fromFile = null;
    try {
      if (FileExpectedRows.wanted(props)) {
        fromFile = FileExpectedRows.open(props);
        report = TableVerifier.verify(props, err, fromFile);
      } else {
        report = TableVerifier.verify(props, err);
      }
    } catch (SetupException e) {
      err.println("verify: " + e.getMessage());
      return e.status().code;
    } finally {
      if (fromFile != null) {
        fromFile.close();
      }
    }
    report.print(out, allowExtra);
    return (report.ok(allowExtra) ? ExitStatus.OK : ExitStatus.FAILED).code;
  }
}
