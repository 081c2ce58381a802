package com.mytopling.ycsb.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The client JVM's command line: the clients' flags, then the user's YCSB_JAVA_OPTS (whatever this run's environment
 * holds: CI sets some), and no shared-classes archive for another class path.
 */
class JavaCommandTest {
  @Test
  void anotherClassPathGetsTheFlagsButNotTheArchiveMadeForThisOne() {
    String before = System.getProperty("harness.clientJvmFlags");
    System.setProperty("harness.clientJvmFlags", "-XX:+UseParallelGC -XX:SharedArchiveFile=/r/cds/harness.jsa "
        + "-Xlog:cds=off");
    try {
      List<String> own = Benchmark.javaCommand();
      assertEquals(withUserOpts(List.of("-XX:+UseParallelGC", "-XX:SharedArchiveFile=/r/cds/harness.jsa",
          "-Xlog:cds=off"), "-cp", System.getProperty("java.class.path")), own.subList(1, own.size()));
      List<String> other = Benchmark.javaCommand("/copy/harness.jar:/copy/lib/*");
      assertEquals(own.get(0), other.get(0), "the same java");
      assertEquals(withUserOpts(List.of("-XX:+UseParallelGC"), "-cp", "/copy/harness.jar:/copy/lib/*"),
          other.subList(1, other.size()));
    } finally {
      if (before == null) {
        System.clearProperty("harness.clientJvmFlags");
      } else {
        System.setProperty("harness.clientJvmFlags", before);
      }
    }
  }

  /** The flags, then YCSB_JAVA_OPTS' words as this test's environment has them, then the rest. */
  private static List<String> withUserOpts(List<String> flags, String... rest) {
    List<String> expected = new ArrayList<>(flags);
    String opts = System.getenv("YCSB_JAVA_OPTS");
    if (opts != null && !opts.isBlank()) {
      expected.addAll(List.of(opts.trim().split("\\s+")));
    }
    expected.addAll(List.of(rest));
    return expected;
  }
}
