package com.mytopling.ycsb.jdbc.bulk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class LoadDataRowsTest {
  private static String text(LoadDataRows r) {
    return new String(r.toByteArray(), StandardCharsets.UTF_8);
  }

  @Test
  void rowIsKeyThenMaskedFieldsInPositionOrderTabSeparated() {
    LoadDataRows r = new LoadDataRows(8);
    r.addRow("user1", new String[] {"a", "b", "c"}, 0b101);
    r.addRow("user2", new String[] {"x", "y", "z"}, 0b111);
    assertEquals("user1\ta\tc\nuser2\tx\ty\tz\n", text(r));
    assertEquals(2, r.rows());
  }

  @Test
  void escapesTabsNewlinesBackslashesCarriageReturnsAndNul() {
    LoadDataRows r = new LoadDataRows(8);
    r.addRow("k", new String[] {"a\tb\nc\\d\re\0f"}, 1);
    assertEquals("k\ta\\tb\\nc\\\\d\\re\\0f\n", text(r));
  }

  @Test
  void nullIsBackslashN() {
    LoadDataRows r = new LoadDataRows(8);
    r.addRow("k", new String[] {null, "N"}, 0b11);
    assertEquals("k\t\\N\tN\n", text(r));
  }

  @Test
  void nonAsciiIsUtf8IncludingSurrogatePairsAndUnpairedSurrogates() {
    LoadDataRows r = new LoadDataRows(1);
    String v = "é€\uD83D\uDE00";
    r.addRow("k", new String[] {v, "x\uD800y"}, 0b11);
    byte[] expected = ("k\t" + v + "\tx?y\n").getBytes(StandardCharsets.UTF_8);
    assertArrayEquals(expected, r.toByteArray());
  }

  @Test
  void bufferIsReusedAfterClearAndStreamReadsExactlyTheRows() throws Exception {
    LoadDataRows r = new LoadDataRows(4);
    r.addRow("first", new String[] {"long value that grows the buffer"}, 1);
    r.clear();
    r.addRow("k", new String[] {"v"}, 1);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (InputStream in = r.stream()) {
      in.transferTo(out);
    }
    assertEquals("k\tv\n", out.toString(StandardCharsets.UTF_8));
    assertEquals(4, r.bytes());
  }

  @Test
  void streamHandsOutAtMostOneDriverPacketPerReadAndEveryByteInOrder() throws Exception {
    LoadDataRows r = new LoadDataRows(16);
    String value = "v".repeat(1000);
    for (int i = 0; i < 30; i++) {
      r.addRow("user" + i, new String[] {value}, 1);
    }
    byte[] expected = r.toByteArray();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] chunk = new byte[65536];
    int reads = 0;
    try (InputStream in = r.stream()) {
      for (int n; (n = in.read(chunk, 0, chunk.length)) > 0; reads++) {
        assertTrue(n <= LoadDataRows.READ_CHUNK, "a read of " + n + " bytes");
        out.write(chunk, 0, n);
      }
    }
    assertArrayEquals(expected, out.toByteArray());
    assertEquals((expected.length + LoadDataRows.READ_CHUNK - 1) / LoadDataRows.READ_CHUNK, reads);
  }

  @Test
  void longFieldsWithEscapesAndSurrogatesAcrossTheCopyBufferAreEncodedAsStringGetBytes() {
    LoadDataRows r = new LoadDataRows(1);
    String longer = "a".repeat(127) + "\uD83D\uDE00" + "b\tc".repeat(100) + "é";
    r.addRow("k", new String[] {"short", longer, "x"}, 0b111);
    String escaped = longer.replace("\t", "\\t");
    assertArrayEquals(("k\tshort\t" + escaped + "\tx\n").getBytes(StandardCharsets.UTF_8), r.toByteArray());
  }
}
