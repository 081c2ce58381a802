package com.mytopling.ycsb.launcher;

import com.mytopling.ycsb.core.ConfigException;
import com.mytopling.ycsb.core.ExitStatus;
import com.mytopling.ycsb.core.PropertyReader;
import com.mytopling.ycsb.core.Secrets;
import com.mytopling.ycsb.core.cli.UsageException;
import com.mytopling.ycsb.core.config.Origin;
import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.core.config.Setting;
import com.mytopling.ycsb.core.config.SettingsFile;
import com.mytopling.ycsb.results.servermetrics.ServerMetricsFile;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.apache.commons.cli.CommandLine;

/**
 * scripts/benchmark --clients N --on kubernetes|docker|ssh: the clients on other machines (or containers), each a
 * {@code benchmark --client-of N} of the harness image that takes its share by its index, meets the others at the
 * start barrier in the database and prints its run folder on stdout ({@link RunFolderStream}); the folders are then
 * merged exactly ({@code report merge}). Kubernetes: an Indexed Job applied with kubectl. Docker: the Job's pod spec
 * run as containers on this machine's engine (same image, arguments, environment with JOB_COMPLETION_INDEX, the
 * ConfigMap's files mounted), host networking. SSH: the same command line on hosts where the harness is installed.
 */
final class ScaleOut {
  enum Engine { KUBERNETES, DOCKER, SSH }

  private final Engine engine;
  private final Benchmark.Job job;
  private final String name;
  private final Path render;
  /** What the manifests are made of; its auto requests settled from the cluster's nodes before the Job is made. */
  private KubeManifests.Spec spec;
  private final String password;
  private final Map<String, String> env;
  private final List<String> hosts;
  private final String remoteHarness;
  /** What the running run made outside this process, removed if it is stopped (Ctrl-C, SIGTERM); set by run. */
  private ScaleOutCleanup cleanup;
  /** scaleout.start.timeout: how long the pods may take to start, seconds. */
  private final long startTimeoutS;
  /** scaleout.job.timeout: the Job's activeDeadlineSeconds, and how long docker and ssh clients may run, seconds. */
  private final long jobTimeoutS;
  /** What the engine itself says went wrong (the Job's failed count or condition), or null. */
  private String engineProblem;

  private ScaleOut(Engine engine, Benchmark.Job job, String name, Path render, KubeManifests.Spec spec,
                   String password, Map<String, String> env, List<String> hosts, String remoteHarness,
                   long startTimeoutS, long jobTimeoutS) {
    this.startTimeoutS = startTimeoutS;
    this.jobTimeoutS = jobTimeoutS;
    this.hosts = hosts;
    this.remoteHarness = remoteHarness;
    this.engine = engine;
    this.job = job;
    this.name = name;
    this.render = render;
    this.spec = spec;
    this.password = password;
    this.env = env;
  }

  static ScaleOut plan(CommandLine cl, Benchmark.Job job, String stamp, Path root, Map<String, String> env)
      throws UsageException, IOException {
    String on = cl.getOptionValue("on");
    Engine engine = switch (on) {
      case "kubernetes" -> Engine.KUBERNETES;
      case "docker" -> Engine.DOCKER;
      case "ssh" -> Engine.SSH;
      default -> throw new UsageException("--on: '" + on + "' is none of kubernetes, docker, ssh");
    };
    if (cl.hasOption("render") && engine != Engine.KUBERNETES) {
      throw new UsageException("--render goes with --on kubernetes");
    }
    List<String> hosts = new ArrayList<>();
    if (engine == Engine.SSH) {
      if (!cl.hasOption("hosts")) {
        throw new UsageException("--on ssh needs --hosts h1,h2,... (user@host[:port])");
      }
      for (String h : cl.getOptionValue("hosts").split(",")) {
        if (!h.strip().matches("([A-Za-z0-9._-]+@)?[A-Za-z0-9.-]+(:\\d{1,5})?")) {
          throw new UsageException("--hosts: '" + h + "' is not user@host[:port]");
        }
        hosts.add(h.strip());
      }
    } else if (cl.hasOption("hosts") || cl.hasOption("remote-harness")) {
      throw new UsageException("--hosts and --remote-harness go with --on ssh");
    }
    if (job.embedded()) {
      throw new UsageException("--on " + on + " needs a server the clients reach: the embedded MariaDB lives inside one "
          + "client process");
    }
    int clients = job.clients();
    if (clients > Math.min(job.operationsCap(), Math.max(job.records(), 1))) {
      throw new UsageException("--clients " + clients + ": more clients than records (" + job.records()
          + ") or operations (" + job.runBound() + "); each needs one at least");
    }
    String target = Files.readString(job.dbProps(), StandardCharsets.UTF_8);
    noSecrets("--target " + job.dbProps(), target);
    for (Setting kv : job.settings().given(Origin.Layer.COMMAND_LINE)) {
      noSecrets("-p " + kv.name(), kv.name() + "=" + kv.value());
    }
    String workload = Files.readString(job.workload(), StandardCharsets.UTF_8);
    long startTimeoutS;
    long jobTimeoutS;
    try {
      // The deadlines, from the job's settings (the one merge of the target file, the workload file and -p).
      PropertyReader r = new PropertyReader(job.resolved().properties());
      startTimeoutS = r.integer(Registry.SCALEOUT_START_TIMEOUT);
      jobTimeoutS = r.integer(Registry.SCALEOUT_JOB_TIMEOUT);
    } catch (ConfigException e) {
      throw new UsageException(e.getMessage());
    }
    // A DNS label, unique per start: the Job's, ConfigMap's and Secret's names and the start barrier's run id.
    String name = "ycsb-" + stamp.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]", "-");
    // Every client starts from the job's resolved settings, the file each local phase starts from: what this job
    // resolved of its target, workload, options (--warmup, --strict) and -p, merged nowhere again. --target and
    // --workload only name the client's run (its metadata), as here.
    String settings = SettingsFile.text(job.resolved(), "scripts/benchmark --on " + on + ": the job's settings (target "
        + job.targetName() + ", workload " + job.workload().getFileName() + "), which every client starts from");
    List<String> args = new ArrayList<>(List.of("benchmark",
        "--settings", KubeManifests.CONFIG_DIR + "/" + KubeManifests.SETTINGS_KEY,
        "--target", KubeManifests.CONFIG_DIR + "/" + KubeManifests.TARGET_KEY,
        "--workload", KubeManifests.CONFIG_DIR + "/" + KubeManifests.WORKLOAD_KEY,
        "--client-of", Integer.toString(clients), "--run-id", name, "--out", KubeManifests.RESULTS_DIR, "--no-html"));
    if (job.skipLoad()) {
      args.add("--skip-load");
    }
    String pw = env.get(Secrets.PASSWORD_ENV);
    // The pods' placement and size (scaleout.kubernetes.*, --namespace, --client-cpu, --client-memory): auto requests
    // are settled from the nodes just before the Job is created; without a cluster (--render, docker) by the threads.
    PropertyReader r = new PropertyReader(job.resolved().properties());
    KubePod pod = KubePod.of(r);
    if (engine != Engine.KUBERNETES || cl.hasOption("render")) {
      pod = pod.withDefaults(job.threads());
    }
    if (engine == Engine.KUBERNETES && job.livePort() > 0 && job.livePortPerClient()) {
      throw new UsageException("--on kubernetes: every pod of the Job listens on its template's one port: "
          + Registry.MEASUREMENT_OPENMETRICS_PORTPERCLIENT.assign(false) + " (each pod has an address of its own)");
    }
    KubeManifests.Spec spec = new KubeManifests.Spec(name, r.string(Registry.SCALEOUT_K8S_NAMESPACE),
        cl.getOptionValue("image", "ycsb-harness:" + Benchmark.HARNESS_VERSION), clients, args, target, workload,
        settings, pod, pw != null && !pw.isEmpty(), jobTimeoutS, job.livePort());
    Path render = cl.hasOption("render") ? Path.of(cl.getOptionValue("render")) : null;
    String remoteHarness = cl.getOptionValue("remote-harness", root.toString());
    return new ScaleOut(engine, job, name, render, spec, pw, env, hosts, remoteHarness, startTimeoutS, jobTimeoutS);
  }

  /** The password goes to the clients in a Secret only: never in a ConfigMap, an argument or a rendered file. */
  private static void noSecrets(String where, String text) throws UsageException {
    Properties p = new Properties();
    try {
      p.load(new StringReader(text));
    } catch (IOException | IllegalArgumentException e) {
      throw new UsageException(where + ": not a properties file (" + e.getMessage() + ")");
    }
    for (String key : p.stringPropertyNames()) {
      String value = p.getProperty(key);
      if (Secrets.isSecretName(key) || !Secrets.maskUrl(value).equals(value)) {
        throw new UsageException(where + " holds a secret (" + key + "): with --on, the password goes in "
            + Secrets.PASSWORD_ENV + ", which reaches the clients as a Kubernetes Secret");
      }
    }
  }

  /** Writes configmap.yaml and job.yaml to {@code dir}, each validated against the API's typed models. */
  List<Path> writeManifests(Path dir) throws IOException {
    Files.createDirectories(dir);
    Path cm = dir.resolve("configmap.yaml");
    Path jobFile = dir.resolve("job.yaml");
    Files.writeString(cm, KubeManifests.yaml(KubeManifests.configMap(spec)), StandardCharsets.UTF_8);
    Files.writeString(jobFile, KubeManifests.yaml(KubeManifests.job(spec)), StandardCharsets.UTF_8);
    for (Path f : List.of(cm, jobFile)) {
      try {
        KubeManifests.validate(Files.readString(f, StandardCharsets.UTF_8));
      } catch (KubeManifests.InvalidManifest e) {
        throw new IllegalStateException(f + ": " + e.getMessage(), e); // a bug of ours, not the user's input
      }
    }
    return List.of(cm, jobFile);
  }

  int run(Benchmark b) throws IOException, InterruptedException {
    PrintStream err = b.err();
    if (render != null) {
      List<Path> files = writeManifests(render);
      err.println("benchmark: kubernetes: wrote " + files.get(0) + " and " + files.get(1) + " (" + spec.clients()
          + " clients, image " + spec.image() + ")");
      if (spec.secret()) {
        err.println("benchmark: kubernetes: the password is not in them: create the Secret first, e.g. printf %s \"$"
            + Secrets.PASSWORD_ENV + "\" | kubectl create secret generic " + KubeManifests.secretName(name)
            + " --from-file=" + KubeManifests.PASSWORD_KEY + "=/dev/stdin"
            + (spec.namespace() == null ? "" : " -n " + spec.namespace()));
      } else {
        err.println("benchmark: kubernetes: " + Secrets.PASSWORD_ENV + " was not set: the clients get no password");
      }
      b.out().println("manifests: " + render);
      return ExitStatus.OK.code;
    }
    Path dir = job.dir();
    if (engine == Engine.KUBERNETES) {
      try {
        spec = spec.withPod(new KubectlClients(b).fitPod());
      } catch (KubePod.DoesNotFit e) {
        err.println("benchmark: kubernetes: " + e.getMessage() + "; nothing was created");
        return ExitStatus.FAILED.code;
      }
    }
    Files.createDirectories(dir);
    List<Path> files = writeManifests(dir.resolve("manifests"));
    err.println("benchmark: " + spec.clients() + " clients on " + engine.name().toLowerCase(Locale.ROOT)
        + ", run " + name + "; results go to " + dir);
    try (ScaleOutCleanup made = new ScaleOutCleanup(err)) {
      cleanup = made;
      List<ClientEnd> ends;
      try {
        ends = switch (engine) {
          case DOCKER -> new DockerClients(b, files).run();
          case KUBERNETES -> new KubectlClients(b).run();
          case SSH -> new SshClients(b).run();
        };
      } catch (IOException e) {
        if (made.stopping()) {
          // Stopped: the hook's lines say what was removed; a kubectl that then found the Job gone is no news.
          return ExitStatus.FAILED.code;
        }
        throw e;
      }
      return collect(b, dir, ends);
    }
  }

  /** How one client ended: its exit status as the engine saw it and its stdout (with the run folder). */
  record ClientEnd(int index, int exit, Path stdout, String lastError) {
  }

  private int collect(Benchmark b, Path dir, List<ClientEnd> ends) throws IOException, InterruptedException {
    PrintStream err = b.err();
    Path received = dir.resolve("clients");
    List<String> folders = new ArrayList<>();
    boolean failed = false;
    java.util.Set<Integer> seen = new java.util.HashSet<>();
    for (ClientEnd end : ends) {
      String problem = null;
      if (!seen.add(end.index())) {
        problem = "it ran twice (two pods of the Job with its index)";
      } else {
        try (BufferedReader in = Files.newBufferedReader(end.stdout(), StandardCharsets.UTF_8)) {
          RunFolderStream.Received r = RunFolderStream.read(in, received);
          folders.add(r.dir().toString());
          if (r.exitStatus() != 0 || end.exit() != 0) {
            problem = "exit " + (end.exit() != 0 ? end.exit() : r.exitStatus());
          }
        } catch (IOException | RuntimeException e) {
          problem = e.getMessage();
        }
      }
      if (problem != null) {
        failed = true;
        err.println("benchmark: client " + end.index() + " failed (" + problem + ")"
            + (end.lastError() == null ? "" : ": " + end.lastError()));
      } else {
        err.println("benchmark: client " + end.index() + " done; its run folder is " + received.resolve("client-"
            + end.index()));
      }
    }
    for (int i = 0; i < spec.clients(); i++) {
      if (!seen.contains(i)) {
        // Results are never merged from fewer clients than the run had: N-1 clients' figures are not the run's.
        failed = true;
        err.println("benchmark: client " + i + " failed (" + (engine == Engine.KUBERNETES
            ? "no pod of the Job ran it: it vanished (evicted or deleted) or was never created)"
            : "nothing came back from it)"));
      }
    }
    if (engineProblem != null) {
      failed = true;
      err.println("benchmark: " + engineProblem + ": not merged");
    }
    if (failed) {
      err.println("benchmark: not merged; what each client handed back is in " + received);
      return ExitStatus.FAILED.code;
    }
    Path sampled = received.resolve("client-0").resolve(ServerMetricsFile.FILE_NAME);
    if (Files.isRegularFile(sampled)) {
      // Client 0 sampled the server's counters for all; the merged folder's summary reads them beside the phases.
      Files.copy(sampled, dir.resolve(ServerMetricsFile.FILE_NAME), StandardCopyOption.REPLACE_EXISTING);
    }
    List<String> merge = new ArrayList<>(List.of("merge"));
    merge.addAll(folders);
    merge.addAll(List.of("--out", dir.toString()));
    if (b.report(merge.toArray(new String[0])) != 0) {
      err.println("benchmark: could not merge the clients' run folders into " + dir);
      return ExitStatus.FAILED.code;
    }
    b.report("show", dir.toString());
    if (job.html() && b.report("html", dir.toString(), "--out", dir.resolve("report.html").toString()) != 0) {
      err.println("benchmark: could not write " + dir.resolve("report.html"));
      return ExitStatus.FAILED.code;
    }
    b.out().println("results: " + dir);
    return ExitStatus.OK.code;
  }

  /** Runs a command; its stdout to a file, its stderr kept; stdin from {@code input} (or nothing). */
  static final class Cmd {
    final int exit;
    final String err;

    private Cmd(int exit, String err) {
      this.exit = exit;
      this.err = err;
    }

    static Cmd run(List<String> cmd, Map<String, String> extraEnv, String input, Path stdout)
        throws IOException, InterruptedException {
      return run(cmd, extraEnv, input, stdout, Long.MAX_VALUE);
    }

    /** The exit status of a command stopped at its time limit. */
    static final int TIMED_OUT = -2;

    /** As {@link #run(List, Map, String, Path)}; past {@code timeoutMs} the command is killed ({@link #TIMED_OUT}). */
    static Cmd run(List<String> cmd, Map<String, String> extraEnv, String input, Path stdout, long timeoutMs)
        throws IOException, InterruptedException {
      File errFile = File.createTempFile("scaleout", ".err");
      try {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(errFile);
        pb.environment().putAll(extraEnv);
        if (stdout != null) {
          pb.redirectOutput(stdout.toFile());
        } else {
          pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        }
        if (input == null) {
          pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        }
        Process p = pb.start();
        if (input != null) {
          try (var os = p.getOutputStream()) {
            os.write(input.getBytes(StandardCharsets.UTF_8));
          }
        }
        int rc;
        if (p.waitFor(Math.max(0, timeoutMs), java.util.concurrent.TimeUnit.MILLISECONDS)) {
          rc = p.exitValue();
        } else {
          p.destroyForcibly().waitFor();
          rc = TIMED_OUT;
        }
        return new Cmd(rc, Files.readString(errFile.toPath(), StandardCharsets.UTF_8).strip());
      } finally {
        Files.deleteIfExists(errFile.toPath());
      }
    }

    String lastLine() {
      return err.isEmpty() ? "" : err.lines().reduce((a, b2) -> b2).orElse("");
    }
  }

  /** The last line of a client's stderr that says what went wrong (the barrier's line, a phase's failure). */
  static String lastProblem(String stderr) {
    String found = null;
    for (String line : stderr.split("\n")) {
      if (line.startsWith("start barrier:") || line.startsWith("benchmark:") || line.startsWith("ycsb:")) {
        found = line.strip();
      }
    }
    return found;
  }

  /** The docker CLI: YCSB_DOCKER or docker on the PATH. */
  private String docker() {
    return env.getOrDefault("YCSB_DOCKER", "docker");
  }

  /** The Job's pod spec run with the docker CLI, once per index, on the host network. */
  private final class DockerClients {
    private final Benchmark b;
    private final List<Path> manifests;

    DockerClients(Benchmark b, List<Path> manifests) {
      this.b = b;
      this.manifests = manifests;
    }

    List<ClientEnd> run() throws IOException, InterruptedException {
      PrintStream err = b.err();
      Path configDir = manifests.get(0).getParent().resolve("config");
      Files.createDirectories(configDir);
      // The ConfigMap's keys as files, as the kubelet mounts them.
      io.fabric8.kubernetes.api.model.ConfigMap cm;
      Job k8sJob;
      try {
        cm = (io.fabric8.kubernetes.api.model.ConfigMap) KubeManifests.validate(Files.readString(manifests.get(0)));
        k8sJob = (Job) KubeManifests.validate(Files.readString(manifests.get(1)));
      } catch (KubeManifests.InvalidManifest e) {
        throw new IllegalStateException(e);
      }
      for (Map.Entry<String, String> e : new TreeMap<>(cm.getData()).entrySet()) {
        Files.writeString(configDir.resolve(e.getKey()), e.getValue(), StandardCharsets.UTF_8);
      }
      Container c = k8sJob.getSpec().getTemplate().getSpec().getContainers().get(0);
      Map<String, String> dockerEnv = new HashMap<>();
      List<String> envArgs = new ArrayList<>();
      for (EnvVar v : c.getEnv()) {
        if (v.getValueFrom() != null && v.getValueFrom().getSecretKeyRef() != null) {
          // -e NAME without a value: docker takes it from its own environment, never from a command line.
          dockerEnv.put(v.getName(), password);
          envArgs.addAll(List.of("-e", v.getName()));
        } else {
          envArgs.addAll(List.of("-e", v.getName() + "=" + v.getValue()));
        }
      }
      int n = k8sJob.getSpec().getCompletions();
      requireImage(c.getImage());
      List<String> names = new ArrayList<>();
      try {
        for (int i = 0; i < n; i++) {
          String container = name + "-" + i;
          List<String> cmd = new ArrayList<>(List.of(docker(), "run", "-d", "--name", container, "--network", "host",
              "-e", ClientRole.INDEX_ENV + "=" + i, "-v", configDir.toAbsolutePath() + ":" + KubeManifests.CONFIG_DIR
                  + ":ro", "--label", KubeManifests.RUN_LABEL + "=" + name));
          cmd.addAll(envArgs);
          cmd.add(c.getImage());
          cmd.addAll(c.getArgs());
          Cmd started = Cmd.run(cmd, dockerEnv, null, null);
          if (started.exit != 0) {
            throw new IOException("docker run of client " + i + " failed: " + started.lastLine());
          }
          names.add(container);
          cleanup.made("container " + container, List.of(docker(), "rm", "-f", container));
          err.println("benchmark: docker: client " + i + " started (container " + container + ")");
        }
        List<ClientEnd> ends = new ArrayList<>();
        Path logs = job.dir().resolve("clients");
        Files.createDirectories(logs);
        long deadline = System.currentTimeMillis() + jobTimeoutS * 1000;
        for (int i = 0; i < names.size(); i++) {
          Path exitFile = logs.resolve("client-" + i + ".exit");
          Cmd waited = Cmd.run(List.of(docker(), "wait", names.get(i)), Map.of(), null, exitFile,
              deadline - System.currentTimeMillis());
          String late = null;
          int exit = -1;
          if (waited.exit == Cmd.TIMED_OUT) {
            late = "did not end within " + jobTimeoutS + " s (" + Registry.SCALEOUT_JOB_TIMEOUT + "); stopped";
            Cmd.run(List.of(docker(), "stop", "-t", "5", names.get(i)), Map.of(), null, null);
          } else if (waited.exit == 0) {
            String text = Files.readString(exitFile).strip();
            exit = text.matches("-?\\d{1,9}") ? Integer.parseInt(text) : -1;
          }
          Files.deleteIfExists(exitFile);
          Path stdout = logs.resolve("client-" + i + ".out");
          Cmd log = Cmd.run(List.of(docker(), "logs", names.get(i)), Map.of(), null, stdout);
          Files.writeString(logs.resolve("client-" + i + ".err"), log.err + "\n", StandardCharsets.UTF_8);
          err.println("benchmark: docker: client " + i + " ended (" + (late != null ? late : "exit " + exit) + ")");
          ends.add(new ClientEnd(i, late != null ? -1 : exit, stdout, late != null ? late : lastProblem(log.err)));
        }
        return ends;
      } finally {
        for (String container : names) {
          Cmd.run(List.of(docker(), "rm", "-f", container), Map.of(), null, null);
          cleanup.removed("container " + container);
        }
      }
    }
  }

  /**
   * The harness image must be in the local engine: no registry is reached from here, so docker run would try to pull
   * it and end with a line about its own usage. Says which image, which engine, and how to build it.
   */
  private void requireImage(String image) throws IOException, InterruptedException {
    Cmd inspect = Cmd.run(List.of(docker(), "image", "inspect", "--format", "{{.Id}}", image), Map.of(), null, null);
    if (inspect.exit != 0) {
      String host = System.getenv("DOCKER_HOST");
      throw new IOException("the harness image " + image + " is not in the Docker engine at "
          + (host == null || host.isBlank() ? "unix:///var/run/docker.sock" : host) + " (" + inspect.lastLine()
          + "), and it is not pulled from a registry: build it into this engine with scripts/images (or docker load "
          + "it), or name another with --image");
    }
  }

  /** kubectl apply, wait with progress lines, every pod's log read for its run folder. */
  private final class KubectlClients {
    private final Benchmark b;
    /** The pod that ran each index, as last seen while the Job ran: a pod that disappears is named. */
    private final Map<Integer, String> podOf = new TreeMap<>();
    /** Clients whose pod vanished while the Job ran, with the line that says so. */
    private final Map<Integer, String> vanished = new TreeMap<>();

    KubectlClients(Benchmark b) {
      this.b = b;
    }

    private List<String> kubectl(String... args) {
      List<String> cmd = new ArrayList<>(List.of(env.getOrDefault("YCSB_KUBECTL", "kubectl")));
      if (spec.namespace() != null) {
        cmd.addAll(List.of("-n", spec.namespace()));
      }
      cmd.addAll(List.of(args));
      return cmd;
    }

    private void check(Cmd c, String what) throws IOException {
      if (c.exit != 0) {
        throw new IOException("kubectl " + what + " failed: " + c.lastLine());
      }
    }

    /**
     * The pods' requests settled (auto) and checked against the nodes that could run a client, before anything is
     * created: a size the nodes cannot hold is one line now, not pods Pending until the start timeout. A cluster that
     * does not let kubectl list its nodes is not checked (a line says so).
     */
    KubePod fitPod() throws IOException, InterruptedException, KubePod.DoesNotFit {
      KubePod pod = spec.pod();
      PrintStream err = b.err();
      Path out = Files.createTempFile("scaleout", ".nodes");
      try {
        List<String> nodesCmd = new ArrayList<>(List.of("get", "nodes", "-o", "jsonpath={range .items[*]}"
            + "{.metadata.name}{\"\\t\"}{.status.allocatable.cpu}{\"\\t\"}{.status.allocatable.memory}{\"\\t\"}"
            + "{.spec.unschedulable}{\"\\t\"}{.status.conditions[?(@.type==\"Ready\")].status}{\"\\t\"}"
            + "{range .spec.taints[*]}{.key}={.value}:{.effect},{end}{\"\\n\"}{end}"));
        if (!pod.nodeSelector().isEmpty()) {
          nodesCmd.addAll(List.of("-l", String.join(",", pod.nodeSelector().entrySet().stream()
              .map(e -> e.getKey() + "=" + e.getValue()).toList())));
        }
        Cmd nodes = Cmd.run(kubectl(nodesCmd.toArray(new String[0])), Map.of(), null, out);
        String nodeLines = nodes.exit == 0 ? Files.readString(out) : "";
        if (nodeLines.isBlank()) {
          KubePod dflt = pod.withDefaults(job.threads());
          err.println("benchmark: kubernetes: the nodes could not be read (" + (nodes.exit != 0 ? nodes.lastLine()
              : "kubectl get nodes listed none") + "): requests " + dflt.cpu() + " CPU and " + dflt.memory()
              + " not checked against them");
          return dflt;
        }
        Cmd pods = Cmd.run(kubectl("get", "pods", "--all-namespaces", "--field-selector",
            "status.phase!=Succeeded,status.phase!=Failed", "-o", "jsonpath={range .items[*]}{.spec.nodeName}"
                + "{range .spec.containers[*]}{\"\\t\"}{.resources.requests.cpu}/{.resources.requests.memory}{end}"
                + "{\"\\n\"}{end}"), Map.of(), null, out);
        String podLines = pods.exit == 0 ? Files.readString(out) : "";
        if (pods.exit != 0) {
          err.println("benchmark: kubernetes: the pods of the cluster could not be read (" + pods.lastLine()
              + "): the nodes' allocatable is counted whole");
        }
        KubePod fitted = pod.fit(spec.clients(), job.threads(), KubePod.nodes(nodeLines, podLines));
        if (!fitted.cpu().equals(pod.cpu()) || !fitted.memory().equals(pod.memory())) {
          err.println("benchmark: kubernetes: each client requests " + fitted.cpu() + " CPU and " + fitted.memory()
              + " (" + Registry.SCALEOUT_K8S_CPU.name() + ", " + Registry.SCALEOUT_K8S_MEMORY.name()
              + " auto: threads/2 and 2Gi, or the nodes' fair share)");
        }
        return fitted;
      } finally {
        Files.deleteIfExists(out);
      }
    }

    List<ClientEnd> run() throws IOException, InterruptedException {
      PrintStream err = b.err();
      Path manifests = job.dir().resolve("manifests");
      String secret = "Secret " + KubeManifests.secretName(name);
      if (spec.secret()) {
        // On kubectl's standard input: the password is in no file and on no command line. Created, not applied:
        // kubectl apply would copy the whole object, password included, into its last-applied-configuration
        // annotation, readable by anyone who may read the Secret's metadata.
        check(Cmd.run(kubectl("create", "-f", "-"), Map.of(), KubeManifests.yaml(KubeManifests.secret(spec, password)),
            null), "create (" + secret + ")");
        cleanup.made(secret, kubectl("delete", "secret", KubeManifests.secretName(name), "--ignore-not-found"));
      }
      try {
        cleanup.made("job " + name + " (with its pods) and its ConfigMap", kubectl("delete", "job,configmap", "-l",
            KubeManifests.RUN_LABEL + "=" + name, "--ignore-not-found"));
        check(Cmd.run(kubectl("apply", "-f", manifests.resolve("configmap.yaml").toString(), "-f",
            manifests.resolve("job.yaml").toString()), Map.of(), null, null), "apply");
        err.println("benchmark: kubernetes: job " + name + " applied (" + spec.clients() + " pods, image "
            + spec.image() + ")");
        String last = "";
        long pollMs = Long.parseLong(env.getOrDefault("YCSB_KUBECTL_POLL_MS", "5000"));
        Path status = Files.createTempFile("scaleout", ".status");
        try {
          long applied = System.currentTimeMillis();
          long startDeadline = applied + startTimeoutS * 1000;
          // The Job's own deadline, and time for Kubernetes to stop its pods and mark it failed.
          long endDeadline = applied + (jobTimeoutS + 300) * 1000;
          boolean allStarted = false;
          int reasonWaits = 10;
          while (true) {
            // Failed, or FailureTarget: Kubernetes marks a Job it is failing (past its deadline, a pod failed with
            // backoffLimit 0) before it has stopped the pods and set Failed.
            check(Cmd.run(kubectl("get", "job", name, "-o",
                "jsonpath={.status.active}/{.status.succeeded}/{.status.failed}/"
                    + "{.status.conditions[?(@.type==\"Failed\")].reason}/"
                    + "{.status.conditions[?(@.type==\"FailureTarget\")].reason}"), Map.of(), null, status),
                "get job");
            String[] f = Arrays.copyOf(Files.readString(status).strip().split("/", -1), 5);
            long active = number(f[0]);
            long succeeded = number(f[1]);
            long failed = number(f[2]);
            String reason = f[3] == null || f[3].isBlank() ? (f[4] == null ? "" : f[4].strip()) : f[3].strip();
            String line = active + " running, " + succeeded + " done, " + failed + " failed";
            if (!line.equals(last)) {
              err.println("benchmark: kubernetes: job " + name + ": " + line + " of " + spec.clients() + " clients");
              last = line;
            }
            // The pods' states: a pod that cannot start is named at once, a pod that vanished is remembered (not
            // those Kubernetes itself stops once it fails the Job).
            Map<Integer, PodState> pods = podStates(status, reason.isEmpty());
            if (reason.isEmpty() && failed > 0 && active == 0 && reasonWaits-- > 0) {
              // The failed count comes before the condition that says why: a moment for it.
              Thread.sleep(Math.min(pollMs, 1000));
              continue;
            }
            if (!reason.isEmpty() || succeeded + failed >= spec.clients() || (failed > 0 && active == 0)) {
              if (!reason.isEmpty()) {
                engineProblem = "kubernetes: job " + name + " failed: " + reason + (reason.equals("DeadlineExceeded")
                    ? " (activeDeadlineSeconds " + jobTimeoutS + ", " + Registry.SCALEOUT_JOB_TIMEOUT + ")" : " (" + failed
                    + " failed pod" + (failed == 1 ? "" : "s") + ")");
              } else if (failed > 0) {
                engineProblem = "kubernetes: job " + name + " counts " + failed + " failed pod"
                    + (failed == 1 ? "" : "s") + " (its own status)";
              }
              break;
            }
            String cannot = cannotStart(pods);
            if (cannot != null) {
              // Deleted, so that no pod starts late and runs a benchmark nobody collects (client 0 drops the table).
              Cmd.run(kubectl("delete", "job", name, "--ignore-not-found"), Map.of(), null, null);
              throw new IOException("kubernetes: job " + name + ": " + cannot + "; the job was deleted");
            }
            if (!allStarted) {
              List<String> waiting = notStarted(pods);
              allStarted = waiting.isEmpty();
              if (!allStarted && System.currentTimeMillis() > startDeadline) {
                Cmd.run(kubectl("delete", "job", name, "--ignore-not-found"), Map.of(), null, null);
                throw new IOException("kubernetes: job " + name + ": " + waiting.size() + " of " + spec.clients()
                    + " clients did not start within " + startTimeoutS + " s (" + Registry.SCALEOUT_START_TIMEOUT + "): "
                    + String.join(", ", waiting) + "; the job was deleted");
              }
            }
            if (System.currentTimeMillis() > endDeadline) {
              throw new IOException("kubernetes: job " + name + " still runs " + (jobTimeoutS + 300)
                  + " s after it was applied, past its activeDeadlineSeconds " + jobTimeoutS + " (" + Registry.SCALEOUT_JOB_TIMEOUT + "): see kubectl "
                  + "describe job " + name);
            }
            Thread.sleep(pollMs);
          }
          check(Cmd.run(kubectl("get", "pods", "-l", "job-name=" + name, "-o", "jsonpath={range .items[*]}"
              + "{.metadata.annotations.batch\\.kubernetes\\.io/job-completion-index} {.metadata.name} "
              + "{.status.containerStatuses[0].state.terminated.exitCode}{\"\\n\"}{end}"), Map.of(), null, status),
              "get pods");
          List<ClientEnd> ends = new ArrayList<>();
          Path logs = job.dir().resolve("clients");
          Files.createDirectories(logs);
          for (String podLine : Files.readAllLines(status)) {
            String[] p = podLine.strip().split(" ");
            if (p.length < 2 || !p[0].matches("\\d{1,6}")) {
              continue; // a pod without its index: its client is named as missing
            }
            int index = Integer.parseInt(p[0]);
            Path stdout = logs.resolve("client-" + index + ".out");
            Cmd log = Cmd.run(kubectl("logs", p[1]), Map.of(), null, stdout);
            int exit = p.length > 2 && p[2].matches("-?\\d{1,9}") ? Integer.parseInt(p[2]) : -1;
            String problem = log.exit != 0 ? "kubectl logs " + p[1] + " failed: " + log.lastLine()
                : lastProblem(Files.readString(stdout));
            if (vanished.containsKey(index) && problem == null) {
              problem = vanished.get(index);
            }
            ends.add(new ClientEnd(index, exit, stdout, problem));
          }
          ends.sort(Comparator.comparingInt(ClientEnd::index));
          return ends;
        } finally {
          Files.deleteIfExists(status);
        }
      } finally {
        if (spec.secret()) {
          // The password does not stay in the cluster after the run; the Job and its logs stay for a look.
          Cmd.run(kubectl("delete", "secret", KubeManifests.secretName(name), "--ignore-not-found"), Map.of(), null,
              null);
          cleanup.removed(secret);
        }
        if (!vanished.isEmpty()) {
          vanished.values().forEach(v -> err.println("benchmark: kubernetes: " + v));
        }
        err.println("benchmark: kubernetes: kubectl delete job,configmap -l " + KubeManifests.RUN_LABEL + "=" + name
            + " removes the job and its pods");
      }
    }

    private long number(String s) {
      return s == null || !s.strip().matches("\\d{1,12}") ? 0 : Long.parseLong(s.strip());
    }

    /** One pod of the Job as the collector sees it while the Job runs. */
    private record PodState(String pod, String phase, String waiting, String waitingMessage, String scheduled,
                            String scheduledMessage) {
      boolean started() {
        return !phase.equals("Pending") && !phase.equals("Unknown") && !phase.isEmpty();
      }
    }

    /** Each index's pod now (a started pod wins over another of its index), and the pods that vanished since. */
    private Map<Integer, PodState> podStates(Path status, boolean lookForVanished)
        throws IOException, InterruptedException {
      check(Cmd.run(kubectl("get", "pods", "-l", "job-name=" + name, "-o", "jsonpath={range .items[*]}"
          + "{.metadata.annotations.batch\\.kubernetes\\.io/job-completion-index}{\"\\t\"}{.metadata.name}{\"\\t\"}"
          + "{.status.phase}{\"\\t\"}{.status.containerStatuses[0].state.waiting.reason}{\"\\t\"}"
          + "{.status.containerStatuses[0].state.waiting.message}{\"\\t\"}"
          + "{.status.conditions[?(@.type==\"PodScheduled\")].reason}{\"\\t\"}"
          + "{.status.conditions[?(@.type==\"PodScheduled\")].message}{\"\\t\"}{.metadata.deletionTimestamp}"
          + "{\"\\n\"}{end}"), Map.of(), null, status), "get pods");
      Map<Integer, PodState> now = new TreeMap<>();
      for (String podLine : Files.readAllLines(status)) {
        String[] p = Arrays.copyOf(podLine.split("\t", -1), 8);
        if (p[0] == null || !p[0].strip().matches("\\d{1,6}")) {
          continue;
        }
        int i = Integer.parseInt(p[0].strip());
        if (lookForVanished && !nz(p[7]).isEmpty() && !vanished.containsKey(i)) {
          // Being deleted while the Job has not failed: a user or an eviction, not Kubernetes ending the Job.
          vanished.put(i, "client " + i + "'s pod " + nz(p[1]) + " was deleted while the job ran (by a user or an "
              + "eviction)");
        }
        PodState st = new PodState(nz(p[1]), nz(p[2]), nz(p[3]), nz(p[4]), nz(p[5]), nz(p[6]));
        PodState was = now.get(i);
        if (was == null || !was.started()) {
          now.put(i, st);
        }
      }
      for (Map.Entry<Integer, String> seen : lookForVanished ? podOf.entrySet() : Map.<Integer, String>of().entrySet()) {
        PodState st = now.get(seen.getKey());
        if ((st == null || !st.pod().equals(seen.getValue())) && !vanished.containsKey(seen.getKey())) {
          vanished.put(seen.getKey(), "client " + seen.getKey() + "'s pod " + seen.getValue() + " vanished while the "
              + "job ran (deleted or evicted)");
        }
      }
      now.forEach((i, st) -> {
        if (st.started()) {
          podOf.putIfAbsent(i, st.pod());
        }
      });
      return now;
    }

    private static String nz(String s) {
      return s == null ? "" : s.strip();
    }

    /**
     * A pod that will not start by waiting: the scheduler found no node for it (the reason from its PodScheduled
     * condition, which its FailedScheduling event also carries), or its image cannot be had, or its container cannot
     * be made. Null when every pod may still start.
     */
    private String cannotStart(Map<Integer, PodState> pods) {
      for (Map.Entry<Integer, PodState> e : pods.entrySet()) {
        PodState st = e.getValue();
        if (st.started()) {
          continue;
        }
        if (st.scheduled().equals("Unschedulable")) {
          return "client " + e.getKey() + " cannot be scheduled: " + st.scheduledMessage().replace('\n', ' ');
        }
        if (List.of("ErrImagePull", "ImagePullBackOff", "ErrImageNeverPull", "InvalidImageName")
            .contains(st.waiting())) {
          return "client " + e.getKey() + " cannot start: image " + spec.image() + " (" + st.waiting() + ": "
              + st.waitingMessage().replace('\n', ' ') + ")";
        }
        if (List.of("CreateContainerConfigError", "CreateContainerError", "RunContainerError")
            .contains(st.waiting())) {
          return "client " + e.getKey() + " cannot start: " + st.waiting() + ": " + st.waitingMessage().replace('\n', ' ');
        }
      }
      return null;
    }

    /** The clients whose pod has not started yet (none yet, or Pending with the reason it waits), in index order. */
    private List<String> notStarted(Map<Integer, PodState> pods) {
      List<String> waiting = new ArrayList<>();
      for (int i = 0; i < spec.clients(); i++) {
        PodState p = pods.get(i);
        if (p == null || !p.started()) {
          waiting.add("client " + i + " (" + (p == null ? "no pod" : p.phase() + (p.waiting().isEmpty() ? ""
              : ", " + p.waiting())) + ")");
        }
      }
      return waiting;
    }
  }
  /**
   * The same clients over OpenSSH (the user's keys or agent; BatchMode, so nothing prompts): on each host in turn,
   * the harness at --remote-harness runs the client's command line in a temporary folder holding the ConfigMap's
   * files, the password read from ssh's standard input (never on a command line, local or remote), the folder removed
   * when the client ends. The run folder comes back in the session's output, as from a pod's log.
   */
  private final class SshClients {
    private final Benchmark b;

    SshClients(Benchmark b) {
      this.b = b;
    }

    private static String quote(String s) {
      return "'" + s.replace("'", "'\\''") + "'";
    }

    private String remoteCommand(int index) {
      StringBuilder c = new StringBuilder("set -e; d=$(mktemp -d); trap 'rm -rf \"$d\"' EXIT; "
          + "IFS= read -r p || true; if [ -n \"$p\" ]; then " + PASSWORD_ENV_EXPORT + "; fi; unset p; ");
      for (Map.Entry<String, String> f : Map.of(KubeManifests.TARGET_KEY, spec.targetProperties(),
          KubeManifests.WORKLOAD_KEY, spec.workload(), KubeManifests.SETTINGS_KEY, spec.settings()).entrySet()) {
        c.append("echo ").append(Base64.getEncoder().encodeToString(f.getValue().getBytes(
            StandardCharsets.UTF_8))).append(" | base64 -d > \"$d/").append(f.getKey()).append("\"; ");
      }
      c.append(quote(remoteHarness + "/scripts/benchmark"));
      List<String> args = spec.args();
      for (int i = 1; i < args.size(); i++) {
        String a = args.get(i);
        if (a.startsWith(KubeManifests.CONFIG_DIR + "/")) {
          c.append(" \"$d\"/").append(quote(a.substring(KubeManifests.CONFIG_DIR.length() + 1)));
        } else if (a.equals(KubeManifests.RESULTS_DIR)) {
          c.append(" \"$d/results\"");
        } else {
          c.append(' ').append(quote(a));
        }
      }
      c.append(" --client-index ").append(index).append(" </dev/null");
      return c.toString();
    }

    List<ClientEnd> run() throws IOException, InterruptedException {
      PrintStream err = b.err();
      Path logs = Files.createDirectories(job.dir().resolve("clients"));
      List<Process> procs = new ArrayList<>();
      List<Path> errs = new ArrayList<>();
      try {
        for (int i = 0; i < spec.clients(); i++) {
          String host = hosts.get(i % hosts.size());
          List<String> cmd = new ArrayList<>(List.of(env.getOrDefault("YCSB_SSH", "ssh"), "-o", "BatchMode=yes"));
          int colon = host.lastIndexOf(':');
          if (colon > 0) {
            cmd.addAll(List.of("-p", host.substring(colon + 1)));
            host = host.substring(0, colon);
          }
          cmd.addAll(List.of(host, remoteCommand(i)));
          Path errFile = logs.resolve("client-" + i + ".err");
          Process p = new ProcessBuilder(cmd).redirectOutput(logs.resolve("client-" + i + ".out").toFile())
              .redirectError(errFile.toFile()).start();
          try (var os = p.getOutputStream()) {
            os.write(((password == null ? "" : password) + "\n").getBytes(StandardCharsets.UTF_8));
          }
          procs.add(p);
          cleanup.started("the ssh session of client " + i + " (" + host + ")", p);
          errs.add(errFile);
          err.println("benchmark: ssh: client " + i + " started on " + host);
        }
        List<ClientEnd> ends = new ArrayList<>();
        long deadline = System.currentTimeMillis() + jobTimeoutS * 1000;
        for (int i = 0; i < procs.size(); i++) {
          Process p = procs.get(i);
          boolean ended = p.waitFor(Math.max(0, deadline - System.currentTimeMillis()),
              java.util.concurrent.TimeUnit.MILLISECONDS);
          if (!ended) {
            p.destroyForcibly().waitFor(); // ssh ends; the remote client loses its session and stops
          }
          int exit = ended ? p.exitValue() : -1;
          String late = ended ? null : "did not end within " + jobTimeoutS + " s (" + Registry.SCALEOUT_JOB_TIMEOUT + "); stopped";
          err.println("benchmark: ssh: client " + i + " ended (" + (late != null ? late : "exit " + exit) + ")");
          String stderr = Files.readString(errs.get(i), StandardCharsets.UTF_8);
          String problem = late != null ? late : lastProblem(stderr);
          if (problem == null && exit == 255) {
            problem = stderr.strip().lines().reduce((a, b2) -> b2).orElse("ssh failed"); // ssh's own failure
          }
          ends.add(new ClientEnd(i, exit, logs.resolve("client-" + i + ".out"), problem));
        }
        return ends;
      } finally {
        procs.forEach(Process::destroy);
      }
    }
  }

  private static final String PASSWORD_ENV_EXPORT = KubeManifests.PASSWORD_ENV + "=\"$p\"; export "
      + KubeManifests.PASSWORD_ENV;
}
