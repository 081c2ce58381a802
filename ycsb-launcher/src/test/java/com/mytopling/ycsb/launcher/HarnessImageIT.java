package com.mytopling.ycsb.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.containers.Docker;
import com.mytopling.ycsb.containers.ServerContainer;
import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.model.RunSummary;
import com.mytopling.ycsb.results.parse.RunLoader;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The harness image (scripts/images: ycsb-harness:latest, built with Jib) runs the main job for real: docker run on
 * the host network against a server container (YCSB_TEST_IMAGE, default mysql:8.4), with the password in the
 * environment and the target file mounted, as the README shows. Checked afterwards: the run folder through the
 * results model, the rows in the table, and that the password is nowhere (output, results, image).
 */
class HarnessImageIT {
  private static final String HARNESS = System.getenv().getOrDefault("YCSB_TEST_HARNESS_IMAGE", "ycsb-harness:latest");
  private static final String SERVER = System.getenv().getOrDefault("YCSB_TEST_IMAGE", ServerContainer.DEFAULT_IMAGE);
  private static final String PASSWORD = "Pw-Harness-Image-5a7c";
  private static final int RECORDS = 2000;

  @TempDir
  Path tmp;

  @BeforeAll
  static void images() throws Exception {
    Docker.requireImage(HARNESS);
  }

  private static int freePort() throws IOException {
    String first = System.getenv("YCSB_TEST_CONTAINER_PORT");
    int from = first == null || first.isBlank() ? 0 : Integer.parseInt(first.strip()) + 20;
    for (int port = from; port < from + 50; port++) {
      try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getByName("127.0.0.1"))) {
        return s.getLocalPort();
      } catch (IOException inUse) {
        // next
      }
    }
    throw new IOException("no free port from " + from);
  }

  @Test
  void benchmarkRunsFromTheImageAgainstAServerContainer() throws Exception {
    int port = freePort();
    try (ServerContainer server = ServerContainer.start(SERVER, port, "ycsb", PASSWORD,
        ServerContainer.Engine.INNODB)) {
      Path target = tmp.resolve("t.properties");
      Files.writeString(target, "db.url=" + server.jdbcUrl() + "\ndb.user=ycsb\ndb.batchsize=100\n"
          + "jdbc.batchupdateapi=true\n", StandardCharsets.UTF_8);
      Path results = Files.createDirectories(tmp.resolve("results"));
      // -e NAME without a value: docker takes it from its own environment, so the password is on no command line.
      Docker.Result run = Docker.run(Map.of("YCSB_DB_PASSWORD", PASSWORD), "run", "--rm", "--network", "host",
          "-e", "YCSB_DB_PASSWORD", "-v", target + ":/t.properties:ro", "-v", results + ":/results", HARNESS,
          "benchmark", "--target", "/t.properties", "--records", Integer.toString(RECORDS), "--operations", "3000",
          "--threads", "2", "--out", "/results");
      assertEquals(0, run.exit(), run.toString());
      assertFalse(run.out().contains(PASSWORD) || run.err().contains(PASSWORD), "password in the job's output");

      List<Path> runs;
      try (Stream<Path> s = Files.list(results)) {
        runs = s.filter(Files::isDirectory).toList();
      }
      assertEquals(1, runs.size(), runs.toString());
      RunSummary summary = RunLoader.load(runs.get(0));
      PhaseSummary load = summary.phase("load");
      PhaseSummary phase = summary.phase("run");
      assertTrue(load != null && load.throughputOps > 0, "load phase");
      assertTrue(phase != null && phase.throughputOps > 0, "run phase");
      assertEquals(server.jdbcUrl(), summary.server.get("url"), summary.server.toString());
      try (Stream<Path> files = Files.walk(runs.get(0))) {
        for (Path f : files.filter(Files::isRegularFile).toList()) {
          String text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
          assertFalse(text.contains(PASSWORD), "password in " + f);
        }
      }

      Properties p = new Properties();
      p.setProperty("user", "ycsb");
      p.setProperty("password", PASSWORD);
      try (Connection c = DriverManager.getConnection(server.jdbcUrl(), p); Statement s = c.createStatement();
           ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM usertable")) {
        rs.next();
        assertEquals(RECORDS, rs.getInt(1), "rows the image's load stored");
      }
    }
    Docker.Result inspect = Docker.run(Map.of(), "image", "inspect", "--format", "{{json .Config}}", HARNESS);
    assertEquals(0, inspect.exit(), inspect.toString());
    assertFalse(inspect.out().contains("YCSB_DB_PASSWORD") || inspect.out().contains("passwd"),
        "the image carries a secret setting: " + inspect.out());
    assertTrue(inspect.out().contains("com.mytopling.ycsb.launcher.Harness"), inspect.out());
  }
}
