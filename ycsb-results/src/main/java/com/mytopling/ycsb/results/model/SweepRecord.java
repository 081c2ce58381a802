package com.mytopling.ycsb.results.model;

import com.mytopling.ycsb.results.Json;
import com.mytopling.ycsb.results.ReportException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * sweep.json in a sweep's folder (scripts/benchmark --sweep): the variable, its values, and each point's run folder
 * (a normal run folder inside the sweep's) with how it ended. Written by the benchmark as the points finish, read by
 * report html.
 */
public class SweepRecord {
  public static final String FILE_NAME = "sweep.json";
  public static final String SCHEMA = "mytopling-ycsb-sweep";

  public String schema = SCHEMA;
  public int schemaVersion = 1;
  /** "threads" or "records". */
  public String variable;
  public List<Long> values = new ArrayList<>();
  /** How the load was shared, in words: once (threads, a run phase that only reads), per point, or none. */
  public String load;
  /**
   * The table each point's run starts from: {@code reloaded} (each point loads it afresh: the same rows, just loaded),
   * {@code unchanged} (one load; the run phases only read, so every point runs on the same rows) or {@code changed}
   * (--skip-load with a run phase that writes: each point runs on the table the points before it left, in the order
   * given). Absent in sweeps written before it was recorded.
   */
  public String tableState;
  public List<Point> points = new ArrayList<>();

  /** One value of the variable and its run. */
  public static class Point {
    public long value;
    /** The run folder, relative to the sweep's folder. */
    public String run;
    /** The benchmark's exit status for this point (0: done). */
    public int exitStatus;
  }

  public static SweepRecord read(Path file) {
    SweepRecord record = Json.readFile(file, SweepRecord.class);
    if (!SCHEMA.equals(record.schema)) {
      throw new ReportException(file + ": not a sweep.json of this harness (schema '" + record.schema + "')");
    }
    return record;
  }

  public void write(Path file) throws IOException {
    Json.writeFile(file, this);
  }
}
