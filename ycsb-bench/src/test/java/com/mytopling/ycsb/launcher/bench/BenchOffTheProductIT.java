package com.mytopling.ycsb.launcher.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.containers.Docker;
import com.mytopling.ycsb.launcher.Scripts;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bench is on no harness client's class path and in no harness image: none of the classes this module builds
 * (nor any other class of their packages) is in the launcher's jar or lib/, on the class path scripts/ycsb starts
 * its JVM with, or under the harness image's /app (scripts/images, Jib). The bench's own JVM has them (checked too, so
 * that the search is known to find them where they are).
 */
class BenchOffTheProductIT {
  private static final Path ROOT = Scripts.ROOT;
  private static final String IMAGE = System.getenv().getOrDefault("YCSB_TEST_HARNESS_IMAGE", "ycsb-harness:latest");

  /** The bench's classes as jar entries (com/mytopling/.../BenchHarness.class) and their packages' folders. */
  private static final Set<String> BENCH_CLASSES = new TreeSet<>();
  private static final Set<String> BENCH_PACKAGES = new TreeSet<>();

  @BeforeAll
  static void benchClasses() throws IOException {
    Path classes = ROOT.resolve("ycsb-bench/target/classes");
    try (Stream<Path> files = Files.walk(classes)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".class")).toList()) {
        String entry = classes.relativize(f).toString().replace('\\', '/');
        BENCH_CLASSES.add(entry);
        BENCH_PACKAGES.add(entry.substring(0, entry.lastIndexOf('/') + 1));
      }
    }
    assertTrue(BENCH_CLASSES.contains("com/mytopling/ycsb/launcher/bench/BenchHarness.class"), BENCH_CLASSES::toString);
    assertTrue(BENCH_CLASSES.contains("com/mytopling/ycsb/launcher/bench/WireFloor.class"), BENCH_CLASSES::toString);
  }

  /** The bench's class entries in a jar or a class folder. */
  private static List<String> benchClassesIn(Path element) throws IOException {
    List<String> found = new ArrayList<>();
    if (Files.isDirectory(element)) {
      try (Stream<Path> files = Files.walk(element)) {
        for (Path f : files.filter(p -> p.toString().endsWith(".class")).toList()) {
          String entry = element.relativize(f).toString().replace('\\', '/');
          if (isBench(entry)) {
            found.add(element + "!" + entry);
          }
        }
      }
    } else if (element.toString().endsWith(".jar") && Files.isRegularFile(element)) {
      try (JarFile jar = new JarFile(element.toFile())) {
        for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
          String entry = e.nextElement().getName();
          if (entry.endsWith(".class") && isBench(entry)) {
            found.add(element.getFileName() + "!" + entry);
          }
        }
      }
    }
    return found;
  }

  private static boolean isBench(String entry) {
    String name = entry.startsWith("META-INF/versions/") ? entry.replaceFirst("^META-INF/versions/\\d+/", "") : entry;
    return BENCH_CLASSES.contains(name) || BENCH_PACKAGES.contains(name.substring(0, name.lastIndexOf('/') + 1));
  }

  /** Fails naming how many bench classes were found where none may be, and the first few. */
  private static void assertNone(List<String> found, String where) {
    assertTrue(found.isEmpty(), found.size() + " bench classes " + where + ", e.g. "
        + found.subList(0, Math.min(5, found.size())));
  }

  private static List<String> benchClassesOn(List<Path> classPath) throws IOException {
    List<String> found = new ArrayList<>();
    for (Path element : classPath) {
      found.addAll(benchClassesIn(element));
    }
    return found;
  }

  /** The class path a script's JVM ran with, from -XshowSettings:properties (one element a line after the name). */
  private static List<Path> classPathShown(String stderr) {
    List<Path> elements = new ArrayList<>();
    List<String> lines = stderr.lines().toList();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (!line.strip().startsWith("java.class.path = ")) {
        continue;
      }
      elements.add(Path.of(line.substring(line.indexOf('=') + 1).strip()));
      int indent = line.indexOf("java.class.path");
      for (int j = i + 1; j < lines.size() && lines.get(j).length() > indent + 4
          && lines.get(j).substring(0, indent + 4).isBlank() && !lines.get(j).contains(" = "); j++) {
        elements.add(Path.of(lines.get(j).strip()));
      }
      break;
    }
    return elements;
  }

  @Test
  void theLaunchersJarAndLibHoldNoBenchClass() throws IOException {
    Path target = ROOT.resolve("ycsb-launcher/target");
    List<Path> jars = new ArrayList<>(List.of(target.resolve("ycsb-launcher-0.1.0-SNAPSHOT.jar")));
    try (Stream<Path> lib = Files.list(target.resolve("lib"))) {
      jars.addAll(lib.sorted().toList());
    }
    assertTrue(jars.size() > 20, "the launcher's lib/: " + jars);
    assertNone(benchClassesOn(jars), "in the launcher's jar and lib/");
    assertTrue(jars.stream().noneMatch(j -> j.getFileName().toString().startsWith("ycsb-bench")), jars::toString);
  }

  @Test
  void scriptsYcsbRunsOnAClassPathWithoutTheBench() throws IOException {
    // -XshowSettings prints the JVM's properties on stderr before main, which then refuses the empty command line.
    Scripts.Result r = Scripts.run("ycsb", List.of("-jvm-args", "-XshowSettings:properties"), Map.of());
    assertEquals(2, r.exitCode, r::toString);
    List<Path> classPath = classPathShown(r.stderr);
    assertTrue(classPath.size() > 20 && classPath.get(0).toString().endsWith("ycsb-launcher-0.1.0-SNAPSHOT.jar"),
        "scripts/ycsb's class path: " + classPath);
    assertNone(benchClassesOn(classPath), "on scripts/ycsb's class path");

    // The bench's own JVM: the same search finds the bench there (its jar first, the product's jars after it).
    String benchClassPath = Files.readString(ROOT.resolve("ycsb-bench/target/classpath.txt"), StandardCharsets.UTF_8);
    List<Path> bench = new ArrayList<>(List.of(ROOT.resolve("ycsb-bench/target/ycsb-bench-0.1.0-SNAPSHOT.jar")));
    for (String element : benchClassPath.strip().split(":")) {
      bench.add(Path.of(element));
    }
    List<String> found = benchClassesOn(bench);
    assertTrue(found.contains("ycsb-bench-0.1.0-SNAPSHOT.jar!com/mytopling/ycsb/launcher/bench/BenchHarness.class"),
        found::toString);
    assertTrue(found.stream().allMatch(f -> f.startsWith("ycsb-bench-0.1.0-SNAPSHOT.jar!")), found::toString);
  }

  @Test
  void theHarnessImageHoldsNoBenchClass(@TempDir Path tmp) throws Exception {
    Docker.requireImage(IMAGE);
    Docker.Result created = Docker.run(Map.of(), "create", IMAGE);
    assertEquals(0, created.exit(), created.toString());
    String container = created.out().strip();
    try {
      Docker.Result copied = Docker.run(Map.of(), "cp", container + ":/app", tmp.toString());
      assertEquals(0, copied.exit(), copied.toString());
    } finally {
      Docker.run(Map.of(), "rm", container);
    }
    Path app = tmp.resolve("app");
    String classPathFile = Files.readString(app.resolve("jib-classpath-file"), StandardCharsets.UTF_8).strip();
    List<Path> classPath = new ArrayList<>();
    for (String element : classPathFile.split(":")) {
      assertTrue(element.startsWith("/app/"), classPathFile);
      classPath.add(app.resolve(element.substring("/app/".length())));
    }
    assertTrue(classPath.contains(app.resolve("classes")) && classPath.size() > 20, classPathFile);
    assertTrue(Files.isRegularFile(app.resolve("classes/com/mytopling/ycsb/launcher/Harness.class")),
        "the image's launcher classes");
    assertNone(benchClassesOn(classPath), "on the class path of image " + IMAGE);
    // And nowhere else under /app (a jar left beside the class path would still be in the image).
    List<Path> everything = new ArrayList<>(List.of(app.resolve("classes"), app.resolve("resources")));
    try (Stream<Path> libs = Files.list(app.resolve("libs"))) {
      everything.addAll(libs.toList());
    }
    assertNone(benchClassesOn(everything), "under /app of image " + IMAGE);
    assertFalse(everything.stream().anyMatch(p -> p.getFileName().toString().startsWith("ycsb-bench")),
        everything::toString);
  }
}
