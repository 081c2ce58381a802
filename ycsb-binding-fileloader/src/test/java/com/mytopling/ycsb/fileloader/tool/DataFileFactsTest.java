package com.mytopling.ycsb.fileloader.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import com.mytopling.ycsb.core.dialect.ColumnSize;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The facts the launcher's jobs read from a data file, by the parser rather than from dataset stats' text. */
class DataFileFactsTest {
  @Test
  void recordsAndAverageValueLengthOfAFile(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("reviews.txt");
    Files.writeString(file, """
        product/productId: B1
        review/text: abcdef

        product/productId: B22
        review/text: ab

        """, StandardCharsets.ISO_8859_1);
    DataFileFacts facts = DataFileFacts.of(file, new PrintStream(OutputStream.nullOutputStream()));
    assertEquals(2, facts.records());
    // productId averages 2.5 characters, text 4: their mean.
    assertEquals(3.25, facts.averageValueChars(), 1e-9);
    // Each column sized by its longest value: "B22" and "abcdef".
    assertEquals(List.of(new ColumnSize(3, 3, true), new ColumnSize(6, 6, true)), facts.columns());
  }

  @Test
  void sameRecordCountAsDatasetStats(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("synth.txt.gz");
    try (var os = OutputFiles.create(file.toString(), System.out)) {
      new ReviewSynthesizer(3).write(40, os);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new DatasetTool(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(OutputStream.nullOutputStream())).run(new String[] {"stats", file.toString()});
    assertEquals(true, out.toString(StandardCharsets.UTF_8).contains("\nrecords: 40\n"));
    assertEquals(40, DataFileFacts.of(file, new PrintStream(OutputStream.nullOutputStream())).records());
  }
}
