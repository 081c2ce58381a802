package com.mytopling.ycsb.results.history;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.mytopling.ycsb.results.Json;
import com.mytopling.ycsb.results.ReportException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * One point of a history folder: a gate job's runs ({@code run-NN/}, summaries and metadata only) beside
 * {@value #FILE_NAME}, what the job was: when it ran, the harness's commit, the server image, the gate's verdict.
 * scripts/ci-regression --history DIR writes one per job; scripts/report history reads them.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class HistoryEntry {
  public static final String FILE_NAME = "history.json";
  public static final String SCHEMA = "mytopling-ycsb-history-entry";

  public String schema = SCHEMA;
  public int schemaVersion = 1;
  /** When the job ran, ISO-8601 UTC: the order of the history. */
  public String time;
  /** The harness's git commit the job ran (git rev-parse HEAD), or null outside a git tree. */
  public String commit;
  /** The server: a container image, or how the Debian MariaDB was started. */
  public String image;
  /** stored (against a stored baseline) or ab (the candidate side of an A/B job). */
  public String mode;
  /** The gate's exit status for this job: 0 passed, 1 regression or failed run. */
  public Integer gateExitStatus;

  public static boolean isEntry(Path dir) {
    return Files.isRegularFile(dir.resolve(FILE_NAME));
  }

  public static HistoryEntry read(Path dir) {
    HistoryEntry e = Json.readFile(dir.resolve(FILE_NAME), HistoryEntry.class);
    if (!SCHEMA.equals(e.schema)) {
      throw new ReportException(dir.resolve(FILE_NAME) + ": not a history entry of this harness");
    }
    return e;
  }

  /**
   * Appends a job to a history folder: a new entry folder named by its time (and commit) holding this entry and a
   * copy of each run's summary.json and metadata.json (the HdrHistogram logs and raw text stay in the job's folder).
   *
   * @return the entry's folder
   */
  public Path appendTo(Path history, String name, List<Path> runs) throws IOException {
    Path entry = history.resolve(name);
    for (int i = 2; Files.exists(entry); i++) {
      entry = history.resolve(name + "-" + i);
    }
    Files.createDirectories(entry);
    int n = 1;
    for (Path run : runs) {
      Path to = entry.resolve(String.format(java.util.Locale.ROOT, "run-%02d", n++));
      Files.createDirectories(to);
      for (String f : List.of("summary.json", "metadata.json")) {
        if (Files.isRegularFile(run.resolve(f))) {
          Files.copy(run.resolve(f), to.resolve(f));
        }
      }
    }
    Json.writeFile(entry.resolve(FILE_NAME), this);
    return entry;
  }

  /** The run folders of an entry, in order. */
  public static List<Path> runsOf(Path entry) {
    try (Stream<Path> children = Files.list(entry)) {
      return children.filter(p -> Files.isDirectory(p) && Files.isRegularFile(p.resolve("summary.json")))
          .sorted(Comparator.comparing(Path::toString)).toList();
    } catch (IOException e) {
      throw new ReportException(entry + ": cannot list (" + e.getMessage() + ")");
    }
  }
}
