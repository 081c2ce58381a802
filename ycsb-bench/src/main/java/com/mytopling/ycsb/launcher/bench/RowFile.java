package com.mytopling.ycsb.launcher.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import site.ycsb.Utils;

/**
 * N rows of YCSB's default shape for the server's own LOAD DATA INFILE: the key "user" + fnvhash64(n), as YCSB's
 * hashed insert order makes them (so the file is in random key order), then 10 fields of 100 printable characters,
 * tab-separated, one row per line.
 */
final class RowFile {
  private RowFile() {
  }

  static String key(long n) {
    return "user" + Utils.fnvhash64(n);
  }

  static void write(long rows, Path file) throws IOException {
    SecureRandom random = new SecureRandom();
    byte[] bytes = new byte[750];
    Base64.Encoder base64 = Base64.getEncoder();
    try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
      StringBuilder line = new StringBuilder(1200);
      for (long i = 0; i < rows; i++) {
        // 750 random bytes -> 1000 base64 characters (no tab, newline or backslash).
        random.nextBytes(bytes);
        String v = base64.encodeToString(bytes);
        line.setLength(0);
        line.append(key(i));
        for (int f = 0; f < 1000; f += 100) {
          line.append('\t').append(v, f, f + 100);
        }
        w.append(line).append('\n');
      }
    }
  }

  /** Where {@link #writeSorted} puts the rows of {@code file} in key order. */
  static Path sortedCopy(Path file) {
    String name = file.getFileName().toString();
    return file.resolveSibling(name.replaceFirst("\\.tsv$", "") + "-by-key.tsv");
  }

  /**
   * The same rows in ascending key order, byte by byte (the server's binary order of these ASCII keys): the order a
   * dump tool writes and load.keyorder=sorted inserts in. Sorted by the system's sort(1), which spills to disk, so a
   * file of any size sorts in bounded memory.
   */
  static void writeSorted(Path file, Path sorted) throws IOException, InterruptedException {
    Path tmp = Path.of(sorted + ".tmp");
    ProcessBuilder pb = new ProcessBuilder("sort", "-t", "\t", "-k1,1", "-S", "256M", "-T",
        sorted.getParent().toString(), "-o", tmp.toString(), file.toString());
    pb.environment().put("LC_ALL", "C");
    pb.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
    int rc = pb.start().waitFor();
    if (rc != 0) {
      Files.deleteIfExists(tmp);
      throw new IOException("sort of " + file + " by key exited " + rc);
    }
    Files.move(tmp, sorted);
  }
}
