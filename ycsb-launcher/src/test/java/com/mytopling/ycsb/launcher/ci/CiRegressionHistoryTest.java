package com.mytopling.ycsb.launcher.ci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.results.history.HistoryEntry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --history DIR: each job becomes one entry of the history folder that scripts/report history reads. */
class CiRegressionHistoryTest {
  @Test
  void aJobIsAppendedAsOneEntryWithItsRunsAndFacts(@TempDir Path tmp) throws Exception {
    Path job = tmp.resolve("job");
    for (String run : List.of("run-01", "run-02")) {
      Files.createDirectories(job.resolve(run));
      Files.writeString(job.resolve(run).resolve("summary.json"), "{\"schema\":\"mytopling-ycsb-summary\"}");
      Files.writeString(job.resolve(run).resolve("metadata.json"), "{}");
      Files.writeString(job.resolve(run).resolve("run.out"), "raw text stays in the job's folder");
    }
    Path history = tmp.resolve("history");
    Path root = Path.of("..").toAbsolutePath().normalize();
    Instant now = Instant.parse("2026-11-25T02:00:03.5Z");
    Path entry = CiRegression.appendHistory(history, List.of(job.resolve("run-01"), job.resolve("run-02")),
        "container ycsb-mariadb:10.11, 10.11.19-MariaDB", "stored", 1, root, now);
    HistoryEntry e = HistoryEntry.read(entry);
    assertEquals("2026-11-25T02:00:03Z", e.time);
    assertEquals("container ycsb-mariadb:10.11, 10.11.19-MariaDB", e.image);
    assertEquals(1, e.gateExitStatus);
    String commit = CiRegression.gitCommit(root);
    assertEquals(commit, e.commit);
    assertTrue(entry.getFileName().toString().startsWith("20261125-020003"), entry.toString());
    assertEquals(List.of(entry.resolve("run-01"), entry.resolve("run-02")), HistoryEntry.runsOf(entry));
    assertTrue(Files.isRegularFile(entry.resolve("run-02/metadata.json")));
    assertTrue(!Files.exists(entry.resolve("run-01/run.out")), "summaries only");
    // The same second again: a second entry beside, not over, the first.
    Path again = CiRegression.appendHistory(history, List.of(job.resolve("run-01")), "x", "ab", 0, root, now);
    assertTrue(!again.equals(entry) && Files.isRegularFile(again.resolve(HistoryEntry.FILE_NAME)), again.toString());
  }

  @Test
  void noGitNoCommit(@TempDir Path tmp) {
    assertEquals(null, CiRegression.gitCommit(tmp));
  }
}
