package com.mytopling.ycsb.launcher.client;

import com.mytopling.ycsb.fileloader.BindingRows;
import java.io.PrintStream;
import java.text.DecimalFormat;
import java.text.SimpleDateFormat;
import java.util.Date;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import site.ycsb.ClientThread;
import site.ycsb.Utils;
import site.ycsb.measurements.Measurements;

/**
 * YCSB's status line every status.interval seconds, as YCSB 0.17's StatusThread prints it (the same timing, the
 * same fields, the same interval cuts of the measurements and HdrHistogram logs, the same JVM samples), with the
 * successful operations and their rate right after the rate of all operations:
 *
 * <pre>2026-11-23 14:00:10:123 10 sec: 14900 operations; 1381 current ops/sec; 14650 successful operations;
 * 1355.5 successful ops/sec; est completion in 5 seconds [READ: Count=...] ...</pre>
 *
 * A server that fails operations fast makes the first rate soar; the second says what got done. The last line is
 * printed when every client thread has finished, cleanup and final flush included, so that the HdrHistogram logs'
 * last interval with work ends then (the workload's own cleanup, such as the file workload's table-size probe,
 * comes after it).
 *
 * <p>With a warm-up (measurement.warmup) one more line is printed when it ends, off the schedule: its cut of the
 * measurements makes every HdrHistogram log end an interval exactly there, so the summary can leave the warm-up out
 * without splitting or prorating an interval (the line's own interval is shorter; its rates are over its length).
 * When the server's counters are sampled, the sample follows that cut and a second, silent cut follows the sample
 * (the next line's latency figures start there: a few milliseconds of samples are in the logs and the final report
 * but in no line).
 */
final class StatusLines extends Thread {
  private final CountDownLatch done;
  private final List<ClientThread> clients;
  private final List<CountingDb> counters;
  private final long[] planned;
  private final BindingRows bindingRows;
  private final String label;
  private final boolean alsoStdout;
  private final long intervalNs;
  private final boolean trackJvm;
  private final PrintStream err;
  private final long warmupNs;
  /** Told right after the warm-up's cut (the server-metrics sample at the window's start), or null. */
  private final CutListener atWarmupCut;
  /** Told when the warm-up ends, so that the client's own cost is measured over the same window; may be null. */
  private final ClientCostMeter costMeter;
  /** Given every cut's figures (the live endpoint), or null. */
  private final LiveFigures live;
  private final Measurements measurements = Measurements.getMeasurements();
  /** Epoch ms of the first line (elapsed 0), and of the warm-up's cut (0 until it happened). */
  private volatile long startMs;
  private volatile long warmupEndMs;

  private int maxThreads;
  private int minThreads = Integer.MAX_VALUE;
  private long maxUsedMem;
  private long minUsedMem = Long.MAX_VALUE;
  private long lastGcCount;
  private long lastGcTime;

  /**
   * @param planned operations each client thread was given (for the estimated completion)
   * @param bindingRows the binding's stored rows, when it reports them; null otherwise
   * @param warmupSeconds 0, or when to cut the measurements once more (the end of the warm-up)
   * @param atWarmupCut told right after that cut (the server-metrics sampler's sample there), or null
   * @param costMeter told at that cut, so that the client's own cost covers the measured window; or null
   * @param live given the figures right after every cut (the live endpoint), or null
   */
  StatusLines(CountDownLatch done, List<ClientThread> clients, List<CountingDb> counters, long[] planned,
              BindingRows bindingRows, String label, boolean alsoStdout, int intervalSeconds, boolean trackJvm,
              long warmupSeconds, CutListener atWarmupCut, ClientCostMeter costMeter, LiveFigures live,
              PrintStream err) {
    super("status");
    setDaemon(true);
    this.done = done;
    this.clients = clients;
    this.counters = counters;
    this.planned = planned.clone();
    this.bindingRows = bindingRows;
    this.label = label;
    this.alsoStdout = alsoStdout;
    this.intervalNs = TimeUnit.SECONDS.toNanos(intervalSeconds);
    this.trackJvm = trackJvm;
    this.warmupNs = TimeUnit.SECONDS.toNanos(warmupSeconds);
    this.atWarmupCut = atWarmupCut;
    this.costMeter = costMeter;
    this.live = live;
    this.err = err;
  }

  /**
   * Told right after the warm-up's cut, once every series is cut: the series are cut one after another, the last
   * sometimes hundreds of milliseconds after the first, and the measured window starts at the last. The status
   * thread cuts every series once more right after (no line printed).
   */
  interface CutListener {
    void afterCut();
  }

  /** Epoch milliseconds of the first status line: elapsed 0 on the status lines' clock. */
  long startMs() {
    return startMs;
  }

  /** Epoch milliseconds just before the warm-up's cut; 0 when there was none (no warm-up, or the work ended first). */
  long warmupEndMs() {
    return warmupEndMs;
  }

  @Override
  public void run() {
    long startMs = System.currentTimeMillis();
    this.startMs = startMs;
    long startNs = System.nanoTime();
    long deadline = startNs + intervalNs;
    long warmupAt = warmupNs > 0 ? startNs + warmupNs : Long.MAX_VALUE;
    boolean cutWarmup = false;
    long intervalStartMs = startMs;
    long[] last = {0, 0};
    boolean allDone;
    do {
      long nowMs = System.currentTimeMillis();
      boolean listened = cutWarmup && atWarmupCut != null;
      boolean warmupCut = cutWarmup;
      if (cutWarmup) {
        // Before print's cut: every series' next interval starts at or after this moment, every earlier one before.
        warmupEndMs = nowMs;
        cutWarmup = false;
        if (costMeter != null) {
          costMeter.warmupEnded(opsDone());
        }
      }
      last = print(startMs, intervalStartMs, nowMs, last);
      if (live != null) {
        live.afterCut(System.currentTimeMillis(), warmupCut, false, false);
      }
      if (listened) {
        atWarmupCut.afterCut();
        // Cut every series once more, silently, right after the sample: the operations between a series' first cut
        // and the sample (tens of milliseconds on a busy machine) are then in an interval of their own, so that
        // comparing with the server's counters from the sample on prorates milliseconds, not a status interval.
        measurements.getSummary();
      }
      if (trackJvm) {
        measureJvm();
      }
      boolean warmupNext = warmupAt <= deadline;
      allDone = waitUntil(warmupNext ? warmupAt : deadline);
      intervalStartMs = nowMs;
      if (warmupNext) {
        cutWarmup = true;
        if (warmupAt == deadline) {
          deadline += intervalNs;
        }
        warmupAt = Long.MAX_VALUE;
      } else {
        deadline += intervalNs;
      }
    } while (!allDone);
    if (trackJvm) {
      measureJvm();
    }
    print(startMs, intervalStartMs, System.currentTimeMillis(), last);
    if (live != null) {
      live.afterCut(System.currentTimeMillis(), false, true, false);
    }
  }

  private long opsDone() {
    long ops = 0;
    for (ClientThread c : clients) {
      ops += c.getOpsDone();
    }
    return ops;
  }

  /** Successful operations of all threads so far, with the binding's stored rows where it counts inserts. */
  long successful() {
    long n = bindingRows == null ? 0 : bindingRows.stored();
    for (CountingDb c : counters) {
      n += c.successful();
    }
    return n;
  }

  /** Prints one line; returns the operations and successful operations so far. */
  private long[] print(long startMs, long intervalStartMs, long endMs, long[] last) {
    long ops = 0;
    long todo = 0;
    for (int i = 0; i < clients.size(); i++) {
      long threadOps = clients.get(i).getOpsDone();
      ops += threadOps;
      todo += Math.max(0, planned[i] - threadOps);
    }
    long ok = successful();
    long elapsedMs = endMs - startMs;
    double rate = 1000.0 * ops / elapsedMs;
    double intervalMs = endMs - intervalStartMs;
    DecimalFormat d = new DecimalFormat("#.##");
    StringBuilder line = new StringBuilder(label).append(new SimpleDateFormat("yyyy-MM-dd HH:mm:ss:SSS")
        .format(new Date())).append(' ').append(elapsedMs / 1000).append(" sec: ").append(ops).append(" operations; ");
    if (ops != 0) {
      line.append(d.format(1000.0 * (ops - last[0]) / intervalMs)).append(" current ops/sec; ");
    }
    line.append(ok).append(" successful operations; ");
    if (ops != 0) {
      line.append(d.format(1000.0 * (ok - last[1]) / intervalMs)).append(" successful ops/sec; ");
    }
    if (todo != 0) {
      line.append("est completion in ").append(remaining((long) Math.ceil(todo / rate)));
    }
    line.append(measurements.getSummary());
    err.println(line);
    if (alsoStdout) {
      System.out.println(line);
    }
    return new long[] {ops, ok};
  }

  /** Days, hours and minutes, or seconds under a minute, worded as YCSB words its estimate. */
  static String remaining(long seconds) {
    StringBuilder s = new StringBuilder();
    long days = TimeUnit.SECONDS.toDays(seconds);
    long hours = TimeUnit.SECONDS.toHours(seconds) % 24;
    long minutes = TimeUnit.SECONDS.toMinutes(seconds) % 60;
    if (days > 0) {
      s.append(days).append(days == 1 ? " day " : " days ");
    }
    if (hours > 0) {
      s.append(hours).append(hours == 1 ? " hour " : " hours ");
    }
    if (days == 0 && minutes > 0) {
      s.append(minutes).append(minutes == 1 ? " minute " : " minutes ");
    }
    if (s.length() == 0) {
      // YCSB 0.17 words a one-digit count "second" and longer ones "seconds"; kept, so lines read as YCSB's.
      s.append(seconds).append(s.length() == 1 ? " second " : " seconds ");
    }
    return s.toString();
  }

  private boolean waitUntil(long deadline) {
    long now = System.nanoTime();
    while (now < deadline) {
      try {
        if (done.await(deadline - now, TimeUnit.NANOSECONDS)) {
          return true;
        }
      } catch (InterruptedException e) {
        // Asked to stop: print the last line now.
        Thread.currentThread().interrupt();
        return true;
      }
      now = System.nanoTime();
    }
    return false;
  }

  private void measureJvm() {
    int threads = Utils.getActiveThreadCount();
    minThreads = Math.min(minThreads, threads);
    maxThreads = Math.max(maxThreads, threads);
    measurements.measure("THREAD_COUNT", threads);
    int usedMem = Utils.getUsedMemoryMegaBytes();
    minUsedMem = Math.min(minUsedMem, usedMem);
    maxUsedMem = Math.max(maxUsedMem, usedMem);
    measurements.measure("USED_MEM_MB", usedMem);
    double load = Utils.getSystemLoadAverage();
    if (load >= 0) {
      measurements.measure("SYS_LOAD_AVG", (int) load);
    }
    long gcs = Utils.getGCTotalCollectionCount();
    measurements.measure("GCS", (int) (gcs - lastGcCount));
    long gcTime = Utils.getGCTotalTime();
    measurements.measure("GCS_TIME", (int) (gcTime - lastGcTime));
    lastGcCount = gcs;
    lastGcTime = gcTime;
  }

  boolean trackJvm() {
    return trackJvm;
  }

  int maxThreads() {
    return maxThreads;
  }

  int minThreads() {
    return minThreads;
  }

  long maxUsedMem() {
    return maxUsedMem;
  }

  long minUsedMem() {
    return minUsedMem;
  }
}
