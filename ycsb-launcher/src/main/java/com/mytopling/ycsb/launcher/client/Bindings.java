package com.mytopling.ycsb.launcher.client;

import com.mytopling.ycsb.core.cli.UsageException;
import java.util.LinkedHashMap;
import java.util.Map;

/** Binding names accepted by scripts/ycsb and the DB class each one runs. */
public final class Bindings {
  private static final Map<String, String> CLASSES = new LinkedHashMap<>();

  static {
    CLASSES.put("mytopling", "com.mytopling.ycsb.jdbc.MyToplingDbClient");
    // The stock binding's name, so YCSB command lines written for it run our binding.
    CLASSES.put("jdbc", "com.mytopling.ycsb.jdbc.MyToplingDbClient");
    // YCSB's BasicDB does nothing: it measures the harness itself.
    CLASSES.put("basic", "site.ycsb.BasicDB");
  }

  private Bindings() {
  }

  public static String dbClass(String binding) throws UsageException {
    String c = CLASSES.get(binding);
    if (c == null) {
      throw new UsageException("unknown binding '" + binding + "' (known: " + String.join(", ", CLASSES.keySet()) + ")");
    }
    return c;
  }
}
