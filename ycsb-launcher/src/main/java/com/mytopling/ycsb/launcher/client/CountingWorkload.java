package com.mytopling.ycsb.launcher.client;

import java.util.Properties;
import java.util.concurrent.atomic.AtomicReference;
import site.ycsb.DB;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;

/**
 * The workload as client threads see it: marks where each operation begins and ends for the thread's
 * {@link CountingDb}, and passes everything else on (stop requests included, so YCSB's TerminatorThread and a
 * workload stopping itself still stop the threads).
 *
 * <p>An operation that throws (a workload's or a binding's bug, a measurement that cannot be written) stops the
 * phase here: YCSB's ClientThread would print the stack trace and end the whole process with exit status 0, with no
 * figures. The first such exception is kept for the phase's failure line ({@link #failure()}), every thread is asked
 * to stop after its current operation, and the thread that threw ends as after a workload's "stop" (false). A
 * thread's setup that fails (the workload's initThread here, the DB's init in {@link CountingDb}) stops the phase
 * the same way: ClientThread would print its stack trace twice and end that thread, and the phase would only find
 * operations missing.
 */
final class CountingWorkload extends Workload {
  private final Workload inner;
  private final AtomicReference<String> failure = new AtomicReference<>();

  CountingWorkload(Workload inner) {
    this.inner = inner;
  }

  @Override
  public Object initThread(Properties p, int threadId, int threadCount) {
    try {
      return inner.initThread(p, threadId, threadCount);
    } catch (WorkloadException | RuntimeException e) {
      stop("the workload's initThread", e);
      return null;
    }
  }

  @Override
  public boolean doInsert(DB db, Object threadState) {
    CountingDb counting = (CountingDb) db;
    counting.beginOperation();
    boolean done;
    try {
      done = inner.doInsert(db, threadState);
    } catch (RuntimeException e) {
      done = failed(e);
    }
    counting.endOperation(done);
    return done;
  }

  @Override
  public boolean doTransaction(DB db, Object threadState) {
    CountingDb counting = (CountingDb) db;
    counting.beginOperation();
    boolean done;
    try {
      done = inner.doTransaction(db, threadState);
    } catch (RuntimeException e) {
      done = failed(e);
    }
    counting.endOperation(done);
    return done;
  }

  /** An operation threw: stops the phase; false, the operation not done. */
  private boolean failed(RuntimeException e) {
    stop("an operation", e);
    return false;
  }

  /** Keeps the first exception that stops the phase, with what threw it, and asks every thread to stop. */
  void stop(String what, Exception e) {
    StackTraceElement[] at = e.getStackTrace();
    failure.compareAndSet(null, what + " threw " + e + (at.length > 0 ? " (at " + at[0] + ")" : ""));
    inner.requestStop();
  }

  /** What stopped the phase: what threw, the exception's class and message, and where it was thrown; or null. */
  String failure() {
    return failure.get();
  }

  @Override
  public void requestStop() {
    inner.requestStop();
  }

  @Override
  public boolean isStopRequested() {
    return inner.isStopRequested();
  }

  @Override
  public void cleanup() throws WorkloadException {
    inner.cleanup();
  }
}
