package com.mytopling.ycsb.fileloader;

import java.io.PrintStream;
import java.text.SimpleDateFormat;
import java.util.Date;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Prints, every few seconds, how far into the file the workload has got: records handed out,
 * line and share of the file read, records per second and the time left. Styled after YCSB's
 * status line, on stderr like it. The time left comes from the record target when there is one
 * (the load), else from how much of the file is left.
 */
final class ProgressReporter implements AutoCloseable {
  private final RecordSource source;
  private final LongSupplier done;
  private final long target;
  private final PrintStream out;
  private final long intervalNanos;
  private final Thread thread;
  private final long startNanos = System.nanoTime();
  private long lastNanos = startNanos;
  private long lastDone;

  /** @param target records expected, or 0 when unknown */
  ProgressReporter(RecordSource source, LongSupplier done, long target, int intervalSeconds, PrintStream out) {
    this.source = source;
    this.done = done;
    this.target = target;
    this.out = out;
    this.intervalNanos = TimeUnit.SECONDS.toNanos(intervalSeconds);
    this.thread = new Thread(this::loop, "fileloader-progress");
    this.thread.setDaemon(true);
  }

  void start() {
    thread.start();
  }

  private void loop() {
    try {
      while (true) {
        Thread.sleep(TimeUnit.NANOSECONDS.toMillis(intervalNanos));
        out.println(line());
      }
    } catch (InterruptedException e) {
      // close() asks us to stop.
    }
  }

  String line() {
    long now = System.nanoTime();
    long records = done.getAsLong();
    RecordSource.Progress p = source.progress();
    double seconds = Math.max(1e-9, (now - lastNanos) / 1e9);
    double rate = (records - lastDone) / seconds;
    double overall = records / Math.max(1e-9, (now - startNanos) / 1e9);
    lastNanos = now;
    lastDone = records;
    double fraction = p.fileSize() > 0 ? (double) p.fileBytesRead() / p.fileSize() : 0;
    StringBuilder sb = new StringBuilder(200);
    sb.append(new SimpleDateFormat("yyyy-MM-dd HH:mm:ss:SSS", Locale.ROOT).format(new Date()))
        .append(" fileloader: ").append((now - startNanos) / 1_000_000_000L).append(" sec: ")
        .append(records).append(" records; at line ").append(p.lineNumber())
        .append(String.format(Locale.ROOT, ", %.1f of %.1f MB of the file read (%.1f%%)",
            p.fileBytesRead() / 1e6, p.fileSize() / 1e6, fraction * 100))
        .append(String.format(Locale.ROOT, "; %.1f records/sec", rate));
    long remaining = -1;
    if (target > 0 && overall > 0) {
      remaining = (long) (Math.max(0, target - records) / overall);
    } else if (fraction > 0) {
      double elapsed = (now - startNanos) / 1e9;
      remaining = (long) (elapsed * (1 - fraction) / fraction);
    }
    if (remaining >= 0) {
      sb.append("; est completion in ").append(formatDuration(remaining));
    }
    return sb.toString();
  }

  static String formatDuration(long seconds) {
    if (seconds < 60) {
      return seconds + " sec";
    }
    if (seconds < 3600) {
      return (seconds / 60) + " min " + (seconds % 60) + " sec";
    }
    return (seconds / 3600) + " h " + (seconds % 3600 / 60) + " min";
  }

  @Override
  public void close() {
    thread.interrupt();
  }
}
