package com.mytopling.ycsb.launcher.bench;

import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.launcher.JobFailed;
import com.mytopling.ycsb.results.model.ClientCost;
import com.mytopling.ycsb.results.model.PhaseSummary;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * bench-harness --only live: what the live endpoint (measurement.openmetrics.port, scripts/benchmark --live) costs a
 * client, interleaved round by round on the same table (docs/speed.md): our run phase with the status thread every
 * second and no endpoint, then the same with the endpoint on and scraped every second as Prometheus would (an
 * OpenMetrics GET from this process). Per case: throughput, the whole process's CPU per operation and the measured
 * window's (the launcher's client-cost record); the scraped case also counts its scrapes.
 */
final class LiveSection {
  static final String SECTION = "live";
  static final String OFF = "status every 1 s, no endpoint";
  static final String ON = "status every 1 s, endpoint scraped every 1 s";

  private final BenchHarness harness;
  private final BenchHarness.Plan plan;

  LiveSection(BenchHarness harness, BenchHarness.Plan plan) {
    this.harness = harness;
    this.plan = plan;
  }

  void run() throws IOException, InterruptedException, JobFailed {
    harness.ensureRunTable(plan);
    long ops = plan.cpuOps();
    // Beside the private server's ports (plan.port() and the MyRocks one at +2).
    int port = plan.port() + 4;
    for (int i = 1; i <= plan.runs(); i++) {
      client(i, OFF, "live-off-" + i, List.of(), ops, -1);
      client(i, ON, "live-on-" + i, List.of("-p", Registry.MEASUREMENT_OPENMETRICS_PORT.assign(port), "-p",
          Registry.MEASUREMENT_OPENMETRICS_GRACE.assign(5)), ops, port);
    }
  }

  private void client(int i, String name, String slug, List<String> extra, long ops, int scrapedPort)
      throws IOException, InterruptedException, JobFailed {
    Path folder = harness.raw(slug);
    Path costFile = folder.resolve("client-cost-run.json");
    List<String> a = new ArrayList<>(List.of("-s", "-p", Registry.STATUS_INTERVAL.assign(1), "-p",
        Registry.CLIENTCOST_RECORDFILE.assign(costFile.toString())));
    a.addAll(extra);
    Scraper scraper = scrapedPort > 0 ? new Scraper(scrapedPort) : null;
    HostLoad before = harness.hostLoad();
    Measured m;
    try {
      if (scraper != null) {
        scraper.start();
      }
      m = harness.measuredClient(harness.runArgs(plan, ops, a), slug, "run", null);
    } finally {
      if (scraper != null) {
        scraper.interrupt();
        scraper.join();
      }
    }
    PhaseSummary p = harness.phase(folder, "run");
    harness.recordCase(SECTION, name, i, m, p.throughputOps, ops, before);
    ClientCost c = ClientCost.read(costFile);
    if (c.cpuPerOpUs != null) {
      harness.record(SECTION, name, i, "window_cpu_us_op", c.cpuPerOpUs);
      harness.record(SECTION, name, i, "window_user_us_op", c.userCpuPerOpUs);
      harness.record(SECTION, name, i, "window_sys_us_op", c.systemCpuPerOpUs);
      if (c.jitCpuPerOpUs != null) {
        harness.record(SECTION, name, i, "window_jit_us_op", c.jitCpuPerOpUs);
      }
    }
    if (scraper != null) {
      if (scraper.scrapes.get() == 0) {
        throw new JobFailed("the live endpoint on port " + scrapedPort + " was never scraped; see "
            + folder.resolve("run.err"));
      }
      harness.record(SECTION, name, i, "scrapes", scraper.scrapes.get());
      harness.record(SECTION, name, i, "scrape_kib", scraper.bytes.get() / 1024.0 / scraper.scrapes.get());
      harness.record(SECTION, name, i, "scrape_p50_ms", BenchStats.median(scraper.millis));
      harness.record(SECTION, name, i, "scrape_max_ms", scraper.millis.stream().mapToDouble(Double::doubleValue).max()
          .orElse(0));
    }
  }

  /** GETs the endpoint every second with Prometheus' Accept header, as long as the client runs. */
  private static final class Scraper extends Thread {
    private final URI uri;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
    final AtomicLong scrapes = new AtomicLong();
    final AtomicLong bytes = new AtomicLong();
    /** How long each answered scrape took, ms (read after the thread has ended). */
    final List<Double> millis = new ArrayList<>();

    Scraper(int port) {
      super("live-scraper");
      setDaemon(true);
      uri = URI.create("http://127.0.0.1:" + port + "/metrics");
    }

    @Override
    public void run() {
      HttpRequest get = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(1))
          .header("Accept", "application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5").build();
      // The client's JVM and endpoint take seconds to start: the first GETs are refused.
      while (!isInterrupted()) {
        try {
          long t0 = System.nanoTime();
          HttpResponse<byte[]> r = http.send(get, HttpResponse.BodyHandlers.ofByteArray());
          if (r.statusCode() == 200) {
            millis.add((System.nanoTime() - t0) / 1e6);
            scrapes.incrementAndGet();
            bytes.addAndGet(r.body().length);
          }
        } catch (IOException notUp) {
          // the client is starting or has ended
        } catch (InterruptedException e) {
          return;
        }
        try {
          Thread.sleep(1000);
        } catch (InterruptedException e) {
          return;
        }
      }
    }
  }
}
