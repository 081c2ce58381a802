package com.mytopling.ycsb.results.parse;

import com.mytopling.ycsb.results.ReportException;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * One HdrHistogram interval log as YCSB writes it with hdrhistogram.fileoutput=true: one file per series.
 *
 * <p>Interval bounds are read exactly. HdrHistogram's writer prints the log's StartTime and each interval's offset from
 * it as seconds with three decimals, which are whole milliseconds; its reader adds the two as doubles and truncates
 * their thousandfold, so an interval can read back a millisecond early (issue 20: an interval that starts in the
 * millisecond of the warm-up's cut was then dropped for one operation type and not another). Here the decimals are
 * added as decimals: the bounds are the milliseconds the writer recorded.
 */
public final class HdrLog {
  private static final String LOGGING_FOR = "#[Logging for: ";
  private static final String START_TIME = "#[StartTime: ";
  private static final String BASE_TIME = "#[BaseTime: ";
  /** As HdrHistogram's reader decides it: timestamps more than a year before StartTime are offsets from it. */
  private static final BigDecimal A_YEAR_S = BigDecimal.valueOf(365L * 24 * 3600);
  /** More operations a second than any client does: a count this large comes from a damaged log. */
  private static final long IMPOSSIBLE_PER_SECOND = 10_000_000_000L;
  /** 10^12 s, some 31,000 years: no epoch time or interval length of a real log comes near it. */
  private static final BigDecimal MAX_SECONDS = BigDecimal.valueOf(1_000_000_000_000L);
  /** Below the millisecond the intervals are kept at, by six orders: read as zero. */
  private static final BigDecimal NANOSECOND = new BigDecimal("1e-9");
  /** The writer's rounding of an interval's max field: three decimals. */
  private static final BigDecimal MAX_FIELD_ROUNDING = new BigDecimal("0.001");

  /**
   * One interval of the log, with absolute epoch-millisecond bounds (on the clock of the log's writer, or shifted).
   * It keeps the histogram as the log holds it, compressed, and decodes it on each {@link #histogram()}: a decoded
   * histogram is some fifty times its compressed size, and a merge of 1,000 clients' 10-minute logs held 5.8 GiB of
   * them at once (docs/speed.md, scaling); its users add each into a running union and let it go.
   */
  public static final class Interval {
    private final long startMs;
    private final long endMs;
    private final long count;
    private final byte[] compressed;
    private final long leastRange;

    private Interval(long startMs, long endMs, long count, byte[] compressed, long leastRange) {
      this.startMs = startMs;
      this.endMs = endMs;
      this.count = count;
      this.compressed = compressed;
      this.leastRange = leastRange;
    }

    public long startMs() {
      return startMs;
    }

    public long endMs() {
      return endMs;
    }

    /** The operations the interval recorded (its histogram's total count), without decoding it. */
    public long count() {
      return count;
    }

    /** The interval's histogram, decoded anew (its start and end time stamps are the interval's bounds). */
    public Histogram histogram() {
      try {
        return decode(compressed, leastRange, startMs, endMs);
      } catch (DataFormatException e) {
        throw new IllegalStateException("decoded when read, so it decodes again", e);
      }
    }

    private Interval shifted(long offsetMs) {
      return new Interval(startMs + offsetMs, endMs + offsetMs, count, compressed, leastRange);
    }
  }

  /**
   * {@code leastRange}: the highest value the histogram must hold, from the interval's own max field. Its header's
   * highest trackable value is not enough: HdrHistogram 2.2.2's auto-resizing ConcurrentHistogram (YCSB's Recorder)
   * can end up with a header value below values it holds when several threads resize it at once (each thread, after
   * its resize, writes a highest trackable value computed from a counts length it may have read before another
   * thread's larger resize). The counts are all there; decoding by the header alone runs past its range
   * (ArrayIndexOutOfBoundsException). A CI run met it in a load's INSERT-BATCH log, whose four threads sent their
   * first batches together; ConcurrentResizeLogTest keeps such a line.
   */
  private static Histogram decode(byte[] compressed, long leastRange, long startMs, long endMs)
      throws DataFormatException {
    Histogram h = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(compressed), leastRange);
    h.setStartTimeStamp(startMs);
    h.setEndTimeStamp(endMs);
    return h;
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
    return intervals.stream().mapToLong(Interval::count).sum();
  }

  /** The same log with every bound moved by {@code offsetMs}: a client's own clock onto the phase's clock. */
  public HdrLog shifted(long offsetMs) {
    if (offsetMs == 0) {
      return this;
    }
    return new HdrLog(file, series, intervals.stream().map(i -> i.shifted(offsetMs)).toList());
  }

  public static HdrLog read(Path file) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (java.nio.charset.MalformedInputException e) {
      throw new ReportException(file + ": not an HdrHistogram interval log (not text)");
    } catch (IOException e) {
      throw new ReportException(file + ": cannot read (" + e.getMessage() + ")");
    }
    String series = null;
    BigDecimal startTimeS = null;
    BigDecimal baseTimeS = null;
    List<Interval> intervals = new ArrayList<>();
    int lineNumber = 0;
    for (String line : lines) {
      lineNumber++;
      if (line.startsWith(LOGGING_FOR) && line.trim().endsWith("]")) {
        String name = line.trim();
        series = series != null ? series : name.substring(LOGGING_FOR.length(), name.length() - 1).trim();
      } else if (line.startsWith(START_TIME)) {
        startTimeS = seconds(file, lineNumber, firstWord(line.substring(START_TIME.length())));
      } else if (line.startsWith(BASE_TIME)) {
        baseTimeS = seconds(file, lineNumber, firstWord(line.substring(BASE_TIME.length())));
      } else if (!line.isBlank() && !line.startsWith("#") && !line.startsWith("\"StartTimestamp\"")) {
        if (baseTimeS == null) {
          // No BaseTime line (YCSB's case): decided on the first interval, as HdrHistogram's reader decides it.
          BigDecimal first = seconds(file, lineNumber, fields(file, lineNumber, line)[0]);
          baseTimeS = startTimeS != null && first.compareTo(startTimeS.subtract(A_YEAR_S)) < 0 ? startTimeS
              : BigDecimal.ZERO;
        }
        intervals.add(interval(file, lineNumber, line, baseTimeS));
      }
    }
    if (intervals.isEmpty()) {
      throw new ReportException(file + ": no HdrHistogram intervals in it (empty, or not an HdrHistogram log)");
    }
    if (series == null) {
      String name = file.getFileName().toString();
      series = name.endsWith(".hdr") ? name.substring(0, name.length() - 4) : name;
    }
    return new HdrLog(file, series, List.copyOf(intervals));
  }

  /** start, length, max, histogram; an optional leading "Tag=..." field is skipped. */
  private static String[] fields(Path file, int lineNumber, String line) {
    String rest = line.startsWith("Tag=") ? line.substring(line.indexOf(',') + 1) : line;
    String[] f = rest.split(",", 4);
    if (f.length != 4) {
      throw new ReportException(file + ": line " + lineNumber + " is not an HdrHistogram interval (start, length, "
          + "max, histogram): not an HdrHistogram log?");
    }
    return f;
  }

  private static Interval interval(Path file, int lineNumber, String line, BigDecimal baseTimeS) {
    String[] f = fields(file, lineNumber, line);
    long startMs = millis(file, lineNumber, seconds(file, lineNumber, f[0]).add(baseTimeS));
    long lengthMs = millis(file, lineNumber, seconds(file, lineNumber, f[1]));
    if (lengthMs < 0) {
      // A negative interval length: the window and every rate computed from this log would be wrong.
      throw new ReportException(file + ": line " + lineNumber + ": the interval ends before it starts (a damaged log)");
    }
    long endMs = startMs + lengthMs; // both below 10^15 ms (millis): no overflow
    long leastRange = leastRange(seconds(file, lineNumber, f[2]));
    byte[] compressed;
    Histogram histogram;
    try {
      compressed = Base64.getDecoder().decode(f[3].trim());
      histogram = decode(compressed, leastRange, startMs, endMs);
    } catch (DataFormatException | RuntimeException e) {
      throw new ReportException(file + ": line " + lineNumber + " holds no integer HdrHistogram (" + e.getClass()
          .getSimpleName() + "): not an HdrHistogram log of YCSB's, which records integer microseconds");
    }
    if (histogram.getTotalCount() < 0 || histogram.getTotalCount() / (lengthMs / 1000 + 1) > IMPOSSIBLE_PER_SECOND) {
      // A damaged payload decodes to absurd counts (found by HdrLogFuzzTest: 4.8e18 in 26 ms, which summed over two
      // intervals went negative); no client does ten billion operations a second.
      throw new ReportException(file + ": line " + lineNumber + ": the interval claims " + histogram.getTotalCount()
          + " operations in " + lengthMs + " ms (a damaged log)");
    }
    return new Interval(startMs, endMs, histogram.getTotalCount(), compressed, leastRange);
  }

  /**
   * The interval's max field as a value the histogram must hold: HdrHistogram's writer prints the max divided by 10^6
   * with three decimals (YCSB's microseconds as seconds), so the max is below the field plus a thousandth, times 10^6.
   * The field is bounded when read (10^12 s), so this stays below 10^18.
   */
  private static long leastRange(BigDecimal maxField) {
    return maxField.abs().add(MAX_FIELD_ROUNDING).movePointRight(6).setScale(0, RoundingMode.CEILING).longValueExact();
  }

  /** A header's value: its text up to a space, comma or ']'; empty when there is none ("#[StartTime: ]"). */
  private static String firstWord(String rest) {
    String[] words = rest.split("[ ,\\]]");
    return words.length == 0 ? "" : words[0];
  }

  /**
   * A time field. Its magnitude is bounded here, before any arithmetic: a sum with an exponent such as 1e1000000444
   * or 1e-1000000000 is aligned digit by digit, which overflows BigInteger (found by HdrLogFuzzTest in a CI run).
   * Comparisons only look at the exponents, so they are cheap for such values.
   */
  private static BigDecimal seconds(Path file, int lineNumber, String text) {
    BigDecimal value;
    try {
      value = new BigDecimal(text.trim());
    } catch (NumberFormatException e) {
      throw new ReportException(file + ": line " + lineNumber + ": '" + text.trim() + "' is not a time in seconds "
          + "(not an HdrHistogram log?)");
    }
    BigDecimal magnitude = value.abs();
    if (magnitude.compareTo(MAX_SECONDS) > 0) {
      throw beyondAnyClock(file, lineNumber, value);
    }
    return magnitude.compareTo(NANOSECOND) < 0 ? BigDecimal.ZERO : value;
  }

  private static ReportException beyondAnyClock(Path file, int lineNumber, BigDecimal seconds) {
    return new ReportException(file + ": line " + lineNumber + ": " + seconds + " s is beyond any clock (a damaged "
        + "log)");
  }

  /** Seconds to milliseconds: exact for the writer's three decimals; finer ones rounded to the nearest. */
  private static long millis(Path file, int lineNumber, BigDecimal seconds) {
    // Each field is bounded when read; a start plus a BaseTime can still pass the bound.
    if (seconds.abs().compareTo(MAX_SECONDS) > 0) {
      throw beyondAnyClock(file, lineNumber, seconds);
    }
    return seconds.movePointRight(3).setScale(0, RoundingMode.HALF_EVEN).longValueExact();
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
