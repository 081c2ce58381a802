package com.mytopling.ycsb.results.cli;

import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.model.RunSummary;
import com.mytopling.ycsb.core.Secrets;
import com.mytopling.ycsb.core.config.Registry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The settings that make two runs comparable or not. The database under test (target, server, driver) is what a
 * comparison is about, so it is not in here; everything else that changes the numbers is.
 */
public final class RunSettings {
  private static final List<String> TOP_LEVEL = List.of("workload", "records", "operations", "duration_s", "threads",
      "clients", "ycsb_version", "target_ops_per_sec");
  /**
   * Properties that name a place or identity rather than change the load: a property is left out when its name
   * contains one of these (so "table" leaves out db.createtable and fileloader.tablesize as well as table).
   */
  private static final Set<String> IGNORED_PROPERTY_PARTS = Set.of("url", "user", "driver", "path",
      Registry.EXPORTFILE.name(), Registry.EXPORTER.name(), Registry.STATUS_INTERVAL.name(),
      Registry.HDRHISTOGRAM_FILEOUTPUT.name(), "dialect", "table");

  private RunSettings() {
  }

  /** Settings of one run as name to printable value; absent settings are absent, not "unknown". */
  public static Map<String, String> of(RunSummary run) {
    Map<String, String> settings = new LinkedHashMap<>();
    Map<String, Object> meta = run.metadata == null ? Map.of() : run.metadata;
    for (String key : TOP_LEVEL) {
      if (meta.get(key) != null) {
        settings.put(key, String.valueOf(meta.get(key)));
      }
    }
    if (meta.get("host") instanceof Map<?, ?> host) {
      for (String key : List.of("cores", "memory_bytes", "os", "description")) {
        if (host.get(key) != null) {
          settings.put("client_host." + key, String.valueOf(host.get(key)));
        }
      }
    }
    if (meta.get("server_hardware") != null) {
      settings.put("server_hardware", String.valueOf(meta.get("server_hardware")));
    }
    if (meta.get("properties") instanceof Map<?, ?> props) {
      props.forEach((k, v) -> {
        String name = String.valueOf(k);
        if (!ignored(name) && !Secrets.isSecretName(name)) {
          // YCSB 0.17 renamed its packages from com.yahoo.ycsb to site.ycsb: same classes, not a difference.
          settings.put("property." + name, String.valueOf(v).replace("com.yahoo.ycsb.", "site.ycsb."));
        }
      });
    }
    // TLS is the client's and server's choice, not the database's: with it a run costs more per operation.
    if (run.server != null && run.server.get("tls") != null) {
      settings.put("tls", run.server.get("tls"));
    }
    PhaseSummary runPhase = run.phase("run");
    if (runPhase != null) {
      settings.put("latency_basis", runPhase.latencyBasis);
    }
    return settings;
  }

  private static boolean ignored(String property) {
    String lower = property.toLowerCase(Locale.ROOT);
    return IGNORED_PROPERTY_PARTS.stream().anyMatch(lower::contains);
  }

  /** One line per setting that differs between any two runs (or is known for some runs only). */
  public static List<String> differences(List<RunSummary> runs) {
    return differences(runs, true);
  }

  /**
   * @param includeUnrecorded false to list only settings every run records and that differ: a setting one run
   *     does not record (an older harness, a hand-made baseline) is no evidence of a difference
   */
  public static List<String> differences(List<RunSummary> runs, boolean includeUnrecorded) {
    List<Map<String, String>> all = runs.stream().map(RunSettings::of).toList();
    Set<String> names = new LinkedHashSet<>();
    all.forEach(m -> names.addAll(m.keySet()));
    List<String> lines = new ArrayList<>();
    for (String name : names) {
      Set<String> values = new LinkedHashSet<>();
      all.forEach(m -> values.add(Objects.requireNonNullElse(m.get(name), "(not recorded)")));
      if (!includeUnrecorded && values.contains("(not recorded)")) {
        continue;
      }
      if (values.size() > 1) {
        List<String> perRun = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
          perRun.add(runs.get(i).run + "=" + Objects.requireNonNullElse(all.get(i).get(name), "(not recorded)"));
        }
        lines.add(name + " differs: " + String.join(", ", perRun));
      }
    }
    Set<String> kinds = new LinkedHashSet<>();
    runs.forEach(r -> kinds.add(r.kind));
    if (kinds.size() > 1) {
      lines.add("published figures are compared with measured runs: different hardware, network and harness");
    }
    return lines;
  }
}
