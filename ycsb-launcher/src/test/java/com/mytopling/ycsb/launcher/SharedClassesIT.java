package com.mytopling.ycsb.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/lib.sh's shared-classes archive (AppCDS), on a copy of the harness's root (its scripts, workloads, one stored
 * run, the launcher's jar and libraries), so that the jars can be changed without touching the build's: the archive is
 * made on first use, the JVMs given its flags load the harness's classes from it, a changed jar or another class path
 * makes it again, and YCSB_CDS=0 turns it off.
 */
class SharedClassesIT {
  @TempDir
  static Path root;

  @BeforeAll
  static void copyTheHarness() throws Exception {
    Path from = Scripts.ROOT;
    copyTree(from.resolve("scripts"), root.resolve("scripts"));
    copyTree(from.resolve("workloads"), root.resolve("workloads"));
    copyTree(from.resolve("results/baselines/ci-mariadb-workloada/run-1"),
        root.resolve("results/baselines/ci-mariadb-workloada/run-1"));
    Path target = root.resolve("ycsb-launcher/target");
    copyTree(from.resolve("ycsb-launcher/target/lib"), target.resolve("lib"));
    Files.copy(from.resolve("ycsb-launcher/target/ycsb-launcher-0.1.0-SNAPSHOT.jar"),
        target.resolve("ycsb-launcher-0.1.0-SNAPSHOT.jar"));
  }

  private static void copyTree(Path from, Path to) throws Exception {
    try (Stream<Path> all = Files.walk(from)) {
      for (Path p : (Iterable<Path>) all::iterator) {
        Path dest = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(dest);
        } else {
          Files.copy(p, dest, java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
        }
      }
    }
  }

  /** Runs {@code bash -c SCRIPT} with lib.sh sourced from the copy; stdout, or the failure with stderr. */
  private static List<String> bash(String script, Map<String, String> env) throws Exception {
    File out = File.createTempFile("cds-out", ".txt");
    File err = File.createTempFile("cds-err", ".txt");
    try {
      ProcessBuilder pb = new ProcessBuilder("bash", "-c", ". scripts/lib.sh; " + script).directory(root.toFile())
          .redirectOutput(out).redirectError(err);
      pb.environment().putAll(env);
      Process p = pb.start();
      assertTrue(p.waitFor(5, TimeUnit.MINUTES), "bash " + script + " did not end");
      String stderr = Files.readString(err.toPath(), StandardCharsets.UTF_8);
      assertEquals(0, p.exitValue(), script + ": " + stderr);
      assertFalse(stderr.contains("shared-classes"), stderr);
      return Files.readAllLines(out.toPath(), StandardCharsets.UTF_8);
    } finally {
      out.delete();
      err.delete();
    }
  }

  private static Path archive() {
    return root.resolve("ycsb-launcher/target/cds/harness.jsa");
  }

  /** Classes of a JVM started with the flags, on the launcher's class path, that came from the archive. */
  private static List<String> sharedClassesOfAJvm(List<String> flags) throws Exception {
    List<String> cmd = new ArrayList<>(flags);
    String script = "\"$JAVA\" " + String.join(" ", cmd) + " -Xlog:class+load=info -cp \"$(launcher_classpath)\""
        + " com.mytopling.ycsb.launcher.Harness ycsb run basic -P workloads/workloada -p operationcount=10"
        + " -p basicdb.verbose=false";
    return bash(script + " || true", Map.of()).stream().filter(l -> l.contains("source: shared objects file"))
        .toList();
  }

  @Test
  void madeOnFirstUseUsedByTheJvmsRemadeWhenAJarChangesAndOffOnRequest() throws Exception {
    List<String> flags = bash("shared_classes_flags", Map.of());
    assertEquals(List.of("-XX:SharedArchiveFile=" + archive(), "-Xlog:cds=off"), flags);
    assertTrue(Files.size(archive()) > 1_000_000, "an archive of some MB");

    // A JVM with the flags maps the harness's own classes and YCSB's, not only the JDK's.
    List<String> shared = sharedClassesOfAJvm(flags);
    assertTrue(shared.stream().anyMatch(l -> l.contains("com.mytopling.ycsb.launcher.Harness ")), "ours: " + shared);
    assertTrue(shared.stream().anyMatch(l -> l.contains(" site.ycsb.")), "YCSB's: " + shared);

    // Up to date: the same file is handed out again, not made again.
    FileTime made = Files.getLastModifiedTime(archive());
    Object inode = Files.readAttributes(archive(), "unix:ino").get("ino");
    assertEquals(flags, bash("shared_classes_flags", Map.of()));
    assertEquals(inode, Files.readAttributes(archive(), "unix:ino").get("ino"));

    // A changed library (a newer time, as a rebuild gives it): the JVM would ignore the old archive; a new one is made.
    Path lib;
    try (Stream<Path> jars = Files.list(root.resolve("ycsb-launcher/target/lib"))) {
      lib = jars.filter(p -> p.getFileName().toString().startsWith("core-")).findFirst().orElseThrow();
    }
    Files.setLastModifiedTime(lib, FileTime.from(java.time.Instant.now()));
    assertTrue(Files.getLastModifiedTime(lib).compareTo(made) > 0, "the jar is newer than the archive");
    assertEquals(flags, bash("shared_classes_flags", Map.of()));
    assertFalse(inode.equals(Files.readAttributes(archive(), "unix:ino").get("ino")), "made again");
    assertFalse(sharedClassesOfAJvm(flags).isEmpty(), "the new archive matches the changed jar");

    // Off on request: no flags, and the client flags are the collector's and the compiler threads' only.
    assertEquals(List.of(), bash("shared_classes_flags", Map.of("YCSB_CDS", "0")));
    assertEquals(List.of("-XX:+UseParallelGC", "-XX:-UseDynamicNumberOfCompilerThreads"),
        bash("client_jvm_flags", Map.of("YCSB_CDS", "0")));
    assertEquals(List.of("-XX:+UseParallelGC", "-XX:-UseDynamicNumberOfCompilerThreads",
        "-XX:SharedArchiveFile=" + archive(), "-Xlog:cds=off"), bash("client_jvm_flags", Map.of()));
    // The user's own choice of either stays theirs.
    assertEquals(List.of("-XX:+UseParallelGC"),
        bash("client_jvm_flags", Map.of("YCSB_CDS", "0", "YCSB_JAVA_OPTS", "-XX:+UseDynamicNumberOfCompilerThreads")));
  }
}
