package com.mytopling.ycsb.launcher.bench;

import com.mytopling.ycsb.core.Secrets;
import com.mytopling.ycsb.launcher.JobFailed;
import com.mytopling.ycsb.results.Json;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * go-ycsb (PingCAP's Go port of YCSB), the cpu section's second peer: built once into .local/bench by the benchmark
 * itself, never a dependency of the harness. Its go.mod has replace directives, which {@code go install
 * module@version} refuses, so the module is downloaded ({@code go mod download}) and built inside its own folder
 * with its own go.mod.
 */
final class GoYcsb {
  /** The release the cpu section builds. */
  static final String VERSION = "v1.0.1";
  static final String MODULE = "github.com/pingcap/go-ycsb";
  /** Its own table: see {@link #command}. */
  static final String TABLE = "usertable_goycsb";

  private final Path binary;

  private GoYcsb(Path binary) {
    this.binary = binary;
  }

  /** The binary built earlier for this version, or built now (a few minutes the first time). */
  static GoYcsb ensure(Path root, PrintStream err) throws IOException, InterruptedException, JobFailed {
    Path bin = root.resolve(".local/bench/go-ycsb-" + VERSION);
    if (Files.isExecutable(bin)) {
      return new GoYcsb(bin);
    }
    if (!BenchHarness.onPath("go")) {
      throw new JobFailed("go is missing (the cpu section builds go-ycsb with it); apt-get install golang-go");
    }
    err.println("bench-harness: building go-ycsb " + VERSION + " (once: go mod download, go build)");
    String module = MODULE + "@" + VERSION;
    Process dl = new ProcessBuilder("go", "mod", "download", "-json", module)
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
        .redirectError(ProcessBuilder.Redirect.INHERIT).start();
    String json = new String(dl.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (dl.waitFor() != 0) {
      throw new JobFailed("go mod download " + module + " failed: " + json.strip());
    }
    String moduleDir = Json.mapper().readTree(json).path("Dir").asText("");
    if (moduleDir.isEmpty()) {
      throw new JobFailed("go mod download " + module + " named no folder: " + json.strip());
    }
    Files.createDirectories(bin.getParent());
    Path tmp = Path.of(bin + ".tmp");
    Path log = bin.getParent().resolve("go-ycsb-build.log");
    Process build = new ProcessBuilder("go", "build", "-o", tmp.toString(), "./cmd/go-ycsb")
        .directory(new File(moduleDir)).redirectErrorStream(true).redirectOutput(log.toFile())
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
    if (build.waitFor() != 0) {
      throw new JobFailed("building go-ycsb failed; see " + log);
    }
    Files.move(tmp, bin, StandardCopyOption.REPLACE_EXISTING);
    return new GoYcsb(bin);
  }

  /**
   * go-ycsb on our workload file (with go-ycsb's name of the core workload) and on its own table: it names keys
   * differently from YCSB (it hashes the key number's bytes big-endian, YCSB's fnvhash64 from the low byte up), so in
   * our table its reads would find nothing and its updates change nothing. The password comes from a properties
   * file ({@code passwordFile}: mysql.password=...), never the command line.
   */
  List<String> command(String phase, Path workload, Path passwordFile, int port, long records, long ops,
      int threads) {
    return List.of(binary.toString(), phase, "mysql", "-P", workload.toString(), "-P", passwordFile.toString(),
        "-p", "workload=core", "-p", "table=" + TABLE, "-p", "mysql.host=127.0.0.1", "-p", "mysql.port=" + port,
        "-p", "mysql.user=ycsb", "-p", "mysql.db=ycsb", "-p", "recordcount=" + records,
        "-p", "operationcount=" + ops, "-p", "threadcount=" + threads);
  }

  /** go-ycsb prints every property it was given, the password too: its kept output (PREFIX.out/.err) is masked. */
  static void maskOutput(Path prefix, String password) throws IOException {
    for (String stream : List.of(".out", ".err")) {
      Path f = Path.of(prefix + stream);
      if (Files.isRegularFile(f)) {
        Files.writeString(f, Secrets.mask(Files.readString(f, StandardCharsets.UTF_8), password),
            StandardCharsets.UTF_8);
      }
    }
  }
}
