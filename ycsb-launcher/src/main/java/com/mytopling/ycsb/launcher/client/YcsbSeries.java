package com.mytopling.ycsb.launcher.client;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.HdrHistogram.Histogram;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.OneMeasurement;
import site.ycsb.measurements.OneMeasurementHdrHistogram;

/**
 * What YCSB 0.17's Measurements hold for each series, read for the live endpoint: the latencies its status thread
 * has accumulated (each series' total HdrHistogram, up to the last cut) and the return codes counted so far.
 *
 * <p>YCSB offers no getter for either, so they are read from its private fields, as {@link SerialSeriesMeasurements}
 * sets its singleton. The total histogram is written only by the thread that cuts the intervals (the status thread,
 * then the main thread's final report after the status thread has ended), so {@link #read} must be called on that
 * thread, right after a cut: it then reads a histogram nobody changes meanwhile. The return codes are YCSB's atomic
 * counters, read as they are. Nothing here is on an operation's path.
 */
final class YcsbSeries {
  private static final Field OPERATIONS = field(Measurements.class, "opToMesurementMap");
  private static final Field INTENDED = field(Measurements.class, "opToIntendedMesurementMap");
  private static final Field RETURN_CODES = field(OneMeasurement.class, "returncodes");
  private static final Field TOTAL = field(OneMeasurementHdrHistogram.class, "totalHistogram");

  /**
   * One series.
   *
   * @param name YCSB's name: READ, READ-FAILED, INSERT-BATCH, CLEANUP, ... (for an intended series, the operation's)
   * @param intended true for the latency from each operation's intended start (measurement.interval=both|intended)
   * @param latencies the microseconds accumulated up to the last cut, or null (none yet, or not an HdrHistogram)
   * @param returnCodes return code name to count (empty for series that get none, such as READ-FAILED)
   */
  record Series(String name, boolean intended, Histogram latencies, Map<String, Long> returnCodes) {
  }

  private YcsbSeries() {
  }

  /** Every series YCSB has made so far. Call on the thread that cuts the intervals, right after a cut. */
  static List<Series> read(Measurements m) {
    List<Series> all = new ArrayList<>();
    add(all, map(m, OPERATIONS), false);
    add(all, map(m, INTENDED), true);
    return all;
  }

  private static void add(List<Series> all, Map<String, OneMeasurement> series, boolean intended) {
    for (Map.Entry<String, OneMeasurement> e : new TreeMap<>(series).entrySet()) {
      OneMeasurement one = e.getValue();
      Histogram latencies = one instanceof OneMeasurementHdrHistogram ? (Histogram) get(TOTAL, one) : null;
      Map<String, Long> codes = new TreeMap<>();
      @SuppressWarnings("unchecked")
      Map<Status, AtomicInteger> counted = (Map<Status, AtomicInteger>) get(RETURN_CODES, one);
      // An int per code, as YCSB counts them (its report prints the same numbers).
      counted.forEach((status, n) -> codes.merge(status.getName(), (long) n.get(), Long::sum));
      all.add(new Series(e.getKey(), intended, latencies, codes));
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, OneMeasurement> map(Measurements m, Field f) {
    return (Map<String, OneMeasurement>) get(f, m);
  }

  private static Object get(Field f, Object o) {
    try {
      return f.get(o);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("cannot read YCSB's " + f, e);
    }
  }

  private static Field field(Class<?> c, String name) {
    try {
      Field f = c.getDeclaredField(name);
      f.setAccessible(true);
      return f;
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new IllegalStateException(c.getName() + " has no field '" + name + "' (not YCSB 0.17.0?)", e);
    }
  }
}
