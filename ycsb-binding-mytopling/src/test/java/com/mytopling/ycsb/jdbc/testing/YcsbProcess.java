package com.mytopling.ycsb.jdbc.testing;

import com.mytopling.ycsb.core.record.RunRecord;
import com.mytopling.ycsb.core.record.RunRecordReader;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs YCSB's own command line, {@code site.ycsb.Client}, in a forked JVM with the test
 * classpath, as a user would: the real client threads, measurements and exit code.
 */
public final class YcsbProcess {
  private YcsbProcess() {
  }

  /** What a finished client printed, how it exited, and the records it wrote (read through the record reader). */
  public static final class Result {
    public final int exitCode;
    public final String stdout;
    public final String stderr;
    public final YcsbOutput output;
    /** The binding's record (db.recordfile), null when it wrote none (another binding, or it never started). */
    public final RunRecord bindingRecord;
    /** The file workload's record (fileloader.recordfile), null when it wrote none. */
    public final RunRecord fileLoaderRecord;

    Result(int exitCode, String stdout, String stderr, RecordFiles records) {
      this.exitCode = exitCode;
      this.stdout = stdout;
      this.stderr = stderr;
      this.output = YcsbOutput.parse(stdout);
      this.bindingRecord = records == null ? null : records.binding();
      this.fileLoaderRecord = records == null ? null : records.fileLoader();
    }

    @Override
    public String toString() {
      return "exit " + exitCode + "\n--- stdout\n" + stdout + "\n--- stderr\n" + tail(stderr, 4000);
    }
  }

  public static Result run(List<String> args) {
    return runMain("site.ycsb.Client", args);
  }

  /**
   * Where a client run by a test writes its records: YCSB's own command line and the launcher's take them as
   * {@code -p db.recordfile=... -p fileloader.recordfile=...} after the test's own arguments.
   */
  static final class RecordFiles {
    private final Path dir;

    private RecordFiles(Path dir) {
      this.dir = dir;
    }

    /** For a main that reads YCSB's -p properties (YCSB's Client, the launcher), else null. */
    static RecordFiles forMain(String mainClass) throws IOException {
      return mainClass.equals("site.ycsb.Client") || mainClass.equals("com.mytopling.ycsb.launcher.client.Ycsb")
          ? new RecordFiles(Files.createTempDirectory("ycsb-records")) : null;
    }

    List<String> args() {
      return List.of("-p", "db.recordfile=" + dir.resolve("binding.json"),
          "-p", "fileloader.recordfile=" + dir.resolve("fileloader.json"));
    }

    RunRecord binding() {
      return read(dir.resolve("binding.json"));
    }

    RunRecord fileLoader() {
      return read(dir.resolve("fileloader.json"));
    }

    private static RunRecord read(Path file) {
      return Files.exists(file) ? RunRecordReader.read(file) : null;
    }

    /**
     * Removes the records and the folder, with whatever else is in it: a client that exits while a thread writes its
     * record (a fatal error on another thread) can leave the writer's temporary file.
     */
    void delete() throws IOException {
      try (var files = Files.list(dir)) {
        for (Path f : files.toList()) {
          Files.deleteIfExists(f);
        }
      }
      Files.deleteIfExists(dir);
    }
  }

  /** Runs any main class of the test classpath in a fresh JVM (at most 10 minutes). */
  public static Result runMain(String mainClass, List<String> args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx512m");
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(mainClass);
    cmd.addAll(args);
    RecordFiles records = null;
    try {
      records = RecordFiles.forMain(mainClass);
      if (records != null) {
        cmd.addAll(records.args());
      }
      File out = File.createTempFile("ycsb-out", ".txt");
      File err = File.createTempFile("ycsb-err", ".txt");
      try {
        Process p = new ProcessBuilder(cmd).redirectOutput(out).redirectError(err).redirectInput(
            ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
          p.destroyForcibly();
          throw new AssertionError("YCSB did not finish in 10 minutes: " + String.join(" ", args));
        }
        return new Result(p.exitValue(), Files.readString(out.toPath(), StandardCharsets.UTF_8),
            Files.readString(err.toPath(), StandardCharsets.UTF_8), records);
      } finally {
        Files.deleteIfExists(out.toPath());
        Files.deleteIfExists(err.toPath());
        if (records != null) {
          records.delete();
        }
      }
    } catch (IOException e) {
      throw new AssertionError("cannot run YCSB: " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
  }

  static String tail(String s, int max) {
    return s.length() <= max ? s : "..." + s.substring(s.length() - max);
  }
}
