package com.mytopling.ycsb.launcher.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The bench's scripts start the bench's entry point on the bench's class path, naming commands it has. */
class BenchMainTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  @Test
  void theBenchScriptsAndBenchMainNameTheSameCommands() throws IOException {
    Pattern call = Pattern.compile("-cp \"\\$\\(bench_classpath\\)\" com\\.mytopling\\.ycsb\\.launcher\\.bench\\.BenchMain "
        + "([a-z-]+) \"\\$@\"");
    List<String> named = new ArrayList<>();
    for (Path script : List.of(ROOT.resolve("scripts/bench-harness"),
        ROOT.resolve("ycsb-binding-fileloader/bench/load-vs-core.sh"))) {
      Matcher m = call.matcher(Files.readString(script));
      assertTrue(m.find(), script + " does not start BenchMain on the bench's class path");
      named.add(m.group(1));
    }
    assertEquals(List.of("bench-harness", "load-vs-core"), named);
    assertEquals(named, List.copyOf(BenchMain.commands().keySet()));
  }
}
