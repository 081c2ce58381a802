package com.mytopling.ycsb.containers;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The Docker engine the harness's containers run on: one that already answers ({@code DOCKER_HOST}, else the
 * default socket), or, when none answers and we run as root, a dockerd of our own, which {@link #close} stops
 * again (with the containers still in it).
 *
 * <p>Our dockerd never creates a bridge or firewall rules ({@code --bridge=none --iptables=false}): every
 * container of the harness runs with host networking and its servers listen on 127.0.0.1 only, so no container
 * has an address of its own. It keeps its images in a data root of its own ({@link #DATA_ROOT_ENV}, default
 * {@value #DEFAULT_DATA_ROOT}) so that images built once are there for the next job, and it never touches the
 * state of a system Docker service that happens to be installed and stopped. It listens on the default socket,
 * so that the docker command line, Jib and Testcontainers find it with no setting at all.
 */
public final class DockerEngine implements AutoCloseable {
  static final Path DEFAULT_SOCKET = Path.of("/var/run/docker.sock");
  static final String DATA_ROOT_ENV = "YCSB_DOCKER_DATA_ROOT";
  static final String DEFAULT_DATA_ROOT = "/var/lib/ycsb-harness/docker";
  private static final Path EXEC_ROOT = Path.of("/run/ycsb-harness/docker");
  private static final int START_SECONDS = 90;

  private final String description;
  private final Process dockerd;
  private final Path log;
  private final PrintStream err;
  private final Thread hook;

  private DockerEngine(String description, Process dockerd, Path log, PrintStream err) {
    this.description = description;
    this.dockerd = dockerd;
    this.log = log;
    this.err = err;
    if (dockerd != null) {
      // Ctrl-C or a failed job must not leave a daemon behind.
      hook = new Thread(this::stopDaemon, "stop-dockerd");
      Runtime.getRuntime().addShutdownHook(hook);
    } else {
      hook = null;
    }
  }

  /**
   * An engine that answers: the one {@code DOCKER_HOST} names (it must answer: we never start a second one
   * beside a configured engine), else one on the default socket, else our own dockerd when we are root.
   *
   * @param err one line on where the engine comes from goes here
   */
  public static DockerEngine ensure(PrintStream err) {
    String dockerHost = System.getenv("DOCKER_HOST");
    if (dockerHost != null && !dockerHost.isBlank()) {
      requireDockerHostAnswers();
      return new DockerEngine("the Docker engine at DOCKER_HOST=" + dockerHost, null, null, err);
    }
    if (answers(DEFAULT_SOCKET)) {
      return new DockerEngine("the Docker engine at " + DEFAULT_SOCKET, null, null, err);
    }
    return start(err);
  }

  /**
   * A DOCKER_HOST socket that does not answer is an error of its own, said at once: Testcontainers would go on to
   * try other engines (the default socket among them), and a user who named an engine never wants another.
   */
  public static void requireDockerHostAnswers() {
    String dockerHost = System.getenv("DOCKER_HOST");
    if (dockerHost != null && dockerHost.startsWith("unix://")
        && !answers(Path.of(dockerHost.substring("unix://".length())))) {
      throw new ContainerException("DOCKER_HOST=" + dockerHost + " does not answer; start that engine or unset "
          + "DOCKER_HOST");
    }
  }

  /** Whether an engine is there without starting one: DOCKER_HOST is set (and answers, for a socket), or the default socket answers. */
  public static boolean answersAnywhere() {
    String dockerHost = System.getenv("DOCKER_HOST");
    if (dockerHost != null && !dockerHost.isBlank()) {
      return !dockerHost.startsWith("unix://") || answers(Path.of(dockerHost.substring("unix://".length())));
    }
    return answers(DEFAULT_SOCKET);
  }

  /** Whether a Docker engine answers {@code GET /_ping} on this Unix socket (no docker command needed). */
  static boolean answers(Path socket) {
    if (!Files.exists(socket)) {
      return false;
    }
    try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
      ch.connect(UnixDomainSocketAddress.of(socket));
      ch.write(ByteBuffer.wrap("GET /_ping HTTP/1.0\r\nHost: docker\r\n\r\n".getBytes(StandardCharsets.US_ASCII)));
      ch.shutdownOutput();
      try (InputStream in = Channels.newInputStream(ch)) {
        String status = new String(in.readNBytes(64), StandardCharsets.US_ASCII);
        return status.startsWith("HTTP/1.") && status.contains(" 200 ");
      }
    } catch (IOException e) {
      return false;
    }
  }

  private static DockerEngine start(PrintStream err) {
    if (!"root".equals(System.getProperty("user.name"))) {
      throw new ContainerException("no Docker engine answers at " + DEFAULT_SOCKET + " and starting one needs root: "
          + "start Docker (or set DOCKER_HOST), or run as root");
    }
    Path dockerdBinary = findDockerd();
    String dataRoot = System.getenv(DATA_ROOT_ENV);
    Path root = Path.of(dataRoot == null || dataRoot.isBlank() ? DEFAULT_DATA_ROOT : dataRoot);
    Path log = root.resolveSibling(root.getFileName() + "-dockerd.log");
    try {
      Files.createDirectories(root);
      Files.createDirectories(EXEC_ROOT);
      Files.deleteIfExists(DEFAULT_SOCKET); // a stale socket of a dead daemon: nothing answers on it
      List<String> cmd = new ArrayList<>(List.of(dockerdBinary.toString(),
          // No docker0, no NAT rules, no address of any container's own: host networking only.
          "--bridge=none", "--iptables=false", "--ip-masq=false",
          "--data-root=" + root, "--exec-root=" + EXEC_ROOT, "--pidfile=" + EXEC_ROOT.resolve("dockerd.pid"),
          "--host=unix://" + DEFAULT_SOCKET, "--log-level=warn"));
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
          .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
      for (int i = 0; i < START_SECONDS * 4; i++) {
        if (answers(DEFAULT_SOCKET)) {
          DockerEngine engine = new DockerEngine("our own dockerd (pid " + p.pid() + ", data root " + root
              + ", no bridge, host networking only)", p, log, err);
          err.println("docker-engine: started " + engine.description);
          return engine;
        }
        if (!p.isAlive()) {
          // Another job may have started one at the same moment: use it.
          if (answers(DEFAULT_SOCKET)) {
            return new DockerEngine("the Docker engine at " + DEFAULT_SOCKET, null, null, err);
          }
          throw new ContainerException("dockerd exited with status " + p.exitValue() + "; last lines of " + log
              + ":\n" + tail(log));
        }
        Thread.sleep(250);
      }
      p.destroyForcibly();
      throw new ContainerException("dockerd did not answer within " + START_SECONDS + " s; last lines of " + log
          + ":\n" + tail(log));
    } catch (IOException e) {
      throw new ContainerException("cannot start dockerd: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ContainerException("interrupted while starting dockerd");
    }
  }

  private static Path findDockerd() {
    for (String dir : (System.getenv().getOrDefault("PATH", "") + ":/usr/sbin:/usr/bin").split(":")) {
      Path candidate = Path.of(dir.isEmpty() ? "." : dir, "dockerd");
      if (Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    throw new ContainerException("no Docker engine answers and there is no dockerd to start: install Docker "
        + "(Debian: apt-get install docker.io)");
  }

  /** Where the engine comes from, for a line of output. */
  public String description() {
    return description;
  }

  /** Whether {@link #close} stops a daemon (one we started). */
  public boolean startedByUs() {
    return dockerd != null;
  }

  /** Stops our own dockerd, if we started one; someone else's engine is left alone. */
  @Override
  public void close() {
    if (dockerd == null) {
      return;
    }
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // The hook runs anyway.
    }
    stopDaemon();
    err.println("docker-engine: stopped our dockerd (pid " + dockerd.pid() + ")");
  }

  private void stopDaemon() {
    if (!dockerd.isAlive()) {
      return;
    }
    // SIGTERM: dockerd stops its containers (shutdown timeout 15 s each) and its containerd, then exits.
    dockerd.destroy();
    try {
      if (!dockerd.waitFor(90, TimeUnit.SECONDS)) {
        dockerd.destroyForcibly();
        dockerd.waitFor(30, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      dockerd.destroyForcibly();
    }
  }

  static String tail(Path file) {
    if (file == null) {
      return "";
    }
    try {
      List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
    } catch (IOException e) {
      return "(cannot read " + file + ")";
    }
  }

  /**
   * {@code docker-engine run COMMAND...}: runs a command with an engine that answers, started for it when none
   * does and stopped after it; exits with the command's status. {@code docker-engine status} says which engine
   * would be used, without starting one.
   */
  public static void main(String[] args) {
    System.exit(cli(args, System.out, System.err));
  }

  static int cli(String[] args, PrintStream out, PrintStream err) {
    if (args.length == 1 && (args[0].equals("-h") || args[0].equals("--help"))) {
      out.println("scripts/docker-engine run COMMAND [ARG]...   run COMMAND with a Docker engine, started for it "
          + "(as root) when none answers and stopped after it");
      out.println("scripts/docker-engine status                 say whether an engine answers");
      return 0;
    }
    if (args.length == 1 && args[0].equals("status")) {
      boolean up = answersAnywhere();
      out.println(up ? "docker-engine: an engine answers" : "docker-engine: no engine answers at " + DEFAULT_SOCKET);
      return up ? 0 : 1;
    }
    if (args.length < 2 || !args[0].equals("run")) {
      err.println("docker-engine: expected 'run COMMAND [ARG]...' or 'status' (try --help)");
      return 2;
    }
    try (DockerEngine engine = ensure(err)) {
      ProcessBuilder pb = new ProcessBuilder(List.of(args).subList(1, args.length)).inheritIO();
      // Lets a script that re-runs itself under this command know the engine is there.
      pb.environment().put("YCSB_DOCKER_ENGINE", engine.description());
      Process p = pb.start();
      try {
        return p.waitFor();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        p.destroy();
        return 1;
      }
    } catch (ContainerException e) {
      err.println("docker-engine: " + e.getMessage());
      return 1;
    } catch (IOException e) {
      err.println("docker-engine: cannot run " + args[1] + ": " + e.getMessage());
      return 1;
    }
  }
}
