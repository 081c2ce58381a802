package com.mytopling.ycsb.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.mytopling.ycsb.jdbc.testing.TestServer;
import com.mytopling.ycsb.jdbc.testing.TestServers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/benchmark --on kubernetes without --render: apply, wait with progress lines, read every pod's log, merge.
 * No cluster runs here, so kubectl is a script (YCSB_KUBECTL) that records its calls and answers as a cluster would;
 * the pods' logs it returns are the real output of two clients ({@code benchmark --client-of 2}) run beforehand
 * against the test's MariaDB, so the collection and the merge are real. What a real cluster adds (scheduling, the
 * kubelet, JOB_COMPLETION_INDEX) is not tested here.
 */
class ScaleOutKubectlIT {
  @TempDir
  Path tmp;

  private static final String FAKE_KUBECTL = """
      #!/bin/sh
      dir="$(dirname "$0")"
      printf '%s\\n' "$*" >> "$dir/calls.txt"
      if [ "$1" = "-n" ]; then shift 2; fi
      case "$*" in
        "create -f -") cat > "$dir/stdin.txt" ;;
        "get job "*)
          n=$(cat "$dir/polls" 2>/dev/null || echo 0); echo $((n + 1)) > "$dir/polls"
          if [ "$n" -lt 2 ]; then printf '2//'; else printf '/2/'; fi ;;
        "get pods "*) printf '1 ycsb-pod-b 0\\n0 ycsb-pod-a 0\\n' ;;
        "logs ycsb-pod-a") cat "$dir/pod-0.log" ;;
        "logs ycsb-pod-b") cat "$dir/pod-1.log" ;;
      esac
      exit 0
      """;

  @Test
  void appliesWaitsCollectsEveryPodsLogAndMerges() throws Exception {
    TestServer s = TestServers.innodb();
    Tables.drop(s, "scaleout_kubectl");
    Path props = tmp.resolve("scaleout.properties");
    Files.writeString(props, "db.url=" + s.jdbcUrl() + "\n" + (s.user() == null ? "" : "db.user=" + s.user() + "\n")
        + "db.batchsize=100\ntable=scaleout_kubectl\n");
    Path bin = Files.createDirectories(tmp.resolve("bin"));
    // The pods: two real clients, as the Job's pods would run them (their stdout is the pod's log).
    String run = "kubectl-it-" + System.nanoTime();
    List<CompletableFuture<Scripts.Result>> pods = new java.util.ArrayList<>();
    for (int i = 0; i < 2; i++) {
      List<String> args = List.of("--target", props.toString(), "--records", "2000", "--operations", "4000",
          "--threads", "2", "--client-of", "2", "--client-index", Integer.toString(i), "--run-id", run, "--out",
          tmp.resolve("pods").toString(), "--no-html");
      pods.add(CompletableFuture.supplyAsync(() -> Scripts.run("benchmark", args, Tables.env(s))));
    }
    for (int i = 0; i < 2; i++) {
      Scripts.Result pod = pods.get(i).get();
      assertEquals(0, pod.exitCode, pod::toString);
      Files.writeString(bin.resolve("pod-" + i + ".log"), pod.stdout + pod.stderr, StandardCharsets.UTF_8);
    }
    assertEquals(2000, Tables.rowCount(s, "scaleout_kubectl"));

    Path kubectl = bin.resolve("kubectl");
    Files.writeString(kubectl, FAKE_KUBECTL);
    Files.setPosixFilePermissions(kubectl, PosixFilePermissions.fromString("rwx------"));
    Map<String, String> env = new HashMap<>(Tables.env(s));
    env.put("YCSB_KUBECTL", kubectl.toString());
    env.put("YCSB_KUBECTL_POLL_MS", "10");
    Scripts.Result r = Scripts.run("benchmark", List.of("--target", props.toString(), "--clients", "2", "--records",
        "2000", "--operations", "4000", "--threads", "2", "--on", "kubernetes", "--namespace", "bench",
        "--out", tmp.resolve("runs").toString(), "--no-html"), env);
    assertEquals(0, r.exitCode, r::toString);

    List<String> calls = Files.readAllLines(bin.resolve("calls.txt"));
    String job = calls.stream().filter(c -> c.startsWith("-n bench get job ")).findFirst().orElseThrow()
        .split(" ")[4];
    boolean secret = s.password() != null && !s.password().isEmpty();
    int at = 0;
    if (secret) {
      // Created, never applied: kubectl apply would keep the password in a last-applied-configuration annotation.
      assertEquals("-n bench create -f -", calls.get(at++), calls::toString);
      assertTrue(Files.readString(bin.resolve("stdin.txt")).contains("kind: Secret"));
    }
    assertTrue(calls.get(at).matches("-n bench apply -f \\S+/manifests/configmap.yaml -f \\S+/manifests/job.yaml"),
        calls::toString);
    assertTrue(calls.contains("-n bench logs ycsb-pod-a") && calls.contains("-n bench logs ycsb-pod-b"),
        calls::toString);
    if (secret) {
      assertEquals("-n bench delete secret " + job + "-db --ignore-not-found", calls.get(calls.size() - 1));
      assertFalse(String.join("\n", calls).contains(s.password()), "password on kubectl's command line");
    }
    assertEquals(List.of("benchmark: kubernetes: job " + job + ": 2 running, 0 done, 0 failed of 2 clients",
        "benchmark: kubernetes: job " + job + ": 0 running, 2 done, 0 failed of 2 clients"),
        r.stderrLines("benchmark: kubernetes: job " + job + ":"), r::toString);

    String last = r.stdout.strip().lines().reduce((a, b) -> b).orElse("");
    Path dir = Path.of(last.substring("results: ".length()));
    JsonNode summary = new ObjectMapper().readTree(dir.resolve("summary.json").toFile());
    assertEquals(2, summary.at("/phases/run/merge/client_count").asInt(), summary::toString);
    assertEquals(2000, summary.at("/phases/load/successful_operations").asLong(), summary::toString);
    assertEquals(4000, summary.at("/phases/run/successful_operations").asLong(), summary::toString);
    assertTrue(summary.at("/phases/run/merge/start_spread_ms").isNumber(), summary::toString);
    // The clients' own shares add up to the job's operations (each client once recorded all 4000: merged 8000).
    JsonNode meta = new ObjectMapper().readTree(dir.resolve("metadata.json").toFile());
    assertEquals(4000, meta.get("operations").asLong(), meta::toString);
    assertEquals(2000, meta.get("records").asLong(), meta::toString);

    // A pod whose log was cut: the run is not merged, the client named, exit 1.
    String log = Files.readString(bin.resolve("pod-1.log"));
    Files.writeString(bin.resolve("pod-1.log"), log.substring(0, log.indexOf(" end exit=")));
    Files.delete(bin.resolve("polls"));
    Scripts.Result cut = Scripts.run("benchmark", List.of("--target", props.toString(), "--clients", "2", "--records",
        "2000", "--operations", "4000", "--threads", "2", "--on", "kubernetes", "--out", tmp.resolve("runs").toString(),
        "--no-html"), env);
    assertEquals(1, cut.exitCode, cut::toString);
    assertEquals(1, cut.stderrLines("benchmark: client 1 failed (client-1: its output ends inside the run folder")
        .size(), cut::toString);
    Tables.drop(s, "scaleout_kubectl");
  }
}
