package com.mytopling.ycsb.fileloader.tool;

import com.mytopling.ycsb.fileloader.format.DataFileSpec;
import com.mytopling.ycsb.fileloader.format.DataRecord;
import com.mytopling.ycsb.fileloader.format.RecordFormat;
import com.mytopling.ycsb.fileloader.format.TestFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DatasetToolTest {
  @TempDir
  Path dir;

  private String out;
  private String err;

  private int run(String... args) {
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    ByteArrayOutputStream e = new ByteArrayOutputStream();
    int status = new DatasetTool(new PrintStream(o, true, StandardCharsets.UTF_8),
        new PrintStream(e, true, StandardCharsets.UTF_8)).run(args);
    out = o.toString(StandardCharsets.UTF_8);
    err = e.toString(StandardCharsets.UTF_8);
    return status;
  }

  private String p(String name) {
    return dir.resolve(name).toString();
  }

  @Test
  void synthIsDeterministicForASeedAndHasTheRealShape() throws IOException {
    assertEquals(0, run("synth", "--records", "3000", "--out", p("a.txt"), "--seed", "5"));
    assertEquals(0, run("synth", "--records", "3000", "--out", p("b.txt"), "--seed", "5"));
    assertEquals(0, run("synth", "--records", "3000", "--out", p("c.txt"), "--seed", "6"));
    byte[] a = Files.readAllBytes(dir.resolve("a.txt"));
    assertArrayEquals(a, Files.readAllBytes(dir.resolve("b.txt")));
    assertFalse(Arrays.equals(a, Files.readAllBytes(dir.resolve("c.txt"))));

    List<DataRecord> records = new ArrayList<>();
    for (Object o : TestFiles.readAll(DataFileSpec.detect(dir.resolve("a.txt")))) {
      records.add((DataRecord) o);
    }
    assertEquals(3000, records.size());
    assertEquals(List.of("product/productId", "review/userId", "review/profileName", "review/helpfulness",
        "review/score", "review/time", "review/summary", "review/text"), records.get(0).fieldNames());
    double averageBytes = (double) a.length / records.size();
    assertTrue(averageBytes > 700 && averageBytes < 1400, "about 1 KB per review: " + averageBytes);
    long fives = records.stream().filter(r -> r.value(4).equals("5.0")).count();
    assertTrue(fives > 1200 && fives < 2100, "score 5 for about half: " + fives);
    long latin1 = records.stream().filter(r -> r.value(7).chars().anyMatch(ch -> ch > 0x7f)).count();
    assertTrue(latin1 > 30, "some texts have ISO-8859-1 letters: " + latin1);
    assertTrue(records.stream().allMatch(r -> r.value(7).chars().allMatch(ch -> ch <= 0xff)));
    long html = records.stream().filter(r -> r.value(7).contains("<br />") || r.value(7).contains("&quot;")).count();
    assertTrue(html > 100, "HTML fragments: " + html);
    long wrapped = records.stream().filter(r -> r.value(7).contains("\n")).count();
    assertTrue(wrapped > 10, "wrapped texts: " + wrapped);
    long distinctTexts = records.stream().map(r -> r.value(7)).distinct().count();
    assertTrue(distinctTexts < 2800 && distinctTexts > 2400, "duplicated texts: " + (3000 - distinctTexts));
  }

  @Test
  void statsCountsRecordsFieldsAndDuplicates() {
    assertEquals(0, run("stats", "src/test/resources/reviews-sample.txt"));
    assertTrue(out.contains("records: 100\n"), out);
    assertTrue(out.contains("malformed records: 0\n"), out);
    assertTrue(out.matches("(?s).*product/productId\\s+10\\s+10\\.0\\s+10\\s+10\n.*"), out);
    assertTrue(out.contains("duplicate keys (product/productId+review/userId): "), out);
    assertTrue(out.matches("(?s).*duplicate texts \\(review/text\\): [1-9][0-9]*\n.*"), out);
  }

  @Test
  void statsReportsMalformedRecords() throws IOException {
    TestFiles.write(dir, "m.txt", "a/id: 1\na/t: x\n\na/id: 2\n\n", StandardCharsets.ISO_8859_1);
    assertEquals(0, run("stats", p("m.txt")));
    assertTrue(out.contains("records: 1\n"), out);
    assertTrue(out.contains("malformed records: 1\n"), out);
    assertTrue(err.contains("line 4 (byte offset 16): missing field(s) 'a/t'"), err);
  }

  @Test
  void convertFlattensAndRoundTrips() throws IOException {
    String sample = "src/test/resources/reviews-sample.txt";
    List<Object> original = TestFiles.readAll(DataFileSpec.detect(Path.of(sample)));
    for (String to : new String[] {"tsv", "jsonl"}) {
      String target = p("out." + to + ".gz");
      assertEquals(0, run("convert", sample, "--to", to, "--out", target), err);
      assertTrue(err.contains("wrote 100 records"), err);
      List<Object> back = TestFiles.readAll(DataFileSpec.detect(Path.of(target)));
      assertEquals(100, back.size());
      DataRecord first = (DataRecord) back.get(0);
      assertEquals(List.of("productId", "userId", "profileName", "helpfulness", "score", "time", "summary", "text"),
          first.fieldNames());
      for (int i = 0; i < 100; i++) {
        assertEquals(TestFiles.values((DataRecord) original.get(i)), TestFiles.values((DataRecord) back.get(i)), to + " " + i);
      }
    }
    // One record per line: tabs and newlines inside values are escaped.
    assertEquals(0, run("convert", sample, "--to", "tsv", "--out", p("plain.tsv")));
    assertEquals(101, Files.readAllLines(dir.resolve("plain.tsv"), StandardCharsets.UTF_8).size());
  }

  @Test
  void schemaFitsTheLongestValues() {
    // The dialect's own DDL, the one the binding runs for db.createtable=true, sized to the data.
    assertEquals(0, run("schema", "src/test/resources/reviews-sample.txt", "--dialect", "mysql"));
    assertTrue(out.contains("CREATE TABLE IF NOT EXISTS usertable (YCSB_KEY VARCHAR(255) CHARACTER SET utf8mb4 "
        + "COLLATE utf8mb4_bin NOT NULL, PRODUCTID VARCHAR(10) NOT NULL"), out);
    // The whole row fits MySQL's row limit as VARCHARs (6078 characters is the longest text).
    assertTrue(out.contains("TEXT VARCHAR(6078) NOT NULL"), out);
    assertTrue(out.contains("ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;"), out);
    assertTrue(out.contains("-- TEXT (review/text): longest value 6078 characters, 6080 bytes in UTF-8\n"), out);
    assertTrue(out.contains("db.fields=productId,userId,profileName,helpfulness,score,time,summary,text"), out);
    assertEquals(0, run("schema", "src/test/resources/reviews-sample.txt", "--dialect", "myrocks", "--table", "reviews"));
    assertTrue(out.contains("CREATE TABLE IF NOT EXISTS reviews (YCSB_KEY VARCHAR(255) CHARACTER SET latin1 COLLATE "
        + "latin1_bin NOT NULL") && out.contains("ENGINE=ROCKSDB"), out);
    // SQL Server: VARCHAR for ASCII-only fields, NVARCHAR where a value has other characters.
    assertEquals(0, run("schema", "src/test/resources/reviews-sample.txt", "--dialect", "sqlserver", "--naming", "ycsb"));
    assertTrue(out.contains("FIELD0 VARCHAR(10) NOT NULL"), out);
    assertTrue(out.contains("FIELD2 NVARCHAR(31) NOT NULL"), out);
    assertTrue(out.contains("FIELD7 NVARCHAR(MAX) NOT NULL"), out);
  }

  private void assertOneLineError(int expectedStatus, int status, String... fragments) {
    assertEquals(expectedStatus, status, err);
    assertEquals("", out);
    assertEquals(1, err.strip().lines().count(), "one line: " + err);
    assertFalse(err.contains("\tat "), "no stack trace: " + err);
    for (String f : fragments) {
      assertTrue(err.contains(f), err);
    }
  }

  @Test
  void badInputGivesOneClearLineAndNonZeroStatus() throws IOException {
    // Exit status 2 (BAD_INPUT) for a bad file as for a bad command line: the harness's one table.
    assertOneLineError(2, run("stats", p("missing.txt")), "dataset stats: data file", "does not exist");
    assertOneLineError(2, run("stats", "src/test/resources/reviews-sample.txt", "--format", "xml"),
        "unknown format 'xml'");
    // Issue 11.16: a missing file whose name says no format is missing, not of an unknown format.
    assertOneLineError(2, run("stats", p("movies")), "dataset stats: data file " + p("movies") + " does not exist");
    assertOneLineError(2, run("stats", p("data.bin")), "dataset stats: data file " + p("data.bin") + " does not exist");
    Files.writeString(dir.resolve("data.bin"), "x");
    assertOneLineError(2, run("stats", p("data.bin")), "cannot tell the format");
    byte[] sample = Files.readAllBytes(Path.of("src/test/resources/reviews-sample.txt"));
    Path gz = TestFiles.writeBytes(dir, "t.txt.gz", sample);
    byte[] bytes = Files.readAllBytes(gz);
    Files.write(gz, Arrays.copyOf(bytes, bytes.length - 100));
    assertEquals(2, run("convert", gz.toString(), "--to", "tsv", "--out", p("x.tsv")));
    assertFalse(Files.exists(dir.resolve("x.tsv")), "no half-written output left behind");
    assertTrue(err.strip().lines().reduce((a, b) -> b).orElse("").contains("truncated or corrupt gzip"), err);
    assertFalse(err.contains("\tat "), err);
    assertOneLineError(2, run("schema", gz.toString(), "--dialect", "mysql"), "truncated or corrupt gzip",
        gz.toString());
    assertOneLineError(2, run("schema", "src/test/resources/reviews-sample.txt", "--dialect", "oracle"),
        "unknown dialect 'oracle'");
    assertOneLineError(2, run("convert", "src/test/resources/reviews-sample.txt", "--to", "csv"),
        "convert writes tsv or jsonl");
    assertOneLineError(2, run("frobnicate"), "unknown command 'frobnicate'");
    assertOneLineError(2, run("synth", "--records", "ten", "--out", p("s.txt")), "not a whole number");
    assertOneLineError(2, run("schema", "src/test/resources/reviews-sample.txt"), "Missing required option");
    assertEquals(RecordFormat.SNAP, RecordFormat.fromFileName(gz));
  }
}
