package com.mytopling.ycsb.jdbc.dialect;

import static com.mytopling.ycsb.jdbc.dialect.BindingSql.KEY;

import com.mytopling.ycsb.jdbc.TableLayout;
import com.mytopling.ycsb.jdbc.UpsertMode;
import java.util.Map;

/**
 * SQL Server and Azure SQL Database (T-SQL). No server can run on our CI machines, so this
 * SQL is unit-tested against the documented syntax only (TOP, MERGE, table value constructors,
 * the 2100-parameter limit).
 */
public class SqlServerDialect extends Dialect {
  /** SQL Server accepts at most 2100 parameters per request. */
  private static final int MAX_PARAMETERS = 2_099;
  /** A table value constructor (INSERT ... VALUES) takes at most 1000 rows. */
  private static final int MAX_VALUES_ROWS = 1_000;
  private static final int MAX_VARCHAR = 8_000;

  @Override
  public String name() {
    return "sqlserver";
  }

  @Override
  public String defaultEngine() {
    return null;
  }

  @Override
  public String createTable(TableLayout t, String engine, int fieldLength) {
    String type = fieldLength <= MAX_VARCHAR ? "VARCHAR(" + fieldLength + ")" : "NVARCHAR(MAX)";
    StringBuilder sb = new StringBuilder("IF OBJECT_ID(N'").append(t.table()).append("', N'U') IS NULL CREATE TABLE ")
        .append(t.table()).append(" (").append(KEY).append(" VARCHAR(255) NOT NULL");
    for (int i = 0; i < t.fieldCount(); i++) {
      sb.append(", ").append(t.columnName(i)).append(' ').append(type).append(" NOT NULL");
    }
    return sb.append(", CONSTRAINT pk_").append(t.table()).append(" PRIMARY KEY (").append(KEY).append("))").toString();
  }

  @Override
  public String dropTable(TableLayout t) {
    return "IF OBJECT_ID(N'" + t.table() + "', N'U') IS NOT NULL DROP TABLE " + t.table();
  }

  @Override
  public String scan(TableLayout t, long mask) {
    return "SELECT TOP (?) " + BindingSql.columns(t, KEY, mask) + " FROM " + t.table()
        + " WHERE " + KEY + " >= ? ORDER BY " + KEY;
  }

  @Override
  public int scanKeyParameter() {
    return 2;
  }

  @Override
  public int scanLimitParameter() {
    return 1;
  }

  @Override
  public String insert(TableLayout t, long mask, int rows, UpsertMode mode) {
    String cols = BindingSql.columns(t, KEY, mask);
    String values = BindingSql.valueRows(rows, 1 + Long.bitCount(mask));
    if (mode == UpsertMode.NONE) {
      return "INSERT INTO " + t.table() + " (" + cols + ") VALUES " + values;
    }
    // MERGE is SQL Server's upsert; HOLDLOCK makes the match-then-insert atomic under
    // concurrency, as Microsoft documents for MERGE used as an upsert.
    StringBuilder sb = new StringBuilder("MERGE INTO ").append(t.table()).append(" WITH (HOLDLOCK) AS tgt USING (VALUES ")
        .append(values).append(") AS src (").append(cols).append(") ON tgt.").append(KEY).append(" = src.").append(KEY)
        .append(" WHEN MATCHED THEN UPDATE SET ");
    boolean first = true;
    for (int i = 0; i < t.fieldCount(); i++) {
      if ((mask & (1L << i)) != 0) {
        String c = t.columnName(i);
        sb.append(first ? "" : ", ").append("tgt.").append(c).append(" = src.").append(c);
        first = false;
      }
    }
    sb.append(" WHEN NOT MATCHED THEN INSERT (").append(cols).append(") VALUES (");
    sb.append("src.").append(KEY);
    for (int i = 0; i < t.fieldCount(); i++) {
      if ((mask & (1L << i)) != 0) {
        sb.append(", src.").append(t.columnName(i));
      }
    }
    return sb.append(");").toString();
  }

  @Override
  public int maxRowsPerStatement(int parametersPerRow) {
    return Math.max(1, Math.min(MAX_VALUES_ROWS, MAX_PARAMETERS / parametersPerRow));
  }

  @Override
  public String probe(TableLayout t) {
    return "SELECT TOP (0) " + BindingSql.columns(t, KEY, t.allFields()) + " FROM " + t.table();
  }

  @Override
  public Map<String, String> driverDefaults(String url, int connectTimeoutMs, int socketTimeoutMs) {
    Map<String, String> d = super.driverDefaults(url, connectTimeoutMs, socketTimeoutMs);
    // Unicode parameters against the VARCHAR key would force an implicit conversion and turn
    // every key lookup into a scan; the published Azure URL sets this for the same reason.
    d.put("sendStringParametersAsUnicode", "false");
    d.put("loginTimeout", Integer.toString(Math.max(1, connectTimeoutMs / 1000)));
    d.put("socketTimeout", Integer.toString(socketTimeoutMs));
    return d;
  }

  /** executeBatch of one-row INSERTs becomes a bulk copy (mssql-jdbc 9.2+; plain INSERT only). */
  @Override
  public Map<String, String> bulkDriverDefaults(String url, com.mytopling.ycsb.jdbc.bulk.BulkMode mode) {
    Map<String, String> d = super.bulkDriverDefaults(url, mode);
    if (mode == com.mytopling.ycsb.jdbc.bulk.BulkMode.BATCHAPI) {
      d.put("useBulkCopyForBatchInsert", "true");
    }
    return d;
  }
}
