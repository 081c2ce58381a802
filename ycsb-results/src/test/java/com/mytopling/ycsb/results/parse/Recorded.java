package com.mytopling.ycsb.results.parse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** Run folders recorded from real runs (src/test/resources/recorded), copied so tests may write summaries into them. */
public final class Recorded {
  public static final Path ROOT = Path.of("src", "test", "resources", "recorded").toAbsolutePath();

  private Recorded() {
  }

  /** A copy of recorded/NAME inside {@code into}. */
  public static Path copy(String name, Path into) throws IOException {
    Path from = ROOT.resolve(name);
    Path to = into.resolve(name);
    try (Stream<Path> files = Files.walk(from)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        Path target = to.resolve(from.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(target);
        } else {
          Files.copy(f, target);
        }
      }
    }
    return to;
  }
}
