package com.mytopling.ycsb.fileloader;

import com.mytopling.ycsb.core.ExitStatus;
import java.util.Map;

/**
 * Makes a failed file workload end the YCSB process with the exit status of its failure:
 * {@link ExitStatus#BAD_INPUT} when init refused the properties or the data file,
 * {@link ExitStatus#FAILED} when the load or run stopped. YCSB 0.17.0's Client exits with 0
 * even when a workload throws, and it prints its measurements only after the workload's
 * cleanup; so the failure is noted here, the Client finishes and prints what was measured, and
 * a shutdown hook then ends the JVM with that status.
 */
final class FailureExit {
  /** Longest wait for the other shutdown hooks before ending the process. */
  private static final long HOOK_WAIT_MILLIS = 30_000;

  private static volatile String failure;
  private static volatile ExitStatus status;
  private static boolean installed;

  private FailureExit() {
  }

  static synchronized void install() {
    if (installed) {
      return;
    }
    installed = true;
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      String why = failure;
      if (why != null) {
        awaitOtherShutdownHooks();
        // Last, so that it is the last line of the run's output.
        System.err.println("fileloader: FAILED: " + why);
        System.err.flush();
        System.out.flush();
        // halt() from a shutdown hook replaces the status the Client passed to System.exit.
        Runtime.getRuntime().halt(status.code);
      }
    }, "fileloader-exit-status"));
  }

  /**
   * halt() would cut short the other shutdown hooks, such as the one that stops the binding's
   * embedded MariaDB; so first wait (at most {@link #HOOK_WAIT_MILLIS}) for every other live
   * non-daemon thread, except the one blocked in System.exit, which waits for us.
   */
  private static void awaitOtherShutdownHooks() {
    long deadline = System.currentTimeMillis() + HOOK_WAIT_MILLIS;
    for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
      Thread t = e.getKey();
      if (t == Thread.currentThread() || t.isDaemon() || !t.isAlive() || inShutdown(e.getValue())) {
        continue;
      }
      long left = deadline - System.currentTimeMillis();
      if (left <= 0) {
        return;
      }
      try {
        t.join(left);
      } catch (InterruptedException ie) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private static boolean inShutdown(StackTraceElement[] stack) {
    for (StackTraceElement f : stack) {
      if (f.getClassName().equals("java.lang.Shutdown")) {
        return true;
      }
    }
    return false;
  }

  static synchronized void fail(ExitStatus exit, String why) {
    if (failure == null) {
      status = exit;
      failure = why;
    }
  }
}
