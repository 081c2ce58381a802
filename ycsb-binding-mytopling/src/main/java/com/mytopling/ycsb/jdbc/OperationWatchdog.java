package com.mytopling.ycsb.jdbc;

import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Enforces {@code db.sockettimeout} for MySQL-protocol connections without a read timeout on
 * the socket. With a socket timeout, every JDK socket read becomes non-blocking read + poll +
 * read (NioSocketImpl), which cost about a quarter of the client's CPU per operation in our
 * profile (docs/speed.md). Instead each session publishes when its current operation started
 * (one volatile store per operation), and this one daemon thread aborts the connection of an
 * operation that has waited longer than the timeout; the blocked read then fails as a lost
 * connection, and the session reconnects as after any connection failure.
 */
final class OperationWatchdog {
  /** A session whose operations are watched. */
  interface Watched {
    /** System.nanoTime() when the running operation started, or 0 when idle. */
    long busySinceNanos();

    /** Called from the watchdog thread when the running operation exceeded the timeout. */
    void abortStuck(long waitedMs);
  }

  private final CopyOnWriteArrayList<Watched> watched = new CopyOnWriteArrayList<>();
  private final long timeoutNanos;
  private Thread thread;

  OperationWatchdog(long timeoutMs) {
    this.timeoutNanos = timeoutMs * 1_000_000L;
  }

  void register(Watched w) {
    watched.add(w);
  }

  void unregister(Watched w) {
    watched.remove(w);
  }

  /** Aborts every operation older than the timeout at time {@code now}; returns how many. */
  int scan(long now) {
    int aborted = 0;
    for (Watched w : watched) {
      long since = w.busySinceNanos();
      if (since != 0 && now - since > timeoutNanos) {
        w.abortStuck((now - since) / 1_000_000L);
        aborted++;
      }
    }
    return aborted;
  }

  synchronized void start() {
    if (thread != null) {
      return;
    }
    long periodMs = Math.max(10, Math.min(1000, timeoutNanos / 4_000_000L));
    thread = new Thread(() -> {
      while (!Thread.currentThread().isInterrupted()) {
        try {
          Thread.sleep(periodMs);
        } catch (InterruptedException e) {
          return;
        }
        scan(System.nanoTime());
      }
    }, "mytopling-watchdog");
    thread.setDaemon(true);
    thread.start();
  }

  synchronized void stop() {
    if (thread != null) {
      thread.interrupt();
      thread = null;
    }
  }
}
