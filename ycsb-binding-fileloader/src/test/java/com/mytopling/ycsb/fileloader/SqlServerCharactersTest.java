package com.mytopling.ycsb.fileloader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.mytopling.ycsb.core.dialect.SqlServerText;
import com.mytopling.ycsb.fileloader.FileLoaderConfig.Naming;
import com.mytopling.ycsb.fileloader.db.TableColumns;
import com.mytopling.ycsb.fileloader.format.DataFileSpec;
import com.mytopling.ycsb.fileloader.format.RecordParser;
import com.mytopling.ycsb.fileloader.format.TestFiles;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file load into SQL Server stops at the first value a code page on its way would change
 * (issue 11, point 14), instead of the value being stored with '?' in place of the character.
 * The code pages are those a SQL Server reports (SqlServerText's tests give the documented
 * behaviour; no SQL Server runs here); everything else is the file loader's real reading path.
 */
class SqlServerCharactersTest {
  @TempDir
  Path dir;

  private RecordSource source(Path file, TableColumns table, String... extra) throws Exception {
    Properties p = new Properties();
    p.setProperty("fileloader.file", file.toString());
    for (int i = 0; i < extra.length; i += 2) {
      p.setProperty(extra[i], extra[i + 1]);
    }
    FileLoaderConfig config = FileLoaderConfig.from(p);
    DataFileSpec spec = config.spec();
    RecordParser parser = spec.open();
    FieldMapping mapping = FieldMapping.build(parser.fieldNames(), List.of(), Naming.YCSB, "field",
        config.maxLengthByField(), table, 0);
    int[] keys = config.keyFields().isEmpty() ? new int[0] : new int[] {0};
    return new RecordSource(spec, parser, mapping, keys, config, 0, new LoadCounters(),
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
  }

  /** A table of VARCHAR columns in a Windows-1252 database, the binding's default non-Unicode parameters. */
  private static TableColumns latin1Varchar() {
    return new TableColumns(Map.of(), new SqlServerText.CodePages(1252, Map.of(
        "YCSB_KEY", new SqlServerText.ColumnText("varchar", 1252),
        "FIELD0", new SqlServerText.ColumnText("varchar", 1252),
        "FIELD1", new SqlServerText.ColumnText("varchar", 1252))), false);
  }

  @Test
  void aCharacterOutsideTheCodePageStopsTheLoadNamingRecordFieldAndCharacter() throws Exception {
    Path file = TestFiles.write(dir, "t.tsv", "id\ttext\n1\tcafé\n2\tŁódź\n", StandardCharsets.UTF_8);
    RecordSource source = source(file, latin1Varchar());
    assertEquals("café", source.next().value(1), "Windows-1252 holds é");
    FatalRecordException e = assertThrows(FatalRecordException.class, source::next);
    assertEquals("record at line 3 (byte offset 16): field 'text': character 'Ł' (U+0141) is not in code page 1252 "
        + "that column FIELD1's values pass through; it would be stored as '?' (use NVARCHAR columns, e.g. a table "
        + "made by scripts/dataset schema --dialect sqlserver, or a database with a UTF-8 collation)", e.getMessage());
  }

  @Test
  void nvarcharColumnsWithUnicodeParametersTakeEveryCharacter() throws Exception {
    Path file = TestFiles.write(dir, "t.tsv", "id\ttext\n1\tŁódź 中文\n", StandardCharsets.UTF_8);
    TableColumns national = new TableColumns(Map.of(), new SqlServerText.CodePages(1252, Map.of(
        "FIELD0", new SqlServerText.ColumnText("nvarchar", 1252),
        "FIELD1", new SqlServerText.ColumnText("nvarchar", 1252))), true);
    assertEquals("Łódź 中文", source(file, national).next().value(1));
  }

  @Test
  void keysBuiltFromFieldsAreCheckedToo() throws Exception {
    Path file = TestFiles.write(dir, "t.tsv", "id\ttext\nŁ1\tx\n", StandardCharsets.UTF_8);
    FatalRecordException e = assertThrows(FatalRecordException.class,
        () -> source(file, latin1Varchar(), "fileloader.keyfields", "id").next());
    assertEquals("record at line 2 (byte offset 8): the key built from fileloader.keyfields: character 'Ł' (U+0141) "
        + "is not in code page 1252 that column YCSB_KEY's values pass through; it would be stored as '?' (use NVARCHAR "
        + "columns, e.g. a table made by scripts/dataset schema --dialect sqlserver, or a database with a UTF-8 "
        + "collation)", e.getMessage());
  }
}
