package com.mytopling.ycsb.containers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** How an image is driven, and the checks made before any container starts. */
class ServerContainerTest {
  @Test
  void mariaDbImagesAreRecognisedByTheirRepositoryName() {
    assertTrue(ServerContainer.isMariaDb("mariadb:11.4"));
    assertTrue(ServerContainer.isMariaDb("ycsb-mariadb:10.11"));
    assertTrue(ServerContainer.isMariaDb("registry.example:5000/library/mariadb@sha256:0123"));
    assertFalse(ServerContainer.isMariaDb("mysql:8.4"));
    assertFalse(ServerContainer.isMariaDb("percona/percona-server:8.0"));
    // A registry host or tag naming MariaDB does not make a MySQL image MariaDB.
    assertFalse(ServerContainer.isMariaDb("mariadb.example:5000/mysql:8.4"));
    assertFalse(ServerContainer.isMariaDb("mysql:mariadb-compat"));
  }

  @Test
  void myRocksOnAMySqlImageIsRefused() {
    ContainerException e = assertThrows(ContainerException.class,
        () -> ServerContainer.start("mysql:8.4", 1, "root", "pw", ServerContainer.Engine.ROCKSDB));
    assertTrue(e.getMessage().contains("MyRocks needs a MariaDB image"), e.getMessage());
  }

  @Test
  void noPasswordIsRefused() {
    ContainerException e = assertThrows(ContainerException.class,
        () -> ServerContainer.start("mysql:8.4", 3306, "root", "", ServerContainer.Engine.INNODB));
    assertEquals("a server container needs a password (YCSB_DB_PASSWORD)", e.getMessage());
  }
}
