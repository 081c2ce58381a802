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

  /** The batched-insert series of our binding: one latency sample per statement, one return code per row. */
  public static final String INSERT_BATCH = "INSERT-BATCH";
  public static final String INSERT = "INSERT";
  /**
   * MyRocks bulk load: when ending bulk load fails, each row the session had reported stored gets a Return=ERROR
   * here (they are not in the table after all).
   */
  public static final String INSERT_BULK_COMMIT = "INSERT-BULK-COMMIT";
  /** YCSB's housekeeping series: each client thread's DB cleanup (which includes the final flush of batches). */
  public static final String CLEANUP = "CLEANUP";
  /** The status thread's JVM samples (measurement.trackjvm=true): series of numbers, not operations' latencies. */
  private static final Set<String> JVM_SAMPLES = Set.of("THREAD_COUNT", "SYS_LOAD_AVG", "GCS", "GCS_TIME",
      "USED_MEM_MB");

  /** True for a series of the status thread's JVM samples (THREAD_COUNT, USED_MEM_MB, ...), not of operations. */
  public static boolean isJvmSample(String series) {
    return JVM_SAMPLES.contains(series);
  }

  /**
   * True for the DB call series whose samples all returned OK or BATCHED_OK: DBWrapper records a call that did not
   * under OP-FAILED (or OP-STATUS), so READ, UPDATE, INSERT, SCAN and DELETE hold the successful calls only.
   */
  public static boolean isSuccessfulDbCall(String series) {
    return DB_CALLS.contains(series);
  }

  /** The DB call names (READ, UPDATE, INSERT, SCAN, DELETE): their Return=CODE lines count every call. */
  public static Set<String> dbCalls() {
    return DB_CALLS;
  }

  /**
   * How reports name a series of a phase. Where inserts were batched, INSERT's latency is the time to append a row
   * to the client's buffer (no server round trip) and INSERT-BATCH's is one multi-row statement's: labelled so that
   * neither is taken for the latency of an insert.
   */
  public static String label(String series, boolean batchedPhase) {
    if (series.equals(INSERT_BATCH)) {
      return "INSERT-BATCH (per batch)";
    }
    if (series.equals(INSERT) && batchedPhase) {
      return "INSERT (buffer append)";
    }
    return series;
  }

  /**
   * True for the series whose samples are work a client thread can do after its last operation: CLEANUP, and the
   * binding's statements that cleanup sends (the last batches' INSERT-BATCH, MyRocks' INSERT-BULK-COMMIT). A client's
   * work ends with the last of them, so that the statements of its final flush are counted whole, not prorated.
   */
  public static boolean isWorkAfterOperations(String series) {
    return series.equals(CLEANUP) || series.equals(INSERT_BATCH) || series.equals(INSERT_BULK_COMMIT);
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
