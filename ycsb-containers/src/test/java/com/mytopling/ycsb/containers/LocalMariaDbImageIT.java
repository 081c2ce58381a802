package com.mytopling.ycsb.containers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MariaDB image scripts/images builds from Debian's packages (YCSB_TEST_LOCAL_IMAGE, default
 * ycsb-mariadb:10.11), driven as users drive the official image: through Testcontainers' MariaDB module
 * ({@link ServerContainer}) and through docker run with the official environment variables, on the host network.
 */
class LocalMariaDbImageIT {
  private static final String IMAGE = System.getenv().getOrDefault("YCSB_TEST_LOCAL_IMAGE", "ycsb-mariadb:10.11");
  private static final String PASSWORD = "Pw-Local-9e2b";

  @TempDir
  Path tmp;

  @BeforeAll
  static void image() throws Exception {
    Docker.requireImage(IMAGE);
  }

  static int freePort() throws IOException {
    String first = System.getenv("YCSB_TEST_CONTAINER_PORT");
    int from = first == null || first.isBlank() ? 0 : Integer.parseInt(first.strip()) + 10;
    for (int port = from; port < from + 50; port++) {
      try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getByName("127.0.0.1"))) {
        return s.getLocalPort();
      } catch (IOException inUse) {
        // next
      }
    }
    throw new IOException("no free port from " + from);
  }

  private static Connection connect(int port, String db, String user, String password) throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", user);
    p.setProperty("password", password);
    return DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + port + "/" + db, p);
  }

  private static String one(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }

  @Test
  void testcontainersDrivesItOnTheHostNetworkWithTheHarnessSettings() throws Exception {
    int port = freePort();
    try (ServerContainer c = ServerContainer.start(IMAGE, port, "ycsb", PASSWORD, ServerContainer.Engine.INNODB);
         Connection conn = connect(port, "ycsb", "ycsb", PASSWORD)) {
      assertEquals("jdbc:mysql://127.0.0.1:" + port + "/ycsb", c.jdbcUrl());
      assertTrue(c.version().startsWith("10.11.") && c.version().endsWith("(default engine InnoDB)"), c.version());
      assertEquals("127.0.0.1", one(conn, "SELECT @@bind_address"));
      assertEquals(Integer.toString(port), one(conn, "SELECT @@port"));
      // ycsb-server-conf/mariadb/my.cnf, not Testcontainers' default (1 MB packets, 16 MB buffer pool).
      assertEquals(Long.toString(256L << 20), one(conn, "SELECT @@max_allowed_packet"));
      assertEquals(Long.toString(256L << 20), one(conn, "SELECT @@innodb_buffer_pool_size"));
      assertEquals("2", one(conn, "SELECT @@innodb_flush_log_at_trx_commit"));
      // The RocksDB plugin is installed but not loaded unless asked for.
      assertEquals("0", one(conn, "SELECT COUNT(*) FROM information_schema.ENGINES WHERE ENGINE = 'ROCKSDB'"));
      try (Statement s = conn.createStatement()) {
        s.execute("CREATE TABLE t (k INT PRIMARY KEY)");
        s.execute("INSERT INTO t VALUES (1), (2)");
      }
      assertEquals("2", one(conn, "SELECT COUNT(*) FROM t"));
    }
    try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getByName("127.0.0.1"))) {
      assertEquals(port, s.getLocalPort(), "the server is gone and its port free again after close()");
    }
  }

  @Test
  void rocksDbEngineMakesItAMyRocksServer() throws Exception {
    int port = freePort();
    try (ServerContainer c = ServerContainer.start(IMAGE, port, "root", PASSWORD, ServerContainer.Engine.ROCKSDB);
         Connection conn = connect(port, "ycsb", "root", PASSWORD)) {
      assertTrue(c.version().endsWith("(default engine ROCKSDB)"), c.version());
      try (Statement s = conn.createStatement()) {
        s.execute("CREATE TABLE r (k INT PRIMARY KEY, v VARCHAR(10))");
      }
      assertEquals("ROCKSDB", one(conn, "SELECT ENGINE FROM information_schema.TABLES WHERE TABLE_NAME = 'r'"));
    }
  }

  @Test
  void aPortInUseIsRefusedBeforeAnythingStarts() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      ContainerException e = assertThrows(ContainerException.class,
          () -> ServerContainer.start(IMAGE, taken.getLocalPort(), "ycsb", PASSWORD, ServerContainer.Engine.INNODB));
      assertTrue(e.getMessage().contains("is in use"), e.getMessage());
    }
  }

  @Test
  void officialEnvironmentWithSecretFilesAndNoPasswordInTheLog() throws Exception {
    Path secrets = Files.createDirectories(tmp.resolve("secrets"));
    Files.writeString(secrets.resolve("root"), PASSWORD + "-root\n");
    Files.writeString(secrets.resolve("user"), PASSWORD + "-user\n");
    Files.setPosixFilePermissions(secrets.resolve("root"), PosixFilePermissions.fromString("r--r--r--"));
    int port = freePort();
    String name = "ycsb-image-it-" + ProcessHandle.current().pid();
    Docker.Result run = Docker.run(Map.of(), "run", "-d", "--name", name, "--network", "host",
        "-v", secrets + ":/run/secrets:ro", "-e", "MARIADB_ROOT_PASSWORD_FILE=/run/secrets/root",
        "-e", "MARIADB_DATABASE=shop", "-e", "MARIADB_USER=clerk", "-e", "MARIADB_PASSWORD_FILE=/run/secrets/user",
        IMAGE, "--port=" + port);
    assertEquals(0, run.exit(), run.toString());
    try {
      Connection conn = null;
      for (int i = 0; i < 240 && conn == null; i++) {
        try {
          conn = connect(port, "shop", "clerk", PASSWORD + "-user");
        } catch (SQLException notYet) {
          Thread.sleep(250);
        }
      }
      assertTrue(conn != null, "clerk could not log in: " + Docker.run(Map.of(), "logs", name));
      try (Connection c = conn) {
        assertEquals("shop", one(c, "SELECT DATABASE()"));
        assertEquals("127.0.0.1", one(c, "SELECT @@bind_address"));
      }
      try (Connection root = connect(port, "shop", "root", PASSWORD + "-root")) {
        assertEquals("1", one(root, "SELECT 1"));
      }
      assertThrows(SQLException.class, () -> connect(port, "shop", "clerk", "wrong").close());
      Docker.Result logs = Docker.run(Map.of(), "logs", name);
      assertFalse((logs.out() + logs.err()).contains(PASSWORD), "a password in the container's log");
      assertTrue(logs.err().contains("initialized") || logs.out().contains("initialized"), logs.toString());
    } finally {
      Docker.run(Map.of(), "rm", "-f", name);
    }
  }
}
