package com.mytopling.ycsb.results.html;

import com.mytopling.ycsb.results.model.ClientCost;
import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.model.SelfCheck;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The verdicts a report's headline gives on a phase, from one method ({@link #of}), so that every page (a run, a
 * comparison, a sweep, the Azure comparison) says the same things in the same order. Each kind is one small method
 * below; a kind whose facts the phase does not have gives no verdict.
 */
public final class Verdicts {
  /** good: nothing to worry about; bad: the figures should not be quoted as they are; unknown: cannot tell. */
  public enum Status { GOOD, BAD, UNKNOWN }

  /** One verdict: what it is about ("steady state"), how it came out, and one line for people. */
  public record Verdict(String kind, Status status, String text) {
    /** The CSS class the pages colour it with. */
    String css() {
      return switch (status) {
        case GOOD -> "good";
        case BAD -> "bad";
        case UNKNOWN -> "warn";
      };
    }
  }

  private Verdicts() {
  }

  /** The phase's verdicts, in the order the headline shows them. */
  public static List<Verdict> of(PhaseSummary phase) {
    List<Verdict> verdicts = new ArrayList<>();
    add(verdicts, steadyState(phase));
    add(verdicts, warmupCut(phase));
    add(verdicts, selfCheck(phase));
    add(verdicts, clientBound(phase));
    return verdicts;
  }

  private static void add(List<Verdict> verdicts, Verdict v) {
    if (v != null) {
      verdicts.add(v);
    }
  }

  /** SteadyStateRule's verdict on the measured window (docs/results.md, "Steady state"). */
  static Verdict steadyState(PhaseSummary phase) {
    PhaseSummary.SteadyState s = phase.steadyState;
    if (s == null) {
      return null;
    }
    Status status = s.steady == null ? Status.UNKNOWN : s.steady ? Status.GOOD : Status.BAD;
    return new Verdict("steady state", status, s.verdict);
  }

  /**
   * Where the measured window starts. A run phase without a warm-up is measured from its first operation, cold caches
   * and JIT included: said, not judged (a steady window says the start did not matter).
   */
  static Verdict warmupCut(PhaseSummary phase) {
    if (phase.warmup != null) {
      String from = phase.warmup.measuredFromS == null ? ""
          : String.format(Locale.ROOT, "; measured from %.1f s", phase.warmup.measuredFromS);
      return new Verdict("warm-up cut", Status.GOOD, "warm-up: the first " + phase.warmup.seconds
          + " s are left out of throughput and latency" + from);
    }
    if (phase.steadyState != null) {
      // Only phases the steady-state rule judged (run phases with status lines) are expected to have a warm-up.
      return new Verdict("warm-up cut", Status.UNKNOWN, "no warm-up: measured from the first operation, cold caches "
          + "included (--warmup SECONDS leaves them out)");
    }
    return null;
  }

  /** Whether the server's own counters agree with what the client sent over the window (docs/results.md, "Self-check"). */
  static Verdict selfCheck(PhaseSummary phase) {
    SelfCheck c = phase.selfCheck;
    if (c == null) {
      return null;
    }
    Status status = SelfCheck.AGREES.equals(c.status) ? Status.GOOD
        : SelfCheck.DISAGREES.equals(c.status) ? Status.BAD : Status.UNKNOWN;
    return new Verdict("self-check", status, c.text);
  }

  /**
   * Whether the client itself was saturated, so that the figures may say more about it than about the server
   * (ClientCost.judge is the rule; docs/results.md, "The client's own cost").
   */
  static Verdict clientBound(PhaseSummary phase) {
    ClientCost c = phase.clientCost;
    if (c == null) {
      return null;
    }
    Status status = c.clientBound == null ? Status.UNKNOWN : c.clientBound ? Status.BAD : Status.GOOD;
    return new Verdict("client-bound", status, c.reason == null ? "client cost unavailable" : c.reason);
  }
}
