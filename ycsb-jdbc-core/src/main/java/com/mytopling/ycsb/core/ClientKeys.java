package com.mytopling.ycsb.core;

import com.mytopling.ycsb.core.config.Registry;
import java.util.Properties;

/**
 * Which client of how many this process is ({@code scaleout.client} of {@code scaleout.clients}), and the keys that
 * gives its run-phase inserts.
 *
 * <p>YCSB 0.17's CoreWorkload numbers a run phase's inserts on from {@code recordcount} in every client, whatever its
 * {@code insertstart}, so the clients of one benchmark all insert the same keys: all but one of every N inserts fail
 * as duplicates (or overwrite, with an upsert). The rule here: client c of n takes the run-phase insert numbers
 * {@code recordcount + c}, {@code recordcount + c + n}, {@code recordcount + c + 2n}, ...: no two clients insert the
 * same key, and together they fill the numbers from {@code recordcount} up, as one client would. The workload still numbers
 * its keys as YCSB does (0 to recordcount-1 loaded, then its own inserts, in the order they are acknowledged), so its
 * key choosers ('latest', zipfian, uniform, ...) choose among the loaded keys and the keys this client inserted and
 * saw acknowledged, which all exist; only the name a number becomes changes ({@link #keyNumber}). With one client the
 * numbers are YCSB's.
 *
 * <p>Workloads that follow the rule say so by implementing {@link Divided}.
 *
 * @param client 0 to clients-1
 */
public record ClientKeys(int client, int clients) {
  /** A client alone: YCSB's own numbers. */
  public static final ClientKeys ALONE = new ClientKeys(0, 1);

  /** Marks a workload whose run-phase inserts take this client's keys ({@link #keyNumber}). */
  public interface Divided {
  }

  /** The client's place from the properties: scaleout.clients (default 1) and scaleout.client, 0 to clients-1. */
  public static ClientKeys from(Properties props) throws ConfigException {
    PropertyReader r = new PropertyReader(props);
    int clients = r.intValue(Registry.SCALEOUT_CLIENTS);
    if (clients == 1) {
      return ALONE;
    }
    // Never the registry's default 0: each of several clients must be told which it is.
    if (r.string(Registry.SCALEOUT_CLIENT.name()) == null) { // the name: the declared read would give its default
      throw new ConfigException(Registry.SCALEOUT_CLIENT + " must be set (0.." + (clients - 1) + ") with "
          + Registry.SCALEOUT_CLIENTS.assign(clients));
    }
    return new ClientKeys(r.intAtMost(Registry.SCALEOUT_CLIENT, clients - 1), clients);
  }

  /**
   * The key number a workload's number {@code n} stands for in this client: a loaded key's (below
   * {@code recordCount}) as it is; the k-th run-phase insert's ({@code n = recordCount + k}) this client's k-th own.
   */
  public long keyNumber(long n, long recordCount) {
    return n < recordCount ? n : recordCount + (n - recordCount) * clients + client;
  }
}
