package com.mytopling.ycsb.fileloader.db;

import com.mytopling.ycsb.core.SetupException;
import com.mytopling.ycsb.core.SqlMessages;
import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.core.dialect.Dialects;
import com.mytopling.ycsb.core.dialect.SqlServerDialect;
import com.mytopling.ycsb.core.dialect.SqlServerText;
import com.mytopling.ycsb.core.connect.DbTarget;
import com.mytopling.ycsb.core.connect.Servers;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import site.ycsb.WorkloadException;

/**
 * What the file loader must know about the table before it hands out values: the widths of the
 * existing table's columns (so a too-long value is named, not cut or refused with a bare error)
 * and, on SQL Server, the code pages values pass through (so a character that would be stored
 * as '?' stops the load instead; see {@link SqlServerText}).
 */
public final class TableColumns {
  /** Nothing known: no widths from a table, every character arrives (MySQL family's utf8mb4, embedded server). */
  public static final TableColumns NONE = new TableColumns(Map.of(), null, true);

  private final Map<String, ColumnLimit> widths;
  private final SqlServerText.CodePages codePages;
  private final boolean unicodeParameters;

  /**
   * @param widths limits by upper-case column name
   * @param codePages SQL Server's code pages, or null for a server that keeps every character
   * @param unicodeParameters the binding sends strings as Unicode (SQL Server)
   */
  public TableColumns(Map<String, ColumnLimit> widths, SqlServerText.CodePages codePages, boolean unicodeParameters) {
    this.widths = widths;
    this.codePages = codePages;
    this.unicodeParameters = unicodeParameters;
  }

  /**
   * Reads the first shard of the binding's target.
   *
   * @param readWidths read the existing table's widths (fileloader.tablelimits, and the table is not dropped first)
   * @param tableKept the table is used as it is (not dropped and created again)
   * @throws WorkloadException a SQL Server target whose code pages cannot be read: then no value
   *     could be checked, and a load must not go on changing characters unseen
   */
  public static TableColumns read(Properties p, String table, boolean readWidths, boolean tableKept, PrintStream log)
      throws WorkloadException {
    if (!readWidths && !isSqlServer(p)) {
      return NONE;
    }
    try {
      DbTarget target = DbTarget.of(p);
      if (target.embedded()) {
        return NONE;
      }
      Servers servers = target.servers(log);
      String url = servers.urls().get(0);
      try (Connection c = servers.openForTool(0, target)) {
        Map<String, ColumnLimit> widths = readWidths ? ColumnLimits.of(c, table) : Map.of();
        if (!Dialects.isSqlServerUrl(url)) {
          return new TableColumns(widths, null, true);
        }
        SqlServerText.CodePages pages = new SqlServerDialect().codePages(c, table);
        if (!tableKept) {
          pages = new SqlServerText.CodePages(pages.database(), Map.of());
        }
        boolean unicode = SqlServerText.bindingSendsUnicode(url, target.driverOptions, pages.anyNational());
        return new TableColumns(widths, pages, unicode);
      }
    } catch (SetupException | SQLException e) {
      String why = e instanceof SQLException sql ? SqlMessages.describe(sql, null) : e.getMessage();
      if (isSqlServer(p)) {
        throw new WorkloadException("cannot read the code pages of table " + table + " (" + why + "), so values "
            + "cannot be checked to keep every character on SQL Server");
      }
      log.println("fileloader: could not read the column widths of table " + table + " (" + why
          + "); checking values against " + Registry.FIELDLENGTH.name() + " / " + Registry.FILELOADER_MAXLENGTH.name()
          + " only");
      return NONE;
    }
  }

  private static boolean isSqlServer(Properties p) {
    for (String name : p.stringPropertyNames()) {
      boolean url = name.equals(Registry.DB_URL.name()) || name.startsWith(Registry.DB_URL_N.prefix());
      if (url && Dialects.isSqlServerUrl(p.getProperty(name).strip())) {
        return true;
      }
    }
    return false;
  }

  /** The existing table's limit of a column (by upper-case name), or null. */
  public ColumnLimit width(String upperColumn) {
    return widths.get(upperColumn);
  }

  /** The check values of a column need to arrive unchanged ({@link SqlServerText.ValueCheck#LOSSLESS} off SQL Server). */
  public SqlServerText.ValueCheck textCheck(String column) {
    return codePages == null ? SqlServerText.ValueCheck.LOSSLESS
        : codePages.check(column.toUpperCase(Locale.ROOT), unicodeParameters);
  }
}
