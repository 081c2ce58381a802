package com.mytopling.ycsb.launcher.client;

import com.mytopling.ycsb.core.ConfigException;
import com.mytopling.ycsb.core.PropertyReader;
import com.mytopling.ycsb.core.cli.UsageException;
import com.mytopling.ycsb.core.config.Origin;
import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.core.config.ResolvedSettings;
import com.mytopling.ycsb.core.config.SettingsMerge;
import com.mytopling.ycsb.fileloader.FileWorkload;
import java.io.PrintStream;
import java.util.Map;
import site.ycsb.WorkloadException;

/**
 * The settings of one YCSB process (scripts/ycsb, and each phase and client scripts/benchmark starts): its command
 * line's merge, resolved by the one rule, with the resolution's own steps as layers of that merge (each visible in
 * the result with its origin): YCSB 0.16's class names renamed, YCSB core's numbers trimmed, the file workload's
 * derived settings. Unknown names are reported here (settings.strict: bad input). The result is sealed: the workload
 * and the binding read it and nothing writes into it.
 */
final class ChildSettings {
  private ChildSettings() {
  }

  static ResolvedSettings resolve(SettingsMerge merge, PrintStream err) throws UsageException {
    return resolve(merge, err, "ycsb");
  }

  /** @param tool the command's name, which starts its lines ({@code [ycsb] ...}, {@code verify: ...}) */
  static ResolvedSettings resolve(SettingsMerge merge, PrintStream err, String tool) throws UsageException {
    ResolvedSettings given = merge.resolve();
    for (Map.Entry<String, String> e : LegacyNames.rewrites(given, err).entrySet()) {
      merge.set(e.getKey(), e.getValue(), Origin.derived("YCSB 0.17's name of " + given.value(e.getKey()).strip()));
    }
    given = merge.resolve();
    boolean strict;
    try {
      strict = new PropertyReader(given.properties()).bool(Registry.SETTINGS_STRICT);
    } catch (ConfigException e) {
      throw new UsageException(e.getMessage());
    }
    String refused = KnownNames.report(KnownNames.of(given.value(Registry.WORKLOAD), given.value(Registry.DB))
        .unknown(merge.userNames()), strict, strict ? tool + ": " : "[" + tool + "] ", err);
    if (refused != null) {
      throw new UsageException(refused);
    }
    for (Map.Entry<String, String> e : PropertyChecks.normalized(given.properties()).entrySet()) {
      if (e.getValue() == null) {
        merge.unset(e.getKey(), Origin.derived("blank: unset"));
      } else {
        merge.set(e.getKey(), e.getValue(), Origin.derived("trimmed"));
      }
    }
    given = merge.resolve();
    PropertyChecks.checkKeyRange(given.properties());
    if (FileWorkload.class.getName().equals(workloadClass(given))) {
      try {
        for (Map.Entry<String, String> e : FileWorkload.derivedSettings(given.properties()).entrySet()) {
          merge.set(e.getKey(), e.getValue(), Origin.derived("file workload: the data file's fields"));
        }
      } catch (WorkloadException e) {
        // The file workload's init refuses the same settings in its own words.
      }
      given = merge.resolve();
    }
    return given;
  }

  private static String workloadClass(ResolvedSettings s) {
    String w = s.value(Registry.WORKLOAD);
    return w == null ? null : w.strip();
  }
}
