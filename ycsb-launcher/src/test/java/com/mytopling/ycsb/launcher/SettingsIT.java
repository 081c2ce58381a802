package com.mytopling.ycsb.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.mytopling.ycsb.jdbc.testing.TestServer;
import com.mytopling.ycsb.jdbc.testing.TestServers;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 21: a run's settings are merged once, by one rule, checked once and recorded once. Each case failed on the
 * code before (soak read -P workload -P target; a misspelt name was ignored; no run folder recorded its settings).
 */
class SettingsIT {
  private static final String WORKLOADS = Scripts.ROOT.resolve("workloads").toString();

  private static Map<String, String> passwordEnv(TestServer s) {
    return s.password() == null ? Map.of() : Map.of("YCSB_DB_PASSWORD", s.password());
  }

  /** A target file as the shipped mariadb.properties: batches of 1,000 rows through the batch API. */
  private static Path batchingTarget(Path dir, TestServer s, String table) throws IOException {
    Path props = dir.resolve("batching-target.properties");
    Files.writeString(props, "db.url=" + s.jdbcUrl() + "\n" + (s.user() == null ? "" : "db.user=" + s.user() + "\n")
        + "db.batchsize=1000\njdbc.batchupdateapi=true\ntable=" + table + "\n");
    return props;
  }

  /**
   * The settings a settings file gives the process started from it: its values, and for a secret the masked value
   * its commented line shows.
   */
  static Map<String, String> settingsFile(Path file) throws IOException {
    String text = Files.readString(file);
    Properties p = new Properties();
    p.load(new StringReader(text));
    Map<String, String> m = new TreeMap<>();
    p.stringPropertyNames().forEach(k -> m.put(k, p.getProperty(k)));
    List<String> lines = text.lines().toList();
    for (int i = 0; i + 1 < lines.size(); i++) {
      if (lines.get(i).startsWith("#@ ") && lines.get(i).endsWith("; secret")) {
        String masked = lines.get(i + 1).substring(1);
        m.put(masked.substring(0, masked.indexOf('=')), masked.substring(masked.indexOf('=') + 1));
      }
    }
    return m;
  }

  private static Map<String, String> recordedSettings(Path bindingRecord) throws IOException {
    JsonNode settings = new ObjectMapper().readTree(bindingRecord.toFile()).get("settings");
    assertTrue(settings != null && settings.isObject(), bindingRecord + " records no settings");
    Map<String, String> m = new TreeMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = settings.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      m.put(e.getKey(), e.getValue().asText());
    }
    return m;
  }

  @Test
  void soakRunsTheWorkloadsOwnBatchSizeOverTheTargetFiles(@TempDir Path dir) throws Exception {
    TestServer s = TestServers.innodb();
    Path target = batchingTarget(dir, s, "soak_precedence");
    Path out = dir.resolve("soak");
    Scripts.Result r = Scripts.run("soak", List.of("--target", target.toString(), "--workload",
        WORKLOADS + "/workload-replace", "--records", "300", "--threads", "1", "--rate", "200", "--seconds", "3",
        "--interval", "1", "--out", out.toString()), passwordEnv(s));
    assertEquals(0, r.exitCode, r::toString);
    // workload-replace: one row per statement and commit. Read -P workload -P target, the target's 1,000-row batches
    // won: the load said "batched inserts: 1000 rows per ...".
    String loadErr = Files.readString(out.resolve("load.err"));
    assertFalse(loadErr.contains("[mytopling] batched inserts:"), loadErr);
    for (String phase : List.of("load", "run")) {
      Path file = out.resolve("settings-" + phase + ".properties");
      assertTrue(Files.isRegularFile(file), file + " missing: " + r);
      String text = Files.readString(file);
      assertTrue(text.contains("#@ db.batchsize: file " + WORKLOADS + "/workload-replace; over: file " + target
          + " = 1000\n"), text);
      assertEquals("1", settingsFile(file).get("db.batchsize"), text);
      assertEquals(settingsFile(file), recordedSettings(out.resolve("binding-" + phase + ".json")), phase);
    }
  }

  @Test
  void aMisspeltPropertyIsNamedWithTheNearestKnownOneAndStrictModeRefusesIt(@TempDir Path dir) throws Exception {
    List<String> args = List.of("run", "basic", "-P", WORKLOADS + "/workloada", "-p", "operationcount=5",
        "-p", "recordcount=5", "-p", "basicdb.verbose=false", "-p", "db.batchsie=1000", "-p", "jdbc.autocomit=false");
    Scripts.Result warned = Scripts.run("ycsb", args);
    assertEquals(0, warned.exitCode, warned::toString);
    assertTrue(warned.stderr.contains("[ycsb] db.batchsie: unknown property (did you mean db.batchsize?)\n"), warned::toString);
    assertTrue(warned.stderr.contains("[ycsb] jdbc.autocomit: unknown property (did you mean jdbc.autocommit?)\n"),
        warned::toString);

    List<String> strict = new ArrayList<>(args);
    strict.addAll(List.of("-p", "settings.strict=true"));
    Scripts.Result refused = Scripts.run("ycsb", strict);
    assertEquals(2, refused.exitCode, refused::toString);
    assertTrue(refused.stderr.contains("ycsb: db.batchsie: unknown property (did you mean db.batchsize?)\n"),
        refused::toString);
    assertFalse(refused.stderr.contains("Starting test."), refused::toString);

    // scripts/benchmark checks before anything starts: --strict refuses, in one line per name, with exit 2.
    Path target = dir.resolve("t.properties");
    Files.writeString(target, "db.url=jdbc:mysql://127.0.0.1:1/ycsb\ndb.bachsize=10\n");
    Scripts.Result job = Scripts.run("benchmark", List.of("--target", target.toString(), "--strict", "--out",
        dir.resolve("runs").toString()));
    assertEquals(2, job.exitCode, job::toString);
    assertTrue(job.stderr.contains("benchmark: db.bachsize: unknown property (did you mean db.batchsize?)"),
        job::toString);
  }

  @Test
  void eachRunFoldersSettingsAreWhatEveryPhaseAndClientRanWith(@TempDir Path dir) throws Exception {
    TestServer s = TestServers.innodb();
    Path target = batchingTarget(dir, s, "settings_recorded");
    Scripts.Result r = Scripts.run("benchmark", List.of("--target", target.toString(), "--workload", "workloadd",
        "--clients", "2", "--records", "2000", "--operations", "2000", "--threads", "2", "-p", "target=1000",
        "--out", dir.resolve("runs").toString()), passwordEnv(s));
    assertEquals(0, r.exitCode, r::toString);
    String last = r.stdout.strip().lines().reduce((a, b) -> b).orElse("");
    Path run = Path.of(last.substring("results: ".length()));
    // The job's settings, each with its origin; metadata.json's properties are read from them.
    Map<String, String> job = settingsFile(run.resolve("settings.properties"));
    assertEquals("2000", job.get("recordcount"));
    assertEquals("1000", job.get("db.batchsize"));
    JsonNode meta = new ObjectMapper().readTree(run.resolve("metadata.json").toFile()).get("properties");
    Map<String, String> metaProps = new TreeMap<>();
    meta.fields().forEachRemaining(e -> metaProps.put(e.getKey(), e.getValue().asText()));
    assertEquals(job, metaProps);
    // Every phase of every client (and the step that creates the table): its settings file is what its binding ran
    // with, as the binding recorded it.
    List<Path> records;
    try (Stream<Path> files = Files.walk(run)) {
      records = files.filter(f -> f.getFileName().toString().matches("binding-(load|run)\\.json")).sorted().toList();
    }
    assertEquals(5, records.size(), records::toString); // prepare's load, 2 clients x (load, run)
    for (Path record : records) {
      String phase = record.getFileName().toString().replace("binding-", "").replace(".json", "");
      Path file = record.resolveSibling("settings-" + phase + ".properties");
      assertTrue(Files.isRegularFile(file), file::toString);
      assertEquals(settingsFile(file), recordedSettings(record), record::toString);
    }
    Map<String, String> client1Run = settingsFile(run.resolve("client-1/settings-run.properties"));
    assertEquals("1", client1Run.get("scaleout.client"));
    assertEquals("1000", client1Run.get("operationcount"));
    assertFalse(Files.readString(run.resolve("client-1/settings-run.properties")).contains(
        s.password() == null ? "no password to look for" : s.password()));
  }
}
