package com.mytopling.ycsb.results.model;

import com.mytopling.ycsb.results.Json;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What scripts/benchmark writes as metadata.json: the job as asked for, the host, the harness and the server the
 * binding connected to (from its run record). Written through the module's one JSON configuration ({@link Json});
 * readers get it as {@link RunSummary#metadata} (a map, so that older and published folders with other fields read
 * the same). docs/results.md describes each field.
 */
public class RunMetadata {
  /** The benchmark's --target: a shipped target's name, or the properties file. */
  public String target;
  /** The workload file's name. */
  public String workload;
  public long records;
  /** The run phase's operations (in all clients); absent when it was bounded by time only (durationS). */
  public Long operations;
  /**
   * The run phase's time limit, seconds (scripts/benchmark --duration or its default; maxexecutiontime); absent when it
   * was bounded by operations only.
   */
  public Long durationS;
  /** Client threads, per client with several clients. */
  public long threads;
  public int clients;
  /** measurement.warmup, seconds. */
  public long warmupS;
  public String harnessVersion;
  public String ycsbVersion;
  /** The JVM's name and version. */
  public String jvm;
  public Host host;
  /** When the job started and ended (ISO-8601 with offset). */
  public String startTime;
  public String endTime;
  /** The properties the phases ran with (target file, workload file, then -p), secrets masked. */
  public Map<String, String> properties = new LinkedHashMap<>();
  /** The server as the binding's record names it; null when no phase connected. */
  public Server server;

  /** The machine the client ran on. */
  public static class Host {
    public int cores;
    /** Total physical memory, -1 when the JVM cannot tell. */
    public long memoryBytes;
    public String os;
  }

  /** The database the binding connected to (its record's connection section). */
  public static class Server {
    public String version;
    public String engine;
    public String dialect;
  }

  /** Writes the file (metadata.json), replacing it. */
  public void write(Path file) throws IOException {
    Json.writeFile(file, this);
  }
}
