package com.mytopling.ycsb.launcher.client;

import com.mytopling.ycsb.core.ConfigException;
import com.mytopling.ycsb.core.PropertyReader;
import com.mytopling.ycsb.core.cli.UsageException;
import com.mytopling.ycsb.core.config.Registry;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Labels;
import java.io.IOException;
import java.io.PrintStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.OneMeasurementHdrHistogram;

/**
 * The client's live OpenMetrics endpoint (measurement.openmetrics.port; docs/monitoring.md): the Prometheus Java
 * client's HTTP server on one daemon thread of its own, serving {@link LiveFigures} at /metrics as OpenMetrics or
 * Prometheus text, or as Prometheus' protobuf (with native histograms) when the scraper asks for it.
 *
 * <p>Opened before anything connects, so that a port in use or not allowed is one line and exit 2 before the phase
 * costs anything. After the phase it stays up until a scrape has been given the final figures, at most
 * measurement.openmetrics.grace seconds, so that Prometheus ends with the counts the summary is made of; then one and
 * a half times the longest gap between the last scrapes (at least 1 s), so that a second scraper takes them too.
 */
final class LiveEndpoint implements AutoCloseable {
  private static final Pattern LABEL_NAME = Pattern.compile("[a-zA-Z_][a-zA-Z0-9_]*");
  /** Time for the answer that carried the final figures to be written before the server stops. */
  private static final long WRITE_MS = 1000;

  private final HTTPServer server;
  private final ExecutorService executor;
  private final LiveFigures figures;
  private final long graceMs;
  private final String address;

  private LiveEndpoint(HTTPServer server, ExecutorService executor, LiveFigures figures, long graceMs, String address) {
    this.server = server;
    this.executor = executor;
    this.figures = figures;
    this.graceMs = graceMs;
    this.address = address;
  }

  /**
   * The endpoint the properties ask for, listening; null when measurement.openmetrics.port is 0.
   *
   * @throws UsageException a bad setting, or a port in use or not allowed (one line naming it, exit 2)
   */
  static LiveEndpoint open(Properties props, boolean transactions, long warmupSeconds, PrintStream err)
      throws UsageException {
    PropertyReader r = new PropertyReader(props);
    int port;
    long grace;
    try {
      port = r.intValue(Registry.MEASUREMENT_OPENMETRICS_PORT);
      grace = r.integer(Registry.MEASUREMENT_OPENMETRICS_GRACE);
    } catch (ConfigException e) {
      throw new UsageException(e.getMessage());
    }
    if (port == 0) {
      return null;
    }
    String host = r.string(Registry.MEASUREMENT_OPENMETRICS_HOST).strip();
    if (!Boolean.parseBoolean(props.getProperty(Registry.STATUS.name(), "false").strip())) {
      throw new UsageException(Registry.MEASUREMENT_OPENMETRICS_PORT + " needs the status thread (-s): the endpoint's "
          + "figures are made at its cuts");
    }
    String type = props.getProperty(Measurements.MEASUREMENT_TYPE_PROPERTY, "hdrhistogram").strip();
    if (!type.equals("hdrhistogram")) {
      throw new UsageException(Registry.MEASUREMENT_OPENMETRICS_PORT + " needs measurementtype=hdrhistogram (not "
          + type + "): the endpoint's latency histograms are YCSB's HdrHistograms");
    }
    Labels constant = labels(r.list(Registry.MEASUREMENT_OPENMETRICS_LABELS))
        .merge(Labels.of("phase", transactions ? "run" : "load"));
    List<Double> percentiles = new ArrayList<>();
    try {
      for (String p : PropertyReader.split(props.getProperty(Registry.HDRHISTOGRAM_PERCENTILES.name(),
          OneMeasurementHdrHistogram.PERCENTILES_PROPERTY_DEFAULT))) {
        percentiles.add(Double.parseDouble(p));
      }
    } catch (NumberFormatException e) {
      throw new UsageException(Registry.HDRHISTOGRAM_PERCENTILES + ": '" + props.getProperty(
          Registry.HDRHISTOGRAM_PERCENTILES.name()) + "' is not a list of percentiles (e.g. 50,95,99,99.9)");
    }
    LiveFigures figures = new LiveFigures(constant, warmupSeconds > 0, Measurements.getMeasurements(), percentiles);
    PrometheusRegistry registry = new PrometheusRegistry();
    registry.register(figures);
    InetAddress bind;
    try {
      bind = InetAddress.getByName(host);
    } catch (UnknownHostException e) {
      throw new UsageException(Registry.MEASUREMENT_OPENMETRICS_HOST + ": '" + host + "' is not an address of this "
          + "machine (e.g. 127.0.0.1, or 0.0.0.0 for every interface)");
    }
    String address = (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    // One thread: scrapes are served one at a time, never by a client thread.
    ExecutorService executor = Executors.newSingleThreadExecutor(task -> {
      Thread t = new Thread(task, "openmetrics");
      t.setDaemon(true);
      return t;
    });
    HTTPServer server;
    try {
      server = HTTPServer.builder().inetAddress(bind).port(port).registry(registry).executorService(executor)
          .buildAndStart();
    } catch (BindException e) {
      executor.shutdownNow();
      throw new UsageException(Registry.MEASUREMENT_OPENMETRICS_PORT + ": cannot listen on " + address + ": "
          + bindProblem(e, port) + " (" + Registry.MEASUREMENT_OPENMETRICS_PORT + " or scripts/benchmark --live PORT "
          + "picks another)");
    } catch (SocketException e) {
      executor.shutdownNow();
      throw new UsageException(Registry.MEASUREMENT_OPENMETRICS_HOST + ": cannot listen on " + address + ": "
          + e.getMessage());
    } catch (IOException e) {
      executor.shutdownNow();
      throw new UsageException(Registry.MEASUREMENT_OPENMETRICS_PORT + ": cannot listen on " + address + ": " + e);
    }
    err.println("[ycsb] live figures at http://" + address + "/metrics (OpenMetrics; " + Registry.MEASUREMENT_OPENMETRICS_PORT
        + ")");
    return new LiveEndpoint(server, executor, figures, grace * 1000, address);
  }

  private static String bindProblem(BindException e, int port) {
    String m = String.valueOf(e.getMessage());
    if (m.contains("in use")) {
      return "the port is in use (another program, or another client, listens there)";
    }
    if (m.contains("ermission")) {
      return "not allowed" + (port < 1024 ? " (ports below 1024 need root)" : "") + ": " + m;
    }
    if (m.contains("assign")) {
      return "not an address of this machine";
    }
    return m;
  }

  /** measurement.openmetrics.labels: name=value pairs, names Prometheus takes and the endpoint does not use itself. */
  static Labels labels(List<String> pairs) throws UsageException {
    List<String> names = new ArrayList<>();
    List<String> values = new ArrayList<>();
    for (String pair : pairs) {
      int eq = pair.indexOf('=');
      String name = eq < 0 ? pair.strip() : pair.substring(0, eq).strip();
      if (eq < 0 || !LABEL_NAME.matcher(name).matches() || name.startsWith("__")) {
        throw new UsageException(Registry.MEASUREMENT_OPENMETRICS_LABELS + ": '" + pair + "' is not name=value with a "
            + "label name of letters, digits and '_' (e.g. run=nightly,target=mariadb)");
      }
      if (LiveFigures.OWN_LABELS.contains(name) || names.contains(name)) {
        throw new UsageException(Registry.MEASUREMENT_OPENMETRICS_LABELS + ": '" + name + "' is "
            + (names.contains(name) ? "given twice" : "a label the endpoint sets itself (" + String.join(", ",
            new java.util.TreeSet<>(LiveFigures.OWN_LABELS)) + ")"));
      }
      names.add(name);
      values.add(pair.substring(eq + 1).strip());
    }
    return Labels.of(names, values);
  }

  LiveFigures figures() {
    return figures;
  }

  /**
   * The phase has ended and its final cut was made: waits until a scrape has been given the final figures (making
   * the cut again while it still serves a new figure's zero), at most the grace time, and says which happened.
   */
  void awaitFinalScrape(PrintStream err) {
    if (graceMs <= 0) {
      return;
    }
    long deadline = System.currentTimeMillis() + graceMs;
    try {
      boolean served = figures.awaitServed(graceMs);
      while (served && figures.finalPending()) {
        // A new figure's zero is still served: give every scraper time to take it, then cut again.
        Thread.sleep(Math.max(0, Math.min(deadline - System.currentTimeMillis(), lingerMs())));
        figures.afterCut(System.currentTimeMillis(), false, true, true);
        served = figures.awaitServed(Math.max(0, deadline - System.currentTimeMillis()));
      }
      if (served) {
        // Other scrapers (a pair of Prometheus servers) take them within the gap between scrapes; and the answer
        // that carried them must be written before the server stops.
        Thread.sleep(Math.max(0, Math.min(deadline - System.currentTimeMillis(), lingerMs())));
        err.println("[ycsb] live figures: the final figures were scraped from " + address);
      } else {
        err.println("[ycsb] live figures: no scrape of the final figures within " + graceMs / 1000 + " s ("
            + Registry.MEASUREMENT_OPENMETRICS_GRACE + "): a scraper keeps the last figures it took");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** How long other scrapers take to come too: 1.5 times the longest recent gap between scrapes, at least 1 s. */
  private long lingerMs() {
    return Math.max(WRITE_MS, figures.longestScrapeGapMs() * 3 / 2);
  }

  @Override
  public void close() {
    server.close();
    executor.shutdownNow();
    try {
      executor.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
