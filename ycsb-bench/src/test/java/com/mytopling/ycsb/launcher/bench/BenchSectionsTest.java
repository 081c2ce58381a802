package com.mytopling.ycsb.launcher.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FileInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalDouble;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The pure parts of the cpu, startup, scaling and load sections: peers' reports, ratios, charts, sizes. */
class BenchSectionsTest {

  @Test
  void sysbenchsRateIsItsTransactionsPerSecond() {
    String out = String.join("\n", "SQL statistics:", "    queries performed:", "        read:  300326",
        "    transactions:                        600000 (16033.68 per sec.)",
        "    queries:                             600000 (16033.68 per sec.)",
        "    ignored errors:                      0      (0.00 per sec.)");
    assertEquals(OptionalDouble.of(16033.68), PeerReports.sysbenchOpsPerSecond(out));
    assertTrue(PeerReports.sysbenchOpsPerSecond("FATAL: unable to connect").isEmpty());
  }

  /** go-ycsb prints a TOTAL line every 10 s and the final one after "Run finished": the last one counts. */
  @Test
  void goYcsbsRateIsItsLastTotalLine() {
    String out = String.join("\n",
        "\"mysql.password\"=\"*****\"",
        "READ   - Takes(s): 10.0, Count: 69000, OPS: 6900.0, Avg(us): 1097, Min(us): 35, Max(us): 353023",
        "TOTAL  - Takes(s): 10.0, Count: 138000, OPS: 13800.1, Avg(us): 1153, Min(us): 35, Max(us): 353023",
        "**********************************************",
        "Run finished, takes 42.928655162s",
        "READ   - Takes(s): 42.9, Count: 299746, OPS: 6982.6, Avg(us): 1063, Min(us): 35, Max(us): 505087",
        "TOTAL  - Takes(s): 42.9, Count: 600000, OPS: 13977.2, Avg(us): 1131, Min(us): 35, Max(us): 505087",
        "UPDATE - Takes(s): 42.9, Count: 300254, OPS: 6994.7, Avg(us): 1199, Min(us): 44, Max(us): 351231");
    assertEquals(OptionalDouble.of(13977.2), PeerReports.goYcsbOpsPerSecond(out));
    assertFalse(PeerReports.goYcsbFailed(out));
    assertTrue(PeerReports.goYcsbFailed(out + "\nREAD_ERROR - Takes(s): 42.9, Count: 3, OPS: 0.1, Avg(us): 9"));
    assertTrue(PeerReports.goYcsbOpsPerSecond("panic: dial tcp 127.0.0.1:3306").isEmpty());
  }

  @Test
  void goYcsbsKeptOutputHasNoPassword(@TempDir Path dir) throws Exception {
    Path prefix = dir.resolve("cpu-go-ycsb-1");
    Files.writeString(Path.of(prefix + ".out"), "\"mysql.password\"=\"s3cret-Pw-9\"\n\"mysql.user\"=\"ycsb\"\n");
    Files.writeString(Path.of(prefix + ".err"), "");
    GoYcsb.maskOutput(prefix, "s3cret-Pw-9");
    String out = Files.readString(Path.of(prefix + ".out"));
    assertFalse(out.contains("s3cret-Pw-9"), out);
    assertTrue(out.contains("\"mysql.user\"=\"ycsb\""), out);
  }

  /**
   * The cpu section's ratios: against sysbench and against ours, per round (each case's round i over the reference's
   * round i) and of the medians; no ratios of the figures that describe the machine's load.
   */
  @Test
  void cpuCasesAreSetAgainstSysbenchAndAgainstOurs(@TempDir Path dir) throws Exception {
    Path results = dir.resolve("results.tsv");
    Files.writeString(results, String.join("\n",
        "cpu\tours (MariaDB Connector/J)\t1\tcpu_us_op\t20.0",
        "cpu\tours (MariaDB Connector/J)\t1\tloadavg\t2.0",
        "cpu\tsysbench\t1\tcpu_us_op\t25.0",
        "cpu\tsysbench\t1\tloadavg\t3.0",
        "cpu\tgo-ycsb\t1\tcpu_us_op\t30.0",
        "cpu\tours (MariaDB Connector/J)\t2\tcpu_us_op\t22.0",
        "cpu\tsysbench\t2\tcpu_us_op\t22.0",
        "cpu\tgo-ycsb\t2\tcpu_us_op\t44.0", ""), StandardCharsets.UTF_8);
    String md = BenchStats.summarize(results);
    String vsSysbench = md.substring(md.indexOf("Ratios against sysbench"), md.indexOf("Ratios against ours"));
    String vsOurs = md.substring(md.indexOf("Ratios against ours"));
    // ours 20/25 = 0.80 and 22/22 = 1.00 per round; medians 21 / 23.5 = 0.89.
    assertTrue(vsSysbench.contains("| ours (MariaDB Connector/J) | client CPU µs/op | 0.89x | 0.90x (0.80 to 1.00) |"),
        vsSysbench);
    // go-ycsb 30/20 = 1.50 and 44/22 = 2.00 per round; medians 37 / 21 = 1.76.
    assertTrue(vsOurs.contains("| go-ycsb | client CPU µs/op | 1.76x | 1.75x (1.50 to 2.00) |"), vsOurs);
    assertTrue(vsOurs.contains("| sysbench | client CPU µs/op |"), vsOurs);
    assertFalse(md.contains("| load average (1 min) at the case's start | 0."), md);
  }

  @Test
  void othersShareIsTheHostsBusyTimeLessServerAndClient() {
    HostLoad before = new HostLoad(1.5, 1_000, 10_000, 300);
    // 10 s of a 2-core host (2,000 ticks), 1,500 ticks busy: the server 5 s, the client 6 s, others 4 s.
    HostLoad after = new HostLoad(2.0, 2_500, 12_000, 800);
    assertEquals(5.0, after.serverSeconds(before), 1e-9);
    assertEquals(0.75, after.busyShare(before), 1e-9);
    assertEquals(0.20, after.othersShare(before, 6.0), 1e-9);
    assertEquals(0.0, after.othersShare(before, 20.0), 1e-9);
  }

  /** myloader runs with each thread count of our multi-threaded load cases, once each. */
  @Test
  void myloaderTakesTheThreadCountsOfOurCases() {
    assertEquals(List.of(4, 2), Myloader.threadCounts(BenchHarness.LOAD_PATHS));
    assertEquals(List.of(8, 3), Myloader.threadCounts(List.of("a|3|", "b|1|-p x=y", "c|8|", "d|3|")));
  }

  /** About 16 dump files of a load's rows, never "0" (which mydumper reads as: do not split). */
  @Test
  void mydumpersChunkSizeComesFromTheRowCount() {
    assertEquals(65, Myloader.chunkMegabytes(1_000_000));
    assertEquals(1, Myloader.chunkMegabytes(3_000));
  }

  @Test
  void myloaderCountsTheTablesDataFilesOnly(@TempDir Path dump) throws Exception {
    for (String f : List.of("ycsb.usertable_load-schema.sql", "ycsb-schema-create.sql", "metadata",
        "ycsb.usertable_load.00000.sql", "ycsb.usertable_load.00001.sql")) {
      Files.writeString(dump.resolve(f), "");
    }
    assertEquals(2, Myloader.dataFiles(dump));
    assertEquals(0, Myloader.dataFiles(dump.resolve("missing")));
  }

  /** The merge's synthetic logs are YCSB's interval logs: every interval read back, every sample counted. */
  @Test
  void syntheticLogsHoldTheSamplesTheMergeMustCount(@TempDir Path dir) throws Exception {
    long perSeries = ScalingCosts.writeLogs(dir, 2);
    for (String client : List.of("client-0", "client-1")) {
      for (String series : List.of("READ", "UPDATE")) {
        long samples = 0;
        int intervals = 0;
        try (FileInputStream in = new FileInputStream(dir.resolve("hdr/run/" + client + "/" + series + ".hdr")
            .toFile())) {
          HistogramLogReader r = new HistogramLogReader(in);
          for (EncodableHistogram h = r.nextIntervalHistogram(); h != null; h = r.nextIntervalHistogram()) {
            samples += ((org.HdrHistogram.Histogram) h).getTotalCount();
            intervals++;
          }
        }
        assertEquals(ScalingCosts.INTERVALS, intervals);
        assertEquals(perSeries, samples);
      }
    }
    // One start for all (the merge counts the window the clients share: shifted logs would lose samples).
    assertEquals(startLine(dir.resolve("hdr/run/client-0/READ.hdr")),
        startLine(dir.resolve("hdr/run/client-1/UPDATE.hdr")));
  }

  private static String startLine(Path log) throws Exception {
    return Files.readAllLines(log).stream().filter(l -> l.startsWith("#[StartTime: ")).findFirst().orElseThrow();
  }

  /** The scaling section's curves: one chart per measurement, PNG and SVG, from its results.tsv. */
  @Test
  void scalingChartsAreDrawnFromTheResults(@TempDir Path dir) throws Exception {
    Path results = dir.resolve("results.tsv");
    Files.writeString(results, String.join("\n",
        "scaling-barrier\tstart barrier, 1 client\t1\tp50_ms\t0.0",
        "scaling-barrier\tstart barrier, 16 clients\t1\tp50_ms\t3.0",
        "scaling-barrier\tstart barrier, 16 clients\t2\tp50_ms\t5.0",
        "scaling-barrier\tstart barrier, 16 clients\t1\tmax_ms\t5.0",
        "scaling-merge\treport merge, 1 client's logs of a 10-minute run\t1\twall_s\t2.0",
        "scaling-merge\treport merge, 10 clients' logs of a 10-minute run\t1\twall_s\t4.0",
        "scaling-merge\treport merge, 10 clients' logs of a 10-minute run\t1\tmaxrss_mib\t160",
        "scaling-file\tfile workload, 1000000 records, keys generated, -Xmx256m\t1\tmaxrss_mib\t130",
        "scaling-file\tfile workload, 1000000 records, keys from a field (fingerprints kept), -Xmx8g\t1\tmaxrss_mib"
            + "\t150",
        "cpu\tsysbench\t1\tops_s\t16000", ""), StandardCharsets.UTF_8);
    var data = ScalingCharts.read(results);
    assertEquals(List.of("scaling-barrier", "scaling-merge", "scaling-file"), List.copyOf(data.keySet()));
    assertEquals(List.of(1L, 10L), List.copyOf(data.get("scaling-merge").get("wall_s").keySet()));
    assertEquals(List.of(3.0, 5.0), data.get("scaling-barrier").get("p50_ms").get(16L));
    assertEquals(List.of(150.0), data.get("scaling-file").get("maxrss_mib keys from a field").get(1_000_000L));
    List<Path> files = ScalingCharts.write(results, dir.resolve("charts"));
    assertEquals(List.of("scaling-merge.png", "scaling-merge.svg", "scaling-file-workload.png",
        "scaling-file-workload.svg", "scaling-barrier.png", "scaling-barrier.svg"),
        files.stream().map(f -> f.getFileName().toString()).toList());
    for (Path f : files) {
      assertTrue(Files.size(f) > 1000, f.toString());
    }
    String svg = Files.readString(dir.resolve("charts/scaling-barrier.svg"));
    assertTrue(svg.contains("<svg"), svg);
  }
}
