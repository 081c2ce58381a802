package com.mytopling.ycsb.results.model;

import com.mytopling.ycsb.results.Json;
import com.mytopling.ycsb.results.ReportException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * phase.json, written by the launcher beside a phase's HdrHistogram interval logs: when the phase's clock started and
 * ended and, with a warm-up, the moment the status thread cut every series' interval to end it. The interval logs
 * carry absolute times but not these, and the summary needs the cut to leave the warm-up out exactly.
 */
public class PhaseClock {
  public static final String FILE_NAME = "phase.json";
  public static final String SCHEMA = "mytopling-ycsb-phase";

  public String schema = SCHEMA;
  public int schemaVersion = 1;
  /** "load" or "run". */
  public String phase;
  /** Epoch milliseconds: the status thread's start (elapsed 0 of the status lines), just before the client threads. */
  public Long startMs;
  /** Epoch milliseconds: every client thread finished (cleanup and final flush included). */
  public Long endMs;
  /** status.interval, seconds. */
  public Integer statusIntervalS;
  /** measurement.warmup, seconds (0: none). */
  public Long warmupS;
  /**
   * Epoch milliseconds taken just before the status thread cut every series' interval at the end of the warm-up:
   * each series' next interval starts at or after it, each earlier one before it. Absent when the phase ended first.
   */
  public Long warmupEndMs;
  /**
   * Clients on several machines (scale-out's start barrier): the start they agreed, epoch milliseconds on the
   * database server's clock; absent for a client that ran alone.
   */
  public Long barrierStartMs;
  /** This client's {@link #startMs} on the server's clock (its own clock plus the offset the barrier measured). */
  public Long startedServerMs;
  /** How far {@link #startedServerMs} may be off: half the quickest round trip to the server, milliseconds. */
  public Long serverClockUncertaintyMs;

  public static PhaseClock read(Path file) {
    PhaseClock clock = Json.readFile(file, PhaseClock.class);
    if (!SCHEMA.equals(clock.schema)) {
      throw new ReportException(file + ": not a phase.json of this harness (schema '" + clock.schema + "')");
    }
    return clock;
  }

  /** The clock in a folder of interval logs, or null when the folder has none (older runs). */
  public static PhaseClock in(Path hdrDir) {
    Path file = hdrDir.resolve(FILE_NAME);
    return Files.isRegularFile(file) ? read(file) : null;
  }

  public void write(Path file) throws IOException {
    Json.writeFile(file, this);
  }
}
