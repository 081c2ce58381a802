package com.mytopling.ycsb.launcher.client;

import java.io.PrintStream;
import com.mytopling.ycsb.core.config.Property;
import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.core.config.ResolvedSettings;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Property values written for YCSB 0.16 and earlier name classes under com.yahoo.ycsb; core
 * 0.17 moved them to site.ycsb. Where no class of the old name exists (CoreWorkload has a
 * shim), the value is renamed, a step of the settings' resolution, and the renaming said once.
 */
final class LegacyNames {
  private LegacyNames() {
  }

  /** The renamed values, by property; each said on {@code err}. */
  static Map<String, String> rewrites(ResolvedSettings settings, PrintStream err) {
    Map<String, String> renamed = new LinkedHashMap<>();
    for (Property key : new Property[] {Registry.WORKLOAD, Registry.DB, Registry.EXPORTER, Registry.MEASUREMENTTYPE}) {
      String v = settings.value(key);
      if (v == null || !v.strip().startsWith("com.yahoo.ycsb.")) {
        continue;
      }
      String old = v.strip();
      if (classExists(old)) {
        continue;
      }
      String now = "site.ycsb." + old.substring("com.yahoo.ycsb.".length());
      renamed.put(key.name(), now);
      err.println("[ycsb] " + key.name() + "=" + old + " is YCSB 0.16's name; using " + now);
    }
    return renamed;
  }

  private static boolean classExists(String name) {
    try {
      Class.forName(name, false, LegacyNames.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }
}
