package com.mytopling.ycsb.jdbc.testing;

import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.MySQLContainer;

/**
 * Testcontainers MySQL 8, for developers with a Docker engine. Our CI machines have none, so
 * there this returns null at once and the fixture moves on to the next kind of server.
 */
final class DockerMySql {
  private DockerMySql() {
  }

  @SuppressWarnings("resource") // lives until the JVM exits; Testcontainers' reaper removes it
  static TestServer startIfDockerWorks() {
    if ("false".equalsIgnoreCase(System.getenv("YCSB_TEST_DOCKER"))) {
      return null;
    }
    boolean docker;
    try {
      docker = DockerClientFactory.instance().isDockerAvailable();
    } catch (RuntimeException | LinkageError e) {
      docker = false;
    }
    if (!docker) {
      return null;
    }
    MySQLContainer<?> mysql = new MySQLContainer<>("mysql:8.0").withDatabaseName("ycsb").withUsername("ycsb")
        .withPassword("ycsb");
    mysql.start();
    return new TestServer("Testcontainers " + mysql.getDockerImageName(), mysql.getJdbcUrl(), "ycsb", "ycsb", "InnoDB");
  }
}
