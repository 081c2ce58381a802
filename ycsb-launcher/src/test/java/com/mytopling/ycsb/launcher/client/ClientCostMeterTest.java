package com.mytopling.ycsb.launcher.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.results.model.ClientCost;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The client's own cost from /proc readings: parsing, the window's figures, and the live process. */
class ClientCostMeterTest {
  @Test
  void readsUtimeAndStimeAfterACommandNameWithSpacesAndParentheses() {
    String stat = "4242 (java (my) thing) S 1 4242 4242 0 -1 4194560 5000 0 0 0 1234 567 0 0 20 0 40 0 100 0 0";
    assertArrayEquals(new long[] {1234, 567}, ClientCostMeter.processTicks(stat));
  }

  @Test
  void theProcessAgeIsUptimeLessStartTimeOnTheBootClock() {
    // starttime (field 22) 123456 ticks = 1234.56 s after boot; uptime 1236.50 s: started 1.94 s ago.
    String stat = "4242 (java (my) thing) S 1 4242 4242 0 -1 4194560 5000 0 0 0 1234 567 0 0 20 0 40 0 123456 0 0";
    assertEquals(1_940, ClientCostMeter.processAgeMs(stat, "1236.50 2400.00\n"));
  }

  @Test
  void theStartUpsWallTimeIsThisJvmsAgeNotOffByTheBootTimesWholeSeconds() {
    long jvmAge = java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime();
    ClientCostMeter.Sample now = ClientCostMeter.sample(0);
    assertNotNull(now);
    // The process is a little older than the JVM inside it (exec, loading libjvm); never by a second (startInstant
    // was off by up to one: the boot time in /proc/stat has whole seconds).
    assertTrue(now.processAgeMs() >= jvmAge - 20 && now.processAgeMs() < jvmAge + 500,
        now.processAgeMs() + " ms against the JVM's uptime " + jvmAge + " ms");
  }

  @Test
  void hostBusyLeavesOutIdleAndIowaitAndGuestTime() {
    // user nice system idle iowait irq softirq steal guest guest_nice
    long[] j = ClientCostMeter.hostJiffies("cpu  100 5 50 800 20 3 2 1 40 0");
    assertArrayEquals(new long[] {161, 981}, j);
    assertThrows(IllegalArgumentException.class, () -> ClientCostMeter.hostJiffies("cpu0 1 2 3 4"));
  }

  @Test
  void theWindowsFiguresComeFromItsTwoReadingsAndTheStartUpFromTheFirst() {
    ClientCostMeter.Sample start = new ClientCostMeter.Sample(150, 10, 1_000, 2_000, 40, 0, 1_870, 0,
        Map.of(7L, 20L, 8L, 30L));
    // Compiler thread 9 started after the warm-up's reading: all of its CPU is in the window.
    ClientCostMeter.Sample warm = new ClientCostMeter.Sample(350, 110, 1_500, 3_000, 50, 10_000_000_000L, 11_000,
        100_000, Map.of(7L, 60L, 8L, 90L));
    ClientCostMeter.Sample end = new ClientCostMeter.Sample(950, 1_310, 4_350, 6_000, 250, 40_000_000_000L, 41_000,
        700_000, Map.of(7L, 70L, 8L, 130L, 9L, 10L));
    ClientCost c = new ClientCost();
    ClientCostMeter.fill(c, warm, end, true, start);
    assertEquals(30.0, c.windowS);
    assertEquals(600_000L, c.operations);
    assertEquals(6.0, c.userCpuS);
    assertEquals(12.0, c.systemCpuS);
    assertEquals(30.0, c.cpuPerOpUs);
    assertEquals(10.0, c.userCpuPerOpUs);
    assertEquals(20.0, c.systemCpuPerOpUs);
    assertEquals(0.2, c.gcTimeS);
    assertEquals(0.6, c.jitCpuS, "10 + 40 + 10 ticks");
    assertEquals(1.0, c.jitCpuPerOpUs);
    assertTrue(c.figures().contains("(user 10.00, system 20.00; JIT compiling 1.00 of it)"), c.figures());
    assertEquals(0.6, c.coresUsed);
    assertEquals(0.95, c.hostBusyShare);
    assertEquals(1.6, c.startupCpuS, "CPU before the first operation");
    assertEquals(1.87, c.startupWallS, "the process's age at the first operation");
    assertEquals(9.5, c.processUserCpuS);
    assertEquals(13.1, c.processSystemCpuS);
    assertEquals(Boolean.TRUE, c.warmupExcluded);
    assertEquals(Boolean.TRUE, c.clientBound, "the host was 95% busy");
  }

  @Test
  void thisProcessIsMeasured() {
    ClientCostMeter meter = new ClientCostMeter("run");
    meter.phaseStarted();
    long x = 0;
    for (int i = 0; i < 50_000_000; i++) {
      x += Long.numberOfTrailingZeros(i ^ x);
    }
    ClientCost c = meter.finish(1_000 + (x & 1));
    assertNotNull(c.userCpuS, c.reason);
    assertTrue(c.userCpuS >= 0 && c.systemCpuS >= 0, c.reason);
    assertTrue(c.startupCpuS > 0, "this JVM used CPU before the phase started");
    assertTrue(c.hostBusyShare >= 0 && c.hostBusyShare <= 1, String.valueOf(c.hostBusyShare));
    assertTrue(ClientCostMeter.line(c).startsWith("[client-cost] run: CPU "), ClientCostMeter.line(c));
    // The test JVM's own compiler threads: one C1 and one C2 here, or on HotSpot's defaults with more cores a number
    // that may shrink, when there is rightly no figure.
    if (c.jitCpuS != null) {
      assertTrue(c.jitCpuS >= 0 && c.jitCpuS <= c.userCpuS + c.systemCpuS, c.figures());
    }
  }

  @Test
  void aCompilerThreadThatEndedLeavesNoJitFigureRatherThanALowOne() {
    ClientCostMeter.Sample from = new ClientCostMeter.Sample(0, 0, 0, 1, 0, 0, 0, 0, Map.of(7L, 20L, 8L, 30L));
    ClientCostMeter.Sample to = new ClientCostMeter.Sample(100, 0, 1, 2, 0, 1_000_000_000L, 0, 1_000,
        Map.of(7L, 60L));
    ClientCost c = new ClientCost();
    ClientCostMeter.fill(c, from, to, false, from);
    assertNull(c.jitCpuS);
    assertNull(c.jitCpuPerOpUs);
    assertFalse(c.figures().contains("JIT"), c.figures());
    ClientCost unknown = new ClientCost();
    ClientCostMeter.fill(unknown, new ClientCostMeter.Sample(0, 0, 0, 1, 0, 0, 0, 0, null), to, false, from);
    assertNull(unknown.jitCpuS, "no reading at the window's start");
  }
}
