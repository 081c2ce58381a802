package com.mytopling.ycsb.launcher.client;

import com.mytopling.ycsb.core.ConfigException;
import com.mytopling.ycsb.core.PropertyReader;
import com.mytopling.ycsb.core.Secrets;
import com.mytopling.ycsb.core.SetupException;
import com.mytopling.ycsb.core.SqlMessages;
import com.mytopling.ycsb.core.cli.UsageException;
import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.core.connect.DbTarget;
import com.mytopling.ycsb.core.connect.JdbcUrls;
import com.mytopling.ycsb.core.connect.Servers;
import com.mytopling.ycsb.core.dialect.Dialect;
import com.mytopling.ycsb.core.dialect.Dialects;
import com.mytopling.ycsb.core.dialect.ServerMetric;
import com.mytopling.ycsb.results.servermetrics.ServerMetricsFile;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Samples the server's counters during a phase (measurement.servermetrics) on connections of its own, one per
 * shard, into server-metrics.csv: at the phase's start, every status interval on the status lines' clock, at the end
 * of the warm-up (the status thread takes that sample right after it cut the measurements) and when the work is done, each row the change
 * since the previous good sample (shards summed, each shard's restart found before: a restart leaves the row's counters
 * empty). The dialect of the URL's family says what to ask and what the
 * answer means. It runs in the client process because that is where the server is known (the embedded one lives
 * there) and where the phase's clock is; scripts/benchmark turns it on for one client only.
 *
 * <p>Never silent: a phase that cannot be sampled says so in one line on stderr and writes no rows (the summary then
 * warns); a failed sample is a row with an empty set of figures and the reason, a line on stderr the first time and
 * a count at the end; the next good sample's row spans the gap (its start_ms says so).
 */
final class ServerMetricsSampler extends Thread implements StatusLines.CutListener {
  private static final String PREFIX = "[ycsb] server metrics: ";

  private final Connector connector;
  private final String password;
  private final Dialect family;
  private final Path file;
  private final String phase;
  private final long intervalNs;
  private final int timeoutSeconds;
  private final PrintStream err;
  private final CountDownLatch stop = new CountDownLatch(1);
  /** One sample at a time: the sampler thread's, or the status thread's at the warm-up's cut. */
  private final ReentrantLock lock = new ReentrantLock();
  private final Connection[] connections;
  private long startMs;
  private long startNs;
  /** Each shard's last good sample: a restart is found per shard, before the shards are summed. */
  private List<EnumMap<ServerMetric, Long>> previous;
  private long previousMs;
  private long lastRowEndMs;
  private int samples;
  private int failed;
  private volatile boolean writeFailed;

  /** Opens the sampler's connection to one shard. */
  interface Connector {
    Connection open(int shard) throws SQLException;
  }

  /**
   * @param password the one to mask in messages
   */
  ServerMetricsSampler(Connector connector, int shards, String password, Dialect family, Path file, String phase,
                       int intervalSeconds, PrintStream err) {
    super("server-metrics");
    setDaemon(true);
    this.connector = connector;
    this.password = password;
    this.family = family;
    this.file = file;
    this.phase = phase;
    this.intervalNs = TimeUnit.SECONDS.toNanos(intervalSeconds);
    this.timeoutSeconds = Math.max(1, intervalSeconds);
    this.err = err;
    this.connections = new Connection[shards];
  }

  /**
   * A sampler connected to every shard, before the clock starts (connecting loads a driver, which the phase should
   * not pay for), or null when sampling is off or the server cannot be sampled (said on stderr).
   *
   * @param props the phase's properties, the binding's already checked (it has started)
   */
  static ServerMetricsSampler open(Properties props, boolean transactions, PrintStream err) throws UsageException {
    PropertyReader reader = new PropertyReader(props);
    Path file;
    int interval;
    try {
      if (!reader.bool(Registry.MEASUREMENT_SERVERMETRICS)) {
        return null;
      }
      file = Path.of(reader.string(Registry.MEASUREMENT_SERVERMETRICS_FILE));
      interval = reader.intValue(Registry.STATUS_INTERVAL);
    } catch (ConfigException e) {
      throw new UsageException(e.getMessage());
    }
    String phase = transactions ? "run" : "load";
    try {
      DbTarget target = DbTarget.of(props);
      Servers servers = target.servers(err);
      Dialect family = Dialects.family(servers.urls().get(0));
      // Read timeouts of their own: a stalled server must not hold the sampler past its next sample.
      int socketTimeoutMs = (interval + 5) * 1000;
      List<String> urls = new ArrayList<>();
      for (String url : servers.urls()) {
        urls.add(JdbcUrls.withDefaults(url, Dialects.family(url).toolDefaults(target.connectTimeoutMs,
            socketTimeoutMs)).url);
      }
      ServerMetricsSampler sampler = new ServerMetricsSampler(shard -> servers.open(urls.get(shard)), urls.size(),
          servers.password(), family, file, phase, interval, err);
      sampler.connect();
      err.println(PREFIX + "sampling " + (urls.size() == 1 ? "the server" : urls.size() + " shards (summed)")
          + " every " + interval + " s into " + file);
      return sampler;
    } catch (SetupException e) {
      err.println(PREFIX + "not sampled: " + Secrets.maskUrl(e.getMessage()));
    } catch (SQLException e) {
      err.println(PREFIX + "not sampled: cannot connect (" + SqlMessages.describe(e, passwordOf(props)) + ")");
    }
    return null;
  }

  /** Opens every shard's connection; before the clock starts. */
  void connect() throws SQLException {
    for (int i = 0; i < connections.length; i++) {
      connections[i] = connector.open(i);
    }
  }

  private static String passwordOf(Properties props) {
    try {
      return DbTarget.of(props).password;
    } catch (ConfigException e) {
      return null;
    }
  }

  /** Takes the first sample (the baseline) and starts sampling on a clock that started at {@code startMs}. */
  void begin(long clockStartMs, long clockStartNs) {
    this.startNs = clockStartNs;
    baseline(clockStartMs, System.currentTimeMillis());
    start();
  }

  /** The first sample, against which the first interval is measured; elapsed times count from {@code clockStartMs}. */
  void baseline(long clockStartMs, long nowMs) {
    this.startMs = clockStartMs;
    sampleAndWrite(nowMs);
  }

  /** Takes the last sample (the work is done), waits for it, closes the connections and says what failed. */
  void finish() {
    stop.countDown();
    try {
      join(TimeUnit.SECONDS.toMillis(timeoutSeconds + 5L));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (isAlive()) {
      err.println(PREFIX + "the last sample did not finish in time; the file ends before the phase did");
      interrupt();
    }
    for (Connection c : connections) {
      closeQuietly(c);
    }
    if (failed > 0) {
      err.println(PREFIX + failed + " of " + samples + " samples failed (rows with a note in " + file + ")");
    }
    if (writeFailed) {
      err.println(PREFIX + "rows could not all be written to " + file);
    }
  }

  /**
   * The sample at the warm-up's end, taken by the status thread right after it has cut every series there (the
   * measured window starts at the last series' cut), so that the server's counters and the client's intervals part
   * within the sample's round trip (the self-check compares them over the measured window).
   */
  @Override
  public void afterCut() {
    sampleNow();
  }

  /** One sample now, timed at the middle of its round trip (see {@link #take}). */
  private void sampleNow() {
    lock.lock();
    try {
      write(take(null));
    } finally {
      lock.unlock();
    }
  }

  @Override
  public void run() {
    long deadline = startNs + intervalNs;
    boolean stopped = false;
    while (!stopped) {
      try {
        stopped = stop.await(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
      } catch (InterruptedException e) {
        return;
      }
      deadline += intervalNs;
      sampleNow();
    }
  }

  /** One sample: when it was taken, each shard's figures (null when it failed) and why not, how long it took. */
  private record Taken(long nowMs, List<EnumMap<ServerMetric, Long>> shards, String note, double sampleMs) {
  }

  /** Takes one sample at {@code nowMs} and writes the interval since the previous good one. */
  void sampleAndWrite(long nowMs) {
    lock.lock();
    try {
      write(take(nowMs));
    } finally {
      lock.unlock();
    }
  }

  /**
   * @param at the sample's time, or null for the middle of its round trip (the server reads its counters while it
   *     answers)
   */
  private Taken take(Long at) {
    samples++;
    long began = System.nanoTime();
    List<EnumMap<ServerMetric, Long>> current;
    String note = null;
    try {
      current = sample();
    } catch (SQLException e) {
      current = null;
      failed++;
      note = "sample failed: " + SqlMessages.describe(e, password);
    }
    // The middle of the round trip: the server read its counters somewhere in it (the tolerance of the self-check
    // allows for the rest: the rate times the sample's query time).
    long nowMs = at != null ? at : System.currentTimeMillis() - Math.round((System.nanoTime() - began) / 2e6);
    if (current == null && failed == 1) {
      err.println(PREFIX + "a sample at " + (nowMs - startMs) / 1000 + " s failed (" + note.substring(15)
          + "); its row says so and the next row spans the gap");
    }
    return new Taken(nowMs, current, note, (System.nanoTime() - began) / 1e6);
  }

  private void write(Taken taken) {
    long nowMs = taken.nowMs();
    List<EnumMap<ServerMetric, Long>> current = taken.shards();
    String note = taken.note();
    if (previous == null) {
      // The baseline: the first row ends at the next good sample.
      if (current != null) {
        previous = current;
        previousMs = nowMs;
        lastRowEndMs = nowMs;
      }
      return;
    }
    EnumMap<ServerMetric, Long> values = new EnumMap<>(ServerMetric.class);
    long rowStart = current == null ? lastRowEndMs : previousMs;
    if (current != null) {
      note = difference(previous, current, values);
      previous = current;
      previousMs = nowMs;
    }
    lastRowEndMs = nowMs;
    try {
      ServerMetricsFile.append(file, new ServerMetricsFile.Row(phase, rowStart, nowMs, (nowMs - startMs) / 1000.0,
          taken.sampleMs(), values, note));
    } catch (IOException e) {
      writeFailed = true;
    }
  }

  /**
   * The interval's figures into {@code values}: each gauge as it is now, summed over the shards; each counter's change
   * summed over the shards, unless a shard restarted in the interval. A restart (its uptime or any of its counters
   * went back) makes every counter of the interval unknown: a counter that grew past its old value since counts from
   * the new server's start, so no difference with the old value means anything. Returns the row's note, or null.
   */
  static String difference(List<EnumMap<ServerMetric, Long>> before, List<EnumMap<ServerMetric, Long>> now,
                           EnumMap<ServerMetric, Long> values) {
    List<String> restarted = new ArrayList<>();
    for (int shard = 0; shard < now.size(); shard++) {
      List<String> wentBack = new ArrayList<>();
      for (ServerMetric m : ServerMetric.values()) {
        Long a = before.get(shard).get(m);
        Long b = now.get(shard).get(m);
        if (a != null && b != null && b < a && (m.kind == ServerMetric.Kind.COUNTER || m == ServerMetric.UPTIME_S)) {
          wentBack.add(m.column());
        }
      }
      if (!wentBack.isEmpty()) {
        restarted.add((now.size() == 1 ? "the server" : "shard " + shard) + " restarted (went back: "
            + String.join(" ", wentBack) + ")");
      }
    }
    for (ServerMetric m : ServerMetric.values()) {
      if (m.kind == ServerMetric.Kind.COUNTER && !restarted.isEmpty()) {
        continue;
      }
      long sum = 0;
      boolean any = false;
      boolean known = true;
      for (int shard = 0; shard < now.size(); shard++) {
        Long b = now.get(shard).get(m);
        Long a = before.get(shard).get(m);
        if (b == null) {
          // A shard without the figure (a server without RocksDB among ones with it) adds nothing.
          continue;
        }
        if (m.kind == ServerMetric.Kind.COUNTER && a == null) {
          known = false;
        } else {
          sum += m.kind == ServerMetric.Kind.COUNTER ? b - a : b;
          any = true;
        }
      }
      if (known && any) {
        values.put(m, sum);
      }
    }
    return restarted.isEmpty() ? null : String.join("; ", restarted) + ": counters left empty";
  }

  /** One sample of every shard; a lost connection is opened again at the next sample. */
  private List<EnumMap<ServerMetric, Long>> sample() throws SQLException {
    List<EnumMap<ServerMetric, Long>> shards = new ArrayList<>();
    for (int i = 0; i < connections.length; i++) {
      if (connections[i] == null || connections[i].isClosed()) {
        connections[i] = connector.open(i);
      }
      try {
        shards.add(family.sampleServerMetrics(connections[i], timeoutSeconds));
      } catch (SQLException e) {
        closeQuietly(connections[i]);
        connections[i] = null;
        throw e;
      }
    }
    return shards;
  }

  private static void closeQuietly(Connection c) {
    if (c != null) {
      try {
        c.close();
      } catch (SQLException ignored) {
        // Only the sampler's own connection, at the end or after a failure.
      }
    }
  }
}
