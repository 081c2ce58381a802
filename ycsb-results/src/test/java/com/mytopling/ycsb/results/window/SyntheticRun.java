package com.mytopling.ycsb.results.window;

import com.mytopling.ycsb.results.model.PhaseClock;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Run folders written the way the harness writes them (YCSB's HdrHistogram interval logs through HdrHistogram's own
 * writer, phase.json, run.out), with intervals the test chooses, so that every figure of a summary can be checked
 * against numbers known in advance.
 */
public final class SyntheticRun {
  private SyntheticRun() {
  }

  /** One interval: epoch-millisecond bounds, how many samples and their latency. */
  public record Part(long fromMs, long toMs, long count, long latencyUs) {
  }

  /** Writes one series' interval log as YCSB does: comment, version, StartTime, base time, legend, intervals. */
  public static Path log(Path file, String series, long logStartMs, Part... parts) throws IOException {
    Files.createDirectories(file.getParent());
    try (PrintStream out = new PrintStream(Files.newOutputStream(file))) {
      HistogramLogWriter w = new HistogramLogWriter(out);
      w.outputComment("[Logging for: " + series + "]");
      w.outputLogFormatVersion();
      w.outputStartTime(logStartMs);
      w.setBaseTime(logStartMs);
      w.outputLegend();
      for (Part p : parts) {
        Histogram h = new Histogram(3);
        if (p.count() > 0) {
          h.recordValueWithCount(p.latencyUs(), p.count());
        }
        h.setStartTimeStamp(p.fromMs());
        h.setEndTimeStamp(p.toMs());
        w.outputIntervalHistogram(h);
      }
    }
    return file;
  }

  /** Equal intervals of {@code lengthMs} from {@code fromMs}, each with {@code count} samples of {@code latencyUs}. */
  public static Part[] steady(long fromMs, int intervals, long lengthMs, long count, long latencyUs) {
    List<Part> parts = new ArrayList<>();
    for (int i = 0; i < intervals; i++) {
      parts.add(new Part(fromMs + i * lengthMs, fromMs + (i + 1) * lengthMs, count, latencyUs));
    }
    return parts.toArray(new Part[0]);
  }

  /** phase.json of one client. */
  public static PhaseClock clock(Path hdrDir, long startMs, long endMs, int statusIntervalS, long warmupS,
                                 Long warmupEndMs) throws IOException {
    PhaseClock c = new PhaseClock();
    c.phase = "run";
    c.startMs = startMs;
    c.endMs = endMs;
    c.statusIntervalS = statusIntervalS;
    c.warmupS = warmupS;
    c.warmupEndMs = warmupEndMs;
    Files.createDirectories(hdrDir);
    c.write(hdrDir.resolve(PhaseClock.FILE_NAME));
    return c;
  }

  public static void metadata(Path dir, long warmupS, int statusIntervalS) throws IOException {
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("metadata.json"), "{\"properties\": {\"measurement.warmup\": \"" + warmupS
        + "\", \"status.interval\": \"" + statusIntervalS + "\"}}");
  }

  /** YCSB's final report: [OVERALL] then, per series, its count and return codes (name, count, code, n, ...). */
  public static void ycsbOutput(Path file, long runtimeMs, long operations, String[]... series) throws IOException {
    Files.createDirectories(file.getParent());
    StringBuilder s = new StringBuilder();
    s.append("[OVERALL], RunTime(ms), ").append(runtimeMs).append('\n');
    s.append("[OVERALL], Throughput(ops/sec), ").append(operations * 1000.0 / runtimeMs).append('\n');
    for (String[] one : series) {
      String name = one[0];
      s.append('[').append(name).append("], Operations, ").append(one[1]).append('\n');
      s.append('[').append(name).append("], AverageLatency(us), 100.0\n");
      s.append('[').append(name).append("], MinLatency(us), 100\n");
      s.append('[').append(name).append("], MaxLatency(us), 100\n");
      s.append('[').append(name).append("], 99thPercentileLatency(us), 100\n");
      for (int i = 2; i + 1 < one.length; i += 2) {
        s.append('[').append(name).append("], Return=").append(one[i]).append(", ").append(one[i + 1]).append('\n');
      }
    }
    Files.writeString(file, s.toString());
  }
}
