package com.mytopling.ycsb.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.fileloader.tool.ReviewSynthesizer;
import com.mytopling.ycsb.jdbc.testing.TestServer;
import com.mytopling.ycsb.jdbc.testing.TestServers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/verify on a table loaded from a data file: the same options as the load, then the
 * stored rows are compared with the file's records. The file has a malformed record in the
 * middle (the load skips it, so verify must too) and review texts longer than their columns
 * (truncated by the load, so verify must truncate alike); four load threads, so that rows are
 * written out of file order.
 */
class VerifyFileLoadIT {
  private static final String TABLE = "verify_file_t";
  private static final int HALF = 40;

  @TempDir
  Path dir;

  /** Two runs of synthetic reviews with a record lacking most of its fields between them. */
  private Path dataFile() throws IOException {
    Path file = dir.resolve("reviews.txt");
    try (OutputStream os = Files.newOutputStream(file)) {
      os.write(synth(7));
      os.write("\nproduct/productId: B000MALFORMED\nreview/userId: AXXXXXXXX\n\n".getBytes(StandardCharsets.ISO_8859_1));
      os.write(synth(8));
    }
    return file;
  }

  private static byte[] synth(long seed) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    new ReviewSynthesizer(seed).write(HALF, b);
    return b.toByteArray();
  }

  private List<String> options(TestServer s, Path file) {
    List<String> a = new ArrayList<>(List.of("-threads", "4",
        "-p", "workload=com.mytopling.ycsb.fileloader.FileWorkload", "-p", "fileloader.file=" + file,
        "-p", "fileloader.format=snap", "-p", "fileloader.overlength=truncate", "-p", "fieldlength=300",
        "-p", "recordcount=" + (2 * HALF), "-p", "table=" + TABLE,
        "-p", "db.createtable=true", "-p", "db.droptable=true"));
    a.addAll(LauncherIT.dbArgs(s));
    return a;
  }

  @Test
  void verifyComparesTheTableWithTheDataFile() throws Exception {
    TestServer s = TestServers.innodb();
    Path file = dataFile();
    List<String> load = new ArrayList<>(List.of("load", "mytopling"));
    load.addAll(options(s, file));
    Scripts.Result l = Scripts.run("ycsb", load);
    assertEquals(0, l.exitCode, l::toString);
    assertTrue(l.stdout.contains("[FILELOADER], MalformedRecords, 1"), l::toString);
    assertFalse(l.stdout.contains("[FILELOADER], TruncatedValues, 0"), "some texts must be cut: " + l);

    Scripts.Result ok = Scripts.run("verify", options(s, file));
    assertEquals(0, ok.exitCode, ok::toString);
    assertTrue(ok.stdout.contains("found " + 2 * HALF + ", missing 0, wrong 0, extra 0"), ok::toString);
    assertTrue(ok.stdout.contains("verify: OK"), ok::toString);

    String changed;
    String deleted;
    try (Connection c = s.connect(); Statement st = c.createStatement()) {
      List<String> keys = new ArrayList<>();
      try (ResultSet rs = st.executeQuery("SELECT YCSB_KEY FROM " + TABLE + " ORDER BY YCSB_KEY LIMIT 2")) {
        while (rs.next()) {
          keys.add(rs.getString(1));
        }
      }
      changed = keys.get(0);
      deleted = keys.get(1);
      // FIELD4 is review/score, 1.0 to 5.0 in the file.
      assertEquals(1, st.executeUpdate("UPDATE " + TABLE + " SET FIELD4 = '0.0' WHERE YCSB_KEY = '" + changed + "'"));
      assertEquals(1, st.executeUpdate("DELETE FROM " + TABLE + " WHERE YCSB_KEY = '" + deleted + "'"));
    }
    Scripts.Result bad = Scripts.run("verify", options(s, file));
    assertEquals(1, bad.exitCode, bad::toString);
    assertTrue(bad.stdout.contains("found " + (2 * HALF - 1) + ", missing 1, wrong 1, extra 0"), bad::toString);
    assertTrue(bad.stdout.contains("verify: missing, e.g. " + deleted + "\n"), bad::toString);
    assertTrue(bad.stdout.contains("verify: wrong values, e.g. " + changed + " field4='0.0' (expected '"), bad::toString);
    assertTrue(bad.stdout.contains("verify: FAILED"), bad::toString);

    // Checked against a different file, every row is wrong: the values really come from the file.
    Path other = dir.resolve("other.txt");
    Files.write(other, synth(9));
    List<String> otherOptions = options(s, other);
    otherOptions.addAll(List.of("-p", "recordcount=" + HALF));
    Scripts.Result wrongFile = Scripts.run("verify", otherOptions);
    assertEquals(1, wrongFile.exitCode, wrongFile::toString);
    assertTrue(wrongFile.stdout.contains("wrong " + HALF + ","), wrongFile::toString);
  }

  @Test
  void keysFromRecordFieldsAreRefusedInOneLine() throws Exception {
    TestServer s = TestServers.innodb();
    List<String> a = options(s, dataFile());
    a.addAll(List.of("-p", "fileloader.keyfields=productId,userId"));
    Scripts.Result r = Scripts.run("verify", a);
    assertEquals(2, r.exitCode, r::toString);
    List<String> lines = r.stderrLines("verify:");
    assertEquals(1, lines.size(), r::toString);
    assertTrue(lines.get(0).contains("fileloader.keyfields") && lines.get(0).contains("not supported"), r::toString);
    assertFalse(r.stderr.contains("\tat "), r::toString);
  }
}
