package com.mytopling.ycsb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.jdbc.testing.OwnServer;
import com.mytopling.ycsb.jdbc.testing.StoredRows;
import com.mytopling.ycsb.jdbc.testing.TestServer;
import com.mytopling.ycsb.jdbc.testing.TestServers;
import com.mytopling.ycsb.jdbc.testing.YcsbProcess;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The table's shape follows the engine asked for with db.engine, not the dialect detected from
 * the server's default engine (issue 11, point 4). MariaDB with the RocksDB plugin loaded and
 * InnoDB as its default engine, a common setup, is detected as the mysql dialect; a ROCKSDB
 * table there needs MyRocks' key column (a utf8mb4 VARCHAR(255) key is 1020 bytes, over
 * RocksDB's 767-byte key limit: "Specified key was too long"). The other way round, an InnoDB
 * table on the MyRocks server gets the utf8mb4 key. Every row is read back.
 */
class TableEngineIT {
  private static final String PASSWORD = "Engine-Pw-5521";
  /** Own server: RocksDB plugin loaded, InnoDB the default (as Debian's mariadb-plugin-rocksdb installs it). */
  private static OwnServer mixed;

  @BeforeAll
  static void startMixedServer() {
    mixed = OwnServer.start(OwnServer.Kind.MARIADB,
        Path.of("target", "own-mariadb-engines").toAbsolutePath(), 3350, PASSWORD,
        "plugin-load-add=ha_rocksdb.so", "default-storage-engine=InnoDB", "rocksdb_block_cache_size=32M");
  }

  @AfterAll
  static void stopMixedServer() {
    if (mixed != null) {
      mixed.close();
    }
  }

  private static YcsbProcess.Result load(TestServer server, String table, String engine) {
    return YcsbProcess.run(BindingIT.args(server, List.of(server.jdbcUrl()), table, "-load", "-P",
        BindingIT.WORKLOADS.resolve("workloada").toString(), "-threads", "4", "-p", "db.createtable=true",
        "-p", "db.droptable=true", "-p", "db.engine=" + engine, "-p", "db.batchsize=50",
        "-p", "jdbc.batchupdateapi=true"));
  }

  /** ENGINE and the key column's character set as the server reports them. */
  private static List<String> shape(TestServer server, String table) throws Exception {
    try (Connection c = server.connect(); PreparedStatement ps = c.prepareStatement(
        "SELECT t.ENGINE, k.CHARACTER_SET_NAME FROM information_schema.TABLES t JOIN information_schema.COLUMNS k"
            + " ON k.TABLE_SCHEMA = t.TABLE_SCHEMA AND k.TABLE_NAME = t.TABLE_NAME AND k.COLUMN_NAME = 'YCSB_KEY'"
            + " WHERE t.TABLE_SCHEMA = DATABASE() AND t.TABLE_NAME = ?")) {
      ps.setString(1, table);
      try (ResultSet rs = ps.executeQuery()) {
        assertTrue(rs.next(), "table " + table + " exists");
        return List.of(rs.getString(1).toUpperCase(java.util.Locale.ROOT), rs.getString(2));
      }
    }
  }

  private static void assertLoaded(TestServer server, String table, YcsbProcess.Result r) throws Exception {
    assertEquals(0, r.exitCode, r::toString);
    StoredRows.read(server, List.of(server.jdbcUrl()), table, 10)
        .assertLoadedExactly(BindingIT.keyProps(), BindingIT.RECORDS, 1, BindingIT.FIELD_LENGTH);
  }

  @Test
  void rocksDbTableOnAServerWhoseDefaultIsInnoDb() throws Exception {
    TestServer server = mixed.server(PASSWORD);
    YcsbProcess.Result r = load(server, "engine_rocks", "ROCKSDB");
    assertTrue(r.stderr.contains("[mytopling] connected: dialect=mysql") && r.stderr.contains("engine=ROCKSDB"),
        r::toString);
    assertLoaded(server, "engine_rocks", r);
    assertEquals(List.of("ROCKSDB", "latin1"), shape(server, "engine_rocks"));
  }

  @Test
  void innoDbTableOnTheMyRocksServerKeepsTheUtf8Key() throws Exception {
    TestServer server = TestServers.rocksdb();
    YcsbProcess.Result r = load(server, "engine_innodb", "InnoDB");
    assertTrue(r.stderr.contains("[mytopling] connected: dialect=myrocks"), r::toString);
    assertLoaded(server, "engine_innodb", r);
    assertEquals(List.of("INNODB", "utf8mb4"), shape(server, "engine_innodb"));
  }

  @Test
  void eachServersDefaultEngineKeepsItsShape() throws Exception {
    TestServer rocks = TestServers.rocksdb();
    assertLoaded(rocks, "engine_default_rocks", load(rocks, "engine_default_rocks", "ROCKSDB"));
    assertEquals(List.of("ROCKSDB", "latin1"), shape(rocks, "engine_default_rocks"));
    TestServer innodb = TestServers.innodb();
    assertLoaded(innodb, "engine_default_innodb", load(innodb, "engine_default_innodb", "InnoDB"));
    assertEquals(List.of("INNODB", "utf8mb4"), shape(innodb, "engine_default_innodb"));
  }
}
