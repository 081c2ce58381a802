package com.mytopling.ycsb.fileloader.db;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Asks the server how much disk a table takes.
 * <ul>
 * <li>InnoDB (and other MySQL engines): ANALYZE TABLE, then DATA_LENGTH and INDEX_LENGTH from
 * information_schema.TABLES.</li>
 * <li>RocksDB (MyRocks): memtables are flushed first (else fresh rows are in no SST); then each
 * SST's on-disk size (data + index + filter blocks) is attributed to the table in proportion to
 * the table's share of the SST's raw key+value bytes (ROCKSDB_DDL, ROCKSDB_INDEX_FILE_MAP,
 * ROCKSDB_SST_PROPS), because one SST can hold several tables.</li>
 * <li>SQL Server: used pages of the table's partitions (sys.dm_db_partition_stats).</li>
 * </ul>
 */
public final class TableSizeProbe {
  private TableSizeProbe() {
  }

  public static TableSize measure(Connection c, String table) throws SQLException {
    String product = c.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT);
    if (product.contains("sql server")) {
      return sqlServer(c, table);
    }
    String engine = engineOf(c, table);
    if (engine.equalsIgnoreCase("ROCKSDB")) {
      return rocksDb(c, table);
    }
    return mysqlTables(c, table, engine);
  }

  private static String engineOf(Connection c, String table) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(
        "SELECT ENGINE FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?")) {
      ps.setString(1, table);
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          throw new SQLException("table " + table + " not found in the current database");
        }
        return rs.getString(1);
      }
    }
  }

  private static TableSize mysqlTables(Connection c, String table, String engine) throws SQLException {
    List<String> notes = new ArrayList<>();
    analyze(c, table, notes);
    try (PreparedStatement ps = c.prepareStatement("SELECT DATA_LENGTH, INDEX_LENGTH FROM information_schema.TABLES"
        + " WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?")) {
      ps.setString(1, table);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return new TableSize(engine, rs.getLong(1), rs.getLong(2),
            "information_schema.TABLES DATA_LENGTH + INDEX_LENGTH after ANALYZE TABLE", notes);
      }
    }
  }

  private static void analyze(Connection c, String table, List<String> notes) {
    try (Statement st = c.createStatement()) {
      st.execute("ANALYZE TABLE `" + table.replace("`", "``") + "`");
    } catch (SQLException e) {
      notes.add("ANALYZE TABLE failed (" + e.getMessage() + "); sizes may be stale");
    }
  }

  private static TableSize rocksDb(Connection c, String table) throws SQLException {
    List<String> notes = new ArrayList<>();
    try (Statement st = c.createStatement()) {
      st.execute("SET GLOBAL rocksdb_force_flush_memtable_now = 1");
    } catch (SQLException e) {
      notes.add("could not flush RocksDB memtables (" + e.getMessage() + "): rows still in memtables are not counted");
    }
    String sql = "SELECT m.SST_NAME, SUM(m.DATA_SIZE),"
        + " MAX(p.RAW_KEY_SIZE + p.RAW_VALUE_SIZE), MAX(p.DATA_BLOCK_SIZE + p.INDEX_BLOCK_SIZE + p.FILTER_BLOCK_SIZE)"
        + " FROM information_schema.ROCKSDB_DDL d"
        + " JOIN information_schema.ROCKSDB_INDEX_FILE_MAP m"
        + "   ON m.COLUMN_FAMILY = d.COLUMN_FAMILY AND m.INDEX_NUMBER = d.INDEX_NUMBER"
        + " JOIN information_schema.ROCKSDB_SST_PROPS p ON p.SST_NAME = m.SST_NAME"
        + " WHERE d.TABLE_SCHEMA = DATABASE() AND d.TABLE_NAME = ?"
        + " GROUP BY m.SST_NAME";
    double attributed = 0;
    int ssts = 0;
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setString(1, table);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          long tableRaw = rs.getLong(2);
          long sstRaw = rs.getLong(3);
          long sstDisk = rs.getLong(4);
          ssts++;
          attributed += sstRaw > 0 ? (double) sstDisk * Math.min(1.0, (double) tableRaw / sstRaw) : 0;
        }
      }
    }
    notes.add(ssts + " SST file(s) hold the table");
    return new TableSize("ROCKSDB", Math.round(attributed), 0,
        "RocksDB SST data+index+filter blocks attributed to the table by its share of raw key/value bytes", notes);
  }

  private static TableSize sqlServer(Connection c, String table) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT"
        + " SUM(CASE WHEN index_id IN (0, 1) THEN used_page_count ELSE 0 END) * 8192,"
        + " SUM(CASE WHEN index_id > 1 THEN used_page_count ELSE 0 END) * 8192"
        + " FROM sys.dm_db_partition_stats WHERE object_id = OBJECT_ID(?)")) {
      ps.setString(1, table);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return new TableSize("SQL Server", rs.getLong(1), rs.getLong(2),
            "sys.dm_db_partition_stats used pages x 8 KiB", List.of());
      }
    }
  }
}
