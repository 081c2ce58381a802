package com.mytopling.ycsb.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.core.cli.UsageException;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.commons.cli.DefaultParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/benchmark --on kubernetes --render: the manifests read back into fabric8's typed models of the Kubernetes
 * API (no cluster, nothing downloaded), the secret kept out of them, bad input refused in one line; each client's
 * share; the run folder's trip through a log.
 */
class ScaleOutTest {
  private static final String SECRET = "Pw-ScaleOut-Test-93b1";

  @TempDir
  Path tmp;

  private record Run(int exit, String out, String err) {
  }

  private Run benchmark(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    // The machine's environment with a password of the test's own, set or not where the test runs.
    java.util.Map<String, String> env = new java.util.HashMap<>(System.getenv());
    env.put("YCSB_DB_PASSWORD", "scaleout-test-pw");
    int rc = new Benchmark(Scripts.ROOT, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), env).run(args);
    return new Run(rc, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  private Path target(String extra) throws IOException {
    Path t = tmp.resolve("t.properties");
    Files.writeString(t, "db.url=jdbc:mysql://db.example:3306/ycsb\ndb.user=ycsb\ndb.batchsize=100\n" + extra);
    return t;
  }

  @Test
  void renderWritesAnIndexedJobThatTheTypedModelsRead() throws Exception {
    Path dir = tmp.resolve("manifests");
    Run r = benchmark("--target", target("").toString(), "--clients", "4", "--records", "1000", "--operations",
        "2000", "--threads", "8", "--on", "kubernetes", "--render", dir.toString(), "--image", "reg.example/h:1",
        "-p", "requestdistribution=uniform");
    assertEquals(0, r.exit(), r::toString);
    Job job = assertInstanceOf(Job.class, KubeManifests.validate(Files.readString(dir.resolve("job.yaml"))));
    ConfigMap cm = assertInstanceOf(ConfigMap.class,
        KubeManifests.validate(Files.readString(dir.resolve("configmap.yaml"))));
    assertEquals("batch/v1", job.getApiVersion());
    assertEquals("Indexed", job.getSpec().getCompletionMode());
    assertEquals(4, job.getSpec().getCompletions());
    assertEquals(4, job.getSpec().getParallelism());
    assertEquals(0, job.getSpec().getBackoffLimit());
    PodSpec pod = job.getSpec().getTemplate().getSpec();
    assertEquals("Never", pod.getRestartPolicy());
    Container c = pod.getContainers().get(0);
    assertEquals("reg.example/h:1", c.getImage());
    assertEquals("4", c.getResources().getRequests().get("cpu").toString());
    assertEquals("2Gi", c.getResources().getRequests().get("memory").toString());
    String args = String.join(" ", c.getArgs());
    // Every client starts from the job's resolved settings, not from a merge of its own (issue 21.3).
    assertEquals("benchmark --settings /etc/ycsb/config/settings.properties --target "
        + "/etc/ycsb/config/target.properties --workload /etc/ycsb/config/workload --client-of 4 --run-id "
        + job.getMetadata().getName() + " --out /results --no-html", args);
    String settings = cm.getData().get("settings.properties");
    for (String line : List.of("recordcount=1000", "operationcount=2000", "threadcount=8", "requestdistribution=uniform",
        "db.batchsize=100", "measurement.servermetrics=true", "status=true")) {
      assertTrue(settings.lines().anyMatch(line::equals), () -> line + " not in\n" + settings);
    }
    EnvVar pw = c.getEnv().stream().filter(e -> e.getName().equals("YCSB_DB_PASSWORD")).findFirst().orElseThrow();
    assertEquals(job.getMetadata().getName() + "-db", pw.getValueFrom().getSecretKeyRef().getName());
    assertEquals("password", pw.getValueFrom().getSecretKeyRef().getKey());
    assertTrue(cm.getData().get("target.properties").contains("db.url=jdbc:mysql://db.example:3306/ycsb"));
    assertTrue(cm.getData().get("workload").contains("workload=site.ycsb.workloads.CoreWorkload"));
    assertEquals(cm.getMetadata().getName(), pod.getVolumes().stream().filter(v -> v.getConfigMap() != null)
        .findFirst().orElseThrow().getConfigMap().getName());
    assertTrue(r.out().contains("manifests: " + dir), r::toString);
    // A deadline for the Job (issue 20, finding 9): a day unless scaleout.job.timeout says otherwise.
    assertEquals(86_400L, job.getSpec().getActiveDeadlineSeconds());
    Run shorter = benchmark("--target", target("").toString(), "--clients", "2", "--on", "kubernetes", "--render",
        tmp.resolve("m2").toString(), "-p", "scaleout.job.timeout=3600");
    assertEquals(0, shorter.exit(), shorter::toString);
    Job j2 = (Job) KubeManifests.validate(Files.readString(tmp.resolve("m2").resolve("job.yaml")));
    assertEquals(3600L, j2.getSpec().getActiveDeadlineSeconds());
  }

  @Test
  void thePodsOptionsReachTheJobAndTheTypedModelsReadThem() throws Exception {
    Path dir = tmp.resolve("options");
    Run r = benchmark("--target", target("scaleout.kubernetes.nodeselector=pool=bench\n").toString(), "--clients", "2",
        "--threads", "6", "--on", "kubernetes", "--render", dir.toString(), "--namespace", "bench",
        "-p", "scaleout.kubernetes.hostnetwork=true", "-p", "scaleout.kubernetes.tolerations=dedicated=bench:NoSchedule",
        "-p", "scaleout.kubernetes.imagepullpolicy=never", "-p", "scaleout.kubernetes.imagepullcredentials=regcred",
        "-p", "scaleout.kubernetes.cpu.limit=4", "-p", "scaleout.kubernetes.memory.limit=3Gi", "--client-memory", "1Gi");
    assertEquals(0, r.exit(), r::toString);
    Job job = (Job) KubeManifests.validate(Files.readString(dir.resolve("job.yaml")));
    assertEquals("bench", job.getMetadata().getNamespace());
    PodSpec pod = job.getSpec().getTemplate().getSpec();
    assertEquals(Boolean.TRUE, pod.getHostNetwork());
    assertEquals("ClusterFirstWithHostNet", pod.getDnsPolicy());
    assertEquals(java.util.Map.of("pool", "bench"), pod.getNodeSelector());
    assertEquals("dedicated", pod.getTolerations().get(0).getKey());
    assertEquals("Equal", pod.getTolerations().get(0).getOperator());
    assertEquals("NoSchedule", pod.getTolerations().get(0).getEffect());
    assertEquals("regcred", pod.getImagePullSecrets().get(0).getName());
    Container c = pod.getContainers().get(0);
    assertEquals("Never", c.getImagePullPolicy());
    // auto CPU without a cluster: threads/2; memory as given; the limits as asked.
    assertEquals("3", c.getResources().getRequests().get("cpu").toString());
    assertEquals("1Gi", c.getResources().getRequests().get("memory").toString());
    assertEquals("4", c.getResources().getLimits().get("cpu").toString());
    assertEquals("3Gi", c.getResources().getLimits().get("memory").toString());
    // Without them: the pod network, no selector, no limits (a CPU limit throttles a client).
    Run plain = benchmark("--target", target("").toString(), "--clients", "2", "--on", "kubernetes", "--render",
        tmp.resolve("plain").toString());
    assertEquals(0, plain.exit(), plain::toString);
    PodSpec p2 = ((Job) KubeManifests.validate(Files.readString(tmp.resolve("plain/job.yaml")))).getSpec()
        .getTemplate().getSpec();
    assertEquals(null, p2.getHostNetwork());
    assertTrue(p2.getNodeSelector() == null || p2.getNodeSelector().isEmpty(), p2::toString);
    assertTrue(p2.getContainers().get(0).getResources().getLimits() == null
        || p2.getContainers().get(0).getResources().getLimits().isEmpty(), p2::toString);
    assertEquals("IfNotPresent", p2.getContainers().get(0).getImagePullPolicy());
    Run bad = benchmark("--target", target("").toString(), "--clients", "2", "--on", "kubernetes", "--render",
        tmp.resolve("bad").toString(), "-p", "scaleout.kubernetes.tolerations=a=b:Sometimes");
    assertEquals(2, bad.exit(), bad::toString);
    assertEquals("benchmark: scaleout.kubernetes.tolerations: 'a=b:Sometimes': the effect is none of NoSchedule, "
        + "PreferNoSchedule, NoExecute\n", bad.err());
  }

  @Test
  void theSecretIsInNoRenderedFileAndGoesToKubectlOnItsInput() throws Exception {
    KubeManifests.Spec spec = new KubeManifests.Spec("ycsb-1", null, "h:1", 2, List.of("benchmark"), "db.user=u\n",
        "recordcount=1\n", "recordcount=1\n", "1", "1Gi", true);
    String yaml = KubeManifests.yaml(KubeManifests.job(spec)) + KubeManifests.yaml(KubeManifests.configMap(spec));
    assertFalse(yaml.contains(SECRET));
    String secret = KubeManifests.yaml(KubeManifests.secret(spec, SECRET));
    assertEquals("ycsb-1-db", KubeManifests.validate(secret).getMetadata().getName());
    assertTrue(secret.contains(SECRET));
  }

  @Test
  void secretsInTheTargetOrOnTheCommandLineAreRefused() throws Exception {
    Run inFile = benchmark("--target", target("db.passwd=" + SECRET + "\n").toString(), "--clients", "2",
        "--on", "kubernetes", "--render", tmp.resolve("m").toString());
    assertEquals(2, inFile.exit(), inFile::toString);
    assertTrue(inFile.err().contains("holds a secret (db.passwd)"), inFile::toString);
    assertFalse(inFile.err().contains(SECRET) || inFile.out().contains(SECRET), inFile::toString);
    Run inArg = benchmark("--target", target("").toString(), "--clients", "2", "--on", "kubernetes", "--render",
        tmp.resolve("m").toString(), "-p", "db.passwd=" + SECRET);
    assertEquals(2, inArg.exit(), inArg::toString);
    assertFalse(inArg.err().contains(SECRET), inArg::toString);
    Run inUrl = benchmark("--target", target("db.url=jdbc:mysql://h/ycsb?password=" + SECRET + "\n").toString(),
        "--clients", "2", "--on", "kubernetes", "--render", tmp.resolve("m").toString());
    assertEquals(2, inUrl.exit(), inUrl::toString);
    assertFalse(inUrl.err().contains(SECRET), inUrl::toString);
    assertFalse(Files.exists(tmp.resolve("m")), "nothing rendered after a refusal");
  }

  @Test
  void badScaleOutInputIsOneLine() throws Exception {
    String t = target("").toString();
    for (List<String> args : List.of(
        List.of("--target", t, "--clients", "2", "--on", "mesos"),
        List.of("--target", t, "--clients", "2", "--on", "docker", "--render", "x"),
        List.of("--target", t, "--clients", "2", "--on", "ssh"),
        List.of("--target", t, "--clients", "2", "--on", "ssh", "--hosts", "a b"),
        List.of("--target", t, "--clients", "2", "--on", "docker", "--hosts", "h1"),
        List.of("--clients", "2", "--on", "kubernetes", "--render", "x"),
        List.of("--target", t, "--clients", "5", "--records", "4", "--on", "kubernetes", "--render", "x"),
        List.of("--target", t, "--clients", "2", "--on", "kubernetes", "--render", "x", "--client-cpu", "lots"),
        List.of("--target", t, "--client-of", "2", "--client-index", "2", "--run-id", "r"),
        List.of("--target", t, "--client-of", "2", "--run-id", "r"),
        List.of("--target", t, "--client-of", "2", "--client-index", "0", "--run-id", "bad id"),
        List.of("--target", t, "--client-index", "0"),
        List.of("--target", t, "--clients", "2", "--on", "kubernetes", "--render", "x", "-p", "scaleout.job.timeout=0"),
        List.of("--target", t, "--clients", "2", "--on", "docker", "-p", "scaleout.start.timeout=soon"))) {
      Run r = benchmark(args.toArray(new String[0]));
      assertEquals(2, r.exit(), () -> args + ": " + r);
      assertEquals(1, r.err().lines().count(), () -> args + ": " + r);
    }
  }

  /**
   * The crossing of scale-out with the options that set properties: the clients' arguments carried -p but not
   * --warmup or --strict, so a scaled-out run with a warm-up measured its clients without one. Now they start from
   * the job's settings, which hold every option's setting.
   */
  @Test
  void theClientsSettingsHoldTheJobsOptionsToo() throws Exception {
    Path dir = tmp.resolve("manifests-w");
    Run r = benchmark("--target", target("").toString(), "--clients", "2", "--records", "100", "--operations", "200",
        "--warmup", "5", "--strict", "--on", "kubernetes", "--render", dir.toString());
    assertEquals(0, r.exit(), r::toString);
    ConfigMap cm = (ConfigMap) KubeManifests.validate(Files.readString(dir.resolve("configmap.yaml")));
    String settings = cm.getData().get("settings.properties");
    assertTrue(settings.lines().anyMatch("measurement.warmup=5"::equals), settings);
    assertTrue(settings.lines().anyMatch("settings.strict=true"::equals), settings);
  }

  /**
   * --live on Kubernetes: every pod listens on the one port on all its interfaces (its own address), annotated for
   * Prometheus' usual pod discovery and with a port named metrics for a PodMonitor; docker and ssh clients on the port
   * plus their index.
   */
  @Test
  void liveClientsOnKubernetesAreAnnotatedPodsOnOnePort() throws Exception {
    Path dir = tmp.resolve("manifests-live");
    Run r = benchmark("--target", target("").toString(), "--clients", "3", "--records", "100", "--operations", "300",
        "--live", "4177", "--on", "kubernetes", "--render", dir.toString());
    assertEquals(0, r.exit(), r::toString);
    Job job = (Job) KubeManifests.validate(Files.readString(dir.resolve("job.yaml")));
    java.util.Map<String, String> annotations = job.getSpec().getTemplate().getMetadata().getAnnotations();
    assertEquals("true", annotations.get("prometheus.io/scrape"));
    assertEquals("4177", annotations.get("prometheus.io/port"));
    assertEquals("/metrics", annotations.get("prometheus.io/path"));
    io.fabric8.kubernetes.api.model.ContainerPort port = job.getSpec().getTemplate().getSpec().getContainers().get(0)
        .getPorts().get(0);
    assertEquals("metrics", port.getName());
    assertEquals(4177, port.getContainerPort());
    String settings = ((ConfigMap) KubeManifests.validate(Files.readString(dir.resolve("configmap.yaml")))).getData()
        .get("settings.properties");
    assertTrue(settings.lines().anyMatch("measurement.openmetrics.port=4177"::equals), settings);
    assertTrue(settings.lines().anyMatch("measurement.openmetrics.portperclient=false"::equals), settings);
    assertTrue(settings.lines().anyMatch("measurement.openmetrics.host=0.0.0.0"::equals), settings);

    Path plain = tmp.resolve("manifests-plain");
    assertEquals(0, benchmark("--target", target("").toString(), "--clients", "2", "--on", "kubernetes", "--render",
        plain.toString()).exit());
    Job without = (Job) KubeManifests.validate(Files.readString(plain.resolve("job.yaml")));
    assertTrue(without.getSpec().getTemplate().getMetadata().getAnnotations() == null
        || without.getSpec().getTemplate().getMetadata().getAnnotations().isEmpty(), "no annotations without --live");

    Run perClient = benchmark("--target", target("").toString(), "--clients", "2", "--live", "--on", "kubernetes",
        "-p", "measurement.openmetrics.portperclient=true", "--render", tmp.resolve("m3").toString());
    assertEquals(2, perClient.exit(), perClient::toString);
    assertTrue(perClient.err().contains("measurement.openmetrics.portperclient=false"), perClient::toString);
  }

  /** A client started from a settings file takes nothing that the file settles, and only a run's settings file. */
  @Test
  void aClientStartedFromSettingsTakesNothingElseThatSetsThem() throws Exception {
    Path file = tmp.resolve("settings.properties");
    Files.writeString(file, "recordcount=1\n", StandardCharsets.UTF_8);
    String t = target("").toString();
    Run notASettingsFile = benchmark("--target", t, "--client-of", "2", "--client-index", "0", "--run-id", "r",
        "--settings", file.toString());
    assertEquals(2, notASettingsFile.exit(), notASettingsFile::toString);
    assertTrue(notASettingsFile.err().contains("is not a run's settings file"), notASettingsFile::toString);
    Run withRecords = benchmark("--target", t, "--client-of", "2", "--client-index", "0", "--run-id", "r",
        "--settings", file.toString(), "--records", "5");
    assertEquals("benchmark: --records does not go with --settings: the parent's settings hold it\n",
        withRecords.err());
    Run withDuration = benchmark("--target", t, "--client-of", "2", "--client-index", "0", "--run-id", "r",
        "--settings", file.toString(), "--duration", "5");
    assertEquals("benchmark: --duration does not go with --settings: the parent's settings hold it\n",
        withDuration.err());
    Run alone = benchmark("--target", t, "--settings", file.toString());
    assertEquals("benchmark: --settings goes with --client-of\n", alone.err());
  }

  @Test
  void theValidatorRefusesWhatTheApiDoesNotHave() throws Exception {
    KubeManifests.Spec spec = new KubeManifests.Spec("ycsb-2", null, "h:1", 3, List.of("benchmark"), "a=b\n", "c=d\n",
        "e=f\n", "2", "2Gi", true);
    String job = KubeManifests.yaml(KubeManifests.job(spec));
    KubeManifests.validate(job);
    // A misspelt field: the typed model would keep it aside; the API server would drop or refuse it.
    KubeManifests.InvalidManifest typo = assertThrows(KubeManifests.InvalidManifest.class,
        () -> KubeManifests.validate(job.replace("completionMode:", "completionmode:")));
    assertTrue(typo.getMessage().contains("completionmode"), typo.getMessage());
    KubeManifests.InvalidManifest nested = assertThrows(KubeManifests.InvalidManifest.class,
        () -> KubeManifests.validate(job.replace("restartPolicy:", "restartpolicy:")));
    assertTrue(nested.getMessage().contains("restartpolicy"), nested.getMessage());
    assertThrows(KubeManifests.InvalidManifest.class,
        () -> KubeManifests.validate(job.replace("completions: 3", "completions: three")));
    assertThrows(KubeManifests.InvalidManifest.class,
        () -> KubeManifests.validate(job.replace("name: ycsb-2\n", "name: YCSB_2\n")));
    assertThrows(KubeManifests.InvalidManifest.class,
        () -> KubeManifests.validate(job.replace("kind: Job", "kind: CronTab")));
    assertThrows(KubeManifests.InvalidManifest.class,
        () -> KubeManifests.validate(job.replace("restartPolicy: Never", "restartPolicy: Always")));
  }

  @Test
  void eachClientsShareCoversEveryKeyOnceAndEveryOperation() throws Exception {
    for (int clients = 1; clients <= 7; clients++) {
      for (long records : new long[] {7, 1000, 1001, 99_999}) {
        long next = 0;
        long ops = 0;
        for (int i = 0; i < clients; i++) {
          ClientRole role = new ClientRole(i, clients, "r");
          assertEquals(next, role.insertStart(records), "no gap, no overlap");
          assertTrue(role.insertEnd(records) > role.insertStart(records));
          next = role.insertEnd(records);
          ops += role.operations(records + 3);
        }
        assertEquals(records, next);
        assertEquals(records + 3, ops);
      }
    }
  }

  @Test
  void theIndexComesFromTheJobsEnvironment() throws Exception {
    var cl = new DefaultParser().parse(new Benchmark(Path.of("/harness"), System.out, System.err).options(), new String[] {"--client-of", "3", "--run-id", "ycsb-1"});
    ClientRole role = ClientRole.from(cl, 1, Map.of("JOB_COMPLETION_INDEX", "2"));
    assertEquals(new ClientRole(2, 3, "ycsb-1"), role);
    assertTrue(role.barrierProperties().containsAll(List.of("scaleout.clients=3", "scaleout.client=2",
        "scaleout.runid=ycsb-1")));
    UsageException missing = assertThrows(UsageException.class, () -> ClientRole.from(cl, 1, Map.of()));
    assertTrue(missing.getMessage().contains("JOB_COMPLETION_INDEX"), missing.getMessage());
  }

  @Test
  void aRunFolderSurvivesALogAndADamagedOneIsFound() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("client-1").resolve("hdr").resolve("run"));
    Files.writeString(dir.resolve("READ.hdr"), "#[StartTime: 1]\nsome histogram\n");
    Files.writeString(tmp.resolve("client-1").resolve("run.out"), "[OVERALL], RunTime(ms), 10\n");
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    try (PrintStream ps = new PrintStream(buf, true, StandardCharsets.UTF_8)) {
      ps.println("[ycsb] status lines before it");
      RunFolderStream.write(tmp.resolve("client-1"), "client-1", 0, ps, RunFolderStream.TEXT_LIMIT_BYTES);
    }
    String log = buf.toString(StandardCharsets.UTF_8);
    // kubectl logs mixes stderr into the same stream: a line of it inside the block is skipped.
    List<String> lines = new java.util.ArrayList<>(log.lines().toList());
    lines.add(3, "benchmark: a stderr line: with spaces");
    String mixed = String.join("\n", lines) + "\n";
    RunFolderStream.Received got = RunFolderStream.read(new BufferedReader(new StringReader(mixed)), tmp.resolve("in"));
    assertEquals("client-1", got.name());
    assertEquals(0, got.exitStatus());
    assertEquals("#[StartTime: 1]\nsome histogram\n", Files.readString(got.dir().resolve("hdr/run/READ.hdr")));
    assertEquals("[OVERALL], RunTime(ms), 10\n", Files.readString(got.dir().resolve("run.out")));

    String cut = log.substring(0, log.indexOf("end exit"));
    IOException e1 = assertThrows(IOException.class,
        () -> RunFolderStream.read(new BufferedReader(new StringReader(cut)), tmp.resolve("in2")));
    assertTrue(e1.getMessage().contains("cut"), e1.getMessage());
    String[] l = log.split("\n");
    l[2] = l[2].charAt(0) == 'A' ? "B" + l[2].substring(1) : "A" + l[2].substring(1);
    IOException e2 = assertThrows(IOException.class, () -> RunFolderStream.read(
        new BufferedReader(new StringReader(String.join("\n", l))), tmp.resolve("in3")));
    assertTrue(e2.getMessage().contains("damaged"), e2.getMessage());
    // A line that looks like base64 but makes the whole undecodable (issue 20, finding 9: an IllegalArgumentException
    // escaped the collector): named as damaged, like a wrong checksum.
    List<String> odd = new java.util.ArrayList<>(log.lines().toList());
    odd.add(3, "ab==");
    IOException e4 = assertThrows(IOException.class, () -> RunFolderStream.read(
        new BufferedReader(new StringReader(String.join("\n", odd))), tmp.resolve("in5")));
    assertTrue(e4.getMessage().startsWith("client-1: the run folder in its output is damaged (not base64"),
        e4.getMessage());
    IOException e3 = assertThrows(IOException.class,
        () -> RunFolderStream.read(new BufferedReader(new StringReader("just a crash\n")), tmp.resolve("in4")));
    assertTrue(e3.getMessage().contains("no run folder"), e3.getMessage());
    try (Stream<Path> s = Files.list(tmp)) {
      assertNotNull(s.toList());
    }
  }

  /**
   * Issue 23: a container log keeps 10 MiB by default (the kubelet rotates it, and kubectl logs then returns only the
   * newest part). A folder over the limit is not sent: the client's line says so and the collector names the size; a
   * log that lost its beginning is named as rotated, not as "no run folder"; never a merge of a cut folder.
   */
  @Test
  void aRunFolderOverTheLogLimitIsNotSentAndARotatedLogIsNamed() throws Exception {
    Path big = Files.createDirectories(tmp.resolve("client-2").resolve("hdr"));
    byte[] noise = new byte[400_000];
    new java.util.Random(23).nextBytes(noise); // incompressible: about 540 KB as text
    Files.write(big.resolve("READ.hdr"), noise);
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    long sent;
    try (PrintStream ps = new PrintStream(buf, true, StandardCharsets.UTF_8)) {
      sent = RunFolderStream.write(tmp.resolve("client-2"), "client-2", 0, ps, 100_000);
    }
    assertTrue(sent < -500_000, "not sent, its size returned: " + sent);
    String tooLarge = buf.toString(StandardCharsets.UTF_8);
    assertEquals(1, tooLarge.lines().count(), "one marker line and no folder: " + tooLarge.length() + " chars");
    IOException e = assertThrows(IOException.class,
        () -> RunFolderStream.read(new BufferedReader(new StringReader(tooLarge)), tmp.resolve("in5")));
    assertTrue(e.getMessage().startsWith("client-2: its run folder was 0.5 MiB as text, over the 0.1 MiB"),
        e.getMessage());

    ByteArrayOutputStream whole = new ByteArrayOutputStream();
    try (PrintStream ps = new PrintStream(whole, true, StandardCharsets.UTF_8)) {
      assertTrue(RunFolderStream.write(tmp.resolve("client-2"), "client-2", 0, ps, 0) > 500_000);
    }
    String log = whole.toString(StandardCharsets.UTF_8);
    String rotated = log.substring(log.length() / 2); // kubectl logs after a rotation: the newest part only
    IOException r = assertThrows(IOException.class,
        () -> RunFolderStream.read(new BufferedReader(new StringReader(rotated)), tmp.resolve("in6")));
    assertTrue(r.getMessage().contains("end of a run folder but not its beginning") && r.getMessage().contains(
        "rotated"), r.getMessage());
  }
}
