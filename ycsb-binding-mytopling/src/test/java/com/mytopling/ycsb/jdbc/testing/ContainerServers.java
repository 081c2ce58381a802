package com.mytopling.ycsb.jdbc.testing;

import com.mytopling.ycsb.containers.DockerEngine;
import com.mytopling.ycsb.containers.ServerContainer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/**
 * The fixture's container servers: {@link ServerContainer} (Testcontainers, host network, 127.0.0.1), the code
 * scripts/ci-regression uses too. Image {@code YCSB_TEST_IMAGE} (default mysql:8.4), for MyRocks
 * {@code YCSB_TEST_MYROCKS_IMAGE} (default the same; it must be a MariaDB image with the RocksDB plugin); port: the first free one from
 * {@code YCSB_TEST_CONTAINER_PORT} (InnoDB) and the one after it (MyRocks), else any free port; user root, so that
 * shard tests may create databases; password {@code YCSB_DB_PASSWORD} (else a fixed test password). A container
 * lives until the test JVM exits.
 */
final class ContainerServers {
  private ContainerServers() {
  }

  /** Whether a Docker engine is there (without starting one: tests never start dockerd). */
  static boolean dockerAnswers() {
    try {
      return DockerEngine.answersAnywhere();
    } catch (RuntimeException | LinkageError e) {
      return false;
    }
  }

  static TestServer start(boolean myRocks) {
    String image = env("YCSB_TEST_IMAGE", ServerContainer.DEFAULT_IMAGE);
    if (myRocks) {
      image = env("YCSB_TEST_MYROCKS_IMAGE", image);
    }
    String password = env("YCSB_DB_PASSWORD", "ycsb-Test-4c1d");
    int port = freePort(myRocks);
    ServerContainer c = ServerContainer.start(image, port, "root", password,
        myRocks ? ServerContainer.Engine.ROCKSDB : ServerContainer.Engine.INNODB);
    Runtime.getRuntime().addShutdownHook(new Thread(c::close, "stop-" + image));
    return new TestServer("container " + image + " " + c.version(), c.jdbcUrl(), "root", password,
        myRocks ? "ROCKSDB" : "InnoDB");
  }

  private static String env(String name, String dflt) {
    String v = System.getenv(name);
    return v == null || v.isBlank() ? dflt : v.strip();
  }

  private static int freePort(boolean myRocks) {
    String first = System.getenv("YCSB_TEST_CONTAINER_PORT");
    try {
      if (first == null || first.isBlank()) {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
          return s.getLocalPort();
        }
      }
      int from = Integer.parseInt(first.strip()) + (myRocks ? 1 : 0);
      for (int port = from; port < from + 50; port++) {
        try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getByName("127.0.0.1"))) {
          return port;
        } catch (IOException inUse) {
          // next one
        }
      }
      throw new IllegalStateException("no free port in " + from + ".." + (from + 49) + " (YCSB_TEST_CONTAINER_PORT)");
    } catch (IOException e) {
      throw new IllegalStateException("cannot find a free port: " + e.getMessage(), e);
    } catch (NumberFormatException e) {
      throw new IllegalStateException("YCSB_TEST_CONTAINER_PORT must be a port number, got '" + first + "'");
    }
  }
}
