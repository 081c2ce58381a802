package com.mytopling.ycsb.launcher.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * results/ holds data, not copies (results/README.md): in the benchmark sets (results/bench/SET) and our published runs
 * (results/runs/RUN) the raw material (raw/ and hdr/ folders, .out, .err, .hdr and report.html files) is packed into
 * one raw.tar.gz per folder by scripts/pack-results, and every such archive is a whole gzip'd tar. The folders checked
 * are those git tracks (what a clone has); outside a git checkout, every set and the runs results/runs/README.md lists.
 */
class ResultsAreDataTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Pattern LISTED_RUN = Pattern.compile("^- `([^`/]+)/`", Pattern.MULTILINE);

  /** Why a path inside a set or published run is raw material, or null when it is data. */
  static String rawMaterial(String relative) {
    String[] parts = relative.split("/");
    for (int i = 0; i < parts.length - 1; i++) {
      if (parts[i].equals("raw") || parts[i].equals("hdr")) {
        return "a file of a " + parts[i] + "/ folder";
      }
    }
    String name = parts[parts.length - 1];
    if (name.endsWith(".out") || name.endsWith(".err") || name.endsWith(".hdr") || name.equals("report.html")) {
      return "a loose " + (name.equals("report.html") ? "report.html" : name.substring(name.lastIndexOf('.')));
    }
    return null;
  }

  /** The files of results/bench/* and results/runs/*, relative to the root: git's, or the tree's without git. */
  private static List<String> keptFiles() throws IOException, InterruptedException {
    Process git = new ProcessBuilder("git", "-C", ROOT.toString(), "ls-files", "-z", "--", "results/bench",
        "results/runs").redirectError(ProcessBuilder.Redirect.DISCARD)
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
    byte[] listed = git.getInputStream().readAllBytes();
    if (git.waitFor(1, TimeUnit.MINUTES) && git.exitValue() == 0) {
      List<String> files = new ArrayList<>();
      for (String f : new String(listed, StandardCharsets.UTF_8).split("\0")) {
        if (!f.isEmpty() && Files.exists(ROOT.resolve(f))) {
          files.add(f);
        }
      }
      return files;
    }
    List<Path> folders = new ArrayList<>();
    try (Stream<Path> sets = Files.list(ROOT.resolve("results/bench"))) {
      sets.filter(Files::isDirectory).forEach(folders::add);
    }
    Matcher m = LISTED_RUN.matcher(Files.readString(ROOT.resolve("results/runs/README.md"), StandardCharsets.UTF_8));
    while (m.find()) {
      folders.add(ROOT.resolve("results/runs").resolve(m.group(1)));
    }
    List<String> files = new ArrayList<>();
    for (Path folder : folders) {
      try (Stream<Path> all = Files.walk(folder)) {
        all.filter(Files::isRegularFile).forEach(f -> files.add(ROOT.relativize(f).toString().replace('\\', '/')));
      }
    }
    return files;
  }

  @Test
  void setsAndPublishedRunsKeepTheirRawMaterialInOneArchive() throws Exception {
    List<String> files = keptFiles();
    assertTrue(files.stream().anyMatch(f -> f.startsWith("results/bench/")), files::toString);
    List<String> loose = new ArrayList<>();
    Set<String> folders = new TreeSet<>();
    for (String f : files) {
      String[] parts = f.split("/");
      if (parts.length < 4) {
        continue; // results/bench/README.md, results/runs/README.md
      }
      folders.add(parts[0] + "/" + parts[1] + "/" + parts[2]);
      String why = rawMaterial(f.substring(parts[0].length() + parts[1].length() + parts[2].length() + 3));
      if (why != null) {
        loose.add(f + " (" + why + ")");
      }
    }
    assertTrue(loose.isEmpty(), loose.size() + " files of raw material outside an archive (scripts/pack-results "
        + "FOLDER packs them), e.g. " + loose.subList(0, Math.min(5, loose.size())));
    for (String folder : folders) {
      Path archive = ROOT.resolve(folder).resolve("raw.tar.gz");
      if (Files.exists(archive)) {
        assertTrue(tarEntries(archive) > 0, archive + " holds nothing");
      }
    }
  }

  /** The number of entries of a gzip'd tar, read to its end (a truncated or corrupt archive throws). */
  private static int tarEntries(Path archive) throws IOException {
    byte[] tar;
    try (InputStream in = new GZIPInputStream(Files.newInputStream(archive))) {
      tar = in.readAllBytes();
    }
    int entries = 0;
    int at = 0;
    while (at + 512 <= tar.length && tar[at] != 0) {
      String magic = new String(tar, at + 257, 5, StandardCharsets.US_ASCII);
      assertEquals("ustar", magic, archive + ": not a tar at byte " + at);
      String size = new String(tar, at + 124, 12, StandardCharsets.US_ASCII).replace("\0", "").strip();
      long length = size.isEmpty() ? 0 : Long.parseLong(size, 8);
      at += 512 + (int) ((length + 511) / 512 * 512);
      entries++;
    }
    assertTrue(at <= tar.length, archive + ": its last entry is cut short");
    return entries;
  }

  @Test
  void rawMaterialIsTheRawAndHdrFoldersAndTheClientsOutput() {
    for (String raw : List.of("raw/cpu-1/run.out", "load/raw/x.txt", "hdr/run/READ.hdr", "run.err", "load.out",
        "raw/mainjob/report.html", "report.html", "x.hdr")) {
      assertTrue(rawMaterial(raw) != null, raw);
    }
    for (String data : List.of("summary.md", "results.tsv", "machine.txt", "summary.json", "metadata.json",
        "charts/throughput.png", "profile/run.collapsed.gz", "raw.tar.gz", "jvm-flags/measure.sh", "azure-comparison.md",
        "server-metrics.csv")) {
      assertFalse(rawMaterial(data) != null, data);
    }
  }

  /** scripts/pack-results packs exactly the raw material, removes it, and makes the same bytes from the same files. */
  @Test
  void packResultsPacksTheRawMaterialReproducibly(@TempDir Path tmp) throws Exception {
    byte[] first = null;
    for (int round = 0; round < 2; round++) {
      Path set = tmp.resolve("set-" + round);
      Files.createDirectories(set.resolve("load/raw/case-1/hdr/load"));
      Files.writeString(set.resolve("load/raw/case-1/load.out"), "[OVERALL], Throughput(ops/sec), 1\n");
      Files.writeString(set.resolve("load/raw/case-1/hdr/load/INSERT.hdr"), "#[histogram log]\n");
      Files.writeString(set.resolve("load/results.tsv"), "load\tcase\t1\trows_s\t1.0\n");
      Files.writeString(set.resolve("summary.md"), "# summary\n");
      Files.writeString(set.resolve("run.err"), "one line\n");
      Files.writeString(set.resolve("report.html"), "<html></html>\n");
      Process p = new ProcessBuilder("bash", ROOT.resolve("scripts/pack-results").toString(), set.toString())
          .redirectErrorStream(true).start();
      String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(p.waitFor(1, TimeUnit.MINUTES), "pack-results did not end");
      assertEquals(0, p.exitValue(), said);
      assertTrue(said.startsWith("pack-results: " + set.resolve("raw.tar.gz") + " ("), said);
      List<String> left = new ArrayList<>();
      try (Stream<Path> all = Files.walk(set)) {
        all.filter(Files::isRegularFile).forEach(f -> left.add(set.relativize(f).toString()));
      }
      left.sort(null);
      assertEquals(List.of("load/results.tsv", "raw.tar.gz", "summary.md"), left);
      assertEquals(8, tarEntries(set.resolve("raw.tar.gz")), "load/raw, its 3 folders and 2 files, run.err, report.html");
      byte[] archive = Files.readAllBytes(set.resolve("raw.tar.gz"));
      if (first == null) {
        first = archive;
      } else {
        assertArrayEquals(first, archive, "the same files packed again (another folder, another time)");
      }
      if (round == 0) {
        Thread.sleep(1100); // files of the second round get other times
      }
    }
    Process again = new ProcessBuilder("bash", ROOT.resolve("scripts/pack-results").toString(),
        tmp.resolve("set-1").toString()).redirectErrorStream(true).start();
    ByteArrayOutputStream said = new ByteArrayOutputStream();
    again.getInputStream().transferTo(said);
    assertTrue(again.waitFor(1, TimeUnit.MINUTES));
    assertEquals(0, again.exitValue(), said.toString(StandardCharsets.UTF_8));
    assertTrue(said.toString(StandardCharsets.UTF_8).contains("no raw material to pack"), said::toString);
  }
}
