package com.mytopling.ycsb.results.model;

import java.util.LinkedHashMap;
import java.util.Map;

/** The content of summary.json: one run, all its phases. See docs/results.md for the schema. */
public class RunSummary {
  public static final String SCHEMA = "mytopling-ycsb-summary";
  public static final int SCHEMA_VERSION = 1;

  public String schema = SCHEMA;
  public int schemaVersion = SCHEMA_VERSION;
  /** Name of the run folder. */
  public String run;
  /** "measured" for our own runs, "published" for figures copied from a publication. */
  public String kind = "measured";
  /** metadata.json as benchmark wrote it, secrets masked; null when the folder had none. */
  public Map<String, Object> metadata;
  /** The server the binding connected to, from its record (dialect, server, engine, shards, driver, url), else metadata.server. */
  public Map<String, String> server;
  /** "load" and/or "run". */
  public Map<String, PhaseSummary> phases = new LinkedHashMap<>();

  public PhaseSummary phase(String name) {
    return phases.get(name);
  }
}
