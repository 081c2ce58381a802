package com.mytopling.ycsb.fileloader.format;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DelimitedAndJsonParserTest {
  @TempDir
  Path dir;

  @Test
  void tsvWithHeaderDecodesEscapes() throws IOException {
    Path p = TestFiles.write(dir, "a.tsv", "id\ttext\n1\ttab\\there\\nnew line \\\\ caf\u00e9\n\n2\tplain\n",
        StandardCharsets.UTF_8);
    List<Object> all = TestFiles.readAll(DataFileSpec.detect(p));
    assertEquals(2, all.size());
    DataRecord r = (DataRecord) all.get(0);
    assertEquals(List.of("id", "text"), r.fieldNames());
    assertEquals(List.of("1", "tab\there\nnew line \\ caf\u00e9"), TestFiles.values(r));
    assertEquals(2, r.lineNumber());
  }

  @Test
  void tsvWithWrongColumnCountIsMalformedAndNamedColumnsWork() throws IOException {
    Path p = TestFiles.write(dir, "b.tsv", "1\tx\n2\n3\ty\tz\n4\tw\n", StandardCharsets.UTF_8);
    DataFileSpec spec = new DataFileSpec(p, RecordFormat.TSV, null, null, false, List.of("id", "text"),
        DataFileSpec.DEFAULT_MAX_LINE_BYTES);
    List<Object> all = TestFiles.readAll(spec);
    assertEquals(List.of("1", "x"), TestFiles.values((DataRecord) all.get(0)));
    MalformedRecordException e = assertInstanceOf(MalformedRecordException.class, all.get(1));
    assertEquals(2, e.lineNumber());
    assertTrue(e.reason().contains("has 1 columns, expected 2"), e.reason());
    assertInstanceOf(MalformedRecordException.class, all.get(2));
    assertEquals(List.of("4", "w"), TestFiles.values((DataRecord) all.get(3)));
  }

  @Test
  void tsvWithoutHeaderOrColumnsIsRefused() throws IOException {
    Path p = TestFiles.write(dir, "c.tsv", "1\tx\n", StandardCharsets.UTF_8);
    DataFileSpec spec = new DataFileSpec(p, RecordFormat.TSV, null, null, false, List.of(),
        DataFileSpec.DEFAULT_MAX_LINE_BYTES);
    DataFileException e = assertThrows(DataFileException.class, spec::open);
    assertTrue(e.getMessage().contains("fileloader.columns"), e.getMessage());
  }

  @Test
  void csvQuotesMayHoldCommasQuotesAndNewlines() throws IOException {
    String text = "id,text\n1,\"a, b \"\"quoted\"\"\nsecond line\"\n2,plain\n3,\"open\n";
    Path p = TestFiles.write(dir, "d.csv", text, StandardCharsets.UTF_8);
    List<Object> all = TestFiles.readAll(DataFileSpec.detect(p));
    assertEquals(List.of("1", "a, b \"quoted\"\nsecond line"), TestFiles.values((DataRecord) all.get(0)));
    assertEquals(List.of("2", "plain"), TestFiles.values((DataRecord) all.get(1)));
    MalformedRecordException e = assertInstanceOf(MalformedRecordException.class, all.get(2));
    assertTrue(e.reason().contains("not closed"), e.reason());
    assertEquals(5, e.lineNumber());
  }

  @Test
  void jsonLinesTakeStringsNumbersAndEscapes() throws IOException {
    String text = "{\"id\": \"1\", \"score\": 5.0, \"text\": \"caf\\u00e9 \\\"q\\\"\\n\u00fcber\"}\n"
        + "{\"id\":\"2\",\"score\":1,\"text\":\"x\"}\n";
    Path p = TestFiles.write(dir, "e.jsonl", text, StandardCharsets.UTF_8);
    List<Object> all = TestFiles.readAll(DataFileSpec.detect(p));
    assertEquals(List.of("id", "score", "text"), ((DataRecord) all.get(0)).fieldNames());
    assertEquals(List.of("1", "5.0", "caf\u00e9 \"q\"\n\u00fcber"), TestFiles.values((DataRecord) all.get(0)));
    assertEquals(List.of("2", "1", "x"), TestFiles.values((DataRecord) all.get(1)));
  }

  @Test
  void jsonLinesRejectNullNestedMissingExtraAndBroken() throws IOException {
    String text = "{\"id\":\"1\",\"text\":\"ok\"}\n"
        + "{\"id\":\"2\",\"text\":null}\n"
        + "{\"id\":\"3\",\"text\":{\"a\":1}}\n"
        + "{\"id\":\"4\"}\n"
        + "{\"id\":\"5\",\"text\":\"x\",\"more\":\"y\"}\n"
        + "{\"id\":\"6\",\"text\":\"unterminated}\n"
        + "{\"id\":\"7\",\"text\":\"fine\"}\n";
    Path p = TestFiles.write(dir, "f.jsonl", text, StandardCharsets.UTF_8);
    List<Object> all = TestFiles.readAll(DataFileSpec.detect(p));
    assertEquals(7, all.size());
    String[] reasons = {null, "is null", "nested", "missing member 'text'", "unexpected member 'more'", "not closed", null};
    for (int i = 0; i < reasons.length; i++) {
      if (reasons[i] == null) {
        assertInstanceOf(DataRecord.class, all.get(i));
      } else {
        MalformedRecordException e = assertInstanceOf(MalformedRecordException.class, all.get(i), "line " + (i + 1));
        assertTrue(e.reason().contains(reasons[i]), e.reason());
        assertEquals(i + 1, e.lineNumber());
      }
    }
  }

  @Test
  void formatNamesAndFileNames() {
    assertEquals(RecordFormat.SNAP, RecordFormat.fromFileName(Path.of("movies.txt.gz")));
    assertEquals(RecordFormat.TSV, RecordFormat.fromFileName(Path.of("a.tsv.zst")));
    assertEquals(RecordFormat.JSONL, RecordFormat.fromFileName(Path.of("a.jsonl")));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RecordFormat.fromName("xml"));
    assertEquals("unknown format 'xml' (snap, tsv, csv, jsonl)", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> RecordFormat.fromFileName(Path.of("a.bin")));
  }
}
