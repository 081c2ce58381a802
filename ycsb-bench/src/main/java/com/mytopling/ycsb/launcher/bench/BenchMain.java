package com.mytopling.ycsb.launcher.bench;

import com.mytopling.ycsb.launcher.Harness;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The entry point of the bench's jobs, started as the product's are ({@link Harness#run}: the harness root, the
 * servers' password from YCSB_DB_PASSWORD, stdout in UTF-8): scripts/bench-harness is {@code BenchMain bench-harness
 * ARGS}, ycsb-binding-fileloader/bench/load-vs-core.sh {@code BenchMain load-vs-core ARGS}. This JVM runs on the
 * bench's class path; the clients it measures run on the launcher's own jars, which hold no bench class.
 */
public final class BenchMain {
  private BenchMain() {
  }

  /** The commands, in the order --help lists them. */
  static Map<String, Consumer<String[]>> commands() {
    Path root = Harness.root();
    PrintStream out = Harness.stdout();
    Map<String, Consumer<String[]>> commands = new LinkedHashMap<>();
    commands.put("bench-harness", Harness.job(new BenchHarness(root, out, System.err, Harness.password())));
    commands.put("load-vs-core", Harness.job(new LoadVsCore(root, out, System.err, Harness.password())));
    return commands;
  }

  public static void main(String[] args) {
    Harness.run(commands(), args);
  }
}
