package com.mytopling.ycsb.results.parse;

import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.model.StatusSample;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether a phase's measured window was steady (docs/results.md, "Steady state"), from the throughput of each status
 * interval after the warm-up: successful operations per second where the status lines give them, else all.
 *
 * <ul>
 *   <li>The intervals judged: each status line's interval that starts at or after the warm-up's end, less the last one
 *       when it is shorter than half the status interval (the moment threads finish one by one).</li>
 *   <li>Too few: under {@value #MIN_INTERVALS} intervals nothing is said but that (steady unknown).</li>
 *   <li>Trend: a least-squares line through the intervals' throughput (against the intervals' midpoints); its change
 *       from the first interval to the last, as a share of the mean, beyond {@value #MAX_TREND_PERCENT}% either way
 *       means the throughput was still rising or falling.</li>
 *   <li>Variation: the intervals' standard deviation as a share of the mean beyond {@value #MAX_VARIATION_PERCENT}%
 *       means it swung too much for one figure to describe it.</li>
 * </ul>
 * Either makes the window not steady: run longer (or with a longer warm-up) before quoting the figure.
 */
public final class SteadyStateRule {
  public static final int MIN_INTERVALS = 5;
  public static final double MAX_TREND_PERCENT = 10;
  public static final double MAX_VARIATION_PERCENT = 15;

  private SteadyStateRule() {
  }

  /** One status interval's throughput, with its end on the status clock (seconds) and its length. */
  record Interval(double endS, double lengthS, double opsPerSec) {
  }

  public static PhaseSummary.SteadyState judge(PhaseSummary phase, int statusIntervalS) {
    boolean successful = phase.statusSeries.stream().anyMatch(s -> s.successfulOpsPerSec != null);
    double from = phase.warmup == null || phase.warmup.measuredFromS == null ? 0 : phase.warmup.measuredFromS;
    List<Interval> intervals = new ArrayList<>();
    StatusSample previous = null;
    for (StatusSample s : phase.statusSeries) {
      Double rate = successful ? s.successfulOpsPerSec : s.currentOpsPerSec;
      // elapsed_s is printed in whole seconds: an interval counts when its start is within half a second of the cut.
      if (previous != null && rate != null && previous.elapsedS >= from - 0.5) {
        intervals.add(new Interval(s.elapsedS, s.elapsedS - previous.elapsedS, rate));
      }
      previous = s;
    }
    PhaseSummary.SteadyState result = judge(intervals, statusIntervalS);
    if (result != null) {
      result.series = successful ? "successful" : "all operations";
    }
    return result;
  }

  /** The rule on a series of intervals; null when there is no series at all (no status lines). */
  static PhaseSummary.SteadyState judge(List<Interval> all, int statusIntervalS) {
    if (all.isEmpty()) {
      return null;
    }
    List<Interval> intervals = new ArrayList<>(all);
    Interval last = intervals.get(intervals.size() - 1);
    if (last.lengthS() < statusIntervalS / 2.0) {
      intervals.remove(intervals.size() - 1);
    }
    PhaseSummary.SteadyState s = new PhaseSummary.SteadyState();
    s.maxTrendPercent = MAX_TREND_PERCENT;
    s.maxVariationPercent = MAX_VARIATION_PERCENT;
    s.intervals = intervals.size();
    if (intervals.size() < MIN_INTERVALS) {
      s.verdict = String.format(Locale.ROOT, "steady state unknown: %d status interval%s measured, at least %d "
          + "needed; run longer (or lower status.interval)", intervals.size(), intervals.size() == 1 ? "" : "s",
          MIN_INTERVALS);
      return s;
    }
    int n = intervals.size();
    double meanT = 0;
    double mean = 0;
    for (Interval i : intervals) {
      meanT += mid(i);
      mean += i.opsPerSec();
    }
    meanT /= n;
    mean /= n;
    s.meanOpsPerSec = mean;
    if (mean <= 0) {
      s.steady = false;
      s.verdict = "not steady: no operations succeeded in the measured window";
      return s;
    }
    double sxx = 0;
    double sxy = 0;
    double ss = 0;
    for (Interval i : intervals) {
      double dt = mid(i) - meanT;
      sxx += dt * dt;
      sxy += dt * (i.opsPerSec() - mean);
      ss += (i.opsPerSec() - mean) * (i.opsPerSec() - mean);
    }
    double slope = sxx > 0 ? sxy / sxx : 0;
    double span = mid(intervals.get(n - 1)) - mid(intervals.get(0));
    s.trendPercent = 100 * slope * span / mean;
    s.variationPercent = 100 * Math.sqrt(ss / (n - 1)) / mean;
    boolean trend = Math.abs(s.trendPercent) > MAX_TREND_PERCENT;
    boolean variation = s.variationPercent > MAX_VARIATION_PERCENT;
    s.steady = !trend && !variation;
    if (s.steady) {
      s.verdict = String.format(Locale.ROOT, "steady: over %d intervals throughput changed %+.1f%% (trend) and varied "
          + "%.1f%% (limits %.0f%% and %.0f%%)", n, s.trendPercent, s.variationPercent, MAX_TREND_PERCENT,
          MAX_VARIATION_PERCENT);
    } else {
      List<String> why = new ArrayList<>();
      if (trend) {
        why.add(String.format(Locale.ROOT, "throughput %s %.1f%% across the measured window (limit %.0f%%)",
            s.trendPercent < 0 ? "fell" : "rose", Math.abs(s.trendPercent), MAX_TREND_PERCENT));
      }
      if (variation) {
        why.add(String.format(Locale.ROOT, "it varied %.1f%% between intervals (limit %.0f%%)", s.variationPercent,
            MAX_VARIATION_PERCENT));
      }
      s.verdict = "not steady: " + String.join(" and ", why) + "; run longer or with a longer warm-up (--warmup) "
          + "before quoting these figures";
    }
    return s;
  }

  private static double mid(Interval i) {
    return i.endS() - i.lengthS() / 2;
  }
}
