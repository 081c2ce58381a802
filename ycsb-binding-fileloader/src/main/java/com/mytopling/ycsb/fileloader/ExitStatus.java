package com.mytopling.ycsb.fileloader;

/**
 * Makes a failed file load end the YCSB process with a non-zero status. YCSB 0.17.0's Client
 * exits with 0 even when a workload throws, and it prints its measurements only after the
 * workload's cleanup; so the failure is noted here, the Client finishes and prints what was
 * measured, and a shutdown hook then ends the JVM with {@link #FAILURE_STATUS}.
 */
final class ExitStatus {
  /** The process status of a failed file workload run. */
  static final int FAILURE_STATUS = 3;

  private static volatile String failure;
  private static boolean installed;

  private ExitStatus() {
  }

  static synchronized void install() {
    if (installed) {
      return;
    }
    installed = true;
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      String why = failure;
      if (why != null) {
        System.err.println("fileloader: FAILED: " + why);
        System.err.flush();
        System.out.flush();
        // halt() from a shutdown hook replaces the status the Client passed to System.exit.
        Runtime.getRuntime().halt(FAILURE_STATUS);
      }
    }, "fileloader-exit-status"));
  }

  static void fail(String why) {
    if (failure == null) {
      failure = why;
    }
  }
}
