package com.mytopling.ycsb.core.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.core.ConfigException;
import com.mytopling.ycsb.core.Secrets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one parse of db.url / db.url.N, db.user and the password, used by the binding, file loader and verifier. */
class DbTargetTest {
  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  @Test
  void shardsAreNumberedUrls() throws Exception {
    DbTarget t = DbTarget.from(props("db.url.1", "jdbc:mysql://a/db", "db.url.2",
        "jdbc:sqlserver://b:1433;databaseName=x"), Map.of());
    assertEquals(List.of("jdbc:mysql://a/db", "jdbc:sqlserver://b:1433;databaseName=x"), t.urls);
  }

  @Test
  void shardNumbersWithGapsOrBesideDbUrlAreRefused() {
    ConfigException gap = assertThrows(ConfigException.class,
        () -> DbTarget.from(props("db.url.1", "jdbc:mysql://a/db", "db.url.3", "jdbc:mysql://c/db"), Map.of()));
    assertTrue(gap.getMessage().startsWith("db.url.3:"), gap.getMessage());
    ConfigException both = assertThrows(ConfigException.class,
        () -> DbTarget.from(props("db.url", "jdbc:mysql://a/db", "db.url.1", "jdbc:mysql://c/db"), Map.of()));
    assertTrue(both.getMessage().contains("db.url and db.url.1"), both.getMessage());
  }

  @Test
  void urlsOfADatabaseWithoutADialectAreRefusedBeforeAnyDriverSeesThem() throws Exception {
    // Before: MySQL driver options were appended and DriverManager said "No suitable driver".
    ConfigException pg = assertThrows(ConfigException.class,
        () -> DbTarget.from(props("db.url", "jdbc:postgresql://h:5432/db?password=pw7788"), Map.of()));
    assertEquals("db.url: jdbc:postgresql: URLs are not supported; the harness has dialects for MySQL/MariaDB "
        + "(jdbc:mysql:, jdbc:mysql+srv:, jdbc:mariadb:) and SQL Server (jdbc:sqlserver:, jdbc:jtds:sqlserver:)",
        pg.getMessage());
    ConfigException shard = assertThrows(ConfigException.class, () -> DbTarget.from(props("db.url.1",
        "jdbc:mysql://a/db", "db.url.2", "jdbc:oracle:thin:@h:1521:x"), Map.of()));
    assertTrue(shard.getMessage().startsWith("db.url.2: jdbc:oracle: URLs are not supported"), shard.getMessage());
    for (String ok : List.of("jdbc:mysql://h/db", "jdbc:mysql:loadbalance://h1,h2/db", "jdbc:mysql+srv://_s._tcp.h/db",
        "jdbc:mariadb://h/db", "jdbc:sqlserver://h:1433;databaseName=d", "jdbc:jtds:sqlserver://h/db")) {
      assertEquals(List.of(ok), DbTarget.from(props("db.url", ok), Map.of()).urls);
    }
  }

  @Test
  void noUrlMeansTheEmbeddedServer() throws Exception {
    assertTrue(DbTarget.from(props(), Map.of()).embedded());
  }

  @Test
  void theEmbeddedServersStartLimitIsAProperty() throws Exception {
    assertEquals(300_000, DbTarget.from(props(), Map.of()).embeddedServer.startTimeoutMs());
    assertEquals(600_000, DbTarget.from(props("db.embedded.starttimeout", "600000"), Map.of()).embeddedServer.startTimeoutMs());
    ConfigException e = assertThrows(ConfigException.class,
        () -> DbTarget.from(props("db.embedded.starttimeout", "2m"), Map.of()));
    assertEquals("db.embedded.starttimeout: '2m' is not a whole number", e.getMessage());
  }

  @Test
  void passwordComesFromPropertyThenFileThenEnvironment(@TempDir Path dir) throws Exception {
    Map<String, String> env = Map.of(Secrets.PASSWORD_ENV, "from-env");
    assertEquals("p1", DbTarget.from(props("db.passwd", "p1"), env).password);
    assertEquals("from-env", DbTarget.from(props(), env).password);
    assertNull(DbTarget.from(props(), Map.of()).password);

    Path file = dir.resolve("pw");
    Files.writeString(file, "from-file\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    assertEquals("from-file", DbTarget.from(props("db.passwdfile", file.toString()), env).password);

    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
    ConfigException e = assertThrows(ConfigException.class,
        () -> DbTarget.from(props("db.passwdfile", file.toString()), env));
    assertTrue(e.getMessage().contains("readable by group or others"), e.getMessage());
  }
}
