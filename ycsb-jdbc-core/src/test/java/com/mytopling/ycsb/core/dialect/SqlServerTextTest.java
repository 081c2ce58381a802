package com.mytopling.ycsb.core.dialect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.core.ConfigException;
import com.mytopling.ycsb.core.testing.StubServer;
import java.util.List;
import java.util.Map;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import org.junit.jupiter.api.Test;

/**
 * How a string reaches a SQL Server column intact (issue 11, point 14). No SQL Server can run on
 * our machines, so this is tested against the documented behaviour: with
 * sendStringParametersAsUnicode=false mssql-jdbc encodes String parameters in the code page of
 * the database's collation, and the server converts values for VARCHAR columns to the column
 * collation's code page; a character the code page lacks becomes '?' without an error in both
 * steps. NVARCHAR columns keep every character when parameters are Unicode (the driver's default).
 * The code page numbers are those COLLATIONPROPERTY(..., 'CodePage') reports (1252 for
 * SQL_Latin1_General_CP1_CI_AS and Latin1_General_*, 1250 for Polish_*, 936 for
 * Chinese_PRC_*, 65001 for *_UTF8 collations).
 */
class SqlServerTextTest {
  private static final TableLayout LAYOUT = new TableLayout("usertable", List.of("field0", "field1"));

  private static SqlServerText.CodePages pages(int database, Object... columns) {
    Map<String, SqlServerText.ColumnText> map = new java.util.LinkedHashMap<>();
    for (int i = 0; i < columns.length; i += 3) {
      map.put((String) columns[i], new SqlServerText.ColumnText((String) columns[i + 1], (Integer) columns[i + 2]));
    }
    return new SqlServerText.CodePages(database, map);
  }

  @Test
  void aVarcharColumnKeepsOnlyItsCodePagesCharacters() {
    SqlServerText.CodePages latin1 = pages(1252, "YCSB_KEY", "varchar", 1252, "FIELD0", "varchar", 1252);
    for (boolean unicode : new boolean[] {false, true}) {
      SqlServerText.ValueCheck check = latin1.check("FIELD0", unicode);
      assertNull(check.problem("plain ASCII"), "ASCII passes every code page");
      assertNull(check.problem("café, naïve, 5 €"), "Windows-1252 has these");
      String problem = check.problem("Łódź");
      assertEquals("character 'Ł' (U+0141) is not in code page 1252 that column FIELD0's values pass through", problem);
    }
  }

  @Test
  void nonUnicodeParametersPassTheDatabasesCodePageFirst() {
    // A Polish column (1250) in a database whose default is 1252: with non-Unicode parameters the
    // driver encodes in 1252 first, so 'ł' is lost even though the column could hold it.
    SqlServerText.CodePages mixed = pages(1252, "FIELD0", "varchar", 1250);
    assertTrue(mixed.check("FIELD0", false).problem("łódź").contains("code page 1252"));
    assertNull(mixed.check("FIELD0", true).problem("łódź"), "Unicode parameters: only the column's 1250 counts");
    assertTrue(mixed.check("FIELD0", true).problem("Ωmega").contains("code page 1250"));
  }

  @Test
  void nvarcharColumnsKeepEverythingWithUnicodeParametersOnly() {
    SqlServerText.CodePages n = pages(1252, "FIELD0", "nvarchar", 1252, "FIELD1", "ntext", 1252);
    assertTrue(n.check("FIELD0", true).lossless());
    assertNull(n.check("FIELD1", true).problem("中文 Łódź Ωmega 😀"));
    // Non-Unicode parameters reach an NVARCHAR column through the database's code page.
    assertTrue(n.check("FIELD0", false).problem("Łódź").contains("code page 1252"));
    assertEquals(List.of("FIELD0", "FIELD1"), n.nationalColumns(LAYOUT));
  }

  @Test
  void utf8CollationsAndWideCodePagesLoseNothingTheyHold() {
    assertTrue(pages(65001, "FIELD0", "varchar", 65001).check("FIELD0", false).lossless());
    SqlServerText.ValueCheck gbk = pages(936, "FIELD0", "varchar", 936).check("FIELD0", false);
    assertNull(gbk.problem("中文"));
    assertTrue(gbk.problem("Łódź").contains("code page 936"));
  }

  @Test
  void aColumnTheBindingWillCreateIsAVarcharInTheDatabasesCollation() {
    SqlServerText.ValueCheck created = pages(1252).check("FIELD0", true);
    assertFalse(created.lossless());
    assertTrue(created.problem("Łódź").contains("code page 1252"));
  }

  @Test
  void aCodePageWithoutAJavaCharsetIsNamedInsteadOfPassed() {
    String problem = pages(1252, "FIELD0", "varchar", 99_999).check("FIELD0", true).problem("é");
    assertTrue(problem.contains("code page 99999") && problem.contains("cannot be checked"), problem);
  }

  @Test
  void whetherTheBindingSendsUnicode() {
    String plain = "jdbc:sqlserver://h:1433;databaseName=ycsb";
    String off = plain + ";sendStringParametersAsUnicode=false";
    String on = plain + ";SendStringParametersAsUnicode=TRUE";
    assertTrue(SqlServerText.sendsUnicode(plain), "mssql-jdbc's default");
    assertFalse(SqlServerText.sendsUnicode(off));
    assertTrue(SqlServerText.sendsUnicode(on));
    // The binding adds =false unless db.driveroptions=false or the table has NVARCHAR columns.
    assertFalse(SqlServerText.bindingSendsUnicode(plain, true, false));
    assertTrue(SqlServerText.bindingSendsUnicode(plain, true, true));
    assertTrue(SqlServerText.bindingSendsUnicode(plain, false, false));
    assertFalse(SqlServerText.bindingSendsUnicode(off, true, true), "the URL's own setting stands");
    assertTrue(SqlServerText.bindingSendsUnicode(on, true, false));
  }

  @Test
  void nvarcharColumnsWithholdTheNonUnicodeDefaultOrRefuseAUrlThatAsksForIt() throws Exception {
    String plain = "jdbc:sqlserver://h:1433;databaseName=ycsb";
    SqlServerText.CodePages varchar = pages(1252, "YCSB_KEY", "varchar", 1252, "FIELD0", "varchar", 1252,
        "FIELD1", "varchar", 1252);
    SqlServerText.CodePages national = pages(1252, "YCSB_KEY", "varchar", 1252, "FIELD0", "varchar", 1252,
        "FIELD1", "nvarchar", 1252);
    assertTrue(SqlServerText.nonUnicodeParametersAllowed(varchar, LAYOUT, List.of(plain)));
    assertFalse(SqlServerText.nonUnicodeParametersAllowed(national, LAYOUT, List.of(plain)));
    ConfigException e = assertThrows(ConfigException.class, () -> SqlServerText.nonUnicodeParametersAllowed(national,
        LAYOUT, List.of(plain + ";sendStringParametersAsUnicode=false")));
    assertEquals("db.url sets sendStringParametersAsUnicode=false, but table usertable has NVARCHAR columns (FIELD1): "
        + "characters outside the database's code page would be stored as '?'; remove the option from the URL",
        e.getMessage());
  }

  @Test
  void codePagesAreReadWithTheCatalogViewsAndFunctionsMicrosoftDocuments() throws Exception {
    StubServer db = StubServer.unnamed()
        .answer(SqlServerDialect.DATABASE_CODE_PAGE, new Object[] {1252})
        .answer(SqlServerDialect.COLUMN_CODE_PAGES, new Object[] {"YCSB_KEY", "varchar", 1252},
            new Object[] {"field0", "nvarchar", 1252}, new Object[] {"FIELD1", "varchar", 65001});
    SqlServerText.CodePages read = new SqlServerDialect().codePages(db.connection(), "usertable");
    assertEquals(1252, read.database());
    assertEquals(new SqlServerText.ColumnText("nvarchar", 1252), read.columns().get("FIELD0"));
    assertEquals(List.of("FIELD0"), read.nationalColumns(LAYOUT));
    assertEquals(SqlServerDialect.COLUMN_CODE_PAGES + " [usertable]", db.executed.get(1));
    // Both statements parse as T-SQL-compatible SELECTs (sys.columns, sys.types, COLLATIONPROPERTY,
    // DATABASEPROPERTYEX, OBJECT_ID are documented catalog views and functions).
    CCJSqlParserUtil.parse(SqlServerDialect.DATABASE_CODE_PAGE);
    CCJSqlParserUtil.parse(SqlServerDialect.COLUMN_CODE_PAGES);
  }
}
