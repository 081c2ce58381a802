package com.mytopling.ycsb.launcher.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.core.dialect.ColumnSize;
import com.mytopling.ycsb.core.dialect.MyRocksDialect;
import com.mytopling.ycsb.core.dialect.MySqlDialect;
import com.mytopling.ycsb.core.dialect.TableLayout;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** load-vs-core.sh's command line: one line, exit 2, nothing started; never a password on it. */
class LoadVsCoreTest {
  private static void assertRejected(String line, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int rc = new LoadVsCore(Path.of("..").toAbsolutePath().normalize(), new PrintStream(out, true,
        StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), "pw").run(args);
    assertEquals(2, rc, List.of(args) + ": " + err);
    assertEquals("load-vs-core: " + line + "\n", err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void badCommandLines() {
    assertRejected("--password is not taken on a command line: set YCSB_DB_PASSWORD", "--url", "jdbc:mysql://h/db",
        "--password", "secret");
    assertRejected("--url is required (e.g. jdbc:mysql://127.0.0.1:3307/ycsb)");
    assertRejected("--repeat: 0 is out of range (at least 1)", "--url", "jdbc:mysql://h/db", "--repeat", "0");
  }

  /**
   * Issue 24: the benchmark wrote its own CREATE TABLE (a latin1 key on every engine, TEXT columns) outside the
   * dialects; now both loads get the dialect's table, the binding's own shape, each column sized for the longer of
   * the file's field and CoreWorkload's values.
   */
  @Test
  void theTableIsTheDialectsSizedForBothLoads() {
    List<ColumnSize> file = List.of(new ColumnSize(3, 3, true), new ColumnSize(400, 420, false));
    LoadVsCore.TableSql innodb = LoadVsCore.tableSql(new MySqlDialect(), "InnoDB", file, 10);
    List<String> fields = List.of("field0", "field1", "field2", "field3", "field4", "field5", "field6", "field7");
    List<ColumnSize> sizes = new java.util.ArrayList<>(List.of(new ColumnSize(10, 40, true),
        new ColumnSize(400, 420, false)));
    while (sizes.size() < 8) {
      sizes.add(ColumnSize.ycsbField(10));
    }
    TableLayout layout = new TableLayout("fl_bench", fields);
    assertEquals(new MySqlDialect().createTable(layout, "InnoDB", sizes), innodb.create());
    assertEquals(new MySqlDialect().dropTable(layout), innodb.drop());
    assertTrue(innodb.create().contains("FIELD0 VARCHAR(10) NOT NULL") && innodb.create().contains("FIELD1 VARCHAR(400)"),
        innodb.create());
    assertTrue(innodb.create().contains("utf8mb4_bin"), innodb.create());
    LoadVsCore.TableSql rocks = LoadVsCore.tableSql(new MyRocksDialect(), "ROCKSDB", file, 10);
    assertTrue(rocks.create().contains("latin1_bin") && rocks.create().contains("ENGINE=ROCKSDB"), rocks.create());
  }
}
