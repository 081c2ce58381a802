package com.mytopling.ycsb.launcher;

import com.mytopling.ycsb.core.cli.UsageException;
import java.util.ArrayList;
import java.util.List;

/** scripts/benchmark --sweep VARIABLE=V1,V2,...: which setting varies and its values, in the order given. */
record Sweep(String variable, List<Long> values) {
  static final List<String> VARIABLES = List.of("threads", "records");

  static Sweep parse(String spec) throws UsageException {
    int eq = spec.indexOf('=');
    if (eq <= 0) {
      throw new UsageException("--sweep: expected VARIABLE=V1,V2,... (threads=1,4,16,64 or records=...), got '" + spec
          + "'");
    }
    String variable = spec.substring(0, eq).strip();
    if (!VARIABLES.contains(variable)) {
      throw new UsageException("--sweep: cannot sweep '" + variable + "' (threads or records)");
    }
    List<Long> values = new ArrayList<>();
    for (String v : spec.substring(eq + 1).split(",")) {
      long n;
      try {
        n = Long.parseLong(v.strip().replace("_", ""));
      } catch (NumberFormatException e) {
        throw new UsageException("--sweep " + variable + ": '" + v.strip() + "' is not a whole number");
      }
      if (n < 1) {
        throw new UsageException("--sweep " + variable + ": " + n + " is not a positive number");
      }
      if (values.contains(n)) {
        throw new UsageException("--sweep " + variable + ": " + n + " is given twice");
      }
      values.add(n);
    }
    if (values.size() < 2) {
      throw new UsageException("--sweep " + variable + ": give at least two values");
    }
    return new Sweep(variable, List.copyOf(values));
  }
}
