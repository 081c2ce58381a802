package com.mytopling.ycsb.launcher;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/**
 * How a client on another machine hands its run folder back: as a zip, base64 in lines between two marker lines on
 * its stdout. That is the one channel every engine keeps after a container ended (kubectl logs of a completed pod,
 * docker logs, an ssh session's output), so collecting needs no shared volume and no running pod. The end line carries
 * the client's exit status and the zip's SHA-256, so a cut log (a rotated container log) is found, not half-read.
 */
final class RunFolderStream {
  private static final String BEGIN = "=== ycsb-harness run folder ";
  private static final Pattern BEGIN_LINE = Pattern.compile("=== ycsb-harness run folder (client-\\d+) begin ===");
  private static final Pattern END_LINE = Pattern.compile(
      "=== ycsb-harness run folder (client-\\d+) end exit=(\\d+) sha256=([0-9a-f]{64}) ===");
  private static final Pattern TOO_LARGE_LINE = Pattern.compile(
      "=== ycsb-harness run folder (client-\\d+) too-large bytes=(\\d+) limit=(\\d+) exit=(\\d+) ===");
  /**
   * The most a run folder may take as text in a client's output: 8 MiB, under the 10 MiB at which the kubelet rotates
   * a container's log by default (containerLogMaxSize), with room for the client's other lines. kubectl logs returns
   * only the newest file after a rotation, so a longer folder would lose its beginning. A larger folder is not sent:
   * the client fails with one line naming its size (docs/scale-out.md).
   */
  static final long TEXT_LIMIT_BYTES = 8L << 20;

  /** What a client handed back: its folder's name, its exit status and where the folder was unpacked. */
  record Received(String name, int exitStatus, Path dir) {
  }

  private RunFolderStream() {
  }

  /**
   * Prints the folder between the marker lines; returns its size as text. Over {@code limitBytes} (0: no limit) only a
   * line saying so is printed (the collector names the size) and the result is negative: the size, negated.
   */
  static long write(Path dir, String name, int exitStatus, PrintStream out, long limitBytes) throws IOException {
    ByteArrayOutputStream zipped = new ByteArrayOutputStream();
    try (ZipOutputStream zip = new ZipOutputStream(zipped); Stream<Path> files = Files.walk(dir)) {
      for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
        zip.putNextEntry(new ZipEntry(dir.relativize(f).toString().replace('\\', '/')));
        Files.copy(f, zip);
        zip.closeEntry();
      }
    }
    byte[] bytes = zipped.toByteArray();
    String b64 = Base64.getEncoder().encodeToString(bytes);
    long textBytes = b64.length() + (b64.length() + 75) / 76;
    if (limitBytes > 0 && textBytes > limitBytes) {
      out.println(BEGIN + name + " too-large bytes=" + textBytes + " limit=" + limitBytes + " exit=" + exitStatus
          + " ===");
      return -textBytes;
    }
    out.println(BEGIN + name + " begin ===");
    for (int i = 0; i < b64.length(); i += 76) {
      out.println(b64.substring(i, Math.min(b64.length(), i + 76)));
    }
    out.println(BEGIN + name + " end exit=" + exitStatus + " sha256=" + sha256(bytes) + " ===");
    return textBytes;
  }

  /** Mebibytes with one decimal, for the lines about sizes. */
  static String mib(long bytes) {
    return String.format(java.util.Locale.ROOT, "%.1f MiB", bytes / 1048576.0);
  }

  /**
   * Reads one client's output and unpacks the run folder it holds into {@code into/NAME}, or says in one line why not
   * (no folder in the output, a cut one, a wrong checksum).
   */
  static Received read(BufferedReader in, Path into) throws IOException {
    String name = null;
    StringBuilder b64 = new StringBuilder();
    for (String line; (line = in.readLine()) != null; ) {
      line = line.strip();
      Matcher tooLarge = TOO_LARGE_LINE.matcher(line);
      if (tooLarge.matches()) {
        throw new IOException(tooLarge.group(1) + ": its run folder was " + mib(Long.parseLong(tooLarge.group(2)))
            + " as text, over the " + mib(Long.parseLong(tooLarge.group(3))) + " a container log keeps whole (the "
            + "kubelet rotates at 10 MiB by default): not sent (docs/scale-out.md)");
      }
      Matcher begin = BEGIN_LINE.matcher(line);
      if (begin.matches()) {
        name = begin.group(1);
        b64.setLength(0);
        continue;
      }
      if (name == null) {
        Matcher orphanEnd = END_LINE.matcher(line);
        if (orphanEnd.matches()) {
          throw new IOException(orphanEnd.group(1) + ": its output has the end of a run folder but not its beginning: "
              + "the log was rotated or cut at the start (the kubelet keeps 10 MiB of a container's log by default)");
        }
        continue;
      }
      Matcher end = END_LINE.matcher(line);
      if (end.matches()) {
        byte[] bytes;
        try {
          bytes = Base64.getDecoder().decode(b64.toString());
        } catch (IllegalArgumentException e) {
          // A line lost from the block or a stray one that looks like base64: as damaged as a wrong checksum.
          throw new IOException(name + ": the run folder in its output is damaged (not base64: " + e.getMessage()
              + ")");
        }
        if (!end.group(1).equals(name) || !sha256(bytes).equals(end.group(3))) {
          throw new IOException(name + ": the run folder in its output is damaged (checksum differs)");
        }
        Path dir = into.resolve(name);
        unzip(bytes, dir);
        return new Received(name, Integer.parseInt(end.group(2)), dir);
      }
      if (line.matches("[A-Za-z0-9+/=]+")) {
        b64.append(line); // stderr lines a log may have mixed in (kubectl logs) are no base64
      }
    }
    throw new IOException(name == null ? "no run folder in the client's output (it ended before writing one)"
        : name + ": its output ends inside the run folder (a cut or rotated log)");
  }

  private static void unzip(byte[] bytes, Path dir) throws IOException {
    Path root = dir.toAbsolutePath().normalize();
    try (ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(bytes))) {
      for (ZipEntry e; (e = zip.getNextEntry()) != null; ) {
        Path f = root.resolve(e.getName()).normalize();
        if (!f.startsWith(root)) {
          throw new IOException("run folder entry outside its folder: " + e.getName());
        }
        Files.createDirectories(f.getParent());
        Files.copy((InputStream) zip, f, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      }
    }
  }

  private static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
