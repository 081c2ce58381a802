package com.mytopling.ycsb.fileloader.format;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SnapParserTest {
  @TempDir
  Path dir;

  private static final String TWO_RECORDS =
      "product/productId: B003AI2VGA\n"
      + "review/userId: A141HP4LYPWMSR\n"
      + "review/profileName: Brian E. Erland \"Rainbow Sphinx\"\n"
      + "review/score: 3.0\n"
      + "review/text: Synopsis: On the daily trek<br /><br />caf\u00e9\n"
      + "\n"
      + "product/productId: B00006HAXW\n"
      + "review/userId: A328S9RN3U5M68\n"
      + "review/profileName: Grady Harp\n"
      + "review/score: 5.0\n"
      + "review/text: first line\n"
      + "Note: this wraps\n"
      + "  and again\n";

  private DataFileSpec spec(Path p) {
    return DataFileSpec.detect(p);
  }

  @Test
  void readsRecordsWithWrappedValuesAndLatin1Bytes() throws IOException {
    Path p = TestFiles.write(dir, "r.txt", TWO_RECORDS, StandardCharsets.ISO_8859_1);
    List<Object> all = TestFiles.readAll(spec(p));
    assertEquals(2, all.size());
    DataRecord first = (DataRecord) all.get(0);
    assertEquals(List.of("product/productId", "review/userId", "review/profileName", "review/score", "review/text"),
        first.fieldNames());
    assertEquals("Brian E. Erland \"Rainbow Sphinx\"", first.value(2));
    // "Synopsis: On" is inside a value: only line starts are field names.
    assertEquals("Synopsis: On the daily trek<br /><br />caf\u00e9", first.value(4));
    assertEquals(1, first.lineNumber());
    assertEquals(0, first.byteOffset());
    DataRecord second = (DataRecord) all.get(1);
    assertEquals("first line\nNote: this wraps\n  and again", second.value(4));
    assertEquals(7, second.lineNumber());
    assertEquals(TWO_RECORDS.indexOf("product/productId: B00006HAXW"), second.byteOffset());
  }

  @Test
  void charsetIsTheSpecsNotThePlatforms() throws IOException {
    Path p = TestFiles.write(dir, "r.txt", TWO_RECORDS, StandardCharsets.ISO_8859_1);
    // 0xE9 alone is not UTF-8: read as UTF-8 the record is malformed, never altered.
    List<Object> all = TestFiles.readAll(spec(p).withCharset(StandardCharsets.UTF_8));
    MalformedRecordException e = assertInstanceOf(MalformedRecordException.class, all.get(0));
    assertTrue(e.getMessage().contains("review/text"), e.getMessage());
    assertTrue(e.getMessage().contains("UTF-8"), e.getMessage());
    assertInstanceOf(DataRecord.class, all.get(1));
  }

  @Test
  void malformedRecordsAreReportedWithPositionAndParsingGoesOn() throws IOException {
    String text = "a/id: 1\na/text: x\n\n"
        + "a/id: 2\n\n"                       // missing a/text
        + "stray line\na/id: 3\na/text: y\n\n" // text before any field
        + "a/text: v\na/id: 4\n\n"           // fields out of order: the a/id line continues a/text
        + "a/id: 6\r\na/text: w\r\n";         // CRLF and no final blank line
    Path p = TestFiles.write(dir, "m.snap", text, StandardCharsets.ISO_8859_1);
    List<Object> all = TestFiles.readAll(spec(p));
    assertEquals(5, all.size());
    assertEquals(List.of("1", "x"), TestFiles.values((DataRecord) all.get(0)));
    MalformedRecordException missing = (MalformedRecordException) all.get(1);
    assertEquals(4, missing.lineNumber());
    assertEquals(text.indexOf("a/id: 2"), missing.byteOffset());
    assertTrue(missing.reason().contains("missing field(s) 'a/text'"), missing.reason());
    MalformedRecordException stray = (MalformedRecordException) all.get(2);
    assertEquals(6, stray.lineNumber());
    assertTrue(stray.reason().contains("does not start with a field name"), stray.reason());
    MalformedRecordException outOfOrder = (MalformedRecordException) all.get(3);
    assertTrue(outOfOrder.reason().contains("missing field(s) 'a/id'"), outOfOrder.reason());
    assertEquals(List.of("6", "w"), TestFiles.values((DataRecord) all.get(4)));
  }

  /**
   * Issue 11.5: a review text wrapped onto a line that starts like a field the record already has
   * ("review/score: ...") made the whole record malformed ("appears twice"). SNAP fields come in a fixed order, so
   * a line naming a field at or before the current one continues the current value.
   */
  @Test
  void aWrappedLineNamingAFieldAlreadySeenContinuesTheValue() throws IOException {
    String text = "product/productId: B1\n"
        + "review/score: 4.0\n"
        + "review/text: I liked it.\n"
        + "review/score: 5.0 from my wife, who liked it more\n"
        + "product/productId: not a field here either\n"
        + "\n"
        + "product/productId: B2\n"
        + "review/score: 1.0\n"
        + "review/text: short\n";
    Path p = TestFiles.write(dir, "wrapped.txt", text, StandardCharsets.ISO_8859_1);
    List<Object> all = TestFiles.readAll(spec(p));
    assertEquals(2, all.size());
    DataRecord first = assertInstanceOf(DataRecord.class, all.get(0));
    assertEquals(List.of("B1", "4.0", "I liked it.\nreview/score: 5.0 from my wife, who liked it more\n"
        + "product/productId: not a field here either"), TestFiles.values(first));
    assertEquals(List.of("B2", "1.0", "short"), TestFiles.values(assertInstanceOf(DataRecord.class, all.get(1))));
  }

  @Test
  void gzipAndZstdAreReadDirectlyAndGiveTheSameRecords() throws IOException {
    byte[] sample = Files.readAllBytes(Path.of("src/test/resources/reviews-sample.txt"));
    Path plain = TestFiles.writeBytes(dir, "s.txt", sample);
    Path gz = TestFiles.writeBytes(dir, "s.txt.gz", sample);
    Path zst = TestFiles.writeBytes(dir, "s.txt.zst", sample);
    List<List<String>> expected = valuesOf(TestFiles.readAll(spec(plain)));
    assertEquals(100, expected.size());
    assertEquals(expected, valuesOf(TestFiles.readAll(spec(gz))));
    assertEquals(expected, valuesOf(TestFiles.readAll(spec(zst))));
    // Detection is by content, not by name.
    Path gzNamedPlain = dir.resolve("gz-inside.txt");
    Files.copy(gz, gzNamedPlain);
    assertEquals(expected, valuesOf(TestFiles.readAll(spec(gzNamedPlain))));
  }

  @Test
  void truncatedCompressedFilesFailWithOneClearMessage() throws IOException {
    byte[] sample = Files.readAllBytes(Path.of("src/test/resources/reviews-sample.txt"));
    for (String name : new String[] {"t.txt.gz", "t.txt.zst"}) {
      Path full = TestFiles.writeBytes(dir, name, sample);
      byte[] bytes = Files.readAllBytes(full);
      Path cut = dir.resolve("cut-" + name);
      Files.write(cut, Arrays.copyOf(bytes, bytes.length / 2));
      DataFileException e = assertThrows(DataFileException.class, () -> TestFiles.readAll(spec(cut)));
      assertTrue(e.getMessage().contains(cut.toString()), e.getMessage());
      assertTrue(e.getMessage().contains("truncated or corrupt"), e.getMessage());
    }
  }

  @Test
  void missingFileIsOneClearMessage() {
    DataFileException e = assertThrows(DataFileException.class, () -> spec(dir.resolve("nope.txt")).open());
    assertEquals("data file " + dir.resolve("nope.txt") + " does not exist", e.getMessage());
  }

  @Test
  void recordsSpanningTheReadBufferAreWhole() throws IOException {
    // Values longer than the line reader's first buffer (256 KiB) make it grow and shift.
    String big = "x".repeat(300_000);
    String text = "a/id: 1\na/text: " + big + "\n\na/id: 2\na/text: " + big + "y\n";
    Path p = TestFiles.write(dir, "big.txt", text, StandardCharsets.ISO_8859_1);
    List<Object> all = TestFiles.readAll(spec(p));
    assertEquals(big, ((DataRecord) all.get(0)).value(1));
    assertEquals(big + "y", ((DataRecord) all.get(1)).value(1));
    assertEquals(text.indexOf("a/id: 2"), ((DataRecord) all.get(1)).byteOffset());
  }

  @Test
  void overlongLineIsAnErrorNotAnOutOfMemory() throws IOException {
    String text = "a/id: 1\na/text: " + "x".repeat(5000) + "\n";
    Path p = TestFiles.write(dir, "long.txt", text, StandardCharsets.ISO_8859_1);
    DataFileSpec small = new DataFileSpec(p, RecordFormat.SNAP, null, null, true, List.of(), 1024);
    DataFileException e = assertThrows(DataFileException.class, () -> TestFiles.readAll(small));
    assertTrue(e.getMessage().contains("line 2"), e.getMessage());
  }

  private static List<List<String>> valuesOf(List<Object> all) {
    return all.stream().map(o -> TestFiles.values((DataRecord) o)).toList();
  }
}
