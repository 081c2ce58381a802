package com.mytopling.ycsb.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.mytopling.ycsb.containers.Docker;
import com.mytopling.ycsb.jdbc.testing.TestServer;
import com.mytopling.ycsb.jdbc.testing.TestServers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/benchmark --on docker: the rendered Job's pod spec run for real, one container of the harness image per
 * index (YCSB_TEST_HARNESS_IMAGE, default ycsb-harness:latest, built by scripts/images), host networking, against
 * the test's MariaDB. Checked: every row loaded exactly once, the merged percentiles equal those of the union of the
 * clients' own HdrHistogram logs (read here with HdrHistogram's reader, not the harness's), the clients started
 * within a second of each other, and the password in no output and no file. Needs a Docker engine and the image.
 */
class ScaleOutDockerIT {
  private static final String HARNESS = System.getenv().getOrDefault("YCSB_TEST_HARNESS_IMAGE", "ycsb-harness:latest");
  private static final int CLIENTS = 3;
  private static final int RECORDS = 3000;
  private static final int OPERATIONS = 6000;
  /** Workload D's load: 1,000 rows a client, about 7 s at the containers' pace. */
  private static final int D_RECORDS = 2000;

  @TempDir
  Path tmp;

  @BeforeAll
  static void image() throws Exception {
    Docker.requireImage(HARNESS);
  }

  @Test
  void threeContainersLoadOnceStartTogetherAndMergeExactly() throws Exception {
    TestServer s = TestServers.innodb();
    Tables.drop(s, "scaleout_docker");
    Path props = tmp.resolve("scaleout.properties");
    Files.writeString(props, "db.url=" + s.jdbcUrl() + "\n" + (s.user() == null ? "" : "db.user=" + s.user() + "\n")
        + "db.batchsize=100\njdbc.batchupdateapi=true\ntable=scaleout_docker\n");
    // --live (issue 36): each container, on the host's network, serves its figures on a port of its own (PORT + i).
    int live = Scripts.freePorts(CLIENTS);
    Scripts.Result r = Scripts.run("benchmark", List.of("--target", props.toString(), "--clients",
        Integer.toString(CLIENTS), "--records", Integer.toString(RECORDS), "--operations", Integer.toString(OPERATIONS),
        "--threads", "2", "-p", "target=" + LocalClientsIT.CONTAINER_PACE, "--on", "docker", "--image", HARNESS,
        "--live", Integer.toString(live), "-p", "measurement.openmetrics.grace=0", "--out",
        tmp.resolve("runs").toString(), "--no-html"), Tables.env(s));
    assertEquals(0, r.exitCode, r::toString);
    String last = r.stdout.strip().lines().reduce((a, b) -> b).orElse("");
    assertTrue(last.startsWith("results: "), r::toString);
    Path dir = Path.of(last.substring("results: ".length()));
    for (int i = 0; i < CLIENTS; i++) {
      String clientErr = Files.readString(dir.resolve("clients").resolve("client-" + i + ".err"));
      assertTrue(clientErr.contains("[ycsb] live figures at http://127.0.0.1:" + (live + i) + "/metrics"),
          "client " + i + "'s endpoint: " + clientErr);
    }
    for (int i = 0; i < CLIENTS; i++) {
      assertTrue(r.stderr.contains("benchmark: docker: client " + i + " started"), r::toString);
      assertTrue(r.stderr.contains("benchmark: client " + i + " done"), r::toString);
    }

    // Every row loaded exactly once: the table holds each key once, and the clients' inserts add up to it.
    assertEquals(RECORDS, Tables.rowCount(s, "scaleout_docker"));
    JsonNode summary = new ObjectMapper().readTree(dir.resolve("summary.json").toFile());
    // Each client's count of its whole phase; the merged phase's figures are of the common window (issue 20).
    assertEquals(RECORDS, Tables.clientsSum(summary, "load", "successful_operations"), summary::toString);
    assertEquals(OPERATIONS, Tables.clientsSum(summary, "run", "successful_operations"), summary::toString);
    Tables.assertOneWindow(summary, "run");
    assertEquals(CLIENTS, summary.at("/phases/run/merge/client_count").asInt(), summary::toString);

    // Merged percentiles = the union of the clients' own logs in the window (read with HdrHistogram's reader).
    List<Path> hdrDirs = new ArrayList<>();
    for (int i = 0; i < CLIENTS; i++) {
      hdrDirs.add(dir.resolve("clients").resolve("client-" + i).resolve("hdr/run"));
    }
    List<String> problems = WindowUnion.problems(summary.at("/phases/run"), hdrDirs);
    assertTrue(problems.isEmpty(), () -> String.join("\n", problems));

    // Started together: the spread of the clients' starts on the server's clock.
    for (String phase : List.of("load", "run")) {
      JsonNode spread = summary.at("/phases/" + phase + "/merge/start_spread_ms");
      assertTrue(spread.isNumber(), phase + ": " + summary.at("/phases/" + phase + "/merge"));
      assertTrue(spread.asLong() < 1000, phase + " start spread " + spread);
    }
    assertTrue(r.stdout.contains("clients started within"), r::toString);

    // The password: in no output, in no file of the run (manifests, clients' folders, logs).
    if (s.password() != null) {
      assertFalse(r.stdout.contains(s.password()) || r.stderr.contains(s.password()), "password in the output");
      List<Path> files = new ArrayList<>();
      try (Stream<Path> w = Files.walk(dir)) {
        w.filter(Files::isRegularFile).forEach(files::add);
      }
      for (Path f : files) {
        assertFalse(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1).contains(s.password()),
            "password in " + f);
      }
    }
    // The containers are gone.
    Map<String, String> none = new HashMap<>();
    Docker.Result ps = Docker.run(none, "ps", "-a", "--filter", "label=" + KubeManifests.RUN_LABEL, "-q");
    assertEquals("", ps.out().strip(), ps.toString());
  }

  /**
   * Issue 20, finding 3 through real containers: two clients of workload D (5% inserts, 'latest' reads) insert keys of
   * their own, so no insert fails and the table holds every row acknowledged; every read finds its row.
   */
  @Test
  void twoContainersOfAnInsertingWorkloadInsertKeysOfTheirOwn() throws Exception {
    TestServer s = TestServers.innodb();
    Tables.drop(s, "scaleout_docker_d");
    Path props = tmp.resolve("scaleout-d.properties");
    Files.writeString(props, "db.url=" + s.jdbcUrl() + "\n" + (s.user() == null ? "" : "db.user=" + s.user() + "\n")
        + "table=scaleout_docker_d\n");
    Scripts.Result r = Scripts.run("benchmark", List.of("--target", props.toString(), "--workload", "workloadd",
        "--clients", "2", "--records", Integer.toString(D_RECORDS), "--operations", "4000", "--threads", "2", "-p",
        "target=" + LocalClientsIT.CONTAINER_PACE, "--on", "docker", "--image",
        HARNESS, "--out", tmp.resolve("runs").toString(), "--no-html"), Tables.env(s));
    assertEquals(0, r.exitCode, r::toString);
    String last = r.stdout.strip().lines().reduce((a, b) -> b).orElse("");
    Path dir = Path.of(last.substring("results: ".length()));
    long inserted = 0;
    for (int i = 0; i < 2; i++) {
      String out = Files.readString(dir.resolve("clients").resolve("client-" + i).resolve("run.out"));
      com.mytopling.ycsb.jdbc.testing.YcsbOutput run = com.mytopling.ycsb.jdbc.testing.YcsbOutput.parse(out);
      long ok = run.count("INSERT", "Return=OK");
      assertTrue(ok > 0, "client " + i + " inserted nothing: " + run.all());
      assertEquals(run.count("INSERT", "Operations"), ok, "client " + i + ": failed inserts " + run.all());
      assertEquals(run.count("READ", "Operations"), run.count("READ", "Return=OK"), "client " + i + ": " + run.all());
      inserted += ok;
    }
    assertEquals(D_RECORDS + inserted, Tables.rowCount(s, "scaleout_docker_d"),
        "rows in the table = rows acknowledged");
    Tables.drop(s, "scaleout_docker_d");
  }
}
