package com.mytopling.ycsb.launcher.client;

import com.mytopling.ycsb.core.ClientKeys;
import com.mytopling.ycsb.core.ConfigException;
import com.mytopling.ycsb.core.PropertyReader;
import com.mytopling.ycsb.core.Secrets;
import com.mytopling.ycsb.core.SetupException;
import com.mytopling.ycsb.core.SqlMessages;
import com.mytopling.ycsb.core.cli.UsageException;
import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.core.connect.DbTarget;
import com.mytopling.ycsb.core.connect.Servers;
import com.mytopling.ycsb.core.dialect.Dialect;
import com.mytopling.ycsb.core.dialect.Dialects;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * The start barrier of clients on several machines (scripts/benchmark --on ...): the database under test is the
 * rendezvous, so nothing else has to be deployed. Each client registers in {@link Dialect#BARRIER_TABLE} (its arrival
 * stamped by the server's clock), polls until all {@code scaleout.clients} have, and then all start at one agreed
 * moment: the last arrival plus {@code scaleout.barrier.delay} milliseconds, on the server's clock. Each client maps
 * that moment to its own clock by the offset it measures to the server (the midpoint of a round trip), so client
 * machines' clocks need not agree. A client that does not see everyone within {@code scaleout.barrier.timeout}
 * seconds fails with one line naming who is missing.
 */
public final class StartBarrier {
  private static final long POLL_MS = 50;

  /** Where a client stood when it started: the agreed moment and its own start, both on the server's clock. */
  public record Start(long agreedServerMs, long startedServerMs, long offsetMs, long uncertaintyMs) {
  }

  /** The barrier's settings, or null when this phase runs alone (scaleout.clients 1 or unset). */
  public record Settings(int clients, int client, String runId, long timeoutMs, long delayMs) {
    public static Settings from(Properties props) throws UsageException {
      PropertyReader r = new PropertyReader(props);
      try {
        ClientKeys place = ClientKeys.from(props); // which client of how many: read in one place
        int clients = place.clients();
        if (clients == 1) {
          return null;
        }
        int client = place.client();
        String runId = java.util.Objects.requireNonNullElse(r.string(Registry.SCALEOUT_RUNID), "");
        if (!runId.matches("[A-Za-z0-9._-]{1,64}")) {
          throw new UsageException(Registry.SCALEOUT_RUNID + " must be 1 to 64 letters, digits, '.', '_' or '-' with "
              + Registry.SCALEOUT_CLIENTS + "="
              + clients + " (got '" + runId + "')");
        }
        long timeoutS = r.integer(Registry.SCALEOUT_BARRIER_TIMEOUT);
        long delayMs = r.integer(Registry.SCALEOUT_BARRIER_DELAY);
        return new Settings(clients, client, runId, timeoutS * 1000, delayMs);
      } catch (ConfigException e) {
        throw new UsageException(e.getMessage());
      }
    }
  }

  /** Raised when the clients did not all arrive in time, or the table could not be used: one line. */
  public static final class BarrierException extends Exception {
    BarrierException(String message) {
      super(message);
    }
  }

  private final Settings settings;
  private final String phase;
  private final PrintStream err;

  public StartBarrier(Settings settings, String phase, PrintStream err) {
    this.settings = settings;
    this.phase = phase;
    this.err = err;
  }

  /** Connects to the target's first server (the shard every client reaches) and waits there. */
  public Start await(Properties props) throws BarrierException {
    String password = null;
    try {
      DbTarget target = DbTarget.of(props);
      password = target.password;
      Servers servers = target.servers(err);
      try (Connection c = servers.openForTool(0, target)) {
        return await(c, Dialects.family(servers.urls().get(0)));
      }
    } catch (SetupException e) {
      throw new BarrierException("start barrier: " + Secrets.maskUrl(e.getMessage()));
    } catch (SQLException e) {
      throw new BarrierException("start barrier: " + SqlMessages.describe(e, password));
    }
  }

  Start await(Connection c, Dialect d) throws SQLException, BarrierException {
    try (Statement s = c.createStatement()) {
      s.execute(d.createBarrierTable());
    } catch (SQLException e) {
      // Clients create it at once; one that loses the race may see it appear under its feet (SQL Server).
      if (!tableExists(c, d)) {
        throw e;
      }
    }
    try (PreparedStatement arrive = c.prepareStatement(d.barrierArrive())) {
      bind(arrive);
      arrive.setInt(3, settings.client());
      arrive.executeUpdate();
    } catch (SQLException e) {
      if (d.errors().isDuplicateKey(e)) {
        throw new BarrierException("start barrier: client " + settings.client() + " has already registered for the "
            + phase + " phase of run " + settings.runId() + " (a restarted client, or a run id used twice)");
      }
      throw e;
    }
    err.println("[barrier] client " + settings.client() + " of " + settings.clients() + " registered for the " + phase
        + " phase of run " + settings.runId() + "; waiting for the others");
    long deadline = System.currentTimeMillis() + settings.timeoutMs();
    try (PreparedStatement count = c.prepareStatement(d.barrierArrivals());
         PreparedStatement clock = c.prepareStatement(d.serverClockMs())) {
      bind(count);
      while (true) {
        long arrived;
        long lastArrivalMs;
        try (ResultSet rs = count.executeQuery()) {
          rs.next();
          arrived = rs.getLong(1);
          lastArrivalMs = rs.getLong(2);
        }
        if (arrived >= settings.clients()) {
          long agreed = lastArrivalMs + settings.delayMs();
          Offset offset = Offset.measure(clock);
          long localStart = agreed - offset.ms;
          sleepUntil(localStart);
          long started = System.currentTimeMillis() + offset.ms;
          err.println("[barrier] all " + settings.clients() + " clients registered; started at server time " + agreed
              + (started - agreed > 0 ? " + " + (started - agreed) + " ms" : "") + " (clock offset to the server "
              + offset.ms + " ms, ±" + offset.uncertaintyMs + ")");
          return new Start(agreed, started, offset.ms, offset.uncertaintyMs);
        }
        if (System.currentTimeMillis() > deadline) {
          throw new BarrierException("start barrier: " + arrived + " of " + settings.clients() + " clients arrived for "
              + "the " + phase + " phase of run " + settings.runId() + " within " + settings.timeoutMs() / 1000
              + " s; missing: " + missing(c, d) + " (" + Registry.SCALEOUT_BARRIER_TIMEOUT + ")");
        }
        sleepUntil(System.currentTimeMillis() + POLL_MS);
      }
    }
  }

  private void bind(PreparedStatement p) throws SQLException {
    p.setString(1, settings.runId());
    p.setString(2, phase);
  }

  private String missing(Connection c, Dialect d) throws SQLException {
    boolean[] seen = new boolean[settings.clients()];
    try (PreparedStatement p = c.prepareStatement(d.barrierClients())) {
      bind(p);
      try (ResultSet rs = p.executeQuery()) {
        while (rs.next()) {
          int i = rs.getInt(1);
          if (i >= 0 && i < seen.length) {
            seen[i] = true;
          }
        }
      }
    }
    List<String> names = new ArrayList<>();
    for (int i = 0; i < seen.length && names.size() < 20; i++) {
      if (!seen[i]) {
        names.add("client " + i);
      }
    }
    return String.join(", ", names);
  }

  private static boolean tableExists(Connection c, Dialect d) {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
        "SELECT COUNT(*) FROM " + Dialect.BARRIER_TABLE + " WHERE 1=0")) {
      return true;
    } catch (SQLException e) {
      return false;
    }
  }

  private static void sleepUntil(long epochMs) throws BarrierException {
    long left;
    while ((left = epochMs - System.currentTimeMillis()) > 0) {
      try {
        Thread.sleep(Math.min(left, POLL_MS));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new BarrierException("start barrier: interrupted");
      }
    }
  }

  /** The server's clock minus this machine's, from the quickest of a few round trips (NTP's idea, simplified). */
  private record Offset(long ms, long uncertaintyMs) {
    static Offset measure(PreparedStatement clock) throws SQLException {
      Offset best = null;
      for (int i = 0; i < 5; i++) {
        long before = System.currentTimeMillis();
        long server;
        try (ResultSet rs = clock.executeQuery()) {
          rs.next();
          server = rs.getLong(1);
        }
        long after = System.currentTimeMillis();
        long rtt = after - before;
        Offset o = new Offset(server - (before + after) / 2, rtt / 2 + 1);
        if (best == null || o.uncertaintyMs < best.uncertaintyMs) {
          best = o;
        }
      }
      return best;
    }
  }
}
