package com.mytopling.ycsb.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.containers.DockerEngine;
import com.mytopling.ycsb.containers.TestEnvironment;
import com.mytopling.ycsb.jdbc.testing.TestServer;
import com.mytopling.ycsb.jdbc.testing.TestServers;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 23, scale-out faults: scripts/benchmark --on kubernetes stopped by SIGINT (Ctrl-C) or SIGTERM while its Job
 * runs removes what it made (the Secret with the password, the Job with its pods, the ConfigMap) and says so; the
 * Secret is created (kubectl create), never applied, so that kubectl does not copy the password into a
 * last-applied-configuration annotation. kubectl is a stand-in script (YCSB_KUBECTL) that records its calls and
 * answers as a cluster whose Job never ends, as in ScaleOutKubectlIT. And --on docker with an image the engine lacks
 * names the image, the engine and how to build it (a real engine, where one answers).
 */
class ScaleOutStopIT {
  @TempDir
  Path tmp;

  private static final String RUNNING_KUBECTL = """
      #!/bin/sh
      dir="$(dirname "$0")"
      printf '%s\\n' "$*" >> "$dir/calls.txt"
      if [ "$1" = "-n" ]; then shift 2; fi
      case "$*" in
        "create -f -"|"apply -f -") cat > "$dir/stdin-$1.txt" ;;
        "get job "*) printf '2//' ;;
      esac
      exit 0
      """;

  private Path props(TestServer s) throws Exception {
    Path props = tmp.resolve("scaleout.properties");
    Files.writeString(props, "db.url=" + s.jdbcUrl() + "\n" + (s.user() == null ? "" : "db.user=" + s.user() + "\n")
        + "table=scaleout_stop\n");
    return props;
  }

  private void stoppedBy(String signal) throws Exception {
    TestServer s = TestServers.innodb();
    Path bin = Files.createDirectories(tmp.resolve("bin-" + signal));
    Path kubectl = bin.resolve("kubectl");
    Files.writeString(kubectl, RUNNING_KUBECTL);
    Files.setPosixFilePermissions(kubectl, PosixFilePermissions.fromString("rwx------"));
    Map<String, String> env = new HashMap<>(Tables.env(s));
    env.put("YCSB_KUBECTL", kubectl.toString());
    env.put("YCSB_KUBECTL_POLL_MS", "50");
    // As a user's terminal would start it: SIGINT and SIGTERM at their defaults. A job started in the background of
    // a non-interactive shell (a CI runner's, say) inherits SIGINT ignored, and a JVM leaves an ignored SIGINT
    // ignored: the test would then measure how the test was started, not the harness.
    List<String> cmd = new ArrayList<>(List.of("env", "--default-signal=INT,TERM", "bash",
        Scripts.ROOT.resolve("scripts/benchmark").toString(),
        "--target", props(s).toString(), "--clients", "2", "--records", "100", "--operations", "100", "--on",
        "kubernetes", "--namespace", "bench", "--out", tmp.resolve("runs").toString(), "--no-html"));
    Path err = tmp.resolve("stderr-" + signal + ".txt");
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(err.toFile())
        .redirectOutput(tmp.resolve("stdout-" + signal + ".txt").toFile())
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    pb.environment().putAll(env);
    Process p = pb.start();
    try {
      for (int i = 0; i < 1200 && !Files.readString(err).contains(" applied ("); i++) {
        Thread.sleep(100);
      }
      assertTrue(Files.readString(err).contains(" applied ("), "the job was applied: " + Files.readString(err));
      // scripts/benchmark execs the JVM: the process is the JVM.
      new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).inheritIO().start().waitFor();
      assertTrue(p.waitFor(120, TimeUnit.SECONDS), "benchmark ended after SIG" + signal);
    } finally {
      p.destroyForcibly();
    }
    String stderr = Files.readString(err, StandardCharsets.UTF_8);
    List<String> calls = Files.readAllLines(bin.resolve("calls.txt"));
    String job = calls.stream().filter(c -> c.startsWith("-n bench get job ")).findFirst().orElseThrow()
        .split(" ")[4];
    boolean secret = s.password() != null && !s.password().isEmpty();
    if (secret) {
      // The first thing made (after the nodes were read for the requests): the Secret, created, not applied.
      assertEquals("-n bench create -f -", calls.stream().filter(c -> !c.startsWith("-n bench get ")).findFirst()
          .orElseThrow(), "the Secret is created, not applied: " + calls);
      assertTrue(Files.readString(bin.resolve("stdin-create.txt")).contains("kind: Secret"));
      assertFalse(calls.contains("-n bench apply -f -"), calls::toString);
      assertTrue(calls.contains("-n bench delete secret " + job + "-db --ignore-not-found"), calls::toString);
      assertTrue(stderr.contains("benchmark: removed Secret " + job + "-db"), stderr);
      assertFalse(String.join("\n", calls).contains(s.password()), "password on kubectl's command line");
    }
    assertTrue(calls.contains("-n bench delete job,configmap -l " + KubeManifests.RUN_LABEL + "=" + job
        + " --ignore-not-found"), calls::toString);
    assertTrue(stderr.contains("benchmark: stopped before the end: removing what this run made"), stderr);
    assertTrue(stderr.contains("benchmark: removed job " + job + " (with its pods) and its ConfigMap"), stderr);
    assertTrue(p.exitValue() != 0, "a stopped run does not exit 0");
  }

  @Test
  void sigtermRemovesTheSecretTheJobAndItsPods() throws Exception {
    stoppedBy("TERM");
  }

  @Test
  void sigintRemovesTheSecretTheJobAndItsPods() throws Exception {
    stoppedBy("INT");
  }

  @Test
  void aMissingHarnessImageIsNamedWithTheEngineAndHowToBuildIt() throws Exception {
    if (!DockerEngine.answersAnywhere()) {
      if (TestEnvironment.underCi()) {
        throw new IllegalStateException("CI: no Docker engine answers");
      }
      Assumptions.abort("no Docker engine answers");
    }
    TestServer s = TestServers.innodb();
    String image = "ycsb-harness:no-such-version-" + System.nanoTime();
    Scripts.Result r = Scripts.run("benchmark", List.of("--target", props(s).toString(), "--clients", "2",
        "--records", "100", "--operations", "100", "--on", "docker", "--image", image, "--out",
        tmp.resolve("runs").toString(), "--no-html"), Tables.env(s));
    assertEquals(1, r.exitCode, r::toString);
    List<String> lines = r.stderrLines("benchmark: the harness image " + image + " is not in the Docker engine at ");
    assertEquals(1, lines.size(), r::toString);
    assertTrue(lines.get(0).contains("scripts/images"), lines.get(0));
    assertFalse(r.stderr.contains("docker run --help"), r::toString);
  }
}
