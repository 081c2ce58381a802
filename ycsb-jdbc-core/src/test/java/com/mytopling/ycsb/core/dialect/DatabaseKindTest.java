package com.mytopling.ycsb.core.dialect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.core.ConfigException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The one list of database kinds and URL schemes, and what is derived from it. */
class DatabaseKindTest {
  @Test
  void theSchemeOfAUrlAndItsFamily() {
    assertSame(UrlScheme.MYSQL, UrlScheme.of("jdbc:mysql://h:3306/db"));
    assertSame(UrlScheme.MYSQL, UrlScheme.of("jdbc:mysql:loadbalance://h1,h2/db"));
    assertSame(UrlScheme.MYSQL_SRV, UrlScheme.of("jdbc:mysql+srv://_mysql._tcp.example/db"));
    assertSame(UrlScheme.MARIADB, UrlScheme.of("JDBC:MariaDB://h/db"));
    assertSame(UrlScheme.SQLSERVER, UrlScheme.of("jdbc:sqlserver://h:1433;databaseName=ycsb"));
    assertSame(UrlScheme.JTDS, UrlScheme.of("jdbc:jtds:sqlserver://h/ycsb"));
    assertNull(UrlScheme.of("jdbc:postgresql://h/db"));
    assertTrue(UrlScheme.isSqlServer("jdbc:jtds:sqlserver://h/ycsb"));
    assertFalse(UrlScheme.isSqlServer("jdbc:mariadb://h/db"));
    assertFalse(UrlScheme.isSqlServer("jdbc:postgresql://h/db"));
    assertEquals(List.of("jdbc:mysql:", "jdbc:mysql+srv:", "jdbc:mariadb:"), UrlScheme.prefixes(UrlScheme.Family.MYSQL));
  }

  @Test
  void theUrlsTheHarnessWritesForItsOwnServers() {
    assertEquals("jdbc:mysql://127.0.0.1:3306/ycsb", UrlScheme.MYSQL.url("127.0.0.1", 3306, "ycsb"));
    assertEquals("jdbc:mariadb://127.0.0.1:3307/test", UrlScheme.MARIADB.url("127.0.0.1", 3307, "test"));
    assertEquals("jdbc:sqlserver://127.0.0.1:1433;databaseName=ycsb", UrlScheme.SQLSERVER.url("127.0.0.1", 1433,
        "ycsb"));
    // every URL the harness writes is one it recognises again, with the scheme it was written with
    for (UrlScheme s : UrlScheme.values()) {
      assertSame(s, UrlScheme.of(s.url("h", 1, "d")), s.name());
    }
  }

  @Test
  void dialectNamesAndTargetNamesComeFromTheOneList() throws ConfigException {
    assertEquals(List.of("mysql", "mariadb", "myrocks", "mytopling", "sqlserver"), DatabaseKind.dialectNames());
    assertEquals(List.of("embedded", "mysql", "mariadb", "myrocks", "mytopling", "sqlserver", "azure-sql"),
        DatabaseKind.targetNames());
    assertInstanceOf(MyRocksDialect.class, Dialects.byName("MyRocks"));
    assertInstanceOf(MyToplingDialect.class, Dialects.byName("mytopling"));
    assertInstanceOf(SqlServerDialect.class, Dialects.byName("sqlserver"));
    assertSame(MySqlDialect.class, Dialects.byName("mariadb").getClass());
    ConfigException e = assertThrows(ConfigException.class, () -> Dialects.byName("postgres"));
    assertEquals("unknown dialect 'postgres' (mysql, mariadb, myrocks, mytopling, sqlserver)", e.getMessage());
    // a kind's dialect serves the kind's scheme's family
    for (DatabaseKind k : DatabaseKind.values()) {
      assertEquals(k.scheme.family == UrlScheme.Family.SQLSERVER, k.dialect() instanceof SqlServerDialect, k.name());
    }
  }

  @Test
  void aUrlOfAnotherDatabaseIsRefusedNamingTheSchemesOfTheList() {
    ConfigException e = assertThrows(ConfigException.class,
        () -> Dialects.checkSupported("db.url", "jdbc:postgresql://h/db"));
    assertEquals("db.url: jdbc:postgresql: URLs are not supported; the harness has dialects for MySQL/MariaDB "
        + "(jdbc:mysql:, jdbc:mysql+srv:, jdbc:mariadb:) and SQL Server (jdbc:sqlserver:, jdbc:jtds:sqlserver:)",
        e.getMessage());
  }
}
