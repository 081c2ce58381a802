package com.mytopling.ycsb.core.config;

import com.mytopling.ycsb.core.ConfigException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The one merge of a run's settings, with the one precedence rule every entry point uses (scripts/ycsb, benchmark
 * and its sweeps and clients, soak, and the jobs built on them): the layers of {@link Origin.Layer}, lowest first
 * (defaults, the job's own defaults, property files in the order given, options that set a property, {@code -p} in
 * the order given, what the harness sets for a phase or client, derived settings); a later layer beats an earlier one,
 * and within a layer the one given later wins. Contributions may be added in any order: the rule is applied here,
 * once, by {@link #resolve}.
 */
public final class SettingsMerge {
  private final List<Setting> given = new ArrayList<>();
  /** Names read from a settings file of the harness's: checked when that file was written. */
  private final java.util.Set<String> fromSettingsFiles = new java.util.TreeSet<>();

  public SettingsMerge() {
  }

  /** A copy to which a phase or client adds its own settings. */
  public SettingsMerge(SettingsMerge base) {
    given.addAll(base.given);
    fromSettingsFiles.addAll(base.fromSettingsFiles);
  }

  /** Removes a setting in a layer (a blank value, which means unset): a later layer may still set it. */
  public SettingsMerge unset(String name, Origin origin) {
    given.add(new Setting(name, null, origin));
    return this;
  }

  /** The names a settings file of a run folder gave (their names were checked when the file was written). */
  public java.util.Set<String> fromSettingsFiles() {
    return java.util.Collections.unmodifiableSet(fromSettingsFiles);
  }

  /** The names given by the user: in property files (other than the harness's settings files) and -p. */
  public java.util.Set<String> userNames() {
    java.util.Set<String> names = new java.util.TreeSet<>();
    for (Setting s : given) {
      Origin.Layer l = s.origin().layer();
      if ((l == Origin.Layer.FILE || l == Origin.Layer.COMMAND_LINE) && !fromSettingsFiles.contains(s.name())) {
        names.add(s.name());
      }
    }
    return names;
  }

  public SettingsMerge set(String name, String value, Origin origin) {
    given.add(new Setting(name, value, origin));
    return this;
  }

  public SettingsMerge set(Property property, String value, Origin origin) {
    return set(property.name(), value, origin);
  }

  /** {@code -p name=value}; a pair without a name is bad input. */
  public SettingsMerge commandLine(String pair) throws ConfigException {
    int eq = pair.indexOf('=');
    if (eq <= 0) {
      throw new ConfigException("-p " + pair + ": expected name=value");
    }
    return set(pair.substring(0, eq), pair.substring(eq + 1), Origin.COMMAND_LINE);
  }

  /**
   * Every setting of a property file, in the file's layer. A settings file the harness wrote (a run folder's) keeps
   * the origins it records; its secrets come from the environment ({@link SettingsFile}).
   */
  public SettingsMerge file(Path file, Map<String, String> env) throws ConfigException {
    if (!Files.isRegularFile(file)) {
      throw new ConfigException(file + ": no such file");
    }
    if (SettingsFile.isSettingsFile(file)) {
      for (Setting s : SettingsFile.read(file, env)) {
        given.add(s);
        fromSettingsFiles.add(s.name());
      }
      return this;
    }
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      p.load(in);
    } catch (IOException | IllegalArgumentException e) {
      throw new ConfigException(file + ": cannot read: " + e.getMessage());
    }
    Origin origin = Origin.file(file.toString());
    // Properties keep no order; by name, so that the settings file lists them as the file's reader would.
    for (String name : new java.util.TreeSet<>(p.stringPropertyNames())) {
      set(name, p.getProperty(name), origin);
    }
    return this;
  }

  /** The settings given in one layer, in the order given (a job's -p, to pass on to its clients elsewhere). */
  public List<Setting> given(Origin.Layer layer) {
    List<Setting> out = new ArrayList<>();
    for (Setting s : given) {
      if (s.origin().layer() == layer) {
        out.add(s);
      }
    }
    return out;
  }

  /** True when some source other than the defaults gives the property (a file, -p, an option, the harness). */
  public boolean isGiven(String name) {
    return given.stream().anyMatch(s -> s.name().equals(name) && s.origin().layer() != Origin.Layer.DEFAULT);
  }

  /** The settings, each the winner of its contributions by the rule above; the losers kept beside it. */
  public ResolvedSettings resolve() {
    List<Setting> ordered = new ArrayList<>(given);
    // Stable: within a layer, the order given stays.
    ordered.sort((a, b) -> Integer.compare(a.origin().layer().ordinal(), b.origin().layer().ordinal()));
    Map<String, List<Setting>> byName = new LinkedHashMap<>();
    for (Setting s : ordered) {
      byName.computeIfAbsent(s.name(), k -> new ArrayList<>()).add(s);
    }
    Map<String, Setting> winners = new LinkedHashMap<>();
    for (Map.Entry<String, List<Setting>> e : byName.entrySet()) {
      List<Setting> all = e.getValue();
      Setting last = all.get(all.size() - 1);
      if (last.value() != null) {
        List<Setting> beaten = new ArrayList<>();
        for (Setting b : all.subList(0, all.size() - 1)) {
          if (b.value() != null) {
            beaten.add(b);
          }
        }
        winners.put(e.getKey(), new Setting(last.name(), last.value(), last.origin(), beaten));
      }
    }
    return new ResolvedSettings(winners);
  }
}
