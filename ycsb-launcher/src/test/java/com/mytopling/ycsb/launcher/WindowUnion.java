package com.mytopling.ycsb.launcher;

import com.fasterxml.jackson.databind.JsonNode;
import com.mytopling.ycsb.results.parse.HdrLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * The invariant "merged percentiles = the HdrHistogram union of the clients' logs in the window", checked
 * independently of the results module's merge: each client's interval logs, moved by the clock offset the summary
 * states (window.clock_offsets_ms), the intervals at least half inside the summary's window (their middle in it)
 * added up. The logs are read with the results module's HdrLog, not HdrHistogram's own reader: that one decodes an
 * interval by its header's range, which YCSB's concurrently resized histograms can leave below values they hold (a CI
 * run's KubeLocalIT met "Index 7656 out of bounds for length 7168"; HdrLog says why and decodes by the interval's
 * max).
 */
final class WindowUnion {
  private WindowUnion() {
  }

  /**
   * What disagrees (empty when nothing does) for the operations the phase has: for each, the summary's p50, p95 and p99
   * equal the union's, and its count lies between the operations of the intervals wholly inside the window and of
   * those that overlap it at all (edge intervals are prorated).
   *
   * @param phase the phase's node of summary.json (with window.start_ms, end_ms, clock_offsets_ms)
   * @param hdrDirs each client's folder of interval logs (OP.hdr), client 0 first
   */
  static List<String> problems(JsonNode phase, List<Path> hdrDirs) throws IOException {
    JsonNode w = phase.path("window");
    long from = w.path("start_ms").asLong();
    long to = w.path("end_ms").asLong();
    List<String> problems = new ArrayList<>();
    if (!w.has("start_ms") || !w.has("end_ms")) {
      problems.add("the summary states no window");
      return problems;
    }
    for (String op : List.of("READ", "UPDATE", "INSERT", "SCAN", "READ-MODIFY-WRITE")) {
      JsonNode stats = phase.path("operations").path(op);
      if (stats.isMissingNode() && hdrDirs.stream().noneMatch(d -> Files.exists(d.resolve(op + ".hdr")))) {
        continue;
      }
      // An interval whose middle lies within a millisecond of the window's start or end may be in the summary's union
      // or not: the union is built without them, with those at the start, at the end, and with both. The slack dates
      // from HdrHistogram's own reader, which may read a boundary back a millisecond early; HdrLog reads the exact
      // bounds, as the summary does, so it now only widens what the check accepts by such edge intervals.
      Histogram union = new Histogram(3);
      Histogram atStart = new Histogram(3);
      Histogram atEnd = new Histogram(3);
      long inside = 0;
      long overlapping = 0;
      for (int i = 0; i < hdrDirs.size(); i++) {
        Path log = hdrDirs.get(i).resolve(op + ".hdr");
        if (!Files.exists(log)) {
          continue;
        }
        long shift = offset(w, i, hdrDirs.size());
        for (HdrLog.Interval interval : HdrLog.read(log).intervals()) {
          long start = interval.startMs() + shift;
          long end = interval.endMs() + shift;
          double middle = (start + end) / 2.0;
          if (Math.abs(middle - from) <= 1) {
            atStart.add(interval.histogram());
          } else if (Math.abs(middle - to) <= 1) {
            atEnd.add(interval.histogram());
          } else if (middle > from && middle < to) {
            union.add(interval.histogram());
          }
          // The same millisecond of slack.
          if (start >= from - 1 && end <= to + 1) {
            inside += interval.count();
          }
          if (end > from && start < to) {
            overlapping += interval.count();
          }
        }
      }
      long count = stats.path("count").asLong(-1);
      if (count < inside || count > overlapping) {
        problems.add(op + ": the summary counts " + count + "; the logs hold " + inside + " in intervals inside the "
            + "window, " + overlapping + " in intervals that overlap it");
      }
      List<Histogram> unions = new ArrayList<>();
      for (Histogram edges : List.of(new Histogram(3), atStart, atEnd, both(atStart, atEnd))) {
        Histogram u = union.copy();
        u.add(edges);
        unions.add(u);
      }
      for (String p : List.of("p50", "p95", "p99")) {
        double summary = stats.path("percentiles_us").path(p).asDouble(Double.NaN);
        double pct = Double.parseDouble(p.substring(1));
        boolean matches = !Double.isNaN(summary) && unions.stream()
            .anyMatch(u -> u.valuesAreEquivalent((long) summary, u.getValueAtPercentile(pct)));
        if (!matches) {
          problems.add(op + " " + p + ": the summary says " + summary + " us, the union " + unions.get(0)
              .getValueAtPercentile(pct) + " us" + (atStart.getTotalCount() + atEnd.getTotalCount() == 0 ? ""
              : " (" + unions.get(3).getValueAtPercentile(pct) + " us with the intervals at the window's edges)"));
        }
      }
    }
    return problems;
  }

  private static Histogram both(Histogram a, Histogram b) {
    Histogram h = a.copy();
    h.add(b);
    return h;
  }

  /** What the summary added to a client's own clock to put its logs on the phase's clock. */
  private static long offset(JsonNode window, int client, int clients) {
    JsonNode offsets = window.path("clock_offsets_ms");
    if (offsets.has("client-" + client)) {
      return offsets.get("client-" + client).asLong();
    }
    return clients == 1 && offsets.size() == 1 ? offsets.elements().next().asLong() : 0;
  }
}
