package com.mytopling.ycsb.launcher.bench;

import com.github.luben.zstd.ZstdOutputStream;
import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.launcher.JobFailed;
import com.mytopling.ycsb.results.Json;
import com.mytopling.ycsb.results.model.RunSummary;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * scripts/bench-harness --only scaling: how the harness's own costs grow with the work (docs/speed.md):
 * <ul>
 *   <li>scaling-merge: {@code report merge} of 1, 10, 100 and 1,000 clients' HdrHistogram logs of a 10-minute run
 *       (synthetic: READ and UPDATE, 60 intervals of 10 s, YCSB's log format), its wall time, CPU and peak RSS;</li>
 *   <li>scaling-file: peak RSS of the file workload streaming 1, 10 and 100 million records (a TSV file, zstd, made
 *       once) through YCSB's BasicDB, keys generated (nothing kept per record) and keys from a field (each key's
 *       64-bit fingerprint kept to count duplicates);</li>
 *   <li>scaling-barrier: the start barrier's release delay (each client's start after the agreed moment, on the
 *       server's clock) for 1, 16 and 128 clients, each a thread with its own connection to the private server.</li>
 * </ul>
 * The curves are drawn from results.tsv into charts/ (ScalingCharts). How report.html's size and the time to make
 * and show it grow with the run's length is measured by ycsb-results' ReportWeight (docs/speed.md), not here.
 */
final class ScalingCosts {
  static final int[] MERGE_CLIENTS = {1, 10, 100, 1000};
  static final int[] BARRIER_CLIENTS = {1, 16, 128};
  static final int INTERVALS = 60;
  static final long INTERVAL_MS = 10_000;

  private final BenchHarness harness;
  private final Path dir;
  private final Path root;
  private final BenchHarness.Plan plan;

  ScalingCosts(BenchHarness harness, BenchHarness.Plan plan) {
    this.harness = harness;
    this.dir = harness.dir();
    this.root = harness.root();
    this.plan = plan;
  }

  void run() throws IOException, InterruptedException, JobFailed {
    for (int round = 1; round <= plan.runs(); round++) {
      for (int clients : BARRIER_CLIENTS) {
        barrier(clients, round);
      }
    }
    for (int clients : MERGE_CLIENTS) {
      merge(clients);
    }
    for (long records : plan.scalingRecords()) {
      fileWorkload(records, false);
      fileWorkload(records, true);
    }
    ScalingCharts.write(dir.resolve("results.tsv"), dir.resolve("charts"))
        .forEach(f -> harness.err().println("bench-harness: chart " + f));
  }

  // --- report merge ---

  private void merge(int clients) throws IOException, InterruptedException, JobFailed {
    Path folder = dir.resolve("raw").resolve("scaling-merge-" + clients);
    long perSeries = writeLogs(folder, clients);
    String name = "report merge, " + clients + (clients == 1 ? " client's" : " clients'") + " logs of a 10-minute run";
    List<String> cmd = new ArrayList<>(harness.javaFor());
    cmd.addAll(List.of("-Djava.awt.headless=true", "com.mytopling.ycsb.results.cli.ReportCli", "merge", "--out",
        folder.toString()));
    Measured m = Measured.run(dir.resolve("raw").resolve("scaling-merge-" + clients + "-job"), cmd, java.util.Map.of());
    if (m.exitStatus() != 0) {
      throw new JobFailed("report merge of " + clients + " clients failed; see "
          + dir.resolve("raw").resolve("scaling-merge-" + clients + "-job.err"));
    }
    // The merged figures must be the union of the logs: every sample counted once.
    RunSummary merged = Json.readFile(folder.resolve("summary.json"), RunSummary.class);
    long read = merged.phase("run").operations.get("READ").count;
    if (read != perSeries * clients) {
      throw new JobFailed("report merge of " + clients + " clients counted " + read + " READs, not "
          + perSeries * clients);
    }
    harness.record("scaling-merge", name, 1, "wall_s", m.wallS());
    harness.record("scaling-merge", name, 1, "cpu_s", m.cpuS());
    harness.record("scaling-merge", name, 1, "maxrss_mib", Math.round(m.maxRssKib() / 1024.0));
    // The logs themselves, for scale: what the merge had to read.
    harness.record("scaling-merge", name, 1, "input_mib", Math.round(sizeOf(folder.resolve("hdr")) / 1048576.0 * 10)
        / 10.0);
    deleteLogs(folder);
  }

  /**
   * Each client's READ.hdr and UPDATE.hdr as YCSB writes them (comment, format version, start time, legend, one
   * compressed histogram per 10 s interval with start times relative to the log's), latencies of a fixed seed.
   * Returns the samples per series per client.
   */
  static long writeLogs(Path folder, int clients) throws IOException {
    long start = 1_795_000_000_000L;
    int perInterval = 2_000;
    for (int c = 0; c < clients; c++) {
      Path clientDir = folder.resolve("hdr").resolve("run").resolve("client-" + c);
      Files.createDirectories(clientDir);
      Random random = new Random(c);
      for (String series : List.of("READ", "UPDATE")) {
        // One start for every client, as the start barrier gives them: the merge counts the samples of the window
        // all clients share, so logs shifted by a few ms would lose the edges' samples and fail the count below.
        long logStart = start;
        try (PrintStream out = new PrintStream(new BufferedOutputStream(
            Files.newOutputStream(clientDir.resolve(series + ".hdr"))), false, StandardCharsets.US_ASCII)) {
          HistogramLogWriter log = new HistogramLogWriter(out);
          log.outputComment("[Logging for: " + series + "]");
          log.outputLogFormatVersion();
          log.outputStartTime(logStart);
          log.setBaseTime(logStart);
          log.outputLegend();
          Histogram h = new Histogram(3);
          for (int i = 0; i < INTERVALS; i++) {
            h.reset();
            for (int s = 0; s < perInterval; s++) {
              // Log-normal around 300 us, as a loaded server's latencies spread.
              h.recordValue(Math.max(1, Math.round(Math.exp(5.7 + 0.8 * random.nextGaussian()))));
            }
            h.setStartTimeStamp(logStart + i * INTERVAL_MS);
            h.setEndTimeStamp(logStart + (i + 1) * INTERVAL_MS);
            log.outputIntervalHistogram(h);
          }
        }
      }
    }
    return (long) INTERVALS * perInterval;
  }

  private static long sizeOf(Path folder) throws IOException {
    try (var files = Files.walk(folder)) {
      return files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
    }
  }

  private static void deleteLogs(Path folder) throws IOException {
    // The logs are synthetic and large (1,000 clients: hundreds of MB): the merged summary stays, the inputs go.
    try (var files = Files.walk(folder.resolve("hdr"))) {
      for (Path p : files.sorted(Collections.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  // --- the file workload's memory ---

  private void fileWorkload(long records, boolean keyFields) throws IOException, InterruptedException {
    Path data = root.resolve(".local/bench/file-" + records + ".tsv.zst");
    if (!Files.isRegularFile(data)) {
      harness.err().println("bench-harness: writing " + records + " records to " + data);
      Path tmp = Path.of(data + ".tmp");
      writeTsv(records, tmp);
      Files.move(tmp, data, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
    String slug = "scaling-file-" + records + (keyFields ? "-keyfield" : "");
    // Keys from a field keep a 64-bit fingerprint per key in an open-addressing table that doubles: at 100 million
    // keys the last doubling holds 1 GiB and 2 GiB arrays at once, in the old generation (-Xmx4g ran out at 2^26).
    String heap = keyFields ? "-Xmx8g" : "-Xmx256m";
    String name = "file workload, " + records + " records, " + (keyFields ? "keys from a field (fingerprints kept), "
        : "keys generated, ") + heap;
    List<String> args = new ArrayList<>(List.of("load", "basic",
        "-p", Registry.WORKLOAD.assign("com.mytopling.ycsb.fileloader.FileWorkload"),
        "-p", Registry.FILELOADER_FILE.assign(data), "-p", Registry.FILELOADER_FORMAT.assign("tsv"),
        "-p", Registry.FILELOADER_HEADER.assign(true), "-p", "basicdb.verbose=false",
        "-p", Registry.RECORDCOUNT.assign(records), "-p", Registry.FIELDLENGTH.assign(64), "-threads", "4"));
    if (keyFields) {
      args.addAll(List.of("-p", Registry.FILELOADER_KEYFIELDS.assign("id")));
    }
    Measured m;
    try {
      m = harness.measuredClient(args, slug, "load", heap);
    } catch (JobFailed e) {
      // A case that does not fit its heap is a result of this section, not the end of it.
      harness.err().println("bench-harness: " + name + ": " + e.getMessage());
      harness.record("scaling-file", name + " (FAILED)", 1, "rows_s", 0);
      return;
    }
    harness.record("scaling-file", name, 1, "maxrss_mib", Math.round(m.maxRssKib() / 1024.0));
    harness.record("scaling-file", name, 1, "rows_s", records / m.wallS());
    harness.record("scaling-file", name, 1, "cpu_us_row", m.cpuS() * 1e6 / records);
  }

  /** id, name, value: the id a decimal number, the others 20 and 40 characters derived from it. */
  static void writeTsv(long records, Path file) throws IOException {
    Files.createDirectories(file.getParent());
    try (OutputStream out = new BufferedOutputStream(new ZstdOutputStream(Files.newOutputStream(file), 1), 1 << 16)) {
      out.write("id\tname\tvalue\n".getBytes(StandardCharsets.US_ASCII));
      StringBuilder line = new StringBuilder(96);
      for (long i = 0; i < records; i++) {
        line.setLength(0);
        long h = i * 0x9E3779B97F4A7C15L;
        line.append(i).append('\t').append("name-").append(Long.toHexString(h), 0, Math.min(15,
            Long.toHexString(h).length())).append('\t');
        for (int k = 0; k < 40; k++) {
          line.append((char) ('a' + (int) ((h >>> (k % 60)) & 15)));
        }
        line.append('\n');
        for (int k = 0; k < line.length(); k++) {
          out.write(line.charAt(k));
        }
      }
    }
  }

  // --- the start barrier ---

  private void barrier(int clients, int round) throws IOException, InterruptedException, JobFailed {
    Properties props = new Properties();
    props.setProperty(Registry.DB_URL.name(), harness.url());
    props.setProperty(Registry.DB_USER.name(), "ycsb");
    props.setProperty(Registry.DB_PASSWD.name(), harness.password());
    String runId = "bench-" + System.currentTimeMillis() + "-" + clients;
    List<Long> delays;
    Path logFile = dir.resolve("raw").resolve("scaling-barrier-" + clients + "-" + round + ".err");
    try (PrintStream log = new PrintStream(Files.newOutputStream(logFile), true, StandardCharsets.UTF_8)) {
      delays = new ArrayList<>(BarrierDelays.measure(props, clients, 2000, runId, log));
    } catch (ExecutionException e) {
      throw new JobFailed("start barrier of " + clients + " clients failed: " + e.getCause().getMessage() + "; see "
          + logFile);
    }
    Collections.sort(delays);
    String name = "start barrier, " + clients + (clients == 1 ? " client" : " clients");
    harness.record("scaling-barrier", name, round, "p50_ms", delays.get(delays.size() / 2));
    harness.record("scaling-barrier", name, round, "max_ms", delays.get(delays.size() - 1));
    harness.err().println("bench-harness: barrier " + clients + " clients: release delay median "
        + delays.get(delays.size() / 2) + " ms, max " + delays.get(delays.size() - 1) + " ms");
  }
}
