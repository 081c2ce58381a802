package com.mytopling.ycsb.launcher;

import java.io.PrintStream;
import java.util.Properties;

/**
 * Property values written for YCSB 0.16 and earlier name classes under com.yahoo.ycsb; core
 * 0.17 moved them to site.ycsb. Where no class of the old name exists (CoreWorkload has a
 * shim), the value is rewritten and the rewrite said once.
 */
final class LegacyNames {
  private LegacyNames() {
  }

  static void apply(Properties props, PrintStream err) {
    for (String key : new String[] {"workload", "db", "exporter", "measurementtype"}) {
      String v = props.getProperty(key);
      if (v == null || !v.strip().startsWith("com.yahoo.ycsb.")) {
        continue;
      }
      String old = v.strip();
      if (classExists(old)) {
        continue;
      }
      String renamed = "site.ycsb." + old.substring("com.yahoo.ycsb.".length());
      props.setProperty(key, renamed);
      err.println("[ycsb] " + key + "=" + old + " is YCSB 0.16's name; using " + renamed);
    }
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
