package com.mytopling.ycsb.results.parse;

import com.mytopling.ycsb.core.Secrets;
import com.mytopling.ycsb.results.Json;
import com.mytopling.ycsb.results.ReportException;
import com.mytopling.ycsb.results.model.RunSummary;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Loads a run for the reading commands (show, compare, chart, regress): its summary.json when present (published
 * baselines and summarized runs), else a fresh summary computed from the raw files without writing anything.
 */
public final class RunLoader {
  private RunLoader() {
  }

  public static RunSummary load(Path path) {
    if (Files.isRegularFile(path) && path.getFileName().toString().endsWith(".json")) {
      return readSummary(path);
    }
    if (!Files.exists(path)) {
      throw new ReportException(path + ": no such run folder");
    }
    Path summaryFile = path.resolve("summary.json");
    if (Files.isRegularFile(summaryFile)) {
      return readSummary(summaryFile);
    }
    return RunFolder.summarize(path);
  }

  private static RunSummary readSummary(Path file) {
    RunSummary summary = Json.readFile(file, RunSummary.class);
    if (!RunSummary.SCHEMA.equals(summary.schema)) {
      throw new ReportException(file + ": not a summary.json of this harness (schema is '" + summary.schema
          + "', expected '" + RunSummary.SCHEMA + "')");
    }
    if (summary.schemaVersion > RunSummary.SCHEMA_VERSION) {
      throw new ReportException(file + ": schema version " + summary.schemaVersion + " is newer than this report ("
          + RunSummary.SCHEMA_VERSION + "); update the harness");
    }
    summary.metadata = Secrets.maskMap(summary.metadata);
    // Summaries written before successful operations were reported: the figure follows from the return codes.
    summary.phases.values().forEach(SuccessfulOperations::fill);
    return summary;
  }
}
