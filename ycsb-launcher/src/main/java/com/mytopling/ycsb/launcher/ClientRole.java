package com.mytopling.ycsb.launcher;

import com.mytopling.ycsb.core.cli.UsageException;
import com.mytopling.ycsb.core.config.Registry;
import java.util.Map;
import org.apache.commons.cli.CommandLine;

/**
 * One client of a benchmark of several clients (scripts/benchmark --clients N, on this machine or --on others): which
 * of how many it is and the run they share. Its share: the load's keys {@link #insertStart} to {@link #insertEnd}, a
 * {@link #operations} share of the run over all keys, its own run-phase insert keys (ClientKeys) and the start
 * barrier's place ({@link StartBarrier}).
 *
 * @param index 0 to clients-1: Kubernetes' JOB_COMPLETION_INDEX, or --client-index
 */
record ClientRole(int index, int clients, String runId) {
  static final String INDEX_ENV = "JOB_COMPLETION_INDEX";

  /** The role given on the command line (--client-of), or null for a benchmark of its own. */
  static ClientRole from(CommandLine cl, int clients, Map<String, String> env) throws UsageException {
    if (!cl.hasOption("client-of")) {
      for (String o : new String[] {"client-index", "run-id", "settings"}) {
        if (cl.hasOption(o)) {
          throw new UsageException("--" + o + " goes with --client-of");
        }
      }
      return null;
    }
    int of = whole("--client-of", cl.getOptionValue("client-of"));
    if (of < 1) {
      throw new UsageException("--client-of: must be at least 1");
    }
    if (clients != 1) {
      throw new UsageException("--client-of is one client: --clients " + clients + " does not go with it");
    }
    String given = cl.getOptionValue("client-index", env.get(INDEX_ENV));
    if (given == null) {
      throw new UsageException("--client-of " + of + ": no --client-index and no " + INDEX_ENV + " in the environment");
    }
    int index = whole(cl.hasOption("client-index") ? "--client-index" : INDEX_ENV, given);
    if (index >= of) {
      throw new UsageException("client index " + index + " is not below --client-of " + of);
    }
    String runId = cl.getOptionValue("run-id", "");
    if (!runId.matches("[A-Za-z0-9._-]{1,64}")) {
      throw new UsageException("--run-id: 1 to 64 letters, digits, '.', '_' or '-' (got '" + runId + "')");
    }
    return new ClientRole(index, of, runId);
  }

  private static int whole(String what, String v) throws UsageException {
    try {
      int n = Integer.parseInt(v.strip());
      if (n < 0) {
        throw new UsageException(what + ": " + v + " is negative");
      }
      return n;
    } catch (NumberFormatException e) {
      throw new UsageException(what + ": '" + v + "' is not a whole number");
    }
  }

  /** First key this client loads: the same split as scripts/benchmark --clients on one machine. */
  long insertStart(long records) {
    return records * index / clients;
  }

  long insertEnd(long records) {
    return records * (index + 1) / clients;
  }

  /** This client's operations: an even split, the first (operations % clients) one more. */
  long operations(long operations) {
    return operations / clients + (index < operations % clients ? 1 : 0);
  }

  /**
   * The properties that put a phase behind the start barrier and give it this client's own run-phase insert keys
   * (ClientKeys reads the same two, scaleout.clients and scaleout.client).
   */
  java.util.List<String> barrierProperties() {
    return java.util.List.of(Registry.SCALEOUT_CLIENTS.assign(clients), Registry.SCALEOUT_CLIENT.assign(index),
        Registry.SCALEOUT_RUNID.assign(runId));
  }

  /** {@link #barrierProperties} as a phase's command-line arguments (-p name=value each). */
  java.util.List<String> barrierArguments() {
    java.util.List<String> args = new java.util.ArrayList<>();
    for (String kv : barrierProperties()) {
      args.add("-p");
      args.add(kv);
    }
    return args;
  }
}
