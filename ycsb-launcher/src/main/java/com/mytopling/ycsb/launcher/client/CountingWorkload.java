package com.mytopling.ycsb.launcher.client;

import java.util.Properties;
import site.ycsb.DB;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;

/**
 * The workload as client threads see it: marks where each operation begins and ends for the thread's
 * {@link CountingDb}, and passes everything else on (stop requests included, so YCSB's TerminatorThread and a
 * workload stopping itself still stop the threads).
 */
final class CountingWorkload extends Workload {
  private final Workload inner;

  CountingWorkload(Workload inner) {
    this.inner = inner;
  }

  @Override
  public Object initThread(Properties p, int threadId, int threadCount) throws WorkloadException {
    return inner.initThread(p, threadId, threadCount);
  }

  @Override
  public boolean doInsert(DB db, Object threadState) {
    CountingDb counting = (CountingDb) db;
    counting.beginOperation();
    boolean done = inner.doInsert(db, threadState);
    counting.endOperation(done);
    return done;
  }

  @Override
  public boolean doTransaction(DB db, Object threadState) {
    CountingDb counting = (CountingDb) db;
    counting.beginOperation();
    boolean done = inner.doTransaction(db, threadState);
    counting.endOperation(done);
    return done;
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
