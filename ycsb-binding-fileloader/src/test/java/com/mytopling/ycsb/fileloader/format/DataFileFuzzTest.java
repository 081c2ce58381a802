package com.mytopling.ycsb.fileloader.format;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Fuzzing the data-file parsers (issue 23): any bytes, as SNAP, TSV, CSV or JSON lines, plain, gzip or zstd (or as
 * given, which may look compressed and be broken), with or without a header line, in UTF-8 or ISO-8859-1, under a
 * small line limit. Every file must read as records, records counted malformed (MalformedRecordException, one line),
 * or stop with one line (DataFileException); anything else (another exception, a message over several lines, a
 * record without its values) is a bug. The seed corpus is in src/test/resources/.../DataFileFuzzTestInputs; without
 * JAZZER_FUZZ the test runs those inputs only (regression), with it Jazzer fuzzes (this module's surefire execution
 * fuzz-data-files, scripts/fuzz).
 */
class DataFileFuzzTest {
  private static final List<Charset> CHARSETS = List.of(StandardCharsets.UTF_8, StandardCharsets.ISO_8859_1);
  private static Path dir;

  @BeforeAll
  static void dir() throws IOException {
    dir = Files.createTempDirectory("fuzz-data-files");
  }

  @AfterAll
  static void clean() throws IOException {
    try (var files = Files.list(dir)) {
      for (Path f : files.toList()) {
        Files.deleteIfExists(f);
      }
    }
    Files.deleteIfExists(dir);
  }

  /**
   * The input's first four bytes choose how the rest is read (so that the committed seeds are readable files with a
   * four-byte prefix): format (SNAP, TSV, CSV, JSONL by byte % 4), wrapping (plain, gzip, zstd, as given), flags (bit 0
   * header, bit 1 ISO-8859-1 instead of UTF-8), the line limit (8 + byte * 8 bytes).
   */
  @FuzzTest(maxDuration = "10s")
  void anyFileReadsAsRecordsMalformedRecordsOrOneLine(byte[] input) throws Exception {
    if (input.length < 4) {
      return;
    }
    RecordFormat format = RecordFormat.values()[(input[0] & 0xff) % RecordFormat.values().length];
    int wrapping = (input[1] & 0xff) % 4;
    boolean header = (input[2] & 1) != 0;
    Charset charset = CHARSETS.get((input[2] >> 1) & 1);
    int maxLineBytes = 8 + (input[3] & 0xff) * 8;
    byte[] body = java.util.Arrays.copyOfRange(input, 4, input.length);
    Path file = dir.resolve("input");
    Files.write(file, switch (wrapping) {
      case 1 -> gzip(body);
      case 2 -> zstd(body);
      default -> body;
    });
    DataFileSpec spec = new DataFileSpec(file, format, null, charset, header, List.of(), maxLineBytes);
    try (RecordParser parser = spec.open()) {
      List<String> names = parser.fieldNames();
      assertNotNull(names);
      for (int i = 0; i < 10_000; i++) {
        DataRecord r;
        try {
          r = parser.next();
        } catch (MalformedRecordException e) {
          oneLine(e.getMessage());
          continue;
        }
        if (r == null) {
          break;
        }
        for (int v = 0; v < r.size(); v++) {
          assertNotNull(r.value(v), "a record's value");
        }
        assertTrue(r.lineNumber() >= 1 && r.byteOffset() >= 0, "a record's position");
      }
    } catch (DataFileException e) {
      oneLine(e.getMessage());
    }
  }

  /** What a user sees: one line, not empty. */
  static void oneLine(String message) {
    assertNotNull(message);
    assertTrue(!message.isBlank() && message.indexOf('\n') < 0 && message.indexOf('\r') < 0,
        "not one line: " + message);
  }

  private static byte[] gzip(byte[] body) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (OutputStream gz = new GZIPOutputStream(out)) {
      gz.write(body);
    }
    return out.toByteArray();
  }

  private static byte[] zstd(byte[] body) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (OutputStream z = new com.github.luben.zstd.ZstdOutputStream(out)) {
      z.write(body);
    }
    return out.toByteArray();
  }
}
