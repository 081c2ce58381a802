package com.mytopling.ycsb.launcher.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The developers' profiling aids that replaced bench/thread-cpu.py and bench/jfr-top.py. */
class ProfilingAidsTest {
  @Test
  void threadCpuAddsUpThreadsNamedAlikeAndSortsByCost() {
    String report = ThreadCpu.report(List.of(new Object[] {"ycsb-client-1", 300L, 20L},
        new Object[] {"ycsb-client-2", 200L, 10L}, new Object[] {"C2 CompilerThre", 100L, 0L},
        new Object[] {"GC Thread#0", 40L, 5L}), 100.0);
    assertEquals("""
        total user 6.40s sys 0.35s
        ycsb-client-#                threads=2   user=5.00s sys=0.30s
        C# CompilerThre              threads=1   user=1.00s sys=0.00s
        GC Thread##                  threads=1   user=0.40s sys=0.05s
        """, report);
  }

  @Test
  void threadCpuMeasuresARealProcess() throws Exception {
    // The sleep keeps the process alive for the first poll: on a fast machine the loop alone can end, and be reaped,
    // before the poller lists /proc/PID/task, and a reaped process's threads cannot be read any more.
    String report = ThreadCpu.measure(List.of("sh", "-c", "i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done; sleep 2"));
    assertTrue(report.startsWith("total user "), report);
    assertTrue(report.contains("threads=1"), report);
  }

  @Test
  void jfrTopCountsTopFramesPackagesAndOurFirstFrame() {
    List<String> text = List.of(
        "jdk.ExecutionSample {",
        "  stackTrace = [",
        "    org.mariadb.jdbc.client.Reader.readPacket(int) line: 10",
        "    com.mytopling.ycsb.jdbc.Session.read(String) line: 20",
        "    site.ycsb.DBWrapper.read(String) line: 30",
        "  ]",
        "}",
        "jdk.ExecutionSample {",
        "    org.mariadb.jdbc.client.Reader.readPacket(int) line: 11",
        "    site.ycsb.DBWrapper.read(String) line: 31",
        "}");
    assertEquals("""
        samples 2
        -- top frames
        2 org.mariadb.jdbc.client.Reader.readPacket(int)
        -- packages on stack (inclusive)
        2 org.mariadb.jdbc
        2 site.ycsb.DBWrapper
        1 com.mytopling.ycsb
        -- first mytopling frame
        1 com.mytopling.ycsb.jdbc.Session.read(String)
        """, JfrTop.summarize(text));
  }
}
