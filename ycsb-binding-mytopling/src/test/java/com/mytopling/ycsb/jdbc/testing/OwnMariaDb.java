package com.mytopling.ycsb.jdbc.testing;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A private Debian MariaDB server that a fault test may kill, restart and configure as it
 * likes (TLS, lock timeouts), unlike the shared servers on 3307/3308. Its port is the first
 * free one from the one asked for, or from {@code YCSB_TEST_OWN_PORTS} when the environment sets it. Same layout as
 * scripts/start-mariadb: 127.0.0.1 only, datadir mode 700, database {@code ycsb}, user
 * {@code ycsb} with the given password. The test that starts it stops it; a JVM that dies
 * first takes it along (shutdown hook), and a server left by a killed test JVM is killed
 * when the same directory is used again.
 */
public final class OwnMariaDb implements AutoCloseable {
  private static final String MARIADBD = Files.isExecutable(Path.of("/usr/sbin/mariadbd")) ? "/usr/sbin/mariadbd"
      : "mariadbd";

  private final Path dir;
  private final int port;
  private final Path cnf;
  private Process process;

  private OwnMariaDb(Path dir, int port) {
    this.dir = dir;
    this.port = port;
    this.cnf = dir.resolve("my.cnf");
  }

  /**
   * Starts a fresh server (the directory is wiped) on the first free port from {@code firstPort},
   * or from the range {@code YCSB_TEST_OWN_PORTS=FIRST-LAST} when the environment gives one (for
   * machines where several checkouts run their tests side by side, each with ports of its own).
   *
   * @param options extra {@code name=value} lines for the [mariadbd] section
   */
  public static OwnMariaDb start(Path dir, int firstPort, String password, String... options) {
    try {
      killLeftover(dir);
      deleteTree(dir);
      Files.createDirectories(dir);
      Files.setPosixFilePermissions(dir, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
      OwnMariaDb db = new OwnMariaDb(dir, freePort(firstPort, System.getenv("YCSB_TEST_OWN_PORTS")));
      List<String> lines = new ArrayList<>(List.of("[mariadbd]", "datadir=" + dir.resolve("data"),
          "socket=" + db.socket(), "pid-file=" + dir.resolve("mariadbd.pid"), "port=" + db.port,
          "bind-address=127.0.0.1", "log-error=" + dir.resolve("error.log"), "skip-name-resolve",
          "innodb_buffer_pool_size=64M", "innodb_log_file_size=48M", "max_connections=200"));
      lines.addAll(List.of(options));
      Files.write(db.cnf, lines, StandardCharsets.UTF_8);
      List<String> install = new ArrayList<>(List.of("mariadb-install-db", "--defaults-file=" + db.cnf,
          "--auth-root-authentication-method=socket", "--skip-test-db"));
      install.addAll(userArgs());
      exec(install, dir.resolve("install.log"));
      db.launch();
      String pw = password.replace("'", "''");
      db.sql("CREATE DATABASE ycsb; CREATE USER 'ycsb'@'127.0.0.1' IDENTIFIED BY '" + pw + "';"
          + " GRANT ALL ON *.* TO 'ycsb'@'127.0.0.1'; FLUSH PRIVILEGES;");
      Runtime.getRuntime().addShutdownHook(new Thread(db::killQuietly, "own-mariadb-stop"));
      return db;
    } catch (IOException e) {
      throw new IllegalStateException("own MariaDB in " + dir + ": " + e.getMessage(), e);
    }
  }

  public int port() {
    return port;
  }

  public String jdbcUrl() {
    return "jdbc:mysql://127.0.0.1:" + port + "/ycsb";
  }

  /** The server as a {@link TestServer} for user ycsb. */
  public TestServer server(String password) {
    return new TestServer("own MariaDB on " + port, jdbcUrl(), "ycsb", password, "InnoDB");
  }

  public Path dir() {
    return dir;
  }

  /** Runs SQL as root over the Unix socket (works with require_secure_transport too). */
  public String sql(String statements) throws IOException {
    Path in = dir.resolve("stmt.sql");
    Files.writeString(in, statements, StandardCharsets.UTF_8);
    Path out = dir.resolve("stmt.out");
    ProcessBuilder pb = new ProcessBuilder("mariadb", "--socket=" + socket(), "-uroot", "-N", "-B")
        .redirectInput(in.toFile()).redirectOutput(out.toFile()).redirectErrorStream(true);
    int rc = waitFor(pb.start(), 60);
    String text = Files.readString(out, StandardCharsets.UTF_8);
    if (rc != 0) {
      throw new IOException("mariadb client exit " + rc + ": " + text);
    }
    return text;
  }

  /** SIGKILL, as a crash would; returns when the process is gone. */
  public void kill9() {
    Process p = process;
    if (p != null) {
      p.destroyForcibly();
      try {
        p.waitFor(60, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      process = null;
    }
  }

  /** True while the server process is alive. */
  public boolean isRunning() {
    Process p = process;
    return p != null && p.isAlive();
  }

  /** SIGSTOP: the server keeps its sockets open and answers nothing, like a hung host. */
  public void pause() throws IOException {
    signal("-STOP");
  }

  /** SIGCONT after {@link #pause}. */
  public void resume() throws IOException {
    signal("-CONT");
  }

  private void signal(String sig) throws IOException {
    Process p = process;
    if (p == null) {
      throw new IOException("server not running");
    }
    int rc = waitFor(new ProcessBuilder("kill", sig, Long.toString(p.pid())).redirectErrorStream(true).start(), 30);
    if (rc != 0) {
      throw new IOException("kill " + sig + " " + p.pid() + " failed: " + rc);
    }
  }

  /** Starts the server again on the same data and port; returns when it answers. */
  public void restart() throws IOException {
    launch();
  }

  @Override
  public void close() {
    Process p = process;
    if (p == null) {
      return;
    }
    p.destroy();
    try {
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        p.waitFor(30, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      p.destroyForcibly();
    }
    process = null;
  }

  private void killQuietly() {
    Process p = process;
    if (p != null) {
      p.destroyForcibly();
    }
  }

  private Path socket() {
    Path inDir = dir.resolve("mariadbd.sock");
    // A Unix socket path must fit in 108 bytes; a deep checkout gets one in /tmp instead.
    return inDir.toString().length() < 100 ? inDir : Path.of("/tmp", "own-mariadb-" + port + ".sock");
  }

  private void launch() throws IOException {
    List<String> cmd = new ArrayList<>(List.of(MARIADBD, "--defaults-file=" + cnf));
    cmd.addAll(userArgs());
    File log = dir.resolve("stdout.log").toFile();
    process = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.appendTo(log))
        .redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
    for (int i = 0; i < 240; i++) {
      if (!process.isAlive()) {
        throw new IOException("mariadbd exited with " + process.exitValue() + "; " + tail(dir.resolve("error.log")));
      }
      if (Files.exists(socket())) {
        try {
          sql("SELECT 1;");
          return;
        } catch (IOException notYet) {
          // Still starting.
        }
      }
      sleep(250);
    }
    throw new IOException("mariadbd did not answer within 60 s; " + tail(dir.resolve("error.log")));
  }

  private static List<String> userArgs() {
    return "root".equals(System.getProperty("user.name")) ? List.of("--user=root") : List.of();
  }

  private static void exec(List<String> cmd, Path log) throws IOException {
    Process p = new ProcessBuilder(cmd).redirectOutput(log.toFile()).redirectErrorStream(true).start();
    int rc = waitFor(p, 120);
    if (rc != 0) {
      throw new IOException(String.join(" ", cmd) + " failed (" + rc + "): " + tail(log));
    }
  }

  private static int waitFor(Process p, int seconds) throws IOException {
    try {
      if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException("timed out after " + seconds + " s");
      }
      return p.exitValue();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }

  private static void killLeftover(Path dir) throws IOException {
    Path pid = dir.resolve("mariadbd.pid");
    if (!Files.exists(pid)) {
      return;
    }
    String text = Files.readString(pid, StandardCharsets.US_ASCII).strip();
    try {
      ProcessHandle.of(Long.parseLong(text)).ifPresent(h -> {
        if (h.info().command().orElse("").contains("mariadbd")) {
          h.destroyForcibly();
          h.onExit().join();
        }
      });
    } catch (NumberFormatException ignored) {
      // No usable pid: nothing to stop.
    }
  }

  /**
   * The first free port from {@code first}, or, when the environment names the ports this
   * checkout's tests may use ({@code YCSB_TEST_OWN_PORTS=LOW-HIGH}), the first free one of those.
   */
  private static int freePort(int first, String range) throws IOException {
    int last = first + 99;
    if (range != null && range.matches("\\d+-\\d+")) {
      first = Integer.parseInt(range.substring(0, range.indexOf('-')));
      last = Integer.parseInt(range.substring(range.indexOf('-') + 1));
    }
    for (int port = first; port <= last; port++) {
      try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getByName("127.0.0.1"))) {
        return port;
      } catch (IOException inUse) {
        // Try the next one.
      }
    }
    throw new IOException("no free port in " + first + ".." + last);
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  private static String tail(Path log) {
    try {
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
    } catch (IOException e) {
      return "(no " + log + ")";
    }
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
