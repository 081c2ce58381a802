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
  void aShortLastIntervalIsLeftOutAsTheThreadsFinish() {
    List<SteadyStateRule.Interval> intervals = series(1000, 1000, 1000, 1000, 1000);
    // 2 s at the end with only the last threads: far below the others, but not a trend of the window.
    intervals.add(new SteadyStateRule.Interval(52, 2, 100));
    PhaseSummary.SteadyState s = SteadyStateRule.judge(intervals, 10);
    assertEquals(5, s.intervals);
    assertEquals(Boolean.TRUE, s.steady, s.verdict);
  }

  @Test
  void theWarmUpIntervalsAreNotJudged(@TempDir Path tmp) throws Exception {
    // A real run with a 2 s warm-up on a 1 s status interval, whose first seconds are far slower (JIT, connections).
    RunSummary summary = RunFolder.summarize(Recorded.copy("warmup-one-client", tmp));
    PhaseSummary run = summary.phase("run");
    long measured = run.statusSeries.stream().filter(s -> s.elapsedS > 2).count();
    PhaseSummary.SteadyState s = run.steadyState;
    // The intervals ending after the warm-up, less the short last one.
    assertEquals(measured - 1, s.intervals);
    assertEquals("successful", s.series);
    // What the recorded run shows, as recorded: the rule's figures on it are fixed.
    assertEquals(Boolean.FALSE, s.steady, s.verdict);
    assertTrue(s.verdict.startsWith("not steady"), s.verdict);
  }

  @Test
  void recordedRunsGetAVerdictTheirFiguresSupport(@TempDir Path tmp) throws Exception {
    for (String name : List.of("warmup-two-clients", "myrocks-server-metrics")) {
      PhaseSummary.SteadyState s = RunFolder.summarize(Recorded.copy(name, tmp)).phase("run").steadyState;
      assertTrue(s.intervals >= SteadyStateRule.MIN_INTERVALS, name + ": " + s.verdict);
      boolean within = Math.abs(s.trendPercent) <= s.maxTrendPercent && s.variationPercent <= s.maxVariationPercent;
      assertEquals(within, s.steady, name + ": " + s.verdict);
      assertFalse(s.verdict.isBlank());
    }
  }
}
