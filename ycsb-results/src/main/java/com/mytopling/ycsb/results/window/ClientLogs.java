package com.mytopling.ycsb.results.window;

import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.results.ReportException;
import com.mytopling.ycsb.results.model.PhaseClock;
import com.mytopling.ycsb.results.parse.HdrLog;
import java.nio.file.Path;
import java.util.List;

/**
 * One client's interval logs of a phase, on the phase's clock: when every client of the phase went through the start
 * barrier, the database server's clock (each client's own clock plus the offset the barrier measured, recorded in its
 * phase.json); otherwise the client's own clock. With the warm-up's cut, on the same clock.
 *
 * @param client its name (client-0, ...; "client" for a run of one)
 * @param logs every series' intervals, shifted onto the phase clock
 * @param offsetMs what was added to the client's own clock (0 on its own clock)
 * @param cutMs the moment its warm-up ended, on the phase clock; null without a warm-up
 * @param clockStartMs elapsed 0 of its status lines on the phase clock; null when no phase.json says
 */
public record ClientLogs(String client, List<HdrLog> logs, long offsetMs, Long cutMs, Long clockStartMs) {
  /** A client without a clock of its own: its logs as read, no warm-up. */
  public static ClientLogs of(String client, List<HdrLog> logs) {
    return new ClientLogs(client, logs, 0, null, null);
  }

  /** Every *.hdr log in a folder, each read exactly. */
  public static List<HdrLog> readDir(Path dir) {
    List<Path> files = HdrLog.filesIn(dir);
    if (files.isEmpty()) {
      throw new ReportException(dir + ": no *.hdr files (was YCSB run with -p "
          + Registry.HDRHISTOGRAM_FILEOUTPUT.name() + "=true?)");
    }
    return files.stream().map(HdrLog::read).toList();
  }

  /**
   * A client's folder of logs with its phase.json (when there is one).
   *
   * @param serverClock true when every client of the phase recorded its start on the server's clock: the logs are
   *     then shifted onto it
   * @param warmupS the phase's warm-up, seconds (0: none)
   * @param notes where to say how the cut was found when phase.json does not record it
   */
  public static ClientLogs read(String client, Path dir, PhaseClock clock, boolean serverClock, long warmupS,
                                List<String> notes) {
    List<HdrLog> logs = readDir(dir);
    long offset = serverClock ? clock.startedServerMs - clock.startMs : 0;
    Long cut = null;
    if (warmupS > 0) {
      if (clock != null && clock.warmupEndMs != null) {
        cut = clock.warmupEndMs;
      } else if (clock != null && clock.endMs != null) {
        throw new ReportException((client.equals("client") ? "" : client + ": ") + "the phase ended before its "
            + warmupS + " s warm-up did: nothing was measured (run longer or lower "
            + Registry.MEASUREMENT_WARMUP.name() + ")");
      } else {
        cut = logs.stream().mapToLong(HdrLog::startMs).min().orElseThrow() + warmupS * 1000;
        notes.add((client.equals("client") ? "" : client + ": ") + "no phase.json beside the logs: the warm-up is "
            + "counted from the first interval's start, and an interval crossing its end is left out whole");
      }
    }
    return new ClientLogs(client, logs.stream().map(l -> l.shifted(offset)).toList(), offset,
        cut == null ? null : cut + offset, clock == null || clock.startMs == null ? null : clock.startMs + offset);
  }

  /** True when the clock records the client's start on the server's clock (it went through the start barrier). */
  public static boolean onServerClock(PhaseClock clock) {
    return clock != null && clock.startMs != null && clock.startedServerMs != null;
  }
}
