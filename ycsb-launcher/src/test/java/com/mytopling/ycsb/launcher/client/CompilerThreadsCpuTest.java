package com.mytopling.ycsb.launcher.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The JIT compiler threads' CPU: which threads are compilers, the window's ticks, and a live JVM's figure. */
class CompilerThreadsCpuTest {
  @Test
  void compilerThreadsAreToldByTheirTruncatedNames() {
    assertTrue(CompilerThreadsCpu.isCompiler("101 (C2 CompilerThre) S 1 1 1 0 -1 0 0 0 0 0 70 3 0 0"));
    assertTrue(CompilerThreadsCpu.isCompiler("102 (C1 CompilerThre) S 1 1 1 0 -1 0 0 0 0 0 9 1 0 0"));
    assertTrue(CompilerThreadsCpu.isCompiler("103 (JVMCI CompilerT) S 1 1 1 0 -1 0 0 0 0 0 9 1 0 0"));
    assertFalse(CompilerThreadsCpu.isCompiler("104 (GC Thread#0) S 1 1 1 0 -1 0 0 0 0 0 9 1 0 0"));
    assertFalse(CompilerThreadsCpu.isCompiler("105 (java) S 1 1 1 0 -1 0 0 0 0 0 9 1 0 0"));
  }

  @Test
  void theWindowsTicksCountNewThreadsFromZeroAndNoneWhenAThreadEnded() {
    assertEquals(55L, CompilerThreadsCpu.ticksBetween(Map.of(1L, 10L, 2L, 5L), Map.of(1L, 40L, 2L, 20L, 3L, 10L)));
    assertNull(CompilerThreadsCpu.ticksBetween(Map.of(1L, 10L, 2L, 5L), Map.of(1L, 40L)));
    assertNull(CompilerThreadsCpu.ticksBetween(null, Map.of(1L, 40L)));
    assertNull(CompilerThreadsCpu.ticksBetween(Map.of(), null));
  }

  /**
   * A JVM with scripts' compiler-thread flag and one with dynamic compiler threads and more of them than one per
   * compiler: the first reads its compiler threads (a JVM that has compiled something used their CPU), the second
   * refuses to read rather than give a figure that may miss an ended thread.
   */
  @Test
  void aJvmWhoseCompilerThreadsStayIsReadAndOneWhoseThreadsMayEndIsNot() throws Exception {
    List<String> steady = childJvm("-XX:-UseDynamicNumberOfCompilerThreads", "-XX:CICompilerCount=3");
    assertEquals("exact", steady.get(0), String.join("\n", steady));
    assertTrue(Long.parseLong(steady.get(1)) > 0, "its compilers used CPU: " + steady);
    assertTrue(Integer.parseInt(steady.get(2)) >= 2, "one C1 and at least one C2 thread: " + steady);
    List<String> dynamic = childJvm("-XX:+UseDynamicNumberOfCompilerThreads", "-XX:CICompilerCount=3");
    assertEquals(List.of("none"), dynamic);
  }

  private static List<String> childJvm(String... flags) throws Exception {
    File out = File.createTempFile("jit-cpu", ".txt");
    try {
      List<String> cmd = new java.util.ArrayList<>(List.of(
          System.getProperty("java.home") + "/bin/java", "-XX:+UseSerialGC"));
      cmd.addAll(List.of(flags));
      cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Child.class.getName()));
      Process p = new ProcessBuilder(cmd).redirectOutput(out).redirectErrorStream(true).start();
      assertTrue(p.waitFor(2, TimeUnit.MINUTES));
      List<String> lines = Files.readAllLines(out.toPath(), StandardCharsets.UTF_8);
      assertEquals(0, p.exitValue(), String.join("\n", lines));
      assertNotNull(lines);
      return lines;
    } finally {
      Files.deleteIfExists(out.toPath());
    }
  }

  /** Compiles some code, then prints "exact", the compiler threads' ticks and their number, or "none". */
  public static final class Child {
    /** Where the loop's result goes, so that the JIT cannot drop the loop as dead code. */
    static volatile long sink;

    public static void main(String[] args) {
      long x = 0;
      for (int round = 0; round < 200; round++) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < 20_000; i++) {
          s.setLength(0);
          x += s.append(i).append(x).toString().hashCode();
        }
      }
      sink = x;
      Map<Long, Long> ticks = CompilerThreadsCpu.read();
      if (ticks == null) {
        System.out.println("none");
      } else {
        System.out.println("exact");
        System.out.println(CompilerThreadsCpu.ticksBetween(Map.of(), ticks));
        System.out.println(ticks.size());
      }
    }
  }
}
