package com.mytopling.ycsb.results.parse;

import com.mytopling.ycsb.results.ReportException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/** One HdrHistogram interval log as YCSB writes it with hdrhistogram.fileoutput=true: one file per series. */
public final class HdrLog {
  private static final Pattern LOGGING_FOR = Pattern.compile("^#\\[Logging for: (.+)\\]\\s*$");
  /** More operations a second than any client does: a count this large comes from a damaged log. */
  private static final long IMPOSSIBLE_PER_SECOND = 10_000_000_000L;

  /** One interval of the log, with absolute epoch-millisecond bounds. */
  public record Interval(long startMs, long endMs, Histogram histogram) {
  }

  private final Path file;
  private final String series;
  private final List<Interval> intervals;

  private HdrLog(Path file, String series, List<Interval> intervals) {
    this.file = file;
    this.series = series;
    this.intervals = intervals;
  }

  public Path file() {
    return file;
  }

  /** The series name from YCSB's "#[Logging for: READ]" comment, else the file name without ".hdr". */
  public String series() {
    return series;
  }

  public List<Interval> intervals() {
    return intervals;
  }

  public long startMs() {
    return intervals.stream().mapToLong(Interval::startMs).min().orElseThrow();
  }

  public long endMs() {
    return intervals.stream().mapToLong(Interval::endMs).max().orElseThrow();
  }

  public long totalCount() {
    return intervals.stream().mapToLong(i -> i.histogram().getTotalCount()).sum();
  }

  /**
   * The intervals that start at or after {@code cutMs}: the measured part of a log whose writer cut an interval at
   * that moment (the warm-up's end). An interval that straddles the moment, which only a log without the cut has, is
   * left out whole: the measured window then starts at the next boundary.
   */
  public HdrLog from(long cutMs) {
    return new HdrLog(file, series, intervals.stream().filter(i -> i.startMs() >= cutMs).toList());
  }

  public static HdrLog read(Path file) {
    String series = seriesName(file);
    List<Interval> intervals = new ArrayList<>();
    try {
      HistogramLogReader reader = new HistogramLogReader(file.toFile());
      // Without a BaseTime line the reader takes timestamps as relative to the log's StartTime (YCSB's case),
      // so the timestamps it hands back are absolute epoch milliseconds.
      EncodableHistogram next;
      while ((next = reader.nextIntervalHistogram()) != null) {
        if (!(next instanceof Histogram histogram)) {
          throw new ReportException(file + ": holds floating-point histograms; YCSB logs integer microseconds");
        }
        if (histogram.getEndTimeStamp() < histogram.getStartTimeStamp()) {
          // A negative interval length: the window and every rate computed from this log would be wrong.
          throw new ReportException(file + ": interval " + (intervals.size() + 1) + " ends before it starts "
              + "(a damaged log)");
        }
        long seconds = (histogram.getEndTimeStamp() - histogram.getStartTimeStamp()) / 1000 + 1;
        if (histogram.getTotalCount() < 0 || histogram.getTotalCount() / seconds > IMPOSSIBLE_PER_SECOND) {
          // A damaged payload decodes to absurd counts (found by HdrLogFuzzTest: 4.8e18 in 26 ms, which summed over
          // two intervals went negative); no client does ten billion operations a second.
          throw new ReportException(file + ": interval " + (intervals.size() + 1) + " claims "
              + histogram.getTotalCount() + " operations in " + (histogram.getEndTimeStamp()
              - histogram.getStartTimeStamp()) + " ms (a damaged log)");
        }
        intervals.add(new Interval(histogram.getStartTimeStamp(), histogram.getEndTimeStamp(), histogram));
      }
    } catch (IOException e) {
      throw new ReportException(file + ": cannot read (" + e.getMessage() + ")");
    } catch (ReportException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new ReportException(file + ": not an HdrHistogram interval log (" + e.getClass().getSimpleName() + ")");
    }
    if (intervals.isEmpty()) {
      throw new ReportException(file + ": no HdrHistogram intervals in it (empty, or not an HdrHistogram log)");
    }
    return new HdrLog(file, series, intervals);
  }

  private static String seriesName(Path file) {
    try (var lines = Files.lines(file)) {
      var first = lines.limit(5).map(LOGGING_FOR::matcher).filter(Matcher::matches).findFirst();
      if (first.isPresent()) {
        return first.get().group(1).trim();
      }
    } catch (IOException | java.io.UncheckedIOException e) {
      throw new ReportException(file + ": cannot read (" + e.getMessage() + ")");
    }
    String name = file.getFileName().toString();
    return name.endsWith(".hdr") ? name.substring(0, name.length() - 4) : name;
  }

  /** Every *.hdr file directly in a folder, sorted by name. */
  public static List<Path> filesIn(Path dir) {
    try (var files = Files.list(dir)) {
      return files.filter(p -> p.getFileName().toString().endsWith(".hdr") && Files.isRegularFile(p)).sorted().toList();
    } catch (IOException e) {
      throw new ReportException(dir + ": cannot list (" + e.getMessage() + ")");
    }
  }
}
