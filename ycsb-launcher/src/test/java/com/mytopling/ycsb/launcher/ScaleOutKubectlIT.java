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
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/benchmark --on kubernetes without --render: apply, wait with progress lines, read every pod's log, merge.
 * No cluster runs here, so kubectl is a script (YCSB_KUBECTL) that records its calls and answers as a cluster would;
 * the pods' logs it returns are the real output of two clients ({@code benchmark --client-of 2}) run beforehand
 * against the test's MariaDB, so the collection and the merge are real. What a real cluster adds (scheduling, the
 * kubelet, JOB_COMPLETION_INDEX) is not tested here.
 *
 * <p>Then what a cluster does when things go wrong (issue 20, finding 9), each played by the stand-in: a pod that
 * vanished, a Job that counts a failed pod, pods that never start (a wrong image), a Job past its deadline, a client's
 * stream that is not base64; and, with a stand-in docker CLI, a container that never ends. Each fails the run with one
 * line naming the client or the Job, and nothing is merged.
 */
class ScaleOutKubectlIT {
  @TempDir
  Path tmp;

  /** Scenario files beside the stand-in change its answers: job-status, pods, phases (each printed as it is). */
  private static final String FAKE_KUBECTL = """
      #!/bin/sh
      dir="$(dirname "$0")"
      printf '%s\\n' "$*" >> "$dir/calls.txt"
      if [ "$1" = "-n" ]; then shift 2; fi
      case "$*" in
        "create -f -") cat > "$dir/stdin.txt" ;;
        "get job "*)
          if [ -f "$dir/job-status" ]; then cat "$dir/job-status"; exit 0; fi
          n=$(cat "$dir/polls" 2>/dev/null || echo 0); echo $((n + 1)) > "$dir/polls"
          if [ "$n" -lt 2 ]; then printf '2//'; else printf '/2/'; fi ;;
        "get nodes "*)
          if [ -f "$dir/nodes" ]; then cat "$dir/nodes"; else printf 'node-a\\t8\\t32Gi\\t\\tTrue\\t\\n'; fi ;;
        "get pods --all-namespaces "*) cat "$dir/node-pods" 2>/dev/null ;;
        "get pods "*phase*)
          if [ -f "$dir/phases" ]; then cat "$dir/phases"
          else printf '0\\tycsb-pod-a\\tRunning\\t\\t\\t\\t\\n1\\tycsb-pod-b\\tRunning\\t\\t\\t\\t\\n'; fi ;;
        "get pods "*)
          if [ -f "$dir/pods" ]; then cat "$dir/pods"; else printf '1 ycsb-pod-b 0\\n0 ycsb-pod-a 0\\n'; fi ;;
        "logs ycsb-pod-a") cat "$dir/pod-0.log" ;;
        "logs ycsb-pod-b") cat "$dir/pod-1.log" ;;
      esac
      exit 0
      """;

  /** The two real clients' output, made once for every test. */
  private static Path pods;
  private static Path props;
  private static TestServer server;

  @BeforeAll
  static void twoRealClients(@TempDir Path dir) throws Exception {
    server = TestServers.innodb();
    TestServer s = server;
    Tables.drop(s, "scaleout_kubectl");
    props = dir.resolve("scaleout.properties");
    Files.writeString(props, "db.url=" + s.jdbcUrl() + "\n" + (s.user() == null ? "" : "db.user=" + s.user() + "\n")
        + "db.batchsize=100\ntable=scaleout_kubectl\n");
    pods = Files.createDirectories(dir.resolve("logs"));
    // The pods: two real clients, as the Job's pods would run them (their stdout is the pod's log).
    String run = "kubectl-it-" + System.nanoTime();
    List<CompletableFuture<Scripts.Result>> clients = new java.util.ArrayList<>();
    for (int i = 0; i < 2; i++) {
      List<String> args = List.of("--target", props.toString(), "--records", "2000", "--operations", "4000",
          "--threads", "2", "-p", "target=" + LocalClientsIT.PACE, "--client-of", "2", "--client-index", Integer.toString(i), "--run-id", run, "--out",
          dir.resolve("pods").toString(), "--no-html");
      clients.add(CompletableFuture.supplyAsync(() -> Scripts.run("benchmark", args, Tables.env(s))));
    }
    for (int i = 0; i < 2; i++) {
      Scripts.Result pod = clients.get(i).get();
      assertEquals(0, pod.exitCode, pod::toString);
      Files.writeString(pods.resolve("pod-" + i + ".log"), pod.stdout + pod.stderr, StandardCharsets.UTF_8);
    }
    assertEquals(2000, Tables.rowCount(s, "scaleout_kubectl"));
    Tables.drop(s, "scaleout_kubectl");
  }

  /** The stand-in kubectl in a folder of its own, with the pods' logs beside it. */
  private Path kubectl() throws Exception {
    Path bin = Files.createDirectories(tmp.resolve("bin"));
    for (int i = 0; i < 2; i++) {
      Files.copy(pods.resolve("pod-" + i + ".log"), bin.resolve("pod-" + i + ".log"));
    }
    Path kubectl = bin.resolve("kubectl");
    Files.writeString(kubectl, FAKE_KUBECTL);
    Files.setPosixFilePermissions(kubectl, PosixFilePermissions.fromString("rwx------"));
    return bin;
  }

  private Scripts.Result benchmark(Path bin, String... more) {
    Map<String, String> env = new HashMap<>(Tables.env(server));
    env.put("YCSB_KUBECTL", bin.resolve("kubectl").toString());
    env.put("YCSB_KUBECTL_POLL_MS", "10");
    List<String> args = new java.util.ArrayList<>(List.of("--target", props.toString(), "--clients", "2", "--records",
        "2000", "--operations", "4000", "--threads", "2", "--on", "kubernetes", "--namespace", "bench",
        "--out", tmp.resolve("runs").toString(), "--no-html"));
    args.addAll(List.of(more));
    return Scripts.run("benchmark", args, env, java.time.Duration.ofMinutes(3));
  }

  @Test
  void appliesWaitsCollectsEveryPodsLogAndMerges() throws Exception {
    TestServer s = server;
    Path bin = kubectl();
    Scripts.Result r = benchmark(bin);
    assertEquals(0, r.exitCode, r::toString);

    List<String> calls = Files.readAllLines(bin.resolve("calls.txt"));
    String job = calls.stream().filter(c -> c.startsWith("-n bench get job ")).findFirst().orElseThrow()
        .split(" ")[4];
    boolean secret = s.password() != null && !s.password().isEmpty();
    int at = 0;
    // First the nodes and what the cluster's pods request (the clients' requests checked against them).
    assertTrue(calls.get(at++).startsWith("-n bench get nodes -o jsonpath="), calls::toString);
    assertTrue(calls.get(at++).startsWith("-n bench get pods --all-namespaces --field-selector "
        + "status.phase!=Succeeded,status.phase!=Failed -o jsonpath="), calls::toString);
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
    // Each client's count of its whole phase; the merged phase's figures are of the common window (issue 20).
    assertEquals(2000, Tables.clientsSum(summary, "load", "successful_operations"), summary::toString);
    assertEquals(4000, Tables.clientsSum(summary, "run", "successful_operations"), summary::toString);
    Tables.assertOneWindow(summary, "run");
    assertTrue(summary.at("/phases/run/merge/start_spread_ms").isNumber(), summary::toString);
    // The clients' own shares add up to the job's operations (each client once recorded all 4000: merged 8000).
    JsonNode meta = new ObjectMapper().readTree(dir.resolve("metadata.json").toFile());
    assertEquals(4000, meta.get("operations").asLong(), meta::toString);
    assertEquals(2000, meta.get("records").asLong(), meta::toString);

    // A pod whose log was cut: the run is not merged, the client named, exit 1.
    String log = Files.readString(bin.resolve("pod-1.log"));
    Files.writeString(bin.resolve("pod-1.log"), log.substring(0, log.indexOf(" end exit=")));
    Files.delete(bin.resolve("polls"));
    Scripts.Result cut = benchmark(bin);
    assertEquals(1, cut.exitCode, cut::toString);
    assertEquals(1, cut.stderrLines("benchmark: client 1 failed (client-1: its output ends inside the run folder")
        .size(), cut::toString);
  }

  /** Nothing merged: no run folder with a summary under the results root, only the clients' own folders. */
  private void notMerged(Scripts.Result r) throws Exception {
    assertEquals(1, r.exitCode, r::toString);
    assertFalse(r.stdout.contains("results: "), r::toString);
    try (var files = Files.walk(tmp.resolve("runs"))) {
      assertTrue(files.noneMatch(f -> f.getFileName().toString().equals("summary.json")
          && !f.toString().contains("/clients/")), "a merged summary was written");
    }
  }

  @Test
  void aVanishedPodFailsTheRunNamingItsClient() throws Exception {
    Path bin = kubectl();
    Files.writeString(bin.resolve("pods"), "0 ycsb-pod-a 0\n"); // client 1's pod is gone (evicted, deleted)
    Scripts.Result r = benchmark(bin);
    notMerged(r);
    assertEquals(1, r.stderrLines("benchmark: client 1 failed (no pod of the Job ran it: it vanished").size(),
        r::toString);
  }

  @Test
  void theJobsOwnFailedCountFailsTheRun() throws Exception {
    Path bin = kubectl();
    Files.writeString(bin.resolve("job-status"), "/1/1/"); // the Job says one pod failed; the logs look fine
    Scripts.Result r = benchmark(bin);
    notMerged(r);
    assertEquals(1, r.stderrLines("benchmark: kubernetes: job ").stream()
        .filter(l -> l.endsWith("counts 1 failed pod (its own status): not merged")).count(), r::toString);
  }

  @Test
  void aJobPastItsDeadlineFailsNamingIt() throws Exception {
    Path bin = kubectl();
    Files.writeString(bin.resolve("job-status"), "//2/DeadlineExceeded");
    Scripts.Result r = benchmark(bin, "-p", "scaleout.job.timeout=600");
    notMerged(r);
    assertEquals(1, r.stderrLines("benchmark: kubernetes: job ").stream()
        .filter(l -> l.contains("failed: DeadlineExceeded (activeDeadlineSeconds 600, scaleout.job.timeout)")).count(),
        r::toString);
  }

  @Test
  void podsThatNeverStartFailAtTheStartDeadlineAndTheJobIsDeleted() throws Exception {
    Path bin = kubectl();
    // Pods that stay Pending for no reason the collector knows, while the Job counts them active (the loop used to
    // wait for ever).
    Files.writeString(bin.resolve("job-status"), "2//");
    Files.writeString(bin.resolve("phases"), "0\tycsb-pod-a\tPending\tContainerCreating\t\tTrue\t\n"
        + "1\tycsb-pod-b\tPending\t\t\t\t\n");
    Scripts.Result r = benchmark(bin, "-p", "scaleout.start.timeout=1");
    notMerged(r);
    List<String> lines = r.stderrLines("benchmark: kubernetes: ");
    assertTrue(lines.stream().anyMatch(l -> l.contains("did not start within 1 s (scaleout.start.timeout): client 0 "
        + "(Pending, ContainerCreating), client 1 (Pending); the job was deleted")), r::toString);
    List<String> calls = Files.readAllLines(bin.resolve("calls.txt"));
    assertTrue(calls.stream().anyMatch(c -> c.matches("-n bench delete job \\S+ --ignore-not-found")),
        calls::toString);
  }

  @Test
  void anImageThatCannotBeHadOrAPodThatCannotBeScheduledFailsAtOnce() throws Exception {
    Path bin = kubectl();
    Files.writeString(bin.resolve("job-status"), "2//");
    Files.writeString(bin.resolve("phases"), "0\tycsb-pod-a\tRunning\t\t\tTrue\t\n"
        + "1\tycsb-pod-b\tPending\tErrImagePull\tfailed to pull and unpack image\tTrue\t\n");
    // The default start timeout (600 s) is far: the line comes at the first look at the pods.
    Scripts.Result r = benchmark(bin, "--image", "reg.example/nope:1");
    notMerged(r);
    assertEquals(1, r.stderrLines("benchmark: kubernetes: job ").stream().filter(l -> l.endsWith(": client 1 cannot "
        + "start: image reg.example/nope:1 (ErrImagePull: failed to pull and unpack image); the job was deleted"))
        .count(), r::toString);

    Path bin2 = Files.createDirectories(tmp.resolve("bin2"));
    for (Path f : List.of(bin.resolve("kubectl"), bin.resolve("pod-0.log"), bin.resolve("pod-1.log"))) {
      Files.copy(f, bin2.resolve(f.getFileName()));
    }
    Files.writeString(bin2.resolve("job-status"), "2//");
    Files.writeString(bin2.resolve("phases"), "0\tycsb-pod-a\tPending\t\t\tFalse\t\n"
        + "1\tycsb-pod-b\tPending\t\t\tUnschedulable\t0/1 nodes are available: 1 Insufficient cpu.\n");
    Scripts.Result u = benchmark(bin2);
    notMerged(u);
    assertEquals(1, u.stderrLines("benchmark: kubernetes: job ").stream().filter(l -> l.endsWith(": client 1 cannot "
        + "be scheduled: 0/1 nodes are available: 1 Insufficient cpu.; the job was deleted")).count(), u::toString);
  }

  @Test
  void requestsAreSettledFromTheNodesAndAClusterThatCannotHoldTheClientsIsRefusedBeforeAnythingIsMade()
      throws Exception {
    Path bin = kubectl();
    // One node of 2 CPUs and 8 GiB, half a CPU of which a pod of another namespace already requests.
    Files.writeString(bin.resolve("nodes"), "node-a\t2\t8Gi\t\tTrue\t\n");
    Files.writeString(bin.resolve("node-pods"), "node-a\t500m/1Gi\n");
    Scripts.Result r = benchmark(bin, "--threads", "4");
    assertEquals(0, r.exitCode, r::toString);
    assertEquals(1, r.stderrLines("benchmark: kubernetes: each client requests 750m CPU and 2Gi").size(), r::toString);
    String jobYaml = Files.readString(Path.of(r.stdout.strip().lines().reduce((a, b) -> b).orElseThrow()
        .substring("results: ".length())).resolve("manifests/job.yaml"));
    assertTrue(jobYaml.contains("cpu: 750m") && jobYaml.contains("memory: 2Gi"), jobYaml);

    Path bin2 = Files.createDirectories(tmp.resolve("bin2"));
    Files.copy(bin.resolve("kubectl"), bin2.resolve("kubectl"));
    Files.writeString(bin2.resolve("nodes"), "node-a\t2\t8Gi\t\tTrue\t\n");
    Scripts.Result big = benchmark(bin2, "--client-cpu", "1500m");
    assertEquals(1, big.exitCode, big::toString);
    assertEquals(List.of("benchmark: kubernetes: 2 clients of 1500m CPU and 2Gi memory do not fit: the nodes have "
        + "node-a 2 CPU, 8192Mi allocatable beyond what their pods request; room for 1 (set scaleout.kubernetes.cpu / "
        + "scaleout.kubernetes.memory lower, or fewer --clients); nothing was created"),
        big.stderrLines("benchmark: kubernetes: 2 clients"), big::toString);
    List<String> calls = Files.readAllLines(bin2.resolve("calls.txt"));
    assertTrue(calls.stream().noneMatch(c -> c.contains(" create ") || c.contains(" apply ")), calls::toString);
  }

  /** A stand-in docker CLI (YCSB_DOCKER): containers "run" at once; client 1's never ends. */
  private static final String FAKE_DOCKER = """
      #!/bin/sh
      dir="$(dirname "$0")"
      printf '%s\\n' "$*" >> "$dir/docker-calls.txt"
      case "$1" in
        run) echo "container-id" ;;
        wait) case "$2" in *-1) exec sleep 600 ;; *) echo 0 ;; esac ;;
        logs) case "$2" in *-0) cat "$dir/pod-0.log" ;; *) cat "$dir/pod-1.log" ;; esac ;;
      esac
      exit 0
      """;

  /**
   * --on docker with a client that never ends (a hung container): past scaleout.job.timeout the collector stops it
   * and names it, nothing is merged, and the containers are removed. Before, docker wait had no deadline.
   */
  @Test
  void aDockerClientPastTheTimeoutIsStoppedAndNamed() throws Exception {
    Path bin = kubectl();
    Path docker = bin.resolve("docker");
    Files.writeString(docker, FAKE_DOCKER);
    Files.setPosixFilePermissions(docker, PosixFilePermissions.fromString("rwx------"));
    Map<String, String> env = new HashMap<>(Tables.env(server));
    env.put("YCSB_DOCKER", docker.toString());
    Scripts.Result r = Scripts.run("benchmark", List.of("--target", props.toString(), "--clients", "2", "--records",
        "2000", "--operations", "4000", "--threads", "2", "--on", "docker", "--out", tmp.resolve("runs").toString(),
        "--no-html", "-p", "scaleout.job.timeout=3"), env, java.time.Duration.ofMinutes(3));
    notMerged(r);
    assertEquals(1, r.stderrLines("benchmark: client 1 failed (exit -1): did not end within 3 s (scaleout.job.timeout); "
        + "stopped").size(), r::toString);
    List<String> calls = Files.readAllLines(bin.resolve("docker-calls.txt"));
    assertTrue(calls.stream().anyMatch(c -> c.matches("stop -t 5 \\S+-1")), calls::toString);
    assertEquals(2, calls.stream().filter(c -> c.startsWith("rm -f ")).count(), calls::toString);
  }

  @Test
  void aClientStreamThatIsNotBase64NamesTheClient() throws Exception {
    Path bin = kubectl();
    List<String> lines = new java.util.ArrayList<>(Files.readAllLines(bin.resolve("pod-1.log")));
    int begin = lines.indexOf(lines.stream().filter(l -> l.contains("run folder client-1 begin")).findFirst()
        .orElseThrow());
    lines.add(begin + 2, "ab=="); // a stray line that looks like base64 and breaks the decoding (padding inside)
    Files.write(bin.resolve("pod-1.log"), lines);
    Scripts.Result r = benchmark(bin);
    notMerged(r);
    assertEquals(1, r.stderrLines("benchmark: client 1 failed (client-1: the run folder in its output is damaged "
        + "(not base64").size(), r::toString);
  }
}
