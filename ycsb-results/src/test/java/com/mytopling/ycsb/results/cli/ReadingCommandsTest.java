package com.mytopling.ycsb.results.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.mytopling.ycsb.results.CliRunner;
import com.mytopling.ycsb.results.Json;
import com.mytopling.ycsb.results.RealYcsb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** summarize, show and compare on real and constructed runs. */
class ReadingCommandsTest {
  @TempDir
  Path tmp;

  private Path copyOfRealRun(String name) throws Exception {
    Path source = RealYcsb.singleClientRun();
    Path dir = tmp.resolve(name);
    Files.createDirectories(dir.resolve("hdr/run"));
    for (String f : new String[] {"load.out", "load.err", "run.out", "run.err"}) {
      Files.copy(source.resolve(f), dir.resolve(f));
    }
    try (var hdr = Files.list(source.resolve("hdr/run"))) {
      for (Path p : hdr.toList()) {
        Files.copy(p, dir.resolve("hdr/run").resolve(p.getFileName()));
      }
    }
    return dir;
  }

  /**
   * A run folder written before run records existed (schema version 0: the binding's and the file workload's lines
   * only) still summarizes, and scripts read it as JSON or TSV instead of grepping its text.
   */
  @Test
  void anOldRunFolderWithoutRecordsIsPrintedAsJsonAndTsv() throws Exception {
    Path run = com.mytopling.ycsb.results.parse.Recorded.copy("two-clients-file-load", tmp);
    try (var files = Files.walk(run)) {
      assertFalse(files.anyMatch(f -> f.getFileName().toString().startsWith("binding-")), "no records in it");
    }
    CliRunner json = CliRunner.run("summarize", run.toString(), "--format", "json");
    assertEquals(0, json.exitCode, json.toString());
    JsonNode root = Json.mapper().readTree(json.out);
    assertEquals("30000", root.at("/phases/load/binding_totals/stored").asText(), json.out);
    JsonNode client0 = root.at("/phases/load/clients/0");
    assertEquals(0, client0.at("/binding/schema_version").asInt(), client0.toString());
    assertEquals("InnoDB", client0.at("/binding/connection/engine").asText(), client0.toString());
    assertEquals(15000, client0.at("/file_loader/file_load/inserts_ok").asLong(), client0.toString());
    assertEquals("InnoDB", root.at("/server/engine").asText());
    assertFalse(Files.exists(run.resolve("summary.json")), "--format prints, it does not write");

    CliRunner tsv = CliRunner.run("summarize", run.toString(), "--format", "tsv");
    assertEquals(0, tsv.exitCode, tsv.toString());
    List<String> lines = tsv.out.lines().toList();
    assertEquals("run\tfield\tvalue", lines.get(0));
    assertTrue(lines.contains(run + "\tphases.load.binding_totals.stored\t30000"), tsv.out);
    assertTrue(lines.contains(run + "\tphases.load.clients.1.file_loader.file_load.status\tOK"), tsv.out);
    assertTrue(lines.stream().allMatch(l -> l.split("\t", -1).length == 3), tsv.out);
    assertFalse(tsv.out.contains("status_series"), "the time series is left out of the TSV");

    CliRunner bad = CliRunner.run("summarize", run.toString(), "--format", "xml");
    assertEquals(2, bad.exitCode, bad.toString());
    assertEquals(1, bad.err.strip().lines().count(), bad.err);
  }

  @Test
  void summarizeWritesTheSchemaAndMasksSecrets() throws Exception {
    Path run = copyOfRealRun("20261121-140000-mariadb-workloada");
    Map<String, Object> props = new LinkedHashMap<>();
    props.put("db.url", "jdbc:mysql://127.0.0.1:3307/ycsb?user=ycsb&password=s3cr3t-url");
    props.put("db.passwd", "s3cr3t-prop");
    props.put("api_token", "s3cr3t-token");
    props.put("measurement.interval", "both");
    Map<String, Object> meta = new LinkedHashMap<>(Runs.metadata("workloada", 4));
    meta.put("properties", props);
    Json.writeFile(run.resolve("metadata.json"), meta);
    Files.writeString(run.resolve("run.err"), Files.readString(run.resolve("run.err"))
        + "[mytopling] connected: dialect=mysql server=\"10.11.19-MariaDB-0+deb12u1\" engine=InnoDB shards=1 "
        + "driver=\"MySQL Connector/J 9.1.0\" url=jdbc:mysql://127.0.0.1:3307/ycsb?password=s3cr3t-line\n");

    CliRunner r = CliRunner.run("summarize", run.toString());
    assertEquals(0, r.exitCode, r.toString());
    String json = Files.readString(run.resolve("summary.json"));
    assertFalse(json.contains("s3cr3t"), "no secret in summary.json");
    JsonNode root = Json.mapper().readTree(json);
    assertEquals("mytopling-ycsb-summary", root.get("schema").asText());
    assertEquals(1, root.get("schema_version").asInt());
    assertEquals("InnoDB", root.at("/server/engine").asText());
    JsonNode phase = root.at("/phases/run");
    for (String field : new String[] {"runtime_ms", "throughput_ops", "latency_basis", "operations",
        "intended_operations", "status_series", "hdr_logs"}) {
      assertTrue(phase.has(field), field);
    }
    JsonNode read = phase.at("/operations/READ");
    for (String field : new String[] {"count", "avg_us", "min_us", "max_us", "percentiles_us", "return_codes"}) {
      assertTrue(read.has(field), field);
    }
    assertTrue(read.at("/percentiles_us").has("p99.9"));

    CliRunner show = CliRunner.run("show", run.toString());
    assertEquals(0, show.exitCode, show.toString());
    assertFalse(show.out.contains("s3cr3t"), show.out);
    assertTrue(show.out.contains("READ (intended)"), show.out);
    assertTrue(show.out.contains("engine=InnoDB"), show.out);
    assertTrue(show.out.contains("successful_ops/s") && show.out.contains("all_ops/s"), show.out);
  }

  @Test
  void compareGivesRatiosAndFlagsDifferentSetups() throws Exception {
    Path a = Runs.write(tmp, "a", 10_000, 1_000, Runs.metadata("workloada", 4));
    Path b = Runs.write(tmp, "b", 15_000, 500, Runs.metadata("workloada", 4));
    Path c = Runs.write(tmp, "c", 5_000, 2_000, Runs.metadata("workloadb", 8));

    CliRunner md = CliRunner.run("compare", a.toString(), b.toString());
    assertEquals(0, md.exitCode, md.toString());
    assertTrue(md.out.contains("| run successful throughput (ops/s) | 10,000.00 | 15,000.00 | 1.50x |"), md.out);
    assertTrue(md.out.contains("| run throughput of all operations (ops/s) | 10,000.00 | 15,000.00 | 1.50x |"), md.out);
    // The comparison leads with successful throughput.
    assertTrue(md.out.indexOf("successful throughput") < md.out.indexOf("throughput of all operations"), md.out);
    assertTrue(md.out.contains("| run READ p99 (us) | 1,000 | 500 | 0.50x |"), md.out);
    assertFalse(md.out.contains("Not like-for-like"), md.out);

    CliRunner flagged = CliRunner.run("compare", a.toString(), c.toString());
    assertTrue(flagged.out.contains("Not like-for-like"), flagged.out);
    assertTrue(flagged.out.contains("workload differs: a=workloada, c=workloadb"), flagged.out);
    assertTrue(flagged.out.contains("threads differs: a=4, c=8"), flagged.out);

    CliRunner csv = CliRunner.run("compare", a.toString(), b.toString(), "--format", "csv");
    assertEquals(0, csv.exitCode, csv.toString());
    assertTrue(csv.out.startsWith("phase,operation,metric,unit,a,b,ratio b\n"), csv.out);
    assertTrue(csv.out.contains("run,,successful throughput,ops/s,10000,15000,1.5000\n"), csv.out);
    assertTrue(csv.out.contains("run,,throughput of all operations,ops/s,10000,15000,1.5000\n"), csv.out);

    CliRunner json = CliRunner.run("compare", a.toString(), c.toString(), "--format", "json");
    JsonNode root = Json.mapper().readTree(json.out);
    assertEquals(0.5, root.at("/rows/0/ratios_to_first/1").asDouble(), 1e-12);
    assertTrue(root.get("not_like_for_like").size() >= 2);
  }
}
