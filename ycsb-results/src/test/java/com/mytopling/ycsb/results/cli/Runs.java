package com.mytopling.ycsb.results.cli;

import com.mytopling.ycsb.results.Json;
import com.mytopling.ycsb.results.model.OperationStats;
import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.model.RunSummary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** Constructed run folders holding only a summary.json, for tests of the reading commands. */
final class Runs {
  private Runs() {
  }

  static Path write(Path parent, String name, double throughput, double readP99, Map<String, Object> metadata)
      throws IOException {
    return write(parent, name, throughput, readP99, 0, metadata);
  }

  /** A run of one minute of reads, the given fraction of which returned NOT_FOUND. */
  static Path write(Path parent, String name, double throughput, double readP99, double failedFraction,
                    Map<String, Object> metadata) throws IOException {
    RunSummary summary = new RunSummary();
    summary.run = name;
    summary.metadata = metadata;
    PhaseSummary run = new PhaseSummary();
    run.source = "ycsb-output";
    run.throughputOps = throughput;
    run.runtimeMs = 60_000.0;
    OperationStats read = new OperationStats();
    // As many reads as the throughput makes in the minute, all OK: successful and all-operations throughput agree.
    read.count = Math.round(throughput * 60);
    read.avgUs = readP99 / 4;
    read.percentilesUs.put("p50", readP99 / 5);
    read.percentilesUs.put("p99", readP99);
    long failed = Math.round(read.count * failedFraction);
    read.returnCodes.put("OK", read.count - failed);
    if (failed > 0) {
      read.returnCodes.put("NOT_FOUND", failed);
    }
    run.operations.put("READ", read);
    summary.phases.put("run", run);
    Path dir = parent.resolve(name);
    Files.createDirectories(dir);
    Json.writeFile(dir.resolve("summary.json"), summary);
    return dir;
  }

  static Map<String, Object> metadata(String workload, int threads) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("target", "mariadb");
    m.put("workload", workload);
    m.put("records", 10000);
    m.put("threads", threads);
    return m;
  }
}
