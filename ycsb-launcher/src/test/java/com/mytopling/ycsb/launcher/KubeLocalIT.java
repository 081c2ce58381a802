package com.mytopling.ycsb.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.mytopling.ycsb.jdbc.testing.TestServer;
import com.mytopling.ycsb.jdbc.testing.TestServers;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/benchmark --on kubernetes on a real single-node Kubernetes (scripts/kube-local: Kubernetes from the Go module
 * proxy, Debian's containerd and runc, etcd from Debian sid, on 127.0.0.1, pods on the host network): three client pods
 * of the harness image load and run against the test's MariaDB on the host and against the ycsb-mariadb image run as a
 * pod, merged exactly; then the faults a cluster brings (a client pod deleted mid-run, a pod the scheduler cannot
 * place, the Job's deadline, SIGTERM and SIGINT of the parent, an image that is not there, requests the node cannot
 * hold), each one line and nothing merged; the password in nothing the cluster shows but the Secret. The cluster is
 * brought up here and torn down after, and the host's sysctls, network interfaces, mounts and cgroups must be as
 * before. Not part of a plain {@code mvn verify} (it needs root, and builds Kubernetes on first use): .ci/run runs it
 * on its own ({@code -Dit.test=KubeLocalIT}); the images come from scripts/images.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class KubeLocalIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** Ports of the cluster (base + 0..10) and of the server pod: out of the ranges the other tests and CI use. */
  private static final int PORT_BASE = Integer.parseInt(System.getenv().getOrDefault("YCSB_TEST_KUBE_PORTS", "16540"));
  private static final int SERVER_POD_PORT = PORT_BASE + 30;
  private static final String HARNESS = "ycsb-harness:" + Benchmark.HARNESS_VERSION;
  private static final int RECORDS = 3000;
  private static final int OPERATIONS = 6000;
  private static final String SERVER_IMAGE = System.getenv().getOrDefault("YCSB_TEST_IMAGE", "ycsb-mariadb:10.11");

  private static Path dir;
  private static Path kubectl;
  private static Map<String, String> env;
  private static TestServer server;
  private static Map<String, String> hostBefore;

  @TempDir
  Path tmp;

  @BeforeAll
  static void up() throws Exception {
    server = TestServers.innodb();
    dir = Files.createTempDirectory(Path.of("/tmp"), "kube-it");
    hostBefore = hostState();
    long t0 = System.nanoTime();
    Scripts.Result r = Scripts.run("kube-local", List.of("up", "--dir", dir.toString(), "--images",
        HARNESS + " " + SERVER_IMAGE), Map.of("KUBE_LOCAL_PORTS", Integer.toString(PORT_BASE)), Duration.ofMinutes(45));
    System.err.println(r.stderr);
    assertEquals(0, r.exitCode, r::toString);
    System.err.printf("KubeLocalIT: kube-local up took %.1f s%n", (System.nanoTime() - t0) / 1e9);
    kubectl = dir.resolve("bin").resolve("kubectl");
    env = new HashMap<>(Tables.env(server));
    env.put("KUBECONFIG", dir.resolve("kubeconfig").toString());
    env.put("YCSB_KUBECTL", kubectl.toString());
    env.put("YCSB_KUBECTL_POLL_MS", "1000");
    // The kubelet ran with the sysctls it sets: the host's stayed as they were.
    assertEquals(sysctls(hostBefore), sysctls(hostState()), "the host's sysctls changed while the cluster is up");
  }

  @AfterAll
  static void down() throws Exception {
    if (dir == null) {
      return;
    }
    long t0 = System.nanoTime();
    Scripts.Result r = Scripts.run("kube-local", List.of("down", "--dir", dir.toString()),
        Map.of("KUBE_LOCAL_PORTS", Integer.toString(PORT_BASE)), Duration.ofMinutes(5));
    System.err.println(r.stderr);
    System.err.printf("KubeLocalIT: kube-local down took %.1f s%n", (System.nanoTime() - t0) / 1e9);
    assertEquals(0, r.exitCode, r::toString);
    Map<String, String> after = hostState();
    // Nothing left: the sysctls, the network interfaces, the mounts and cgroups as before, no process in the folder.
    assertEquals(hostBefore, after, "the host after kube-local down differs from before kube-local up");
    List<String> left = new ArrayList<>();
    try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
      procs.filter(p -> p.getFileName().toString().matches("\\d+")).forEach(p -> {
        for (String link : List.of("exe", "cwd")) {
          try {
            if (Files.readSymbolicLink(p.resolve(link)).startsWith(dir)) {
              left.add(p.getFileName().toString());
            }
          } catch (IOException | UnsupportedOperationException gone) {
            // a process that ended, or one we may not look at
          }
        }
      });
    }
    assertEquals(List.of(), left, "processes still running from " + dir);
    assertTrue(Files.readString(Path.of("/proc/self/mountinfo")).lines().noneMatch(l -> l.contains(dir.toString())),
        "a mount under " + dir + " is left");
    try (Stream<Path> files = Files.walk(dir)) {
      files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }

  /** What the cluster must leave as it found it: the kubelet's sysctls, interfaces, mounts, cgroup roots. */
  private static Map<String, String> hostState() throws IOException {
    Map<String, String> s = new TreeMap<>();
    for (String k : List.of("vm/overcommit_memory", "vm/panic_on_oom", "kernel/panic", "kernel/panic_on_oops",
        "kernel/keys/root_maxkeys", "kernel/keys/root_maxbytes")) {
      s.put("sysctl " + k, Files.readString(Path.of("/proc/sys", k)).strip());
    }
    try (Stream<Path> nets = Files.list(Path.of("/sys/class/net"))) {
      s.put("interfaces", String.join(",", nets.map(p -> p.getFileName().toString()).sorted().toList()));
    }
    // The mount points where the cluster's would show if its namespace leaked: under its folder, over /proc/sys,
    // /var/log, /run and /var/lib/kubelet (not the whole table: a shared machine's other users mount and unmount,
    // as a chroot did during one run here).
    s.put("mounts", String.join(" ", Files.readAllLines(Path.of("/proc/self/mountinfo")).stream()
        .map(l -> l.split(" ")[4]).filter(m -> (dir != null && m.startsWith(dir.toString()))
            || m.startsWith("/proc/sys") || m.startsWith("/var/log") || m.equals("/run") || m.startsWith("/run/containerd")
            || m.startsWith("/run/netns") || m.startsWith("/var/lib/kubelet") || m.contains("kube-local")).sorted()
        .toList()));
    for (String h : List.of("cpu", "memory", "pids", "systemd", "unified")) {
      s.put("cgroup " + h, Boolean.toString(Files.exists(Path.of("/sys/fs/cgroup", h, "kube-local"))));
    }
    for (String p : List.of("/run/containerd", "/var/log/containers", "/var/log/pods", "/var/lib/kubelet",
        "/etc/cni/net.d", "/opt/cni", "/opt/containerd", "/var/lib/containerd")) {
      s.put("path " + p, Boolean.toString(Files.exists(Path.of(p))));
    }
    return s;
  }

  private static Map<String, String> sysctls(Map<String, String> state) {
    Map<String, String> s = new TreeMap<>(state);
    s.keySet().removeIf(k -> !k.startsWith("sysctl "));
    return s;
  }

  /** kubectl against the cluster; its stdout, or the failure with both streams. */
  private static String kubectl(String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(kubectl.toString(), "--kubeconfig", env.get("KUBECONFIG")));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(false).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS));
    if (p.exitValue() != 0) {
      throw new IllegalStateException("kubectl " + String.join(" ", args) + ": " + err + out);
    }
    return out;
  }

  /** Whatever a test left (a failed one: its Job still running) is removed, so that the next starts on an empty node. */
  @AfterEach
  void nothingLeft() throws Exception {
    if (kubectl == null) {
      return;
    }
    kubectl("delete", "jobs,configmaps,secrets", "-l", KubeManifests.RUN_LABEL, "--ignore-not-found", "--wait=true");
    for (int i = 0; i < 120 && !kubectl("get", "pods", "-l", KubeManifests.RUN_LABEL, "-o", "name").isBlank(); i++) {
      Thread.sleep(1000);
    }
  }

  private Path props(String table, String url) throws IOException {
    Path props = tmp.resolve(table + ".properties");
    Files.writeString(props, "db.url=" + url + "\n" + (server.user() == null ? "" : "db.user=" + server.user() + "\n")
        + "table=" + table + "\n");
    return props;
  }

  private List<String> args(Path props, int clients, long records, long operations, String... more) {
    List<String> a = new ArrayList<>(List.of("--target", props.toString(), "--clients", Integer.toString(clients),
        "--records", Long.toString(records), "--operations", Long.toString(operations), "--threads", "2",
        "--on", "kubernetes", "-p", "scaleout.kubernetes.hostnetwork=true", "--out", tmp.resolve("runs").toString(),
        "--no-html"));
    a.addAll(List.of(more));
    return a;
  }

  /**
   * A merged run of three client pods: rows, counts, the one window, the union of the logs, the start spread, the
   * self-check. The load inserts one row per statement: with batches of 100 the load's self-check once disagreed here
   * (client 5,300 rows in the common window, the server's counters 5,825, allowed 184; load 25 on the machine), the
   * rows of batches flushed at the window's edges by six threads being more than its tolerance allows.
   */
  private void threeClientPodsMergeExactly(TestServer s, String table, String url, Map<String, String> runEnv)
      throws Exception {
    Tables.drop(s, table);
    long t0 = System.nanoTime();
    // Paced below what three client JVMs and the server can do on two shared cores (150 operations a second each),
    // so that the clients end together and the common window is most of each phase (7 s of load, 13 s of run): at
    // 400 a second on a machine at load 19 the load's clients, CPU-bound, ended 6 s apart and the merge refused a
    // window of 49% of the span.
    Scripts.Result r = Scripts.run("benchmark", args(props(table, url), 3, RECORDS, OPERATIONS, "-p",
        "target=" + LocalClientsIT.CONTAINER_PACE), runEnv, Duration.ofMinutes(10));
    System.err.printf("KubeLocalIT: the 3-client run on %s took %.1f s%n", table, (System.nanoTime() - t0) / 1e9);
    assertEquals(0, r.exitCode, r::toString);
    String last = r.stdout.strip().lines().reduce((a, b) -> b).orElse("");
    assertTrue(last.startsWith("results: "), r::toString);
    Path runDir = Path.of(last.substring("results: ".length()));
    for (int i = 0; i < 3; i++) {
      assertTrue(r.stderr.contains("benchmark: client " + i + " done"), r::toString);
    }
    assertEquals(RECORDS, Tables.rowCount(s, table), "rows in the table = rows acknowledged");
    JsonNode summary = JSON.readTree(runDir.resolve("summary.json").toFile());
    // The merged figures as scripts/benchmark printed them, for the CI log.
    System.err.println("KubeLocalIT: " + table + ": " + r.stdout.strip().replace("\n", "\n  "));
    assertEquals(RECORDS, Tables.clientsSum(summary, "load", "successful_operations"), summary::toString);
    assertEquals(OPERATIONS, Tables.clientsSum(summary, "run", "successful_operations"), summary::toString);
    Tables.assertOneWindow(summary, "run");
    assertEquals(3, summary.at("/phases/run/merge/client_count").asInt(), summary::toString);
    List<Path> hdrDirs = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      hdrDirs.add(runDir.resolve("clients").resolve("client-" + i).resolve("hdr/run"));
    }
    List<String> problems = WindowUnion.problems(summary.at("/phases/run"), hdrDirs);
    assertTrue(problems.isEmpty(), () -> String.join("\n", problems));
    for (String phase : List.of("load", "run")) {
      assertTrue(summary.at("/phases/" + phase + "/merge/start_spread_ms").isNumber(), summary::toString);
      JsonNode check = summary.at("/phases/" + phase + "/self_check/status");
      assertEquals("agrees", check.asText(), phase + ": " + summary.at("/phases/" + phase + "/self_check"));
    }
    assertTrue(r.stdout.contains("clients started within"), r::toString);
    // Each client ran in a pod of the Job on the node, with its index from the Job.
    String job = runDir.resolve("manifests").toFile().exists()
        ? JSON.readTree(new com.fasterxml.jackson.dataformat.yaml.YAMLMapper().readTree(
            runDir.resolve("manifests/job.yaml").toFile()).toString()).at("/metadata/name").asText() : "";
    String pods = kubectl("get", "pods", "-l", "job-name=" + job, "-o", "jsonpath={range .items[*]}"
        + "{.metadata.annotations.batch\\.kubernetes\\.io/job-completion-index} {.spec.nodeName} {.status.phase}"
        + " {.spec.hostNetwork}\n{end}");
    assertEquals(List.of("0 localhost Succeeded true", "1 localhost Succeeded true", "2 localhost Succeeded true"),
        pods.lines().sorted().toList(), pods);
    passwordOnlyInTheSecret(s.password(), job);
    kubectl("delete", "job,configmap", "-l", KubeManifests.RUN_LABEL + "=" + job, "--wait=true");
  }

  /** The password in nothing the cluster shows but the Secret, and after the run not even there. */
  private static void passwordOnlyInTheSecret(String password, String job) throws Exception {
    if (password == null || password.isEmpty()) {
      return;
    }
    String all = kubectl("get", "jobs,pods,configmaps,events,serviceaccounts", "-A", "-o", "yaml");
    assertFalse(all.contains(password), "the password is in an object that is not a Secret");
    assertFalse(all.contains(java.util.Base64.getEncoder().encodeToString(password.getBytes(StandardCharsets.UTF_8))),
        "the password (base64) is in an object that is not a Secret");
    assertEquals("", kubectl("get", "secrets", "--ignore-not-found", KubeManifests.secretName(job)).strip(),
        "the Secret stays after the run");
  }

  @Test
  @Order(1)
  void threeClientPodsAgainstTheHostsMariaDb() throws Exception {
    threeClientPodsMergeExactly(server, "kube_host", server.jdbcUrl(), env);
  }

  @Test
  @Order(2)
  void threeClientPodsAgainstTheServerImageRunAsAPod() throws Exception {
    String password = server.password() == null ? "kube-Pw-5c1" : server.password();
    // The server's passwords go in a Secret too (on kubectl's standard input), never in the pod's spec.
    Process create = new ProcessBuilder(kubectl.toString(), "--kubeconfig", env.get("KUBECONFIG"), "create", "secret",
        "generic", "server-pod-db", "--from-file=password=/dev/stdin").start();
    create.getOutputStream().write(password.getBytes(StandardCharsets.UTF_8));
    create.getOutputStream().close();
    assertEquals(0, create.waitFor());
    Path pod = tmp.resolve("server.yaml");
    Files.writeString(pod, """
        apiVersion: v1
        kind: Pod
        metadata: {name: server-pod, labels: {app: ycsb-server}}
        spec:
          hostNetwork: true
          containers:
          - name: mariadb
            image: %s
            imagePullPolicy: Never
            args: ["--port=%d", "--bind-address=127.0.0.1", "--innodb-buffer-pool-size=128M"]
            env:
            - {name: MARIADB_ROOT_PASSWORD, valueFrom: {secretKeyRef: {name: server-pod-db, key: password}}}
            - {name: MARIADB_PASSWORD, valueFrom: {secretKeyRef: {name: server-pod-db, key: password}}}
            - {name: MARIADB_USER, value: ycsb}
            - {name: MARIADB_DATABASE, value: ycsb}
            resources: {requests: {cpu: 100m, memory: 256Mi}}
            volumeMounts: [{name: data, mountPath: /var/lib/mysql}]
          volumes: [{name: data, emptyDir: {}}]
        """.formatted(SERVER_IMAGE, SERVER_POD_PORT));
    kubectl("apply", "-f", pod.toString());
    try {
      String url = "jdbc:mysql://127.0.0.1:" + SERVER_POD_PORT + "/ycsb";
      long deadline = System.currentTimeMillis() + 180_000;
      Exception lastError = null;
      while (System.currentTimeMillis() < deadline) {
        try (Connection c = DriverManager.getConnection(url, "ycsb", password)) {
          lastError = null;
          break;
        } catch (java.sql.SQLException e) {
          lastError = e;
          Thread.sleep(1000);
        }
      }
      if (lastError != null) {
        throw new AssertionError("the server pod did not answer within 180 s: " + kubectl("describe", "pod",
            "server-pod"), lastError);
      }
      TestServer inPod = TestServer.at("ycsb-mariadb pod", url, "ycsb", password, "InnoDB");
      Map<String, String> podEnv = new HashMap<>(env);
      podEnv.put("YCSB_DB_PASSWORD", password);
      threeClientPodsMergeExactly(inPod, "kube_pod", url, podEnv);
    } finally {
      kubectl("delete", "pod", "server-pod", "--ignore-not-found", "--wait=true", "--grace-period=5");
      kubectl("delete", "secret", "server-pod-db", "--ignore-not-found");
    }
  }

  /** A long, paced run in the background: started, its stderr in a file. */
  private Process longRun(String name, String... more) throws Exception {
    Tables.drop(server, "kube_" + name);
    List<String> cmd = new ArrayList<>(List.of("env", "--default-signal=INT,TERM", "bash",
        Scripts.ROOT.resolve("scripts/benchmark").toString()));
    List<String> a = new ArrayList<>(args(props("kube_" + name, server.jdbcUrl()), 2, 600, 1_000_000, "-p",
        "target=200"));
    a.addAll(List.of(more));
    cmd.addAll(a);
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(tmp.resolve(name + ".err").toFile())
        .redirectOutput(tmp.resolve(name + ".out").toFile())
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    pb.environment().putAll(env);
    return pb.start();
  }

  private String stderr(String name) throws IOException {
    return Files.readString(tmp.resolve(name + ".err"), StandardCharsets.UTF_8);
  }

  /** Waits for a line of the run's stderr; returns the job's name from its 'applied' line. */
  private String waitFor(String name, String text, int seconds) throws Exception {
    for (int i = 0; i < seconds * 10 && !stderr(name).contains(text); i++) {
      Thread.sleep(100);
    }
    assertTrue(stderr(name).contains(text), "waited " + seconds + " s for '" + text + "': " + stderr(name));
    String applied = stderr(name).lines().filter(l -> l.contains(" applied (")).findFirst().orElse("");
    return applied.replaceFirst(".*job (\\S+) applied.*", "$1");
  }

  /** The Job's pods' last log lines so far ("" for a pod whose container has not started). */
  private static String logs(String job) throws Exception {
    try {
      return kubectl("logs", "-l", "job-name=" + job, "--tail=50");
    } catch (IllegalStateException notYet) {
      return "";
    }
  }

  /** What the harness said in a fault, in the test's output (a CI log keeps it). */
  private static void said(String fault, String stderr) {
    System.err.println("KubeLocalIT: " + fault + ":");
    stderr.lines().filter(l -> l.startsWith("benchmark: ")).forEach(l -> System.err.println("  " + l));
  }

  private static void notMerged(Path runs) throws IOException {
    if (Files.isDirectory(runs)) {
      try (Stream<Path> files = Files.walk(runs)) {
        assertTrue(files.noneMatch(f -> f.getFileName().toString().equals("summary.json")
            && !f.toString().contains("/clients/")), "a merged summary was written");
      }
    }
  }

  @Test
  @Order(3)
  void aClientPodDeletedMidRunFailsTheRunNamingItAndNothingIsMerged() throws Exception {
    Process p = longRun("deleted");
    try {
      String job = waitFor("deleted", "2 running, 0 done, 0 failed of 2 clients", 120);
      // The clients past the barrier and measuring (a READ in their status lines): the load of 600 rows is quick, the
      // run paced for minutes.
      for (int i = 0; i < 600 && !logs(job).contains("[READ"); i++) {
        Thread.sleep(200);
      }
      String pod = kubectl("get", "pods", "-l", "job-name=" + job + ",batch.kubernetes.io/job-completion-index=1",
          "-o", "jsonpath={.items[0].metadata.name}");
      kubectl("delete", "pod", pod, "--wait=false");
      assertTrue(p.waitFor(300, TimeUnit.SECONDS), "benchmark ended after its pod was deleted: " + stderr("deleted"));
      String err = stderr("deleted");
      assertEquals(1, p.exitValue(), err);
      assertTrue(err.contains("client 1's pod " + pod + " was deleted while the job ran (by a user or an eviction)")
          || err.contains("client 1's pod " + pod + " vanished while the job ran"), err);
      said("a client pod deleted mid-run", err);
      assertTrue(err.contains("benchmark: not merged"), err);
      notMerged(tmp.resolve("runs"));
    } finally {
      stop(p);
    }
  }

  /** A run still going when a test failed: SIGTERM, so that it removes what it made, then SIGKILL. */
  private static void stop(Process p) throws InterruptedException {
    if (p.isAlive()) {
      p.destroy();
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroyForcibly();
      }
    }
  }

  @Test
  @Order(4)
  void aPodTheSchedulerCannotPlaceIsNamedWithItsReasonInSeconds() throws Exception {
    // Another user's pod lands between the harness's check of the node and its Job: a kubectl that applies it first.
    Path blocker = tmp.resolve("blocker.yaml");
    Files.writeString(blocker, """
        apiVersion: v1
        kind: Pod
        metadata: {name: cpu-blocker}
        spec:
          hostNetwork: true
          containers:
          - {name: pause, image: registry.k8s.io/pause:3.10.1, imagePullPolicy: Never,
             resources: {requests: {cpu: 1900m}}}
        """);
    Path wrapper = tmp.resolve("kubectl-wrapper");
    Files.writeString(wrapper, "#!/bin/sh\nfor a in \"$@\"; do\n  if [ \"$a\" = apply ]; then\n"
        + "    '" + kubectl + "' apply -f '" + blocker + "' >/dev/null\n"
        + "    '" + kubectl + "' wait --for=condition=PodScheduled pod/cpu-blocker --timeout=60s >/dev/null\n"
        + "  fi\ndone\nexec '" + kubectl + "' \"$@\"\n");
    Files.setPosixFilePermissions(wrapper, PosixFilePermissions.fromString("rwx------"));
    Map<String, String> e = new HashMap<>(env);
    e.put("YCSB_KUBECTL", wrapper.toString());
    Tables.drop(server, "kube_unschedulable");
    try {
      long t0 = System.nanoTime();
      Scripts.Result r = Scripts.run("benchmark", args(props("kube_unschedulable", server.jdbcUrl()), 3, 300, 300),
          e, Duration.ofMinutes(5));
      double s = (System.nanoTime() - t0) / 1e9;
      System.err.printf("KubeLocalIT: the unschedulable client was named after %.1f s%n", s);
      assertEquals(1, r.exitCode, r::toString);
      List<String> lines = r.stderrLines("benchmark: kubernetes: job ");
      assertTrue(lines.stream().anyMatch(l -> l.matches(".*: client \\d cannot be scheduled: 0/1 nodes are available: "
          + "1 Insufficient cpu\\..*; the job was deleted")), r::toString);
      assertTrue(s < 60, "named after " + s + " s, not at the start timeout");
      said("a pod the scheduler cannot place", r.stderr);
      notMerged(tmp.resolve("runs"));
    } finally {
      kubectl("delete", "pod", "cpu-blocker", "--ignore-not-found", "--grace-period=0", "--force");
    }
  }

  @Test
  @Order(5)
  void requestsTheNodeCannotHoldAreRefusedBeforeAnythingIsCreated() throws Exception {
    Scripts.Result r = Scripts.run("benchmark", args(props("kube_toobig", server.jdbcUrl()), 2, 100, 100,
        "--client-cpu", "3"), env, Duration.ofMinutes(3));
    assertEquals(1, r.exitCode, r::toString);
    assertEquals(1, r.stderrLines("benchmark: kubernetes: 2 clients of 3 CPU and 2Gi memory do not fit: the nodes have "
        + "localhost 2 CPU, ").size(), r::toString);
    assertEquals("", kubectl("get", "jobs,configmaps,secrets", "-l", KubeManifests.RUN_LABEL, "-o", "name").strip());
    said("requests the node cannot hold", r.stderr);
  }

  @Test
  @Order(6)
  void theJobsDeadlineEndsTheRunInOneLine() throws Exception {
    Process p = longRun("deadline", "-p", "scaleout.job.timeout=25");
    try {
      assertTrue(p.waitFor(240, TimeUnit.SECONDS), "benchmark ended past the Job's deadline: " + stderr("deadline"));
      String err = stderr("deadline");
      assertEquals(1, p.exitValue(), err);
      assertTrue(err.contains("failed: DeadlineExceeded (activeDeadlineSeconds 25, scaleout.job.timeout): not merged"),
          err);
      said("the Job's deadline", err);
      notMerged(tmp.resolve("runs"));
    } finally {
      stop(p);
    }
  }

  private void stoppedBy(String signal) throws Exception {
    String name = "sig" + signal.toLowerCase(java.util.Locale.ROOT);
    Process p = longRun(name);
    String job;
    try {
      job = waitFor(name, "2 running, 0 done, 0 failed of 2 clients", 120);
      // While it runs: the Secret holds the password in its data only, with no annotation that copies it.
      if (server.password() != null) {
        String secret = kubectl("get", "secret", KubeManifests.secretName(job), "-o", "jsonpath={.metadata}");
        assertFalse(secret.contains(server.password()), secret);
        assertFalse(secret.contains("last-applied-configuration"), secret);
        assertFalse(kubectl("get", "jobs,pods,configmaps", "-o", "yaml").contains(server.password()));
      }
      new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).inheritIO().start().waitFor();
      assertTrue(p.waitFor(120, TimeUnit.SECONDS), "benchmark ended after SIG" + signal);
    } finally {
      stop(p);
    }
    String err = stderr(name);
    assertTrue(p.exitValue() != 0, err);
    assertTrue(err.contains("benchmark: removed job " + job + " (with its pods) and its ConfigMap"), err);
    assertTrue(server.password() == null || err.contains("benchmark: removed Secret " + job + "-db"), err);
    // Checked with kubectl: the Job, its pods (they take their grace period to go), the ConfigMap and the Secret.
    String left = "";
    for (int i = 0; i < 90; i++) {
      left = kubectl("get", "jobs,pods,configmaps,secrets", "-l", KubeManifests.RUN_LABEL + "=" + job, "-o", "name")
          + kubectl("get", "pods", "-l", "job-name=" + job, "-o", "name");
      if (left.isBlank()) {
        break;
      }
      Thread.sleep(1000);
    }
    assertEquals("", left.strip(), "left in the cluster after SIG" + signal);
    said("SIG" + signal + " of the parent", err);
  }

  @Test
  @Order(7)
  void sigtermOfTheParentRemovesTheJobItsPodsTheConfigMapAndTheSecret() throws Exception {
    stoppedBy("TERM");
  }

  @Test
  @Order(8)
  void sigintOfTheParentRemovesTheJobItsPodsTheConfigMapAndTheSecret() throws Exception {
    stoppedBy("INT");
  }

  @Test
  @Order(9)
  void anImageTheNodeDoesNotHaveIsNamedAtOnceAndNoRegistryIsAsked() throws Exception {
    String image = "ycsb-harness:no-such-version-" + System.nanoTime();
    long t0 = System.nanoTime();
    Scripts.Result r = Scripts.run("benchmark", args(props("kube_noimage", server.jdbcUrl()), 2, 100, 100, "--image",
        image), env, Duration.ofMinutes(5));
    double s = (System.nanoTime() - t0) / 1e9;
    System.err.printf("KubeLocalIT: the missing image was named after %.1f s%n", s);
    assertEquals(1, r.exitCode, r::toString);
    List<String> lines = r.stderrLines("benchmark: kubernetes: job ");
    assertTrue(lines.stream().anyMatch(l -> l.contains("cannot start: image " + image + " (")
        && l.endsWith("; the job was deleted")), r::toString);
    // kube-local's containerd pulls through a proxy on 127.0.0.1 that is not there: nothing left the machine.
    assertTrue(lines.stream().anyMatch(l -> l.contains("127.0.0.1:9")), r::toString);
    assertTrue(s < 90, "named after " + s + " s");
    said("an image the node does not have", r.stderr);
    notMerged(tmp.resolve("runs"));
  }
}
