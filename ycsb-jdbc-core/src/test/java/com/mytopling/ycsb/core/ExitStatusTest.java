package com.mytopling.ycsb.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The README's exit-status table is this enum: one row per status, same codes, in order. */
class ExitStatusTest {
  @Test
  void theReadmeTableListsEveryStatusOnce() throws Exception {
    List<String> lines = Files.readAllLines(Path.of("..", "README.md"), StandardCharsets.UTF_8);
    int start = lines.indexOf("## Exit statuses");
    List<Integer> codes = new ArrayList<>();
    for (int i = start + 1; i < lines.size() && !lines.get(i).startsWith("## "); i++) {
      String line = lines.get(i);
      if (line.matches("\\| \\d+ \\|.*")) {
        codes.add(Integer.parseInt(line.substring(2, line.indexOf(" |", 2)).strip()));
      }
    }
    List<Integer> expected = new ArrayList<>();
    for (ExitStatus s : ExitStatus.values()) {
      expected.add(s.code);
    }
    assertEquals(expected, codes);
  }
}
