package com.mytopling.ycsb.core.config;

import java.util.List;

/**
 * One resolved setting: its value, where it came from, and the values it beat (lower layers or earlier sources), so
 * that a settings file shows why a target's {@code db.batchsize=1000} did not apply.
 */
public record Setting(String name, String value, Origin origin, List<Setting> overridden) {
  public Setting {
    overridden = List.copyOf(overridden);
  }

  public Setting(String name, String value, Origin origin) {
    this(name, value, origin, List.of());
  }
}
