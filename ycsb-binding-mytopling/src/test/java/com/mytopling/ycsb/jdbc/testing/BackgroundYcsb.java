package com.mytopling.ycsb.jdbc.testing;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A YCSB client (or any main class of the test classpath) running in its own JVM while the
 * test does something to it or to its server: kill the server, kill the client.
 */
public final class BackgroundYcsb implements AutoCloseable {
  private final Process process;
  private final Path out;
  private final Path err;
  private final YcsbProcess.RecordFiles records;

  private BackgroundYcsb(Process process, Path out, Path err, YcsbProcess.RecordFiles records) {
    this.process = process;
    this.out = out;
    this.err = err;
    this.records = records;
  }

  public static BackgroundYcsb start(String mainClass, List<String> args) throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx512m");
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(mainClass);
    cmd.addAll(args);
    YcsbProcess.RecordFiles records = YcsbProcess.RecordFiles.forMain(mainClass);
    if (records != null) {
      cmd.addAll(records.args());
    }
    Path out = Files.createTempFile("ycsb-bg-out", ".txt");
    Path err = Files.createTempFile("ycsb-bg-err", ".txt");
    Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile())
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
    return new BackgroundYcsb(p, out, err, records);
  }

  public long pid() {
    return process.pid();
  }

  public String stderrSoFar() throws IOException {
    return Files.readString(err, StandardCharsets.UTF_8);
  }

  /** Waits (at most 5 minutes) until the stderr written so far satisfies the condition. */
  public void awaitStderr(Predicate<String> condition, String what) throws IOException, InterruptedException {
    for (int i = 0; i < 3000; i++) {
      String text = stderrSoFar();
      if (condition.test(text)) {
        return;
      }
      if (!process.isAlive()) {
        throw new AssertionError("client exited before " + what + ":\n" + text);
      }
      Thread.sleep(100);
    }
    throw new AssertionError("no " + what + " within 5 minutes:\n" + stderrSoFar());
  }

  /** SIGKILL the client, as a crash or an impatient user would. */
  public void kill9() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(60, TimeUnit.SECONDS);
  }

  /** Waits for the client to end (at most 10 minutes) and returns what it printed. */
  public YcsbProcess.Result await() throws IOException, InterruptedException {
    if (!process.waitFor(10, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new AssertionError("client did not finish in 10 minutes:\n" + stderrSoFar());
    }
    return new YcsbProcess.Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8), records);
  }

  @Override
  public void close() throws IOException {
    process.destroyForcibly();
    Files.deleteIfExists(out);
    Files.deleteIfExists(err);
    if (records != null) {
      records.delete();
    }
  }
}
