package com.mytopling.ycsb.launcher.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.core.cli.UsageException;
import io.prometheus.metrics.expositionformats.OpenMetricsTextFormatWriter;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.DataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;

/**
 * The endpoint's figures from YCSB's own Measurements, cut as the status thread cuts them: the counts are YCSB's
 * return codes, the histograms its accumulated HdrHistograms, split at the warm-up's cut, each figure stamped with its
 * cut's time, and a series that appears with a count is first served as zero at the cut before.
 */
class LiveFiguresTest {
  private static final Labels CONSTANT = Labels.of("run", "r1", "client", "0", "phase", "run");

  @AfterEach
  void forgetTheInstance() throws Exception {
    Field singleton = Measurements.class.getDeclaredField("singleton");
    singleton.setAccessible(true);
    singleton.set(null, null);
  }

  private static Measurements measurements() {
    Properties p = new Properties();
    p.setProperty("measurement.interval", "both");
    return SerialSeriesMeasurements.install(p);
  }

  private static void operations(Measurements m, String op, int n, int micros, Status status) {
    for (int i = 0; i < n; i++) {
      m.measure(op, micros);
      m.measureIntended(op, micros + 10);
      m.reportStatus(op, status);
    }
  }

  private static DataPointSnapshot point(MetricSnapshots s, String name, String... labels) {
    for (MetricSnapshot m : s) {
      if (!m.getMetadata().getName().equals(name)) {
        continue;
      }
      for (DataPointSnapshot d : m.getDataPoints()) {
        boolean all = true;
        for (int i = 0; i < labels.length; i += 2) {
          all &= labels[i + 1].equals(d.getLabels().get(labels[i]));
        }
        if (all) {
          return d;
        }
      }
    }
    return null;
  }

  private static double count(MetricSnapshots s, String op, String status, String window) {
    DataPointSnapshot d = point(s, LiveFigures.OPERATIONS, "operation", op, "status", status, "window", window);
    return d == null ? -1 : ((CounterSnapshot.CounterDataPointSnapshot) d).getValue();
  }

  @Test
  void withoutAWarmUpEveryFigureIsOfTheMeasuredWindowAndStampedWithItsCut() throws Exception {
    Measurements m = measurements();
    LiveFigures f = new LiveFigures(CONSTANT, false, m, List.of(50.0, 99.0));
    f.phase(1000, null);
    m.getSummary();
    f.afterCut(1_000, false, false, false);
    assertEquals(1, ((GaugeSnapshot.GaugeDataPointSnapshot) point(f.collect(), LiveFigures.STATE, "state",
        "measured")).getValue());

    operations(m, "READ", 30, 400, Status.OK);
    operations(m, "READ", 2, 900, Status.ERROR);
    m.getSummary();
    f.afterCut(2_000, false, false, false);
    MetricSnapshots s = f.collect();
    DataPointSnapshot firstSeen = point(s, LiveFigures.OPERATIONS, "operation", "READ", "status", "OK");
    assertEquals(0, ((CounterSnapshot.CounterDataPointSnapshot) firstSeen).getValue(), "first served as zero");
    assertEquals(1_000, firstSeen.getScrapeTimestampMillis(), "at the cut before");

    operations(m, "READ", 10, 400, Status.OK);
    m.getSummary();
    f.afterCut(3_000, false, false, false);
    assertEquals(0, count(f.collect(), "READ", "OK", "measured"), "zero in two cuts");
    m.getSummary();
    f.afterCut(3_000, false, false, false);
    s = f.collect();
    assertEquals(40, count(s, "READ", "OK", "measured"));
    assertEquals(2, count(s, "READ", "ERROR", "measured"));
    assertEquals(-1, count(s, "READ", "OK", "warmup"), "no warm-up window without a warm-up");
    HistogramSnapshot.HistogramDataPointSnapshot h = (HistogramSnapshot.HistogramDataPointSnapshot) point(s,
        LiveFigures.LATENCY, "operation", "READ");
    assertEquals(42, h.getCount(), "READ's latencies: YCSB's series holds every call reported under READ");
    assertEquals(3_000, h.getScrapeTimestampMillis());
    assertEquals(40 * 400e-6 + 2 * 900e-6, h.getSum(), 1e-9);
    HistogramSnapshot.HistogramDataPointSnapshot intended = (HistogramSnapshot.HistogramDataPointSnapshot) point(s,
        LiveFigures.INTENDED, "operation", "READ");
    assertEquals(42, intended.getCount());
    assertTrue(h.hasNativeHistogramData() && h.hasClassicHistogramData());
    assertEquals(LatencyBuckets.NATIVE_SCHEMA, h.getNativeSchema());

    String text = openMetrics(s);
    assertTrue(text.contains("ycsb_operations_total{client=\"0\",operation=\"READ\",phase=\"run\",run=\"r1\","
        + "status=\"OK\",window=\"measured\"} 40.0 3.000"), text);
    assertTrue(text.contains("ycsb_latency_seconds_bucket{client=\"0\",operation=\"READ\",phase=\"run\",run=\"r1\","
        + "window=\"measured\",le=\"+Inf\"} 42 3.000"), text);
  }

  @Test
  void aWarmUpsFiguresFreezeAtItsCutAndTheMeasuredWindowCountsFromThere() {
    Measurements m = measurements();
    LiveFigures f = new LiveFigures(CONSTANT, true, m, List.of(50.0, 99.0));
    m.getSummary();
    f.afterCut(1_000, false, false, false);
    operations(m, "UPDATE", 5, 300, Status.OK);
    m.getSummary();
    f.afterCut(2_000, false, false, false);
    f.collect(); // a scrape takes the new series' zero
    m.getSummary();
    f.afterCut(2_500, false, false, false);
    f.collect(); // and the second cut's
    operations(m, "UPDATE", 7, 300, Status.OK);
    m.getSummary();
    f.afterCut(3_000, true, false, false); // the warm-up's cut
    MetricSnapshots s = f.collect();
    assertEquals(12, count(s, "UPDATE", "OK", "warmup"));
    assertEquals(0, count(s, "UPDATE", "OK", "measured"), "zero at the cut, served at the cut");
    assertEquals(3_000, point(s, LiveFigures.OPERATIONS, "window", "measured").getScrapeTimestampMillis());
    assertEquals(1, ((GaugeSnapshot.GaugeDataPointSnapshot) point(s, LiveFigures.STATE, "state", "measured"))
        .getValue());

    operations(m, "UPDATE", 20, 300, Status.OK);
    m.getSummary();
    f.afterCut(4_000, false, true, false);
    m.getSummary();
    f.afterCut(4_100, false, true, true); // the final report's cut
    s = f.collect();
    assertEquals(12, count(s, "UPDATE", "OK", "warmup"));
    assertEquals(20, count(s, "UPDATE", "OK", "measured"));
    HistogramSnapshot.HistogramDataPointSnapshot measured = (HistogramSnapshot.HistogramDataPointSnapshot) point(s,
        LiveFigures.LATENCY, "operation", "UPDATE", "window", "measured");
    assertEquals(20, measured.getCount());
    assertEquals(1, ((GaugeSnapshot.GaugeDataPointSnapshot) point(s, LiveFigures.STATE, "state", "finished"))
        .getValue());
    io.prometheus.metrics.model.snapshots.SummarySnapshot.SummaryDataPointSnapshot exact =
        (io.prometheus.metrics.model.snapshots.SummarySnapshot.SummaryDataPointSnapshot) point(s,
            LiveFigures.MEASURED_LATENCY, "operation", "UPDATE");
    assertEquals(20, exact.getCount(), "the measured window's, the warm-up's 12 left out");
    assertEquals(300e-6, exact.getQuantiles().get(1).getValue(), 1e-12, "p99 of 20 values of 300 us");
    assertEquals(0.99, exact.getQuantiles().get(1).getQuantile());
  }

  /** The status thread's first line after the first operations: their series' zero is at the threads' start. */
  @Test
  void aSeriesTheFirstCutFindsIsZeroWhenTheThreadsStarted() {
    Measurements m = measurements();
    LiveFigures f = new LiveFigures(CONSTANT, false, m, List.of(99.0));
    f.threadsStarting(500);
    operations(m, "INSERT", 7, 20, Status.OK);
    m.getSummary();
    f.afterCut(1_000, false, false, false);
    DataPointSnapshot zero = point(f.collect(), LiveFigures.OPERATIONS, "operation", "INSERT");
    assertEquals(0, ((CounterSnapshot.CounterDataPointSnapshot) zero).getValue());
    assertEquals(500, zero.getScrapeTimestampMillis());
  }

  /** A scraper slower than the cuts: the zero of a new series is kept until a scrape has taken it. */
  @Test
  void aNewSeriesStaysZeroUntilAScrapeHasTakenItsZero() {
    Measurements m = measurements();
    LiveFigures f = new LiveFigures(CONSTANT, false, m, List.of(99.0));
    m.getSummary();
    f.afterCut(1_000, false, false, false);
    operations(m, "UPDATE", 3, 200, Status.OK);
    m.getSummary();
    f.afterCut(2_000, false, false, false); // not scraped
    operations(m, "UPDATE", 3, 200, Status.OK);
    m.getSummary();
    f.afterCut(3_000, false, false, false);
    MetricSnapshots s = f.collect();
    DataPointSnapshot zero = point(s, LiveFigures.OPERATIONS, "operation", "UPDATE");
    assertEquals(0, ((CounterSnapshot.CounterDataPointSnapshot) zero).getValue());
    assertEquals(1_000, zero.getScrapeTimestampMillis(), "still at the cut before it appeared");
    m.getSummary();
    f.afterCut(4_000, false, false, false);
    s = f.collect();
    assertEquals(6, count(s, "UPDATE", "OK", "measured"), "the zero was served in the second cut after it appeared");
    assertEquals(4_000, point(s, LiveFigures.OPERATIONS, "operation", "UPDATE").getScrapeTimestampMillis());
  }

  /** The final cut holds a new series' zero until a scrape took it, then is made again with its counts. */
  @Test
  void theFinalCutIsMadeAgainOnceANewSeriesZeroWasScraped() throws Exception {
    Measurements m = measurements();
    LiveFigures f = new LiveFigures(CONSTANT, false, m, List.of(99.0));
    m.getSummary();
    f.afterCut(1_000, false, false, false);
    f.collect();
    operations(m, "CLEANUP", 4, 50, Status.OK);
    m.getSummary();
    f.afterCut(2_000, false, true, true);
    assertTrue(f.finalPending(), "CLEANUP's zero has not been scraped");
    assertFalse(f.awaitServed(10));
    assertEquals(0, count(f.collect(), "CLEANUP", "OK", "measured"));
    assertTrue(f.awaitServed(10));
    f.afterCut(2_500, false, true, true);
    assertTrue(f.finalPending(), "zero in two cuts");
    f.collect();
    f.afterCut(2_600, false, true, true);
    assertFalse(f.finalPending());
    assertEquals(4, count(f.collect(), "CLEANUP", "OK", "measured"));
  }

  @Test
  void labelsAreNameValuePairsOfNamesTheEndpointDoesNotUseItself() throws Exception {
    Labels l = LiveEndpoint.labels(List.of("run=nightly-1", "target=mariadb"));
    assertEquals("nightly-1", l.get("run"));
    assertThrows(UsageException.class, () -> LiveEndpoint.labels(List.of("run")));
    assertThrows(UsageException.class, () -> LiveEndpoint.labels(List.of("1run=x")));
    assertThrows(UsageException.class, () -> LiveEndpoint.labels(List.of("__name__=x")));
    UsageException own = assertThrows(UsageException.class, () -> LiveEndpoint.labels(List.of("status=x")));
    assertTrue(own.getMessage().contains("a label the endpoint sets itself"), own.getMessage());
    assertThrows(UsageException.class, () -> LiveEndpoint.labels(List.of("a=1", "a=2")));
  }

  private static String openMetrics(MetricSnapshots s) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    OpenMetricsTextFormatWriter.create().write(out, s, io.prometheus.metrics.config.EscapingScheme.ALLOW_UTF8);
    return out.toString(StandardCharsets.UTF_8);
  }
}
