package com.mytopling.ycsb.core.dialect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.core.dialect.TableLayout;
import com.mytopling.ycsb.core.dialect.UpsertMode;
import java.util.List;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.insert.Insert;
import net.sf.jsqlparser.statement.merge.Merge;
import net.sf.jsqlparser.statement.select.Select;
import org.junit.jupiter.api.Test;

/**
 * The SQL each dialect generates. MySQL-family SQL is also run against real servers by the
 * integration tests; SQL Server's cannot be (no SQL Server runs on our machines), so here it
 * is compared with the syntax Microsoft documents (TOP (n), MERGE ... WITH (HOLDLOCK), table
 * value constructors, the 2100-parameter and 1000-row limits) and parsed by a SQL parser.
 */
class DialectSqlTest {
  private final TableLayout t = new TableLayout("usertable", List.of("field0", "field1", "field2"));
  private final Dialect mysql = new MySqlDialect();
  private final Dialect mssql = new SqlServerDialect();

  private static Statement parse(String sql) throws Exception {
    return CCJSqlParserUtil.parse(sql);
  }

  @Test
  void mysqlStatements() throws Exception {
    assertEquals("SELECT FIELD0, FIELD1, FIELD2 FROM usertable WHERE YCSB_KEY = ?", mysql.read(t, t.allFields()));
    assertEquals("SELECT FIELD1 FROM usertable WHERE YCSB_KEY = ?", mysql.read(t, 0b010));
    assertEquals("SELECT YCSB_KEY, FIELD0, FIELD2 FROM usertable WHERE YCSB_KEY >= ? ORDER BY YCSB_KEY LIMIT ?",
        mysql.scan(t, 0b101));
    assertEquals("UPDATE usertable SET FIELD2 = ? WHERE YCSB_KEY = ?", mysql.update(t, 0b100));
    assertEquals("INSERT INTO usertable (YCSB_KEY, FIELD0, FIELD1, FIELD2) VALUES (?, ?, ?, ?), (?, ?, ?, ?)",
        mysql.insert(t, t.allFields(), 2, UpsertMode.NONE));
    assertEquals("INSERT INTO usertable (YCSB_KEY, FIELD0) VALUES (?, ?) ON DUPLICATE KEY UPDATE FIELD0 = VALUES(FIELD0)",
        mysql.insert(t, 0b001, 1, UpsertMode.UPDATE));
    assertEquals("REPLACE INTO usertable (YCSB_KEY, FIELD0) VALUES (?, ?)", mysql.insert(t, 0b001, 1, UpsertMode.REPLACE));
    assertEquals("DELETE FROM usertable WHERE YCSB_KEY = ?", mysql.delete(t));
    for (String sql : List.of(mysql.read(t, 3), mysql.scan(t, 3), mysql.update(t, 3), mysql.delete(t),
        mysql.insert(t, 7, 3, UpsertMode.NONE), mysql.insert(t, 7, 3, UpsertMode.UPDATE), mysql.probe(t))) {
      parse(sql);
    }
  }

  @Test
  void mysqlCreateTableHasThePublishedShape() {
    assertEquals("CREATE TABLE IF NOT EXISTS usertable (YCSB_KEY VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, "
            + "FIELD0 VARCHAR(100) NOT NULL, FIELD1 VARCHAR(100) NOT NULL, FIELD2 VARCHAR(100) NOT NULL, "
            + "PRIMARY KEY (YCSB_KEY)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4",
        mysql.createTable(t, "InnoDB", 100));
    String rocks = new MyRocksDialect().createTable(t, "ROCKSDB", 100);
    assertTrue(rocks.endsWith("ENGINE=ROCKSDB DEFAULT CHARSET=utf8mb4"), rocks);
    assertTrue(rocks.contains("YCSB_KEY VARCHAR(255) CHARACTER SET latin1 COLLATE latin1_bin"), rocks);
  }

  @Test
  void theTableShapeFollowsTheEngineNotTheDialect() {
    // MariaDB with the RocksDB plugin and InnoDB as default is detected as mysql; a ROCKSDB table
    // there needs the one-byte key (255 utf8mb4 characters are 1020 bytes, over RocksDB's 767).
    String rocksOnMysql = mysql.createTable(t, "rocksdb", 100);
    assertTrue(rocksOnMysql.contains("YCSB_KEY VARCHAR(255) CHARACTER SET latin1 COLLATE latin1_bin"), rocksOnMysql);
    assertTrue(rocksOnMysql.contains("ENGINE=rocksdb"), rocksOnMysql);
    // And an InnoDB table on a MyRocks server keeps the utf8mb4 key.
    String innodbOnRocks = new MyRocksDialect().createTable(t, "InnoDB", 100);
    assertTrue(innodbOnRocks.contains("YCSB_KEY VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin"), innodbOnRocks);
  }

  @Test
  void longValuesGetTextColumns() {
    assertEquals("VARCHAR(100)", ycsbType(10, 100));
    assertEquals("VARCHAR(1000)", ycsbType(10, 1000));
    assertEquals("TEXT", ycsbType(10, 2000));
    assertEquals("MEDIUMTEXT", ycsbType(1, 100_000));
    assertTrue(mssql.createTable(t, null, 100).contains("FIELD0 VARCHAR(100) NOT NULL"));
    // YCSB's values are ASCII: VARCHAR(MAX) beyond 8000, never an N type (see SqlServerText).
    assertTrue(mssql.createTable(t, null, 9000).contains("FIELD0 VARCHAR(MAX) NOT NULL"));
  }

  @Test
  void aDataSetsColumnsFollowTheSameRuleWidestFirst() {
    // Row: key 1020 + 4 x (10 + 20000 + 50) bytes > 65000: the widest column becomes TEXT, the
    // others stay VARCHAR (the rule the binding's equal-width YCSB fields follow too).
    List<ColumnSize> sizes = List.of(new ColumnSize(10, 10, true), new ColumnSize(20_000, 21_000, false),
        new ColumnSize(50, 60, false));
    assertEquals(List.of("VARCHAR(10)", "TEXT", "VARCHAR(50)"), MySqlDialect.valueTypes(sizes, 1020));
    assertEquals(List.of("VARCHAR(10)", "MEDIUMTEXT", "VARCHAR(50)"), MySqlDialect.valueTypes(List.of(
        sizes.get(0), new ColumnSize(20_000, 70_000, false), sizes.get(2)), 1020));
    assertEquals("VARCHAR(1)", MySqlDialect.valueTypes(List.of(new ColumnSize(0, 0, true)), 1020).get(0));
    // SQL Server: VARCHAR for ASCII values, NVARCHAR for others (the character rule, SqlServerText).
    assertEquals("VARCHAR(8000)", SqlServerDialect.valueType(new ColumnSize(8000, 8000, true)));
    assertEquals("VARCHAR(MAX)", SqlServerDialect.valueType(new ColumnSize(8001, 8001, true)));
    assertEquals("NVARCHAR(4000)", SqlServerDialect.valueType(new ColumnSize(4000, 4500, false)));
    assertEquals("NVARCHAR(MAX)", SqlServerDialect.valueType(new ColumnSize(4001, 4500, false)));
  }

  @Test
  void theVerifiersReads() throws Exception {
    assertEquals("SELECT YCSB_KEY, FIELD0, FIELD1, FIELD2 FROM usertable WHERE YCSB_KEY IN (?, ?, ?)",
        mysql.selectRows(t, 3));
    assertEquals("SELECT COUNT(*) FROM usertable", mysql.countRows(t));
    // T-SQL's COUNT(*) is an INT; COUNT_BIG(*) is its BIGINT form (documented).
    assertEquals("SELECT COUNT_BIG(*) FROM usertable", mssql.countRows(t));
    assertEquals("SELECT YCSB_KEY FROM usertable", mssql.selectKeys(t));
    for (String sql : List.of(mssql.selectRows(t, 2), mssql.countRows(t), mssql.selectKeys(t))) {
      parse(sql);
    }
  }

  @Test
  void sqlServerTableSizeIsUsedPagesTimesEightKib() throws Exception {
    com.mytopling.ycsb.core.testing.StubServer db = com.mytopling.ycsb.core.testing.StubServer.unnamed();
    String sql = "SELECT SUM(CASE WHEN index_id IN (0, 1) THEN used_page_count ELSE 0 END),"
        + " SUM(CASE WHEN index_id > 1 THEN used_page_count ELSE 0 END)"
        + " FROM sys.dm_db_partition_stats WHERE object_id = OBJECT_ID(?)";
    db.answer(sql, new Object[] {1000L, 10L});
    TableSize size = mssql.tableSize(db.connection(), "usertable");
    assertEquals(1000L * 8192, size.dataBytes());
    assertEquals(10L * 8192, size.indexBytes());
    assertEquals(List.of(sql + " [usertable]"), db.executed);
    parse(sql.replace("?", "'usertable'"));
  }

  private static String ycsbType(int fields, int fieldLength) {
    return MySqlDialect.valueTypes(java.util.Collections.nCopies(fields, ColumnSize.ycsbField(fieldLength)), 1020).get(0);
  }

  @Test
  void sqlServerStatementsFollowTheDocumentedSyntax() throws Exception {
    assertEquals("SELECT FIELD0, FIELD1, FIELD2 FROM usertable WHERE YCSB_KEY = ?", mssql.read(t, t.allFields()));
    String scan = mssql.scan(t, 0b011);
    assertEquals("SELECT TOP (?) YCSB_KEY, FIELD0, FIELD1 FROM usertable WHERE YCSB_KEY >= ? ORDER BY YCSB_KEY", scan);
    assertEquals(1, mssql.scanLimitParameter());
    assertEquals(2, mssql.scanKeyParameter());
    assertInstanceOf(Select.class, parse(scan));
    assertEquals("UPDATE usertable SET FIELD0 = ?, FIELD1 = ? WHERE YCSB_KEY = ?", mssql.update(t, 0b011));
    Statement insert = parse(mssql.insert(t, t.allFields(), 3, UpsertMode.NONE));
    assertInstanceOf(Insert.class, insert);
    assertEquals("IF OBJECT_ID(N'usertable', N'U') IS NULL CREATE TABLE usertable (YCSB_KEY VARCHAR(255) NOT NULL, "
        + "FIELD0 VARCHAR(100) NOT NULL, FIELD1 VARCHAR(100) NOT NULL, FIELD2 VARCHAR(100) NOT NULL, "
        + "CONSTRAINT pk_usertable PRIMARY KEY (YCSB_KEY))", mssql.createTable(t, null, 100));
    assertEquals("IF OBJECT_ID(N'usertable', N'U') IS NOT NULL DROP TABLE usertable", mssql.dropTable(t));
    assertEquals("SELECT TOP (0) YCSB_KEY, FIELD0, FIELD1, FIELD2 FROM usertable", mssql.probe(t));
  }

  @Test
  void sqlServerUpsertIsAnAtomicMerge() throws Exception {
    String merge = mssql.insert(t, 0b011, 2, UpsertMode.UPDATE);
    assertEquals("MERGE INTO usertable WITH (HOLDLOCK) AS tgt USING (VALUES (?, ?, ?), (?, ?, ?)) AS src (YCSB_KEY, FIELD0, FIELD1) "
        + "ON tgt.YCSB_KEY = src.YCSB_KEY WHEN MATCHED THEN UPDATE SET tgt.FIELD0 = src.FIELD0, tgt.FIELD1 = src.FIELD1 "
        + "WHEN NOT MATCHED THEN INSERT (YCSB_KEY, FIELD0, FIELD1) VALUES (src.YCSB_KEY, src.FIELD0, src.FIELD1);", merge);
    // The parser does not know table hints; the statement must parse once the hint is removed.
    assertInstanceOf(Merge.class, parse(merge.replace(" WITH (HOLDLOCK)", "").replace(";", "")));
    assertEquals(merge, mssql.insert(t, 0b011, 2, UpsertMode.REPLACE));
  }

  @Test
  void batchesRespectParameterLimits() {
    // SQL Server: 2100 parameters per request, 1000 rows per VALUES list.
    assertEquals(190, mssql.maxRowsPerStatement(11));
    assertEquals(1000, mssql.maxRowsPerStatement(2));
    // MySQL: 65535 placeholders per prepared statement.
    assertEquals(5957, mysql.maxRowsPerStatement(11));
  }

  @Test
  void dialectsAreChosenFromUrlAndServer() throws Exception {
    ServerInfo innodb = new ServerInfo("10.11.19-MariaDB", "Debian 12", "InnoDB", "d", "1");
    ServerInfo rocks = new ServerInfo("10.11.19-MariaDB", "Debian 12", "ROCKSDB", "d", "1");
    ServerInfo topling = new ServerInfo("8.0.28-ToplingDB", "MyTopling Server", "ROCKSDB", "d", "1");
    assertEquals("mysql", Dialects.detect("jdbc:mysql://h/db", innodb).name());
    assertEquals("myrocks", Dialects.detect("jdbc:mysql://h/db", rocks).name());
    assertEquals("mytopling", Dialects.detect("jdbc:mysql://h/db", topling).name());
    assertEquals("sqlserver", Dialects.detect("jdbc:sqlserver://h;databaseName=d", new ServerInfo("16.0", "SQL Azure", "", "d", "1")).name());
    assertEquals("mytopling", Dialects.byName("MyTopling").name());
  }

  /** The start barrier's SQL; MariaDB's is run by the scale-out tests, SQL Server's is checked against its docs. */
  @Test
  void startBarrierStatements() throws Exception {
    assertEquals("INSERT INTO ycsb_start_barrier (run_id, phase, client, arrived_ms) VALUES (?, ?, ?, "
        + "CAST(UNIX_TIMESTAMP(NOW(3)) * 1000 AS SIGNED))", mysql.barrierArrive());
    assertEquals("INSERT INTO ycsb_start_barrier (run_id, phase, client, arrived_ms) VALUES (?, ?, ?, "
        + "DATEDIFF_BIG(millisecond, '1970-01-01', SYSUTCDATETIME()))", mssql.barrierArrive());
    assertEquals("SELECT DATEDIFF_BIG(millisecond, '1970-01-01', SYSUTCDATETIME())", mssql.serverClockMs());
    assertTrue(mssql.createBarrierTable().startsWith("IF OBJECT_ID(N'ycsb_start_barrier', N'U') IS NULL CREATE TABLE "
        + "ycsb_start_barrier ("), mssql.createBarrierTable());
    assertTrue(mysql.createBarrierTable().startsWith("CREATE TABLE IF NOT EXISTS ycsb_start_barrier ("));
    for (Dialect d : List.of(mysql, mssql)) {
      assertInstanceOf(Select.class, parse(d.barrierArrivals()));
      assertInstanceOf(Select.class, parse(d.barrierClients()));
      assertInstanceOf(Insert.class, parse(d.barrierArrive()));
    }
  }

  /**
   * Issue 23: settling a batch whose connection was lost. MariaDB's statements run in ServerCrashIT and ToxiproxyIT;
   * SQL Server's are checked against its documentation (@@SPID, sys.dm_exec_requests) and parsed.
   */
  @Test
  void lostBatchStatements() throws Exception {
    assertEquals("SELECT YCSB_KEY FROM usertable WHERE YCSB_KEY IN (?, ?)", mysql.existingKeys(t, 2));
    assertEquals("SELECT CONNECTION_ID()", mysql.sessionId());
    assertEquals("SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE ID = ? AND COMMAND <> 'Sleep'",
        mysql.sessionRunning());
    assertEquals("SELECT @@SPID", mssql.sessionId());
    assertEquals("SELECT COUNT(*) FROM sys.dm_exec_requests WHERE session_id = ?", mssql.sessionRunning());
    for (Dialect d : List.of(mysql, mssql)) {
      assertInstanceOf(Select.class, parse(d.existingKeys(t, 3)));
      assertInstanceOf(Select.class, parse(d.sessionId()));
      assertInstanceOf(Select.class, parse(d.sessionRunning()));
    }
  }
}
