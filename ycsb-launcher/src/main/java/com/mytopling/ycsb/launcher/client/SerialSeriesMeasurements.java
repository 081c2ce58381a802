package com.mytopling.ycsb.launcher.client;

import java.lang.reflect.Field;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;

/**
 * YCSB's Measurements with each series created by one thread at a time.
 *
 * <p>YCSB 0.17.0 creates a series on its first sample: {@code get}, construct, {@code putIfAbsent}. When two client
 * threads report the first sample of one series at once (every thread's first INSERT of a load, every thread's
 * CLEANUP, the binding's first INSERT-BATCH flushes), both construct it, and with {@code hdrhistogram.fileoutput=true}
 * each construction opens {@code SERIES.hdr} (truncating it) and writes a log header: the file gets two headers, or
 * one written over the other's intervals. The loser is dropped from the map, so its samples are not lost; only the
 * log is damaged. Here the first sample of a series (and of its intended-latency twin) goes through a lock, so the
 * series is built once; later samples take YCSB's own lock-free path after one set lookup, as YCSB's own map lookup.
 *
 * <p>Measurements has no hook for its singleton, and creating the series up front would print empty series
 * (Operations 0) for operations the workload never does: {@link #install} puts this instance in YCSB's private static
 * field instead, before the workload and the client threads look it up.
 */
final class SerialSeriesMeasurements extends Measurements {
  private final Set<String> created = ConcurrentHashMap.newKeySet();
  private final Set<String> createdIntended = ConcurrentHashMap.newKeySet();

  SerialSeriesMeasurements(Properties props) {
    super(props);
  }

  /**
   * Sets YCSB's measurement properties and makes this class the instance {@link Measurements#getMeasurements()}
   * returns, replacing one a previous phase in this JVM left.
   */
  static Measurements install(Properties props) {
    Measurements.setProperties(props);
    Measurements m = new SerialSeriesMeasurements(props);
    try {
      Field singleton = Measurements.class.getDeclaredField("singleton");
      singleton.setAccessible(true);
      synchronized (Measurements.class) { // getMeasurements() is static synchronized: the same lock
        singleton.set(null, m);
      }
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new IllegalStateException("YCSB's Measurements has no field 'singleton' (not YCSB 0.17.0?)", e);
    }
    return m;
  }

  @Override
  public void measure(String operation, int latency) {
    if (created.contains(operation)) {
      super.measure(operation, latency);
      return;
    }
    synchronized (created) {
      super.measure(operation, latency);
      created.add(operation);
    }
  }

  @Override
  public void reportStatus(String operation, Status status) {
    if (created.contains(operation)) {
      super.reportStatus(operation, status);
      return;
    }
    synchronized (created) {
      super.reportStatus(operation, status);
      created.add(operation);
    }
  }

  @Override
  public void measureIntended(String operation, int latency) {
    if (createdIntended.contains(operation)) {
      super.measureIntended(operation, latency);
      return;
    }
    synchronized (createdIntended) {
      super.measureIntended(operation, latency);
      createdIntended.add(operation);
    }
  }
}
