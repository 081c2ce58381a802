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
 * A private server that a fault test may kill, restart and configure as it likes (TLS, lock timeouts), unlike the
 * shared servers on 3307/3308: Debian's MariaDB from the host ({@link Kind#MARIADB}), or Oracle's MySQL 9.7 from the
 * Debian sid root scripts/server-root builds ({@link Kind#MYSQL}, run as root: chroot in a mount namespace of its own
 * with the data directory mounted in, as scripts/start-mysql does). Tests that do not name a kind get the one
 * {@code YCSB_TEST_OWN_SERVER} names ({@code mariadb}, the default, or {@code mysql-9.7}), so that CI's MySQL lane runs
 * the same fault tests on MySQL. Its port is the first free one from the one asked for, or from
 * {@code YCSB_TEST_OWN_PORTS} when the environment sets it. Same layout as scripts/start-mariadb: 127.0.0.1 only,
 * datadir mode 700, database {@code ycsb}, user {@code ycsb} with the given password. The test that starts it stops
 * it; a JVM that dies first takes it along (shutdown hook), and a server left by a killed test JVM is killed when the
 * same directory is used again.
 */
public final class OwnServer implements AutoCloseable {
  /** The servers a test can have of its own. */
  public enum Kind {
    MARIADB("mariadb", "MariaDB"),
    MYSQL("mysql-9.7", "MySQL");

    /** YCSB_TEST_OWN_SERVER's value, and the server-root name where the server comes from a root. */
    public final String id;
    /** The product name the binding reports for it (ServerInfo#product). */
    public final String product;

    Kind(String id, String product) {
      this.id = id;
      this.product = product;
    }

    /** The kind YCSB_TEST_OWN_SERVER names (default mariadb); an unknown name fails the test. */
    public static Kind fromEnvironment() {
      String v = System.getenv().getOrDefault("YCSB_TEST_OWN_SERVER", "mariadb").strip();
      for (Kind k : values()) {
        if (k.id.equalsIgnoreCase(v)) {
          return k;
        }
      }
      throw new IllegalStateException("YCSB_TEST_OWN_SERVER must be mariadb or mysql-9.7, got '" + v + "'");
    }
  }

  private static final String MARIADBD = Files.isExecutable(Path.of("/usr/sbin/mariadbd")) ? "/usr/sbin/mariadbd"
      : "mariadbd";
  /** Where the data directory is mounted inside a server root (scripts/server-root, lib.sh in_server_root). */
  private static final String IN_ROOT = "/srv/ycsb";

  private final Kind kind;
  private final Path dir;
  private final int port;
  private final Path cnf;
  /** The server root for {@link Kind#MYSQL}, else null. */
  private final Path root;
  private Process process;

  private OwnServer(Kind kind, Path dir, int port, Path root) {
    this.kind = kind;
    this.dir = dir;
    this.port = port;
    this.cnf = dir.resolve("my.cnf");
    this.root = root;
  }

  /** {@link #start(Kind, Path, int, String, String...)} with the kind YCSB_TEST_OWN_SERVER names. */
  public static OwnServer start(Path dir, int firstPort, String password, String... options) {
    return start(Kind.fromEnvironment(), dir, firstPort, password, options);
  }

  /**
   * Starts a fresh server (the directory is wiped) on the first free port from {@code firstPort},
   * or from the range {@code YCSB_TEST_OWN_PORTS=FIRST-LAST} when the environment gives one (for
   * machines where several checkouts run their tests side by side, each with ports of its own).
   *
   * @param options extra {@code name=value} lines for the server's section; a value naming an existing file by its
   *     absolute path (a certificate) is copied into the data directory for a server in a root, which cannot see the
   *     host's files
   */
  public static OwnServer start(Kind kind, Path dir, int firstPort, String password, String... options) {
    try {
      killLeftover(dir);
      deleteTree(dir);
      Files.createDirectories(dir);
      Files.setPosixFilePermissions(dir, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
      Path root = kind == Kind.MYSQL ? serverRoot(kind) : null;
      OwnServer db = new OwnServer(kind, dir, freePort(firstPort, System.getenv("YCSB_TEST_OWN_PORTS")), root);
      Files.write(db.cnf, db.config(options), StandardCharsets.UTF_8);
      if (kind == Kind.MYSQL) {
        Files.createDirectories(dir.resolve("files"));
        exec(db.inRoot("mysqld", "--defaults-file=" + IN_ROOT + "/my.cnf", "--initialize-insecure", "--user=root"),
            dir.resolve("install.log"));
      } else {
        List<String> install = new ArrayList<>(List.of("mariadb-install-db", "--defaults-file=" + db.cnf,
            "--auth-root-authentication-method=socket", "--skip-test-db"));
        install.addAll(userArgs());
        exec(install, dir.resolve("install.log"));
      }
      db.launch();
      String pw = password.replace("'", "''");
      db.sql("CREATE DATABASE ycsb; CREATE USER 'ycsb'@'127.0.0.1' IDENTIFIED BY '" + pw + "';"
          + " GRANT ALL ON *.* TO 'ycsb'@'127.0.0.1'; FLUSH PRIVILEGES;");
      Runtime.getRuntime().addShutdownHook(new Thread(db::killQuietly, "own-server-stop"));
      return db;
    } catch (IOException e) {
      throw new IllegalStateException("own " + kind.id + " server in " + dir + ": " + e.getMessage(), e);
    }
  }

  /** The server's my.cnf: paths as the server sees them (inside its root for MySQL). */
  private List<String> config(String... options) throws IOException {
    String home = root == null ? dir.toString() : IN_ROOT;
    List<String> lines = new ArrayList<>(List.of(root == null ? "[mariadbd]" : "[mysqld]", "datadir=" + home + "/data",
        "socket=" + (root == null ? socket().toString() : home + "/" + SOCKET), "pid-file=" + home + "/" + pidFileName(),
        "port=" + port, "bind-address=127.0.0.1", "log-error=" + home + "/error.log", "skip-name-resolve",
        "innodb_buffer_pool_size=64M", "max_connections=200"));
    if (root == null) {
      lines.add("innodb_log_file_size=48M");
    } else {
      // MySQL: no X protocol listener; its built-in secure_file_priv folder does not exist in the package.
      lines.addAll(List.of("mysqlx=OFF", "host_cache_size=0", "secure-file-priv=" + home + "/files",
          "innodb_redo_log_capacity=96M", "skip-log-bin"));
    }
    for (String option : options) {
      lines.add(root == null ? option : inRootOption(option));
    }
    return lines;
  }

  /** For a server in a root: a value that is an existing host file is copied in and named by its path there. */
  private String inRootOption(String option) throws IOException {
    int eq = option.indexOf('=');
    if (eq < 0 || !option.substring(eq + 1).startsWith("/")) {
      return option;
    }
    Path file = Path.of(option.substring(eq + 1));
    if (!Files.isRegularFile(file)) {
      return option;
    }
    Path copied = dir.resolve("files-in");
    Files.createDirectories(copied);
    Files.copy(file, copied.resolve(file.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    return option.substring(0, eq + 1) + IN_ROOT + "/files-in/" + file.getFileName();
  }

  private static final String SOCKET = "server.sock";

  private String pidFileName() {
    return kind == Kind.MYSQL ? "mysqld.pid" : "mariadbd.pid";
  }

  /** The command in the server's root, with the data directory mounted in (scripts/lib.sh, in_server_root). */
  private List<String> inRoot(String... command) {
    List<String> cmd = new ArrayList<>(List.of("unshare", "--mount", "--propagation", "private", "--", "/bin/sh", "-c",
        "r=\"$1\" d=\"$2\"; shift 2; mount --bind \"$d\" \"$r" + IN_ROOT + "\" && mount -t proc proc \"$r/proc\""
        + " && exec chroot \"$r\" \"$@\"", "own-server", root.toString(), dir.toString()));
    cmd.addAll(List.of(command));
    return cmd;
  }

  /** The root scripts/server-root builds (once; later calls print its path at once). */
  private static Path serverRoot(Kind kind) throws IOException {
    Path script = repositoryRoot().resolve("scripts").resolve("server-root");
    Path log = Files.createTempFile("server-root", ".log");
    try {
      Process p = new ProcessBuilder(script.toString(), kind.id).redirectOutput(log.toFile())
          .redirectError(ProcessBuilder.Redirect.INHERIT).start();
      int rc = waitFor(p, 1800);
      String out = Files.readString(log).strip();
      if (rc != 0 || out.isEmpty()) {
        throw new IOException("scripts/server-root " + kind.id + " failed (exit " + rc + ")");
      }
      return Path.of(out.lines().reduce((a, b) -> b).orElseThrow());
    } finally {
      Files.deleteIfExists(log);
    }
  }

  /** The checkout: the first folder up from the working directory (a module's) that holds scripts/server-root. */
  private static Path repositoryRoot() throws IOException {
    for (Path p = Path.of(System.getProperty("user.dir")).toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.isRegularFile(p.resolve("scripts").resolve("server-root"))) {
        return p;
      }
    }
    throw new IOException("no scripts/server-root above " + System.getProperty("user.dir"));
  }

  public Kind kind() {
    return kind;
  }

  public int port() {
    return port;
  }

  public String jdbcUrl() {
    return "jdbc:mysql://127.0.0.1:" + port + "/ycsb";
  }

  /** The server as a {@link TestServer} for user ycsb. */
  public TestServer server(String password) {
    return new TestServer("own " + kind.product + " on " + port, jdbcUrl(), "ycsb", password, "InnoDB");
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
    if (root != null) {
      return dir.resolve(SOCKET);
    }
    Path inDir = dir.resolve("mariadbd.sock");
    // A Unix socket path must fit in 108 bytes; a deep checkout gets one in /tmp instead.
    return inDir.toString().length() < 100 ? inDir : Path.of("/tmp", "own-mariadb-" + port + ".sock");
  }

  private void launch() throws IOException {
    List<String> cmd;
    if (root != null) {
      cmd = inRoot("mysqld", "--defaults-file=" + IN_ROOT + "/my.cnf", "--user=root");
    } else {
      cmd = new ArrayList<>(List.of(MARIADBD, "--defaults-file=" + cnf));
      cmd.addAll(userArgs());
    }
    File log = dir.resolve("stdout.log").toFile();
    process = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.appendTo(log))
        .redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
    for (int i = 0; i < 240; i++) {
      if (!process.isAlive()) {
        throw new IOException(kind.id + " server exited with " + process.exitValue() + "; "
            + tail(dir.resolve("error.log")));
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
    throw new IOException(kind.id + " server did not answer within 60 s; " + tail(dir.resolve("error.log")));
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
    for (String name : List.of("mariadbd.pid", "mysqld.pid")) {
      killProcessOf(dir.resolve(name));
    }
  }

  private static void killProcessOf(Path pid) throws IOException {
    if (!Files.exists(pid)) {
      return;
    }
    String text = Files.readString(pid, StandardCharsets.US_ASCII).strip();
    try {
      ProcessHandle.of(Long.parseLong(text)).ifPresent(h -> {
        String command = h.info().command().orElse("");
        if (command.contains("mariadbd") || command.contains("mysqld")) {
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
