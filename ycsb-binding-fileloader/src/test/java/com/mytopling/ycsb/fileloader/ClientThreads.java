package com.mytopling.ycsb.fileloader;

import site.ycsb.ClientThread;
import site.ycsb.DB;
import site.ycsb.Workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Runs a workload the way site.ycsb.Client does: one ClientThread per thread, the operation count
 * split between them, then workload.cleanup(). Uses YCSB's own ClientThread, so what counts as
 * a done operation is YCSB's rule, not ours.
 */
final class ClientThreads {
  private ClientThreads() {
  }

  /** Returns the operations YCSB would report as done. Fails the test if a thread hangs. */
  static long run(Workload workload, Properties p, int threads, long opcount) throws Exception {
    CountDownLatch done = new CountDownLatch(threads);
    List<ClientThread> clients = new ArrayList<>();
    List<Thread> running = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      DB db = new MemoryDb();
      db.setProperties(p);
      int ops = (int) (opcount / threads + (t < opcount % threads ? 1 : 0));
      ClientThread c = new ClientThread(db, Boolean.parseBoolean(p.getProperty("dotransactions", "true")),
          workload, p, ops, -1, done);
      c.setThreadId(t);
      c.setThreadCount(threads);
      clients.add(c);
      Thread th = new Thread(c, "client-" + t);
      running.add(th);
      th.start();
    }
    if (!done.await(60, TimeUnit.SECONDS)) {
      fail("client threads did not finish: a thread hangs");
    }
    long ops = 0;
    for (int i = 0; i < threads; i++) {
      running.get(i).join(10_000);
      assertTrue(!running.get(i).isAlive(), "thread " + i + " still running");
      ops += clients.get(i).getOpsDone();
    }
    workload.cleanup();
    return ops;
  }
}
