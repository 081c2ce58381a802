package com.mytopling.ycsb.core.config;

/**
 * The part of the harness that reads a property and checks its value: the typed parts a run's settings are sealed
 * into before anything connects.
 */
public enum Owner {
  TARGET("connection target"),
  BINDING("binding"),
  FILE_WORKLOAD("file workload"),
  MEASUREMENT("measurement"),
  SCALE_OUT("scale-out"),
  SETTINGS("settings"),
  YCSB_CORE("YCSB core");

  private final String label;

  Owner(String label) {
    this.label = label;
  }

  /** How the part is named in `scripts/ycsb properties` and the run folder's settings files. */
  public String label() {
    return label;
  }
}
