package com.mytopling.ycsb.results.parse;

import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.model.StatusSample;
import com.mytopling.ycsb.results.window.MeasuredPhase;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether a phase's measured window was steady (docs/results.md, "Steady state"), from its throughput interval by
 * interval: the measured window's bins (a single client's own status intervals; several clients' prorated into the
 * first client's) with their successful operations, or for a phase without interval logs YCSB's status lines.
 *
 * <ul>
 *   <li>The intervals judged: every interval of the window the figures are counted in, the last one too (a stall at the
 *       end is in the figure, so it is in the verdict), each weighted by its length: a short interval weighs little,
 *       a long stall much.</li>
 *   <li>Too little: under {@value #MIN_INTERVALS} intervals or {@value #MIN_SECONDS} s nothing is said but that (steady
 *       unknown).</li>
 *   <li>Trend: a length-weighted least-squares line through the intervals' throughput (against their midpoints); its
 *       change from the first interval to the last, as a share of the mean, beyond {@value #MAX_TREND_PERCENT}% either
 *       way means the throughput was still rising or falling.</li>
 *   <li>Variation: the intervals' length-weighted standard deviation as a share of the mean beyond
 *       {@value #MAX_VARIATION_PERCENT}% means it swung too much for one figure to describe it.</li>
 * </ul>
 * Either makes the window not steady: run longer (or with a longer warm-up) before quoting the figure.
 */
public final class SteadyStateRule {
  public static final int MIN_INTERVALS = 5;
  public static final double MIN_SECONDS = 20;
  public static final double MAX_TREND_PERCENT = 10;
  public static final double MAX_VARIATION_PERCENT = 15;

  private SteadyStateRule() {
  }

  /** One interval's throughput, with its end (seconds, on any clock) and its length. */
  record Interval(double endS, double lengthS, double opsPerSec) {
  }

  public static PhaseSummary.SteadyState judge(PhaseSummary phase, MeasuredPhase model, int statusIntervalS) {
    if (model != null) {
      List<Interval> intervals = new ArrayList<>();
      for (MeasuredPhase.Bin b : model.bins()) {
        intervals.add(new Interval((b.endMs() - model.startMs()) / 1000.0, b.lengthS(), b.successful() / b.lengthS()));
      }
      PhaseSummary.SteadyState result = judge(intervals, statusIntervalS);
      if (result != null) {
        result.series = "successful";
      }
      return result;
    }
    boolean successful = phase.statusSeries.stream().anyMatch(s -> s.successfulOpsPerSec != null);
    List<Interval> intervals = new ArrayList<>();
    StatusSample previous = null;
    for (StatusSample s : phase.statusSeries) {
      Double rate = successful ? s.successfulOpsPerSec : s.currentOpsPerSec;
      if (previous != null && rate != null && s.elapsedS > previous.elapsedS) {
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
  static PhaseSummary.SteadyState judge(List<Interval> intervals, int statusIntervalS) {
    if (intervals.isEmpty()) {
      return null;
    }
    PhaseSummary.SteadyState s = new PhaseSummary.SteadyState();
    s.maxTrendPercent = MAX_TREND_PERCENT;
    s.maxVariationPercent = MAX_VARIATION_PERCENT;
    s.intervals = intervals.size();
    double seconds = intervals.stream().mapToDouble(Interval::lengthS).sum();
    boolean tooShort = intervals.size() < MIN_INTERVALS || seconds < MIN_SECONDS;
    if (tooShort && intervals.size() < 3) {
      s.verdict = unknown(intervals.size(), seconds);
      return s;
    }
    int n = intervals.size();
    double meanT = 0;
    double mean = 0;
    for (Interval i : intervals) {
      meanT += mid(i) * i.lengthS();
      mean += i.opsPerSec() * i.lengthS();
    }
    meanT /= seconds;
    mean /= seconds;
    s.meanOpsPerSec = mean;
    if (mean <= 0 && tooShort) {
      s.verdict = unknown(n, seconds);
      return s;
    }
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
      sxx += i.lengthS() * dt * dt;
      sxy += i.lengthS() * dt * (i.opsPerSec() - mean);
      ss += i.lengthS() * (i.opsPerSec() - mean) * (i.opsPerSec() - mean);
    }
    double slope = sxx > 0 ? sxy / sxx : 0;
    double span = mid(intervals.get(n - 1)) - mid(intervals.get(0));
    s.trendPercent = 100 * slope * span / mean;
    // The weighted variance, with the n / (n - 1) of the unweighted sample variance: equal lengths give the usual one.
    s.variationPercent = 100 * Math.sqrt(ss / seconds * n / (n - 1)) / mean;
    if (tooShort) {
      // The trend and variation are facts of the intervals there are (the headline's spread reads the variation);
      // a verdict needs more of them.
      s.verdict = unknown(n, seconds);
      return s;
    }
    boolean trend = Math.abs(s.trendPercent) > MAX_TREND_PERCENT;
    boolean variation = s.variationPercent > MAX_VARIATION_PERCENT;
    s.steady = !trend && !variation;
    if (s.steady) {
      s.verdict = String.format(Locale.ROOT, "steady: over %d intervals (%.0f s) throughput changed %+.1f%% (trend) "
          + "and varied %.1f%% (limits %.0f%% and %.0f%%)", n, seconds, s.trendPercent, s.variationPercent,
          MAX_TREND_PERCENT, MAX_VARIATION_PERCENT);
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

  private static String unknown(int intervals, double seconds) {
    return String.format(Locale.ROOT, "steady state unknown: %d interval%s, %.1f s measured; at least %d "
        + "intervals and %.0f s needed: run longer (or lower %s)", intervals, intervals == 1 ? "" : "s",
        seconds, MIN_INTERVALS, MIN_SECONDS, Registry.STATUS_INTERVAL.name());
  }

  private static double mid(Interval i) {
    return i.endS() - i.lengthS() / 2;
  }
}
