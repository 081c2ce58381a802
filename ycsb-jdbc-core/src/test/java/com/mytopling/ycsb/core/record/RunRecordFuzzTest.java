package com.mytopling.ycsb.core.record;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Fuzzing the run-record reader (issue 23): any bytes as a record file (RunRecordReader.read), and as the lines older
 * run folders hold instead (the binding's stderr lines, the file workload's [FILELOADER] lines). Every input must be
 * a record, no record (null, for the lines), or one line (RunRecordException); anything else is a bug. Seeds in
 * src/test/resources/.../RunRecordFuzzTestInputs: the first byte chooses the reader (0: the JSON file, 1: binding lines,
 * 2: file-loader lines), the rest is the input.
 */
class RunRecordFuzzTest {
  private static Path dir;

  @BeforeAll
  static void dir() throws IOException {
    dir = Files.createTempDirectory("fuzz-run-record");
  }

  @AfterAll
  static void clean() throws IOException {
    Files.deleteIfExists(dir.resolve("record.json"));
    Files.deleteIfExists(dir);
  }

  @FuzzTest(maxDuration = "10s")
  void anyRecordIsReadOrOneLine(byte[] input) throws Exception {
    if (input.length < 1) {
      return;
    }
    String text = new String(input, 1, input.length - 1, StandardCharsets.UTF_8);
    try {
      switch ((input[0] & 0xff) % 3) {
        case 0 -> {
          Path file = dir.resolve("record.json");
          Files.write(file, java.util.Arrays.copyOfRange(input, 1, input.length));
          assertNotNull(RunRecordReader.read(file));
        }
        case 1 -> RunRecordReader.fromBindingLines(text, "load");
        default -> RunRecordReader.fromFileLoaderLines(text, "run");
      }
    } catch (RunRecordException e) {
      oneLine(e.getMessage());
    }
  }

  static void oneLine(String message) {
    assertNotNull(message);
    assertTrue(!message.isBlank() && message.indexOf('\n') < 0 && message.indexOf('\r') < 0,
        "not one line: " + message);
  }
}
