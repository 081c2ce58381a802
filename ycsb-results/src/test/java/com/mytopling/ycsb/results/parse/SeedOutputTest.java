package com.mytopling.ycsb.results.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.results.model.OperationStats;
import com.mytopling.ycsb.results.model.PhaseSummary;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The two YCSB 0.16 outputs quoted in the published Azure SQL vs MyTopling comparison. */
class SeedOutputTest {
  private static PhaseSummary parse(String resource) throws IOException {
    try (InputStream in = SeedOutputTest.class.getResourceAsStream("/seed/" + resource)) {
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      return PhaseAssembler.assemble(YcsbOutputParser.parse(resource, text), false);
    }
  }

  @Test
  void azureOutputWithMarkdownStarsAndTrailingSpace() throws IOException {
    PhaseSummary run = parse("azure-sql-run.out");
    assertEquals(1089898.0, run.runtimeMs);
    assertEquals(9175.170520544125, run.throughputOps);
    OperationStats read = run.operations.get("READ");
    assertEquals(4999607L, read.count);
    assertEquals(1106.8701749957547, read.avgUs);
    assertEquals(183.0, read.minUs);
    assertEquals(311807.0, read.maxUs);
    assertEquals(2265.0, read.percentile("p95"));
    assertEquals(4767.0, read.percentile("p99"));
    assertNull(read.percentile("p50"), "YCSB 0.16 default prints no p50: it must stay absent, not become 0");
    assertEquals(4999607L, read.returnCodes.get("OK"));
    OperationStats update = run.operations.get("UPDATE");
    assertEquals(5000393L, update.count);
    assertEquals(3176.099026216539, update.avgUs);
    assertEquals(7403.0, update.percentile("p95"));
    assertEquals(15175.0, update.percentile("p99"));
    assertEquals(5000393L, update.returnCodes.get("OK"), "trailing space after the last number is tolerated");
    assertTrue(run.warnings.isEmpty(), run.warnings.toString());
  }

  @Test
  void failedOperationsAndRowsAreWarnedAbout() {
    String text = "[OVERALL], RunTime(ms), 1000\n[OVERALL], Throughput(ops/sec), 10000.0\n"
        + "[INSERT], Operations, 10000\n[INSERT], Return=OK, 10000\n"
        + "[INSERT-BATCH], Return=OK, 9990\n[INSERT-BATCH], Return=ERROR, 10\n";
    PhaseSummary load = PhaseAssembler.assemble(YcsbOutputParser.parse("load.out", text), false);
    assertEquals(10L, load.operations.get("INSERT-BATCH").returnCodes.get("ERROR"));
    assertEquals(List.of("INSERT-BATCH: 10 rows returned ERROR"), load.warnings);
  }

  @Test
  void scientificNotationAndNonFiniteValues() {
    String text = "[OVERALL], RunTime(ms), 0\n[OVERALL], Throughput(ops/sec), Infinity\n"
        + "[TOTAL_GC_TIME_%], Time(%), NaN\n[READ], Operations, 3\n[READ], AverageLatency(us), 1.2345E7\n";
    PhaseSummary run = PhaseAssembler.assemble(YcsbOutputParser.parse("run.out", text), false);
    assertEquals(1.2345E7, run.operations.get("READ").avgUs);
    assertNull(run.throughputOps, "an infinite throughput is no figure");
    assertFalse(run.metrics.containsKey("TOTAL_GC_TIME_%"));
    assertTrue(run.warnings.get(0).contains("Throughput"), run.warnings.toString());
  }

  @Test
  void myToplingOutput() throws IOException {
    PhaseSummary run = parse("mytopling-run.out");
    assertEquals(582640.0, run.runtimeMs);
    assertEquals(17163.256899629272, run.throughputOps);
    assertEquals(5000993L, run.operations.get("READ").count);
    assertEquals(1064.9375506024503, run.operations.get("READ").avgUs);
    assertEquals(3369.0, run.operations.get("READ").percentile("p95"));
    assertEquals(5151.0, run.operations.get("READ").percentile("p99"));
    assertEquals(1266687.0, run.operations.get("READ").maxUs);
    assertEquals(4999007L, run.operations.get("UPDATE").count);
    assertEquals(1140.1147631919698, run.operations.get("UPDATE").avgUs);
    assertEquals(5375.0, run.operations.get("UPDATE").percentile("p99"));
    assertEquals(2, run.operations.size());
    assertTrue(run.intendedOperations.isEmpty());
    assertFalse(run.operations.containsKey("OVERALL"));
  }
}
