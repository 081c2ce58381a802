package com.mytopling.ycsb.jdbc.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The fixture under CI (any CI value but false/0, as CI services set it: true, 1, yes) fails a test whose server
 * is missing instead of skipping it or switching to another server, and says once which server it uses. Each case
 * runs the fixture in a JVM with an environment of its own; no server is started.
 */
class TestServersStrictnessTest {
  private static final int FAILED = 4;

  record Probe(int exit, String stdout, String stderr) {
  }

  static Probe probe(Map<String, String> env, String... args) throws Exception {
    List<String> cmd = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
        .toString(), "-cp", System.getProperty("java.class.path"), TestServersProbe.class.getName()));
    cmd.addAll(List.of(args));
    File out = File.createTempFile("probe", ".out");
    File err = File.createTempFile("probe", ".err");
    try {
      ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out).redirectError(err);
      pb.environment().keySet().removeIf(k -> k.equals("CI") || k.startsWith("YCSB_TEST_"));
      pb.environment().putAll(env);
      Process p = pb.start();
      if (!p.waitFor(2, TimeUnit.MINUTES)) {
        p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        // What it printed so far says where it was stuck.
        throw new AssertionError("probe did not finish in 2 minutes; stdout: " + Files.readString(out.toPath(),
            StandardCharsets.UTF_8) + "; stderr: " + Files.readString(err.toPath(), StandardCharsets.UTF_8));
      }
      return new Probe(p.exitValue(), Files.readString(out.toPath(), StandardCharsets.UTF_8),
          Files.readString(err.toPath(), StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(out.toPath());
      Files.deleteIfExists(err.toPath());
    }
  }

  @Test
  void missingMyRocksServerFailsUnderAnyCiValueInsteadOfAborting() throws Exception {
    for (String ci : List.of("true", "1", "yes")) {
      Probe p = probe(Map.of("CI", ci, "YCSB_TEST_MYSQL_URL", "jdbc:mysql://127.0.0.1:1/ycsb"), "rocksdb");
      assertEquals(FAILED, p.exit(), "CI=" + ci + ": " + p);
      assertTrue(p.stdout().contains("YCSB_TEST_MYROCKS_URL"), p.stdout());
    }
  }

  @Test
  void unnamedInnoDbServerFailsUnderCiInsteadOfSwitchingToTheEmbeddedOne() throws Exception {
    Probe p = probe(Map.of("CI", "true"), "innodb");
    assertEquals(FAILED, p.exit(), p.toString());
    assertTrue(p.stdout().contains("YCSB_TEST_SERVER"), p.stdout());
  }

  @Test
  void explicitContainerServerThatCannotStartFailsEvenOutsideCi() throws Exception {
    Probe p = probe(Map.of("YCSB_TEST_SERVER", "container", "YCSB_TEST_IMAGE", "ycsb-no-such-image:0",
        "DOCKER_HOST", "unix:///nonexistent/docker.sock"), "innodb");
    assertEquals(FAILED, p.exit(), p.toString());
    // Named at once, before Testcontainers could look for another engine (a fresh CI machine's default socket).
    assertTrue(p.stdout().contains("DOCKER_HOST=unix:///nonexistent/docker.sock does not answer"), p.toString());
  }

  @Test
  void theServerInUseIsPrintedOnce() throws Exception {
    Probe p = probe(Map.of("CI", "true", "YCSB_TEST_MYSQL_URL", "jdbc:mysql://127.0.0.1:1/ycsb",
        "YCSB_TEST_MYSQL_USER", "ycsb", "YCSB_TEST_MYSQL_PASSWORD", "pw-never-printed"), "innodb", "3");
    assertEquals(0, p.exit(), p.toString());
    List<String> lines = p.stderr().lines().filter(l -> l.startsWith("[test servers]")).toList();
    assertEquals(1, lines.size(), p.stderr());
    assertTrue(lines.get(0).contains("InnoDB") && lines.get(0).contains("jdbc:mysql://127.0.0.1:1/ycsb"), lines.get(0));
    assertTrue(!p.stderr().contains("pw-never-printed") && !p.stdout().contains("pw-never-printed"));
  }
}
