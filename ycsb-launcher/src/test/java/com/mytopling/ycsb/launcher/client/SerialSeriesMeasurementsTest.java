package com.mytopling.ycsb.launcher.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;

/**
 * Two client threads reporting the first sample of one series at once. Deterministic: the series' HdrHistogram log
 * is a named pipe, so opening it blocks until this test opens the reading end; the test waits until each thread is
 * either inside that open or waiting for the other, then reads what reached the log. With YCSB's own Measurements
 * both threads are inside the open (both build the series) and the log gets two headers; here, one.
 */
class SerialSeriesMeasurementsTest {
  @AfterEach
  void forgetTheInstance() throws Exception {
    Field singleton = Measurements.class.getDeclaredField("singleton");
    singleton.setAccessible(true);
    singleton.set(null, null);
  }

  @Test
  void twoThreadsStartingOneSeriesWriteOneLogHeaderAndKeepBothSamples(@TempDir Path dir) throws Exception {
    Path log = dir.resolve("INSERT.hdr");
    Process mkfifo = new ProcessBuilder("mkfifo", log.toString()).inheritIO().start();
    assertTrue(mkfifo.waitFor(30, TimeUnit.SECONDS) && mkfifo.exitValue() == 0, "mkfifo failed");
    Properties p = new Properties();
    p.setProperty("hdrhistogram.fileoutput", "true");
    p.setProperty("hdrhistogram.output.path", dir + "/");
    Measurements installed = SerialSeriesMeasurements.install(p);
    assertSame(installed, Measurements.getMeasurements(), "YCSB's getMeasurements() does not return the instance");

    List<Thread> threads = List.of(new Thread(() -> Measurements.getMeasurements().measure("INSERT", 5)),
        new Thread(() -> Measurements.getMeasurements().measure("INSERT", 7)));
    threads.forEach(Thread::start);
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
    while (!threads.stream().allMatch(SerialSeriesMeasurementsTest::openingOrWaiting)) {
      assertTrue(System.nanoTime() < deadline, "the threads neither open the log nor wait: "
          + threads.stream().map(t -> t.getState() + " " + Arrays.toString(t.getStackTrace())).toList());
      Thread.sleep(10);
    }
    String written;
    try (FileInputStream reader = new FileInputStream(log.toFile())) {
      for (Thread t : threads) {
        t.join(TimeUnit.MINUTES.toMillis(2));
        assertFalse(t.isAlive(), "a thread still measures");
      }
      // What the writers put in the pipe (FileInputStream.readNBytes would seek, which a pipe refuses).
      byte[] bytes = new byte[reader.available()];
      int n = 0;
      while (n < bytes.length) {
        n += reader.read(bytes, n, bytes.length - n);
      }
      written = new String(bytes, StandardCharsets.UTF_8);
      ByteArrayOutputStream export = new ByteArrayOutputStream();
      try (TextMeasurementsExporter e = new TextMeasurementsExporter(export)) {
        Measurements.getMeasurements().exportMeasurements(e);
      }
      assertTrue(export.toString(StandardCharsets.UTF_8).contains("[INSERT], Operations, 2"),
          "a sample was lost: " + export);
    }
    assertEquals(1, written.split("\\[Logging for: INSERT]", -1).length - 1,
        "log headers written for one series:\n" + written);
  }

  /** Inside the open of the log (FileOutputStream blocks on a pipe without a reader), or blocked on a lock. */
  private static boolean openingOrWaiting(Thread t) {
    return t.getState() == Thread.State.BLOCKED || Arrays.stream(t.getStackTrace())
        .anyMatch(f -> f.getClassName().equals("java.io.FileOutputStream") && f.getMethodName().startsWith("open"));
  }
}
