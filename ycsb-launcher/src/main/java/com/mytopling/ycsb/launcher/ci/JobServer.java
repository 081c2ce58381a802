package com.mytopling.ycsb.launcher.ci;

import com.mytopling.ycsb.containers.ServerContainer;
import com.mytopling.ycsb.core.dialect.UrlScheme;
import com.mytopling.ycsb.launcher.JobFailed;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * The database server a CI job measures: a container started through Testcontainers (host network), or a Debian
 * MariaDB started by scripts/start-mariadb. Both listen on 127.0.0.1 and have database and user {@code ycsb}.
 */
final class JobServer implements AutoCloseable {
  static final String USER = "ycsb";

  private final String kind;
  private final String image;
  private final String url;
  private final String version;
  private final AutoCloseable stop;

  private JobServer(String kind, String image, String url, String version, AutoCloseable stop) {
    this.kind = kind;
    this.image = image;
    this.url = url;
    this.version = version;
    this.stop = stop;
  }

  static JobServer container(String image, int port, String password) {
    ServerContainer c = ServerContainer.start(image, port, USER, password, ServerContainer.Engine.INNODB);
    return new JobServer("container", image, c.jdbcUrl(), c.version(), c);
  }

  /** scripts/start-mariadb on a port that must be free (so that we stop only a server we started). */
  static JobServer debianMariaDb(Path root, int port, String password, PrintStream err)
      throws JobFailed {
    if (!portFree(port)) {
      throw new JobFailed("port " + port + " on 127.0.0.1 is in use; choose another with --port");
    }
    Path datadir = root.resolve(".local").resolve("ci-mariadb-" + port);
    int rc = script(root, List.of("start-mariadb", "--port", Integer.toString(port), "--datadir", datadir.toString()),
        password, err);
    if (rc != 0) {
      throw new JobFailed("scripts/start-mariadb failed (exit " + rc + ")");
    }
    String url = UrlScheme.MYSQL.url("127.0.0.1", port, "ycsb");
    AutoCloseable stop = () -> script(root, List.of("stop-mariadb", "--port", Integer.toString(port), "--datadir",
        datadir.toString()), password, err);
    try {
      return new JobServer("mariadb", null, url, query(url, password), stop);
    } catch (SQLException e) {
      closeQuietly(stop);
      throw new JobFailed("the MariaDB server on port " + port + " does not answer: " + e.getMessage());
    }
  }

  private static int script(Path root, List<String> args, String password, PrintStream err) {
    List<String> cmd = new java.util.ArrayList<>(List.of(root.resolve("scripts").resolve(args.get(0)).toString()));
    cmd.addAll(args.subList(1, args.size()));
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.INHERIT);
    pb.environment().put("YCSB_DB_PASSWORD", password);
    try {
      return pb.start().waitFor();
    } catch (IOException e) {
      err.println("ci-regression: cannot run scripts/" + args.get(0) + ": " + e.getMessage());
      return 1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 1;
    }
  }

  private static String query(String url, String password) throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", USER);
    p.setProperty("password", password);
    try (Connection c = DriverManager.getConnection(url, p); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT VERSION(), @@default_storage_engine")) {
      rs.next();
      return rs.getString(1) + " (default engine " + rs.getString(2) + ")";
    }
  }

  static boolean portFree(int port) {
    try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getByName("127.0.0.1"))) {
      return s.isBound();
    } catch (IOException inUse) {
      return false;
    }
  }

  /** "container IMAGE at URL" or "mariadb at URL": the line scripts print. */
  String describe() {
    return image == null ? kind + " at " + url : kind + " " + image + " at " + url;
  }

  /** What the server is, for a baseline's recording conditions: kind, image and version. */
  String identity() {
    return (image == null ? kind : kind + " " + image) + ", " + version;
  }

  /** A name for files and baselines: "mariadb", or the image with its punctuation made plain ("mysql-8.4"). */
  String shortName() {
    if (image == null) {
      return kind;
    }
    String name = image.substring(image.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
    return name.replaceAll("[^a-z0-9.]+", "-");
  }

  String url() {
    return url;
  }

  String version() {
    return version;
  }

  @Override
  public void close() {
    closeQuietly(stop);
  }

  private static void closeQuietly(AutoCloseable c) {
    try {
      c.close();
    } catch (Exception e) {
      // Stopping is best effort; the container engine or stop-mariadb reported their own trouble.
    }
  }
}
