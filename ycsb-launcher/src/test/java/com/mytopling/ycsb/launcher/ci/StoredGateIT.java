package com.mytopling.ycsb.launcher.ci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.mytopling.ycsb.results.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stored-baseline gate on a real Debian MariaDB (scripts/start-mariadb): a baseline records the machine it was
 * measured on, and a baseline from another machine never decides the job, however far its figures are from this
 * machine's: the job measures, prints the comparison and says "reported, not gated" (CI lands on a new machine each
 * time; machines of one kind differed by a third in throughput).
 */
class StoredGateIT {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  @Test
  void aBaselineFromAnotherMachineIsReportedNotGated(@TempDir Path dir) throws Exception {
    Path baseline = dir.resolve("baseline");
    int port = freePort();
    List<String> common = List.of("--server", "mariadb", "--port", Integer.toString(port), "--runs", "4",
        "--warmup", "0", "--records", "2000", "--operations", "8000", "--threads", "2", "--baseline",
        baseline.toString());

    Result recorded = ciRegression(common, "--out", dir.resolve("record").toString(), "--record-baseline",
        "--allow-busy");
    assertEquals(0, recorded.exit, recorded.toString());
    BaselineConditions conditions = Json.readFile(baseline.resolve("conditions.json"), BaselineConditions.class);
    assertNotNull(conditions.host, "the baseline records its host");
    assertNotNull(conditions.host.calibrationMbPerSecond, "and the host's calibration");
    assertTrue(conditions.host.cores > 0 && conditions.host.memoryMib > 0, conditions.host.describe());

    // The same baseline, as if recorded on another machine ten times as fast: a gate on absolute speed would fail.
    ObjectMapper mapper = new ObjectMapper();
    ObjectNode c = (ObjectNode) mapper.readTree(baseline.resolve("conditions.json").toFile());
    ((ObjectNode) c.get("host")).put("machine_id", "0123456789abcdef");
    mapper.writeValue(baseline.resolve("conditions.json").toFile(), c);
    int planted = 0;
    for (Path summary : summaries(baseline)) {
      ObjectNode s = (ObjectNode) mapper.readTree(summary.toFile());
      for (JsonNode phase : s.get("phases")) {
        ((ObjectNode) phase).put("successful_throughput_ops", phase.get("successful_throughput_ops").asDouble() * 10);
        ((ObjectNode) phase).put("throughput_ops", phase.get("throughput_ops").asDouble() * 10);
        planted++;
      }
      mapper.writeValue(summary.toFile(), s);
    }
    assertEquals(8, planted, "two phases in each of four runs");

    Result gated = ciRegression(common, "--out", dir.resolve("gate").toString());
    assertEquals(0, gated.exit, "a baseline from another machine decides nothing: " + gated);
    assertTrue(gated.err.contains("ci-regression: baseline from another machine (machine id 0123456789abcdef then, "),
        gated.err);
    assertTrue(gated.err.contains("reported, not gated"), gated.err);
    assertTrue(gated.out.contains("reported, not gated (verdict above would have failed;"), gated.out);
    // The comparison is printed, and against a baseline ten times as fast it finds the regression it does not gate.
    assertTrue(gated.out.contains("run successful throughput") && gated.out.contains("verdict: REGRESSION"),
        "the comparison is printed: " + gated.out);
  }

  private static List<Path> summaries(Path baseline) throws IOException {
    try (Stream<Path> files = Files.walk(baseline)) {
      return files.filter(p -> p.getFileName().toString().equals("summary.json")).sorted().toList();
    }
  }

  private record Result(int exit, String out, String err) {
    @Override
    public String toString() {
      return "exit " + exit + "\n--- out\n" + out + "\n--- err\n" + err;
    }
  }

  private static Result ciRegression(List<String> common, String... more) {
    List<String> args = new ArrayList<>(common);
    args.addAll(List.of(more));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    String pw = System.getenv("YCSB_DB_PASSWORD");
    int exit = new CiRegression(ROOT, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), pw == null || pw.isEmpty() ? "ycsb" : pw)
        .run(args.toArray(String[]::new));
    return new Result(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }
}
