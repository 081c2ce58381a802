package com.mytopling.ycsb.launcher.faults;

import com.mytopling.ycsb.containers.TestEnvironment;
import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.ToxiproxyClient;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * A private Toxiproxy server (the Go program {@code github.com/Shopify/toxiproxy/v2/cmd/server}, which .ci/run installs
 * as {@code toxiproxy-server}) on 127.0.0.1, driven through its HTTP API with toxiproxy-java. Every proxy it makes
 * listens on 127.0.0.1 and forwards to a server on 127.0.0.1: no traffic leaves the machine.
 *
 * <p>The program is {@code YCSB_TEST_TOXIPROXY} when set, else {@code toxiproxy-server} on the PATH. Missing, it
 * fails the test under CI ({@code CI=true}), and elsewhere reports it aborted with how to install it. The API port is
 * the first free one of {@code YCSB_TEST_TOXIPROXY_PORTS} (default 8474-8573); proxies listen on the first free port
 * of {@code YCSB_TEST_OWN_PORTS} (default 3360-3459), the range the tests' own servers use.
 */
final class Toxiproxy implements AutoCloseable {
  static final String INSTALL = "go install github.com/Shopify/toxiproxy/v2/cmd/server@v2.5.0 and put the binary on "
      + "the PATH as toxiproxy-server (as .ci/run does), or set YCSB_TEST_TOXIPROXY to it";

  private final Process process;
  private final ToxiproxyClient client;
  private final int apiPort;

  private Toxiproxy(Process process, ToxiproxyClient client, int apiPort) {
    this.process = process;
    this.client = client;
    this.apiPort = apiPort;
  }

  static Toxiproxy start(Path logDir) throws IOException, InterruptedException {
    String program = program();
    int port = Ports.firstFree(System.getenv("YCSB_TEST_TOXIPROXY_PORTS"), 8474, 8573);
    Files.createDirectories(logDir);
    Process p = new ProcessBuilder(program, "-host", "127.0.0.1", "-port", Integer.toString(port))
        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(logDir.resolve("toxiproxy.log")
            .toFile())).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
    ToxiproxyClient client = new ToxiproxyClient("127.0.0.1", port);
    for (int i = 0; i < 200; i++) {
      if (!p.isAlive()) {
        throw new IllegalStateException(program + " exited with " + p.exitValue() + ": "
            + Files.readString(logDir.resolve("toxiproxy.log")));
      }
      try {
        String version = client.version();
        System.err.println("[toxiproxy] " + program + " " + version.strip() + " on 127.0.0.1:" + port);
        return new Toxiproxy(p, client, port);
      } catch (IOException notYet) {
        Thread.sleep(100);
      }
    }
    p.destroyForcibly();
    throw new IllegalStateException(program + " did not answer on 127.0.0.1:" + port + " within 20 s");
  }

  /** The Toxiproxy program, or the test fails (CI) or aborts (elsewhere) saying how to install it. */
  private static String program() {
    String named = System.getenv("YCSB_TEST_TOXIPROXY");
    if (named != null && !named.isBlank()) {
      if (!Files.isExecutable(Path.of(named))) {
        throw new IllegalStateException("YCSB_TEST_TOXIPROXY=" + named + " is not an executable file");
      }
      return named;
    }
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      Path candidate = Path.of(dir.isEmpty() ? "." : dir, "toxiproxy-server");
      if (Files.isExecutable(candidate)) {
        return candidate.toString();
      }
    }
    String message = "no toxiproxy-server on the PATH: " + INSTALL;
    if (TestEnvironment.underCi()) {
      throw new IllegalStateException("CI: " + message);
    }
    Assumptions.abort(message);
    return null;
  }

  /** A new proxy from a free port on 127.0.0.1 to {@code upstreamPort} on 127.0.0.1. */
  Proxy proxy(String name, int upstreamPort) throws IOException {
    IOException last = null;
    for (int attempt = 0; attempt < 5; attempt++) {
      int listen = Ports.firstFree(System.getenv("YCSB_TEST_OWN_PORTS"), 3360, 3459);
      try {
        return client.createProxy(name, "127.0.0.1:" + listen, "127.0.0.1:" + upstreamPort);
      } catch (IOException taken) {
        last = taken; // another process took the port in between
      }
    }
    throw last;
  }

  /** The port a proxy listens on. */
  static int port(Proxy proxy) {
    String listen = proxy.getListen();
    return Integer.parseInt(listen.substring(listen.lastIndexOf(':') + 1));
  }

  int apiPort() {
    return apiPort;
  }

  @Override
  public void close() {
    try {
      for (Proxy p : client.getProxies()) {
        p.delete();
      }
    } catch (IOException ignored) {
      // The process goes anyway.
    }
    process.destroy();
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }

  /** The port of a JDBC URL {@code jdbc:mysql://127.0.0.1:PORT/...} (the test servers are all on loopback). */
  static int portOf(String jdbcUrl) {
    List<String> forms = List.of("jdbc:mysql://127.0.0.1:", "jdbc:mariadb://127.0.0.1:", "jdbc:mysql://localhost:");
    for (String form : forms) {
      if (jdbcUrl.startsWith(form)) {
        String rest = jdbcUrl.substring(form.length());
        int end = 0;
        while (end < rest.length() && Character.isDigit(rest.charAt(end))) {
          end++;
        }
        return Integer.parseInt(rest.substring(0, end));
      }
    }
    throw new IllegalStateException("not a loopback MySQL URL with a port: " + jdbcUrl);
  }
}
