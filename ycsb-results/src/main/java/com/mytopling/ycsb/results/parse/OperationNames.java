package com.mytopling.ycsb.results.parse;

import java.util.List;
import java.util.Set;

/** What YCSB's series names mean, for counting operations from HdrHistogram logs. */
public final class OperationNames {
  /** The DB calls YCSB's client threads count as one operation each (DBWrapper measures them). */
  private static final Set<String> DB_CALLS = Set.of("READ", "UPDATE", "INSERT", "SCAN", "DELETE");
  /**
   * DBWrapper records a failed call as OP-FAILED, or OP-&lt;STATUS&gt; for statuses named in
   * reportlatencyforeacherror/latencytrackederrors. Listing the statuses keeps binding series such as
   * INSERT-BATCH out of the count.
   */
  private static final List<String> FAILURE_SUFFIXES = List.of("FAILED", "ERROR", "NOT_FOUND", "NOT_IMPLEMENTED",
      "UNEXPECTED_STATE", "BAD_REQUEST", "FORBIDDEN", "SERVICE_UNAVAILABLE");
  /**
   * CoreWorkload's read-modify-write does one READ and one UPDATE through DBWrapper and records itself as well,
   * while the client counts it as one operation.
   */
  public static final String READ_MODIFY_WRITE = "READ-MODIFY-WRITE";

  private OperationNames() {
  }

  /** True for series that, summed (minus READ-MODIFY-WRITE), equal the operations YCSB's client threads did. */
  public static boolean isCountedDbCall(String series) {
    if (DB_CALLS.contains(series)) {
      return true;
    }
    int dash = series.indexOf('-');
    return dash > 0 && DB_CALLS.contains(series.substring(0, dash))
        && FAILURE_SUFFIXES.contains(series.substring(dash + 1));
  }
}
