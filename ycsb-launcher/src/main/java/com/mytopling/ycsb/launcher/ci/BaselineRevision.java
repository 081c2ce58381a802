package com.mytopling.ycsb.launcher.ci;

import com.mytopling.ycsb.core.cli.UsageException;
import com.mytopling.ycsb.launcher.JobFailed;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Another revision of the harness, checked out in a git worktree and built there, whose scripts/benchmark runs
 * one side of an A/B comparison. It is built with {@code mvn package} (never {@code install}), so its jars stay
 * in its own tree and cannot replace this tree's in the local Maven repository, which both builds share.
 */
final class BaselineRevision implements AutoCloseable {
  private final Path root;
  private final Path tree;
  private final String commit;

  private BaselineRevision(Path root, Path tree, String commit) {
    this.root = root;
    this.tree = tree;
    this.commit = commit;
  }

  static BaselineRevision prepare(Path root, String revision, Path workDir, PrintStream err)
      throws IOException, JobFailed, UsageException {
    Path revFile = Files.createTempFile("ci-rev", ".txt");
    try {
      if (run(root, List.of("git", "rev-parse", "--verify", "--quiet", revision + "^{commit}"), revFile) != 0) {
        throw new UsageException("--baseline-rev: '" + revision
            + "' is not a commit of the repository in " + root);
      }
      String commit = Files.readString(revFile, StandardCharsets.UTF_8).strip();
      Path tree = workDir.resolve("baseline-rev-" + commit.substring(0, 12)).toAbsolutePath();
      Files.createDirectories(workDir);
      err.println("ci-regression: baseline revision " + revision + " (" + commit.substring(0, 12) + "): checking out in "
          + tree + " and building it (mvn package)");
      if (run(root, List.of("git", "worktree", "add", "--detach", tree.toString(), commit), revFile) != 0) {
        throw new JobFailed("git worktree add failed: " + Files.readString(revFile).strip());
      }
      BaselineRevision rev = new BaselineRevision(root, tree, commit);
      try {
        Path mavenConfig = root.resolve(".mvn").resolve("maven.config");
        if (Files.isRegularFile(mavenConfig)) {
          Files.createDirectories(tree.resolve(".mvn"));
          Files.copy(mavenConfig, tree.resolve(".mvn").resolve("maven.config"),
              java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        Path log = tree.resolve("ci-build.log");
        if (run(tree, List.of("mvn", "-B", "-q", "-Dstyle.color=never", "-DskipTests", "package"), log) != 0) {
          throw new JobFailed("building revision " + revision + " failed; last lines of " + log + ":\n"
              + BenchmarkLauncher.tail(log));
        }
        if (!Files.isRegularFile(tree.resolve("scripts").resolve("benchmark"))) {
          throw new JobFailed("revision " + revision + " has no scripts/benchmark to run");
        }
        return rev;
      } catch (IOException | JobFailed | RuntimeException e) {
        rev.close();
        throw e;
      }
    } finally {
      Files.deleteIfExists(revFile);
    }
  }

  private static int run(Path dir, List<String> cmd, Path output) throws IOException {
    Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
        .redirectOutput(output.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
    try {
      return p.waitFor();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      p.destroy();
      return 1;
    }
  }

  Path tree() {
    return tree;
  }

  String commit() {
    return commit;
  }

  @Override
  public void close() {
    try {
      Path log = Files.createTempFile("ci-rev", ".txt");
      run(root, List.of("git", "worktree", "remove", "--force", tree.toString()), log);
      Files.deleteIfExists(log);
    } catch (IOException e) {
      // Left behind: `git worktree prune` removes it later.
    }
  }
}
