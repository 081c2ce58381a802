package com.mytopling.ycsb.results.chart;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.results.CliRunner;
import com.mytopling.ycsb.results.RealYcsb;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChartCommandTest {
  private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

  @TempDir
  Path tmp;

  @Test
  void chartsOfARealRunAndAPublishedBaseline() throws Exception {
    Path run = RealYcsb.singleClientRun();
    Path published = Path.of("..", "results", "published", "azure-sql-gp-gen5-4vcore-workloada-10m");
    Path out = tmp.resolve("charts");
    CliRunner r = CliRunner.run("chart", run.toString(), published.toString(), "--out", out.toString());
    assertEquals(0, r.exitCode, r.toString());
    for (String name : List.of("throughput", "latency-run-READ", "latency-run-UPDATE", "distribution-run-READ",
        "throughput-over-time-run", "p99-over-time-run-READ", "latency-load-INSERT")) {
      Path png = out.resolve(name + ".png");
      Path svg = out.resolve(name + ".svg");
      assertTrue(Files.size(png) > 1000, name + ".png is non-empty");
      assertArrayEquals(PNG_MAGIC, Arrays.copyOf(Files.readAllBytes(png), 8), name + ".png has a PNG header");
      String svgText = Files.readString(svg, StandardCharsets.UTF_8);
      assertTrue(svgText.startsWith("<?xml") && svgText.contains("<svg"), name + ".svg is SVG");
      assertTrue(r.out.contains(png.toString()), r.out);
    }
  }
}
