package com.mytopling.ycsb.containers;

import com.mytopling.ycsb.core.dialect.UrlScheme;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.JdbcDatabaseContainer;
import org.testcontainers.containers.MariaDBContainer;
import org.testcontainers.containers.MySQLContainer;
import org.testcontainers.images.PullPolicy;
import org.testcontainers.utility.DockerImageName;

/**
 * A MySQL or MariaDB server in a container, started through Testcontainers' MySQL and MariaDB modules, on the
 * host's network and listening on 127.0.0.1:PORT only. The one place that starts a server container: the
 * integration-test fixture and scripts/ci-regression both come here.
 *
 * <p>Images: the official ones ({@link #DEFAULT_IMAGE}, {@code mariadb:11.4}, any tag), or any image taking
 * their environment variables ({@code MYSQL_*} / {@code MARIADB_*}), such as the Debian MariaDB image
 * scripts/images builds where no registry can be reached. An image whose repository name contains
 * {@code mariadb} is driven as MariaDB, every other one as MySQL.
 *
 * <p>Host networking has no port mapping: the server is told its port on its command line ({@code --port},
 * {@code --bind-address=127.0.0.1}, which every mysqld and mariadbd takes and the official entry points pass on),
 * the JDBC URL names 127.0.0.1 and that port, and Testcontainers' JDBC wait strategy connects there until the
 * server answers a query. Because the port is the host's, it must be free before the container starts: a server
 * already there would answer the wait in the container's place.
 *
 * <p>Server settings come from {@code ycsb-server-conf/<flavour>/my.cnf} (copied to /etc/mysql/conf.d, replacing
 * Testcontainers' default one, whose 1 MB max_allowed_packet refuses a batch of 1000 YCSB rows): the same buffer
 * pool, redo log, commit flushing and limits as scripts/start-mariadb gives the Debian servers.
 */
public final class ServerContainer implements AutoCloseable {
  /** The image users get by default. */
  public static final String DEFAULT_IMAGE = "mysql:8.4";
  public static final String DATABASE = "ycsb";
  private static final int STARTUP_SECONDS = 240;
  /** Images that exist only where scripts/images built them: never pulled, a clear line when missing. */
  private static final String LOCAL_IMAGE_PREFIX = "ycsb-";

  /** The default storage engine the server gets. */
  public enum Engine { INNODB, ROCKSDB }

  private final JdbcDatabaseContainer<?> container;
  private final String image;
  private final int port;
  private final String user;
  private final String password;
  private final boolean mariaDb;
  private final String version;

  private ServerContainer(JdbcDatabaseContainer<?> container, String image, int port, String user, String password,
                          boolean mariaDb) {
    this.container = container;
    this.image = image;
    this.port = port;
    this.user = user;
    this.password = password;
    this.mariaDb = mariaDb;
    this.version = queryVersion();
  }

  /**
   * Starts the server and returns when it answers a query on 127.0.0.1:{@code port}.
   *
   * @param user {@code root}, or a user that gets all rights on database {@value #DATABASE} only
   * @param password the user's (and root's) password; never printed
   */
  public static ServerContainer start(String image, int port, String user, String password, Engine engine) {
    if (image == null || image.isBlank()) {
      throw new ContainerException("no image given");
    }
    if (password == null || password.isEmpty()) {
      throw new ContainerException("a server container needs a password (YCSB_DB_PASSWORD)");
    }
    boolean mariaDb = isMariaDb(image);
    if (engine == Engine.ROCKSDB && !mariaDb) {
      throw new ContainerException(image + ": MyRocks needs a MariaDB image with the RocksDB plugin (the one "
          + "scripts/images builds has it); MySQL images have no RocksDB engine");
    }
    requireFreePort(port);
    DockerEngine.requireDockerHostAnswers();
    requireLocalImageIfOurs(image);
    List<String> command = new ArrayList<>(List.of("--port=" + port, "--bind-address=127.0.0.1"));
    if (engine == Engine.ROCKSDB) {
      command.addAll(List.of("--plugin-load-add=ha_rocksdb.so", "--default-storage-engine=ROCKSDB"));
    }
    DockerImageName name = DockerImageName.parse(image).asCompatibleSubstituteFor(mariaDb ? "mariadb" : "mysql");
    JdbcDatabaseContainer<?> c = mariaDb ? new HostMariaDb(name, port) : new HostMySql(name, port);
    LogTail logs = new LogTail();
    c.withDatabaseName(DATABASE).withUsername(user).withPassword(password);
    c.withNetworkMode("host").withCommand(command.toArray(String[]::new))
        // Pull only what the engine lacks (official images on a machine that can reach Docker Hub).
        .withImagePullPolicy(PullPolicy.defaultPolicy())
        .withStartupTimeoutSeconds(STARTUP_SECONDS)
        .withLogConsumer(logs);
    if (mariaDb) {
      ((HostMariaDb) c).withConfigurationOverride("ycsb-server-conf/mariadb");
    } else {
      ((HostMySql) c).withConfigurationOverride("ycsb-server-conf/mysql");
    }
    try {
      c.start();
    } catch (RuntimeException e) {
      c.stop();
      throw new ContainerException(image + " did not start on 127.0.0.1:" + port + ": " + rootMessage(e)
          + ryukHint(e) + (logs.text().isEmpty() ? "" : "; last lines of its log:\n" + logs.text()), e);
    }
    return new ServerContainer(c, image, port, user, password, mariaDb);
  }

  static boolean isMariaDb(String image) {
    String repository = image.contains("@") ? image.substring(0, image.indexOf('@')) : image;
    int slash = repository.lastIndexOf('/');
    int colon = repository.lastIndexOf(':');
    if (colon > slash) {
      repository = repository.substring(0, colon);
    }
    return repository.substring(slash + 1).toLowerCase(Locale.ROOT).contains("mariadb");
  }

  private static void requireFreePort(int port) {
    if (port < 1 || port > 65535) {
      throw new ContainerException("port " + port + " is not a TCP port");
    }
    try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getByName("127.0.0.1"))) {
      s.setReuseAddress(true);
    } catch (IOException inUse) {
      throw new ContainerException("port " + port + " on 127.0.0.1 is in use: with host networking the server "
          + "needs a free one (choose another port)");
    }
  }

  private static void requireLocalImageIfOurs(String image) {
    if (!image.startsWith(LOCAL_IMAGE_PREFIX)) {
      return;
    }
    try {
      DockerClientFactory.instance().client().inspectImageCmd(image).exec();
    } catch (RuntimeException e) {
      if (e.getClass().getSimpleName().equals("NotFoundException")) {
        throw new ContainerException("image " + image + " is not in the Docker engine: build it with scripts/images");
      }
      throw new ContainerException("cannot reach the Docker engine: " + rootMessage(e) + ryukHint(e), e);
    }
  }

  /** What to set when Testcontainers trips over an engine without registry access or bridge network. */
  private static String ryukHint(RuntimeException e) {
    String all = String.valueOf(e) + e.getCause();
    if (all.contains("network bridge not found")) {
      return " (Testcontainers takes this machine for a container (/.dockerenv) and looks for the engine's bridge "
          + "network, which a dockerd started with --bridge=none does not have: set TESTCONTAINERS_HOST_OVERRIDE="
          + "127.0.0.1; with host networking that is where every server is)";
    }
    return all.contains("ryuk") && !"true".equalsIgnoreCase(System.getenv("TESTCONTAINERS_RYUK_DISABLED"))
        ? " (Testcontainers' Ryuk image cannot be pulled here: set TESTCONTAINERS_RYUK_DISABLED=true; the harness "
        + "stops its containers itself)" : "";
  }

  static String rootMessage(Throwable e) {
    Throwable t = e;
    String message = e.getMessage();
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
      if (t.getMessage() != null) {
        message = t.getMessage();
      }
    }
    return message == null ? e.getClass().getSimpleName() : message.lines().findFirst().orElse(message);
  }

  private String queryVersion() {
    try (Connection conn = container.createConnection(""); Statement s = conn.createStatement();
         ResultSet rs = s.executeQuery("SELECT VERSION(), @@default_storage_engine")) {
      rs.next();
      return rs.getString(1) + " (default engine " + rs.getString(2) + ")";
    } catch (SQLException | JdbcDatabaseContainer.NoDriverFoundException e) {
      container.stop();
      throw new ContainerException(image + " started but does not answer on 127.0.0.1:" + port + ": "
          + rootMessage(e), e);
    }
  }

  public String image() {
    return image;
  }

  public int port() {
    return port;
  }

  public String user() {
    return user;
  }

  public String password() {
    return password;
  }

  /** VERSION() and the default storage engine, as the server reports them. */
  public String version() {
    return version;
  }

  /**
   * The URL for the harness: {@code jdbc:mysql://} for both flavours, as the Debian servers' (the binding picks
   * MariaDB Connector/J for MariaDB servers by itself). MySQL 8's caching_sha2_password may need the server's
   * public key on a first connection without TLS; retrieving it is harmless on loopback.
   */
  public String jdbcUrl() {
    return UrlScheme.MYSQL.url("127.0.0.1", port, DATABASE) + (mariaDb ? "" : "?allowPublicKeyRetrieval=true");
  }

  /** "IMAGE at URL", the words scripts print. */
  @Override
  public String toString() {
    return image + " at " + jdbcUrl();
  }

  @Override
  public void close() {
    container.stop();
  }

  /** MariaDB on the host network: the URL names the port the server was told, not a mapped one. */
  private static final class HostMariaDb extends MariaDBContainer<HostMariaDb> {
    private final int port;

    HostMariaDb(DockerImageName image, int port) {
      super(image);
      this.port = port;
      setExposedPorts(new ArrayList<>());
    }

    @Override
    public String getJdbcUrl() {
      return UrlScheme.MARIADB.url("127.0.0.1", port, getDatabaseName());
    }
  }

  /** MySQL on the host network: the URL names the port the server was told, not a mapped one. */
  private static final class HostMySql extends MySQLContainer<HostMySql> {
    private final int port;

    HostMySql(DockerImageName image, int port) {
      super(image);
      this.port = port;
      setExposedPorts(new ArrayList<>());
    }

    @Override
    public String getJdbcUrl() {
      return UrlScheme.MYSQL.url("127.0.0.1", port, getDatabaseName());
    }
  }

  /** The last lines a container printed, for the error message when it does not come up. */
  private static final class LogTail implements java.util.function.Consumer<org.testcontainers.containers.output.OutputFrame> {
    private final StringBuilder text = new StringBuilder();

    @Override
    public synchronized void accept(org.testcontainers.containers.output.OutputFrame frame) {
      text.append(frame.getUtf8String());
      if (text.length() > 4000) {
        text.delete(0, text.length() - 4000);
      }
    }

    synchronized String text() {
      return text.toString().strip();
    }
  }
}
