package com.mytopling.ycsb.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.results.model.RunSummary;
import com.mytopling.ycsb.results.parse.RunFolder;
import com.mytopling.ycsb.results.parse.RunLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** results/published holds the published figures; its summaries must match the numbers and the raw text. */
class PublishedBaselinesTest {
  private static final Path PUBLISHED = Path.of("..", "results", "published");

  @Test
  void azureSqlFigures() {
    RunSummary azure = RunLoader.load(PUBLISHED.resolve("azure-sql-gp-gen5-4vcore-workloada-10m"));
    assertEquals("published", azure.kind);
    var run = azure.phase("run");
    assertEquals(9175.170520544125, run.throughputOps);
    assertEquals(1106.8701749957547, run.operations.get("READ").avgUs);
    assertEquals(2265.0, run.operations.get("READ").percentile("p95"));
    assertEquals(4767.0, run.operations.get("READ").percentile("p99"));
    assertEquals(3176.099026216539, run.operations.get("UPDATE").avgUs);
    assertEquals(7403.0, run.operations.get("UPDATE").percentile("p95"));
    assertEquals(15175.0, run.operations.get("UPDATE").percentile("p99"));
    assertNull(azure.phase("load"), "the Azure load phase was not published");
    assertEquals("0.16.0", azure.metadata.get("ycsb_version"));
    assertEquals(com.mytopling.ycsb.core.Secrets.MASK, ((java.util.Map<?, ?>) azure.metadata.get("properties")).get("db.passwd"));
  }

  @Test
  void myToplingFigures() {
    RunSummary mytopling = RunLoader.load(PUBLISHED.resolve("mytopling-4vcpu-16gib-workloada-10m"));
    assertEquals(17163.256899629272, mytopling.phase("run").throughputOps);
    assertEquals(5151.0, mytopling.phase("run").operations.get("READ").percentile("p99"));
    assertEquals(5375.0, mytopling.phase("run").operations.get("UPDATE").percentile("p99"));
  }

  @Test
  void twentyThreadFigures() {
    double[][] expected = {{35141, 23438}, {9805, 13957}, {9586, 21349}};
    String[] names = {"mytopling-4vcpu-16gib-20threads", "myrocks-4vcpu-16gib-20threads", "polardb-4vcpu-16gib-20threads"};
    for (int i = 0; i < names.length; i++) {
      RunSummary s = RunLoader.load(PUBLISHED.resolve(names[i]));
      assertEquals(expected[i][0], s.phase("load").throughputOps, names[i]);
      assertEquals(expected[i][1], s.phase("run").throughputOps, names[i]);
      assertEquals(20, ((Number) s.metadata.get("threads")).intValue());
    }
  }

  @Test
  void committedSummariesAreWhatSummarizeMakesOfTheRawOutput() throws Exception {
    for (String name : new String[] {"azure-sql-gp-gen5-4vcore-workloada-10m", "mytopling-4vcpu-16gib-workloada-10m"}) {
      Path dir = PUBLISHED.resolve(name);
      String fresh = Json.write(RunFolder.summarize(dir));
      assertEquals(fresh, Files.readString(dir.resolve("summary.json")), name + "/summary.json is stale");
    }
  }

  @Test
  void everyPublishedFolderNamesItsSource() {
    try (var dirs = Files.list(PUBLISHED)) {
      for (Path dir : dirs.filter(Files::isDirectory).toList()) {
        RunSummary s = RunLoader.load(dir);
        assertTrue(s.metadata.containsKey("source"), dir + " has a source");
        assertTrue(s.metadata.containsKey("unknown"), dir + " lists what is not known");
      }
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
  }
}
