package com.mytopling.ycsb.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.mytopling.ycsb.core.record.RunRecordFiles;
import com.mytopling.ycsb.jdbc.testing.TestServer;
import com.mytopling.ycsb.jdbc.testing.TestServers;
import com.mytopling.ycsb.jdbc.testing.Totals;
import com.mytopling.ycsb.jdbc.testing.YcsbOutput;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Several clients on one host (scripts/benchmark --clients N without --on), against the test's MariaDB (InnoDB):
 * they start at the start barrier as clients on other machines do (issue 20, build 2: each used to start when its
 * JVM was up, so their windows barely overlapped), and their run-phase inserts go to keys of their own (issue 20,
 * finding 3: in YCSB 0.17 every client numbers its run-phase inserts on from recordcount, so client 1 inserted the
 * keys client 0 had inserted and its inserts failed as duplicates).
 */
class LocalClientsIT {
  @TempDir
  Path tmp;

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * Operations a second of each client (YCSB's target), so that every phase lasts a second or more: a merged phase
   * must have a common window of at least half the clients' span, and two JVMs doing a few hundred operations each
   * end tenths of a second apart on a busy machine.
   */
  static final int PACE = 400;

  /**
   * Operations a second of each client run as a container or a pod (YCSB's target): below what three client JVMs and
   * the server do on two shared cores, so that the clients end together (KubeLocalIT's pods, ScaleOutDockerIT's
   * containers), and slow enough that a phase lasts several seconds, many times the containers' start spread. At 400
   * a second, in a fresh chroot's .ci/run with a CPU hog on one core and KubeLocalIT's pods running beside the suite,
   * ScaleOutDockerIT's three load clients ended so far apart that the merge refused a common window of 1.5 s, 48% of
   * their span; in a later such run its two workload-D clients (1,000 records) started 0.8 s apart, and the merge
   * refused a common window of 0.8 s, 46% of their 1.6 s.
   */
  static final int CONTAINER_PACE = 150;

  @Test
  void localClientsStartAtTheStartBarrierInBothPhases() throws Exception {
    TestServer s = TestServers.innodb();
    Tables.drop(s, "local_barrier");
    Path target = Tables.shippedTarget(tmp, "mariadb", s, "local_barrier");
    Scripts.Result r = Scripts.run("benchmark", List.of("--target", target.toString(), "--workload", "workloadc",
        "--clients", "2", "--records", "1000", "--operations", "2000", "--threads", "2", "--no-html",
        "-p", "target=" + PACE, "--out", tmp.resolve("runs").toString()), Tables.env(s));
    assertEquals(0, r.exitCode, r::toString);
    Path dir = runFolder(r);
    for (String phase : List.of("load", "run")) {
      Long agreed = null;
      for (int i = 0; i < 2; i++) {
        JsonNode clock = JSON.readTree(dir.resolve("hdr").resolve(phase).resolve("client-" + i).resolve("phase.json")
            .toFile());
        assertTrue(clock.hasNonNull("barrier_start_ms"), phase + " client " + i + " did not start at the barrier: "
            + clock);
        long at = clock.get("barrier_start_ms").asLong();
        if (agreed == null) {
          agreed = at;
        }
        assertEquals(agreed.longValue(), at, phase + ": the clients agreed on different starts");
      }
      String clientErr = Files.readString(dir.resolve("client-1").resolve(phase + ".err"), StandardCharsets.UTF_8);
      assertTrue(clientErr.contains("[barrier] all 2 clients registered"), phase + ": " + clientErr);
    }
    JsonNode summary = JSON.readTree(dir.resolve("summary.json").toFile());
    assertTrue(summary.at("/phases/run/merge/start_spread_ms").isNumber(), summary::toString);
    assertEquals(1000, Tables.rowCount(s, "local_barrier"));
    Tables.drop(s, "local_barrier");
  }

  /**
   * Two clients of a workload that inserts in its run phase: no insert fails, and the table holds every row that was
   * acknowledged (the load's and each client's run-phase inserts), counted by the server. D reads the latest keys
   * ('latest': every read finds its row), E scans, the file workload inserts records of a data file.
   */
  @ParameterizedTest
  @ValueSource(strings = {"workloadd", "workloade", "file"})
  void twoClientsOfAnInsertingWorkloadInsertKeysOfTheirOwn(String workload) throws Exception {
    TestServer s = TestServers.innodb();
    String table = "local_inserts_" + workload;
    Tables.drop(s, table);
    Path target = Tables.shippedTarget(tmp, "mariadb", s, table);
    List<String> args = new ArrayList<>(List.of("--target", target.toString(), "--clients", "2", "--records", "1000",
        "--operations", "4000", "--threads", "2", "--no-html", "-p", "target=" + PACE, "--out",
        tmp.resolve("runs").toString()));
    if (workload.equals("file")) {
      args.addAll(List.of("--workload", fileWorkload(tmp).toString()));
    } else {
      args.addAll(List.of("--workload", workload, "-p", "dataintegrity=true"));
    }
    Scripts.Result r = Scripts.run("benchmark", args, Tables.env(s));
    assertEquals(0, r.exitCode, r::toString);
    Path dir = runFolder(r);
    long inserted = 0;
    long loaded = 0;
    for (int i = 0; i < 2; i++) {
      Path client = dir.resolve("client-" + i);
      YcsbOutput run = YcsbOutput.parse(Files.readString(client.resolve("run.out"), StandardCharsets.UTF_8));
      long ok = run.count("INSERT", "Return=OK");
      assertTrue(ok > 0, "client " + i + " inserted nothing: " + client);
      assertEquals(run.count("INSERT", "Operations"), ok, "client " + i + ": failed inserts (duplicate keys?) "
          + run.all());
      assertEquals(0, run.count("INSERT-FAILED", "Operations"), "client " + i + ": " + run.all());
      if (run.count("READ", "Operations") > 0) {
        assertEquals(run.count("READ", "Operations"), run.count("READ", "Return=OK"), "client " + i
            + ": reads of keys that do not exist: " + run.all());
      }
      Totals totals = Totals.of(RunRecordFiles.binding(client, "run"));
      assertEquals(ok, totals.get("stored"), "client " + i + ": " + totals);
      assertEquals(0, totals.get("failed"), "client " + i + ": " + totals);
      inserted += ok;
      loaded += Totals.of(RunRecordFiles.binding(client, "load")).get("stored");
    }
    assertEquals(1000, loaded);
    assertEquals(1000 + inserted, Tables.rowCount(s, table), "rows in the table = rows acknowledged");
    Tables.drop(s, table);
  }

  /** The file workload with run-phase inserts: the reviews' load file plus a run mix that reads, updates, inserts. */
  static Path fileWorkload(Path dir) throws Exception {
    Path data = dir.resolve("reviews.txt");
    Scripts.Result synth = Scripts.run("dataset", List.of("synth", "--records", "3000", "--out", data.toString()));
    assertEquals(0, synth.exitCode, synth::toString);
    String text = Files.readString(Scripts.ROOT.resolve("workloads").resolve("fileloader-reviews-load.properties"),
        StandardCharsets.UTF_8) + "\nfileloader.file=" + data + "\nfileloader.wrap=true\nreadproportion=0.5\n"
        + "updateproportion=0.3\ninsertproportion=0.2\nscanproportion=0\nrequestdistribution=uniform\n";
    Path file = dir.resolve("file-inserts.properties");
    Files.writeString(file, text, StandardCharsets.UTF_8);
    return file;
  }

  static Path runFolder(Scripts.Result r) {
    String line = r.stdout.lines().filter(l -> l.startsWith("results: ")).reduce((a, b) -> b).orElse(null);
    assertNotNull(line, r::toString);
    return Path.of(line.substring("results: ".length()));
  }
}
