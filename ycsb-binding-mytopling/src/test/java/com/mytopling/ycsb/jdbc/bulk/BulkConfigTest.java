package com.mytopling.ycsb.jdbc.bulk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.jdbc.BindingConfig;
import com.mytopling.ycsb.core.ConfigException;
import com.mytopling.ycsb.core.dialect.TableLayout;
import com.mytopling.ycsb.core.dialect.UpsertMode;
import com.mytopling.ycsb.core.dialect.MyRocksDialect;
import com.mytopling.ycsb.core.dialect.MySqlDialect;
import com.mytopling.ycsb.core.dialect.SqlServerDialect;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class BulkConfigTest {
  private static BindingConfig config(String... kv) throws ConfigException {
    Properties p = new Properties();
    p.setProperty("db.url", "jdbc:mysql://h/db");
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return BindingConfig.from(p, Map.of());
  }

  @Test
  void defaultsKeepMultiRowInsertsUnsortedAndTheUrlsDriver() throws Exception {
    BindingConfig c = config();
    assertEquals(BulkMode.AUTO, c.bulkMode);
    assertFalse(c.bulkSort);
    assertFalse(c.rocksdbBulkLoad);
    assertEquals(com.mytopling.ycsb.core.connect.DbTarget.DEFAULT_MYSQL_DRIVER, c.target.mysqlDriver);
  }

  @Test
  void parsesEachMode() throws Exception {
    assertEquals(BulkMode.LOADDATA, config("db.bulkload", " LoadData ").bulkMode);
    assertEquals(BulkMode.BATCHAPI, config("db.bulkload", "batchapi").bulkMode);
    assertEquals(BulkMode.INSERT, config("db.bulkload", "insert").bulkMode);
    assertTrue(config("db.bulksort", "true").bulkSort);
    assertTrue(config("db.rocksdb.bulkload", "true").rocksdbBulkLoad);
    assertEquals("mariadb", config("db.mysqldriver", "MariaDB").target.mysqlDriver);
  }

  @Test
  void autoIsTheBinaryBulkCommandOnMariaDbConnectorJAndMultiRowInsertElsewhere() {
    assertEquals(BulkMode.BATCHAPI, BulkMode.AUTO.resolve("jdbc:mariadb://h:3306/db"));
    assertEquals(BulkMode.INSERT, BulkMode.AUTO.resolve("jdbc:mysql://h:3306/db"));
    assertEquals(BulkMode.INSERT, BulkMode.AUTO.resolve("jdbc:sqlserver://h:1433"));
    // An explicit choice is never changed by the driver.
    assertEquals(BulkMode.INSERT, BulkMode.INSERT.resolve("jdbc:mariadb://h:3306/db"));
    assertEquals(BulkMode.LOADDATA, BulkMode.LOADDATA.resolve("jdbc:mariadb://h:3306/db"));
  }

  @Test
  void skippingExistingRowsNeverUsesTheBatchApi() throws Exception {
    assertEquals(BulkMode.INSERT, config("db.insertexisting", "skip").bulkMode);
    assertEquals(BulkMode.LOADDATA, config("db.insertexisting", "skip", "db.bulkload", "loaddata").bulkMode);
    ConfigException e = assertThrows(ConfigException.class,
        () -> config("db.insertexisting", "skip", "db.bulkload", "batchapi"));
    assertTrue(e.getMessage().startsWith("db.bulkload=batchapi cannot skip existing rows"), e.getMessage());
  }

  @Test
  void badValuesNameTheProperty() {
    assertTrue(assertThrows(ConfigException.class, () -> config("db.bulkload", "copy")).getMessage().startsWith("db.bulkload"));
    assertTrue(assertThrows(ConfigException.class, () -> config("db.mysqldriver", "jtds")).getMessage()
        .startsWith("db.mysqldriver"));
    assertTrue(assertThrows(ConfigException.class, () -> config("db.bulkload", "loaddata", "db.upsert", "true"))
        .getMessage().contains("cannot update existing rows"));
  }

  @Test
  void loadDataSqlNamesEveryColumnAndTheDuplicatePolicy() {
    TableLayout t = new TableLayout("usertable", List.of("field0", "field1"));
    String ignore = new MySqlDialect().loadData(t, t.allFields(), UpsertMode.NONE);
    assertEquals("LOAD DATA LOCAL INFILE 'ycsb-batch.tsv' IGNORE INTO TABLE usertable CHARACTER SET utf8mb4"
        + " FIELDS TERMINATED BY '\\t' ESCAPED BY '\\\\' LINES TERMINATED BY '\\n' (YCSB_KEY, FIELD0, FIELD1)", ignore);
    assertTrue(new MySqlDialect().loadData(t, 1, UpsertMode.REPLACE).contains(" REPLACE INTO TABLE usertable"));
    assertNull(new SqlServerDialect().loadData(t, 1, UpsertMode.NONE));
  }

  @Test
  void bulkModesAddTheDriverSettingsTheyNeed() {
    assertEquals(Map.of("allowLoadLocalInfile", "true"),
        new MySqlDialect().loadDataDriverDefaults("jdbc:mysql://h/db"));
    assertEquals(Map.of("allowLocalInfile", "true"),
        new MySqlDialect().loadDataDriverDefaults("jdbc:mariadb://h/db"));
    assertEquals(Map.of("useBulkCopyForBatchInsert", "true"),
        new SqlServerDialect().batchApiDriverDefaults("jdbc:sqlserver://h"));
    assertTrue(new SqlServerDialect().loadDataDriverDefaults("jdbc:sqlserver://h").isEmpty());
  }

  @Test
  void onlyMyRocksHasABulkLoadSession() {
    assertNull(new MySqlDialect().bulkLoadStart());
    assertEquals(List.of("SET SESSION rocksdb_bulk_load_allow_unsorted=1", "SET SESSION rocksdb_bulk_load=1"),
        List.of(new MyRocksDialect().bulkLoadStart()));
    assertEquals("SET SESSION rocksdb_bulk_load=0", new MyRocksDialect().bulkLoadFinish());
  }
}
