package com.mytopling.ycsb.launcher.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * Where a client's CPU went, from async-profiler's collapsed stacks (one line per distinct stack: frames from the
 * thread's root to the leaf, separated by ';', then the number of samples; kernel frames end in "_[k]"). Each sample
 * is kernel time when its leaf is a kernel frame, else user time, and its user time belongs to the part of the
 * client nearest the leaf that a frame names: a HashMap's time inside the driver is the driver's, a socket read's
 * inside the driver is socket I/O. The parts are the ones the profile asked about (JIT compilers, socket
 * I/O, the drivers, our binding, the workload, YCSB's core and measurement).
 */
final class ProfileSummary {
  /** A part of the client and the frame prefixes that name it, in the order a frame is tested. */
  record Part(String name, List<String> prefixes) {
    boolean names(String frame) {
      for (String p : prefixes) {
        if (frame.startsWith(p)) {
          return true;
        }
      }
      return false;
    }
  }

  static final List<Part> PARTS = List.of(
      new Part("JIT compilers", List.of("CompileBroker::", "C2Compiler::", "Compiler::", "Compilation::",
          "Compile::")),
      new Part("JVM: collector, safepoints", List.of("GCTaskThread", "WorkerThread::", "VMThread::", "PSScavenge",
          "PSParallelCompact", "G1", "ParallelScavengeHeap")),
      new Part("socket I/O (JDK, our channel socket)", List.of("sun/nio/", "java/io/", "java/net/",
          "com/mytopling/ycsb/core/connect/")),
      new Part("measurement (HdrHistogram, YCSB's and ours)", List.of("org/HdrHistogram/", "site/ycsb/measurements/",
          "com/mytopling/ycsb/launcher/client/SerialSeriesMeasurements")),
      new Part("MariaDB Connector/J", List.of("org/mariadb/jdbc/")),
      new Part("MySQL Connector/J", List.of("com/mysql/cj/")),
      new Part("our binding", List.of("com/mytopling/ycsb/jdbc/", "com/mytopling/ycsb/core/")),
      new Part("workload (keys, values, counting)", List.of("com/mytopling/ycsb/launcher/",
          "com/mytopling/ycsb/fileloader/", "site/ycsb/generator/", "site/ycsb/workloads/",
          "site/ycsb/RandomByteIterator", "site/ycsb/Utils")),
      new Part("YCSB core (client threads, DB wrapper)", List.of("site/ycsb/", "org/apache/htrace/")));
  static final String OTHER = "other (JVM runtime, interpreter, libc)";
  private static final String KERNEL = "_[k]";

  long samples;
  long kernel;
  final Map<String, Long> userByPart = new LinkedHashMap<>();
  final Map<String, Long> userLeaves = new LinkedHashMap<>();

  /**
   * The profile in {@code collapsed}, plain or gzip-compressed (a name ending in .gz); a line that is not a stack and
   * its count fails it, naming the line.
   */
  static ProfileSummary read(Path collapsed) throws IOException {
    ProfileSummary s = new ProfileSummary();
    try (InputStream file = Files.newInputStream(collapsed);
         InputStream in = collapsed.getFileName().toString().endsWith(".gz") ? new GZIPInputStream(file) : file;
         BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      int number = 0;
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        number++;
        if (!s.add(line)) {
          throw new IOException(collapsed + " line " + number + ": not a collapsed stack (frames, a space, samples)");
        }
      }
    }
    return s;
  }

  /**
   * Replaces the profile with FILE.gz: a run's stacks take megabytes as text and a tenth of that compressed, which is
   * what a results folder keeps.
   */
  static Path compress(Path collapsed) throws IOException {
    Path gz = collapsed.resolveSibling(collapsed.getFileName() + ".gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
      Files.copy(collapsed, out);
    }
    Files.delete(collapsed);
    return gz;
  }

  /** One collapsed line, "root;...;leaf N"; false when it is not one. */
  boolean add(String line) {
    int space = line.lastIndexOf(' ');
    if (space <= 0 || !line.substring(space + 1).matches("[0-9]{1,18}")) {
      return false;
    }
    long n = Long.parseLong(line.substring(space + 1));
    String[] frames = line.substring(0, space).split(";");
    samples += n;
    String leaf = frames[frames.length - 1];
    if (leaf.endsWith(KERNEL)) {
      kernel += n;
      return true;
    }
    userByPart.merge(part(frames), n, Long::sum);
    userLeaves.merge(leaf, n, Long::sum);
    return true;
  }

  /** The part named by the frame nearest the leaf that any part names; the others when none does. */
  static String part(String[] frames) {
    for (int i = frames.length - 1; i >= 0; i--) {
      for (Part p : PARTS) {
        if (p.names(frames[i])) {
          return p.name();
        }
      }
    }
    return OTHER;
  }

  long user() {
    return samples - kernel;
  }

  /** A markdown section: the samples' split, the user time by part, the most sampled user frames. */
  String markdown(String title, int topLeaves) {
    StringBuilder b = new StringBuilder("### ").append(title).append("\n\n");
    if (samples == 0) {
      return b.append("No samples.\n\n").toString();
    }
    b.append(String.format(Locale.ROOT, "%,d samples: user %.1f%%, kernel %.1f%%.%n%n", samples,
        100.0 * user() / samples, 100.0 * kernel / samples));
    b.append("| part (user time) | samples | share of user |\n|---|---:|---:|\n");
    sorted(userByPart).forEach(e -> b.append(String.format(Locale.ROOT, "| %s | %,d | %.1f%% |%n", e.getKey(),
        e.getValue(), 100.0 * e.getValue() / user())));
    b.append("\n| most sampled user frames | samples | share of user |\n|---|---:|---:|\n");
    sorted(userLeaves).stream().limit(topLeaves).forEach(e -> b.append(String.format(Locale.ROOT,
        "| `%s` | %,d | %.1f%% |%n", e.getKey().replace("|", "\\|"), e.getValue(), 100.0 * e.getValue() / user())));
    return b.append('\n').toString();
  }

  private static List<Map.Entry<String, Long>> sorted(Map<String, Long> counts) {
    List<Map.Entry<String, Long>> entries = new ArrayList<>(counts.entrySet());
    entries.sort(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())
        .thenComparing(Map.Entry.comparingByKey()));
    return entries;
  }
}
