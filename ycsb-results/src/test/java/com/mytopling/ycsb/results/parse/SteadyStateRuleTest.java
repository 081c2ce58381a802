package com.mytopling.ycsb.results.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.model.RunSummary;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The steady-state rule (docs/results.md, "Steady state") on constructed series and on recorded real runs. */
class SteadyStateRuleTest {
  /** Ten-second intervals with the given rates. */
  private static List<SteadyStateRule.Interval> series(double... rates) {
    List<SteadyStateRule.Interval> intervals = new ArrayList<>();
    for (int i = 0; i < rates.length; i++) {
      intervals.add(new SteadyStateRule.Interval(10.0 * (i + 1), 10, rates[i]));
    }
    return intervals;
  }

  @Test
  void aFlatSeriesWithSmallNoiseIsSteady() {
    PhaseSummary.SteadyState s = SteadyStateRule.judge(series(1000, 1030, 980, 1010, 995, 1020, 990), 10);
    assertEquals(Boolean.TRUE, s.steady, s.verdict);
    assertEquals(7, s.intervals);
    assertTrue(Math.abs(s.trendPercent) < 3, s.verdict);
    assertTrue(s.variationPercent < 3, s.verdict);
    assertTrue(s.verdict.startsWith("steady:"), s.verdict);
  }

  @Test
  void aRisingSeriesIsNotSteadyThoughItVariesLittleAroundItsLine() {
    // +2% per interval over 10 intervals: about 18% across the window, a standard deviation of only 6%.
    double[] rates = new double[10];
    for (int i = 0; i < rates.length; i++) {
      rates[i] = 1000 * (1 + 0.02 * i);
    }
    PhaseSummary.SteadyState s = SteadyStateRule.judge(series(rates), 10);
    assertEquals(Boolean.FALSE, s.steady, s.verdict);
    assertTrue(s.trendPercent > 10 && s.trendPercent < 20, s.verdict);
    assertTrue(s.variationPercent < SteadyStateRule.MAX_VARIATION_PERCENT, s.verdict);
    assertTrue(s.verdict.contains("rose"), s.verdict);
    assertTrue(s.verdict.contains("run longer"), s.verdict);
  }

  @Test
  void aFallingSeriesSaysItFell() {
    PhaseSummary.SteadyState s = SteadyStateRule.judge(series(1200, 1150, 1100, 1050, 1000, 950, 900), 10);
    assertEquals(Boolean.FALSE, s.steady, s.verdict);
    assertTrue(s.trendPercent < -10, s.verdict);
    assertTrue(s.verdict.contains("fell"), s.verdict);
  }

  @Test
  void aSeriesSwingingWithoutTrendIsNotSteadyByVariation() {
    PhaseSummary.SteadyState s = SteadyStateRule.judge(series(1300, 700, 1300, 700, 700, 1300, 700, 1300), 10);
    assertEquals(Boolean.FALSE, s.steady, s.verdict);
    assertTrue(Math.abs(s.trendPercent) <= SteadyStateRule.MAX_TREND_PERCENT, s.verdict);
    assertTrue(s.variationPercent > SteadyStateRule.MAX_VARIATION_PERCENT, s.verdict);
    assertTrue(s.verdict.contains("varied"), s.verdict);
  }

  @Test
  void tooFewIntervalsLeaveTheVerdictOpen() {
    PhaseSummary.SteadyState s = SteadyStateRule.judge(series(1000, 1000, 1000, 1000), 10);
    assertNull(s.steady);
    assertTrue(s.verdict.contains("unknown") && s.verdict.contains("run longer"), s.verdict);
    assertNull(SteadyStateRule.judge(List.of(), 10), "no status lines: nothing to say");
  }

  @Test
  void aShortLastIntervalWeighsByItsLength() {
    List<SteadyStateRule.Interval> intervals = series(1000, 1000, 1000, 1000, 1000);
    // 0.3 s at the end with only the last threads: half the rate, but 0.3 s of 50 s is not a trend of the window.
    intervals.add(new SteadyStateRule.Interval(50.3, 0.3, 500));
    PhaseSummary.SteadyState s = SteadyStateRule.judge(intervals, 10);
    assertEquals(6, s.intervals, "every interval of the figure's window is judged");
    assertEquals(Boolean.TRUE, s.steady, s.verdict);
  }

  @Test
  void fiveShortIntervalsAreNotEnoughTime() {
    // Issue 20, finding 8: five one-second intervals are five intervals, but 5 s say nothing about a steady state.
    List<SteadyStateRule.Interval> intervals = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      intervals.add(new SteadyStateRule.Interval(i + 1, 1, 1000));
    }
    PhaseSummary.SteadyState s = SteadyStateRule.judge(intervals, 1);
    assertNull(s.steady, s.verdict);
    assertTrue(s.verdict.contains("unknown") && s.verdict.contains("s measured"), s.verdict);
  }

  @Test
  void aStallInAShortLastIntervalIsNeverHidden() {
    // Issue 20, finding 8: the figure's window includes the last interval, so the verdict judges it too.
    List<SteadyStateRule.Interval> intervals = series(1000, 1000, 1000, 1000, 1000);
    intervals.add(new SteadyStateRule.Interval(54, 4, 0));
    PhaseSummary.SteadyState s = SteadyStateRule.judge(intervals, 10);
    assertEquals(Boolean.FALSE, s.steady, s.verdict);
  }

  @Test
  void theWarmUpIntervalsAreNotJudged(@TempDir Path dir) throws Exception {
    // 10 s of warm-up at a tenth of the rate, then 30 one-second intervals at 1,000/s: only those are judged.
    long t0 = 1_795_000_000_000L;
    List<com.mytopling.ycsb.results.window.SyntheticRun.Part> parts = new ArrayList<>(List.of(
        com.mytopling.ycsb.results.window.SyntheticRun.steady(t0, 10, 1000, 100, 100)));
    parts.addAll(List.of(com.mytopling.ycsb.results.window.SyntheticRun.steady(t0 + 10_000, 30, 1000, 1000, 100)));
    com.mytopling.ycsb.results.window.SyntheticRun.log(dir.resolve("hdr/run/READ.hdr"), "READ", t0,
        parts.toArray(new com.mytopling.ycsb.results.window.SyntheticRun.Part[0]));
    com.mytopling.ycsb.results.window.SyntheticRun.clock(dir.resolve("hdr/run"), t0, t0 + 40_000, 1, 10, t0 + 10_000);
    com.mytopling.ycsb.results.window.SyntheticRun.metadata(dir, 10, 1);
    com.mytopling.ycsb.results.window.SyntheticRun.ycsbOutput(dir.resolve("run.out"), 40_000, 31_000,
        new String[] {"READ", "31000", "OK", "31000"});
    PhaseSummary.SteadyState s = RunFolder.summarize(dir).phase("run").steadyState;
    assertEquals(30, s.intervals);
    assertEquals("successful", s.series);
    assertEquals(Boolean.TRUE, s.steady, s.verdict);
    assertEquals(1000.0, s.meanOpsPerSec, 1e-9);
  }

  @Test
  void recordedShortRunsAreTooShortToJudge(@TempDir Path tmp) throws Exception {
    // Real runs of 7 to 17 s (1 s status interval): too short for a verdict.
    for (String name : List.of("warmup-one-client", "warmup-two-clients", "myrocks-server-metrics")) {
      PhaseSummary.SteadyState s = RunFolder.summarize(Recorded.copy(name, tmp)).phase("run").steadyState;
      assertNull(s.steady, name + ": " + s.verdict);
      assertTrue(s.verdict.startsWith("steady state unknown"), s.verdict);
    }
  }
}
