package com.mytopling.ycsb.launcher.bench;

import com.mytopling.ycsb.launcher.client.StartBarrier;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The start barrier's release delay, for the scaling section: {@code clients} clients, each a thread with its own
 * connection, meet at the barrier as scale-out's clients do (StartBarrier, the real one), and each says how long after
 * the agreed moment it started, both on the server's clock.
 */
final class BarrierDelays {
  private BarrierDelays() {
  }

  /**
   * Milliseconds from the agreed start to each client's start, one per client. {@code props} name the target
   * (db.url, db.user, the password); {@code runId} must be new.
   */
  static List<Long> measure(Properties props, int clients, long delayMs, String runId, PrintStream log)
      throws InterruptedException, ExecutionException {
    ExecutorService pool = Executors.newFixedThreadPool(clients);
    try {
      List<Future<StartBarrier.Start>> starts = new ArrayList<>();
      for (int i = 0; i < clients; i++) {
        StartBarrier.Settings settings = new StartBarrier.Settings(clients, i, runId, 300_000, delayMs);
        starts.add(pool.submit(() -> new StartBarrier(settings, "run", log).await(props)));
      }
      List<Long> delays = new ArrayList<>();
      for (Future<StartBarrier.Start> f : starts) {
        StartBarrier.Start s = f.get();
        delays.add(s.startedServerMs() - s.agreedServerMs());
      }
      return delays;
    } finally {
      pool.shutdownNow();
    }
  }
}
