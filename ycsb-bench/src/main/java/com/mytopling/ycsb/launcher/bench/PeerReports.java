package com.mytopling.ycsb.launcher.bench;

import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The throughput the peer clients print in their own reports: other tools' output, not ours, read in one place so
 * that a change of their format shows up in BenchHarnessTest.
 */
final class PeerReports {
  /** sysbench's "transactions: N (X per sec.)". */
  private static final Pattern SYSBENCH_TPS = Pattern.compile("transactions:\\s+\\d+\\s+\\(([\\d.]+) per sec");
  /** go-ycsb's last summary line, "TOTAL  - Takes(s): T, Count: N, OPS: X, ...". */
  private static final Pattern GO_YCSB_TOTAL = Pattern.compile(
      "(?m)^TOTAL\\s+- Takes\\(s\\): ([\\d.]+), Count: (\\d+), OPS: ([\\d.]+)");
  /** go-ycsb's per-operation lines of failed operations, e.g. "READ_ERROR - Takes(s): ...". */
  private static final Pattern GO_YCSB_ERRORS = Pattern.compile("(?m)^[A-Z_]+_ERROR\\s+- ");

  private PeerReports() {
  }

  static OptionalDouble sysbenchOpsPerSecond(String out) {
    Matcher m = SYSBENCH_TPS.matcher(out);
    return m.find() ? OptionalDouble.of(Double.parseDouble(m.group(1))) : OptionalDouble.empty();
  }

  /** The TOTAL line's OPS, of the last TOTAL line (go-ycsb prints a summary at the end only, but be safe). */
  static OptionalDouble goYcsbOpsPerSecond(String out) {
    Matcher m = GO_YCSB_TOTAL.matcher(out);
    Double ops = null;
    while (m.find()) {
      ops = Double.parseDouble(m.group(3));
    }
    return ops == null ? OptionalDouble.empty() : OptionalDouble.of(ops);
  }

  /** Whether go-ycsb reported failed operations (an OPERATION_ERROR line). */
  static boolean goYcsbFailed(String out) {
    return GO_YCSB_ERRORS.matcher(out).find();
  }
}
