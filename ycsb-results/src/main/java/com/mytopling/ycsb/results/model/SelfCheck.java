package com.mytopling.ycsb.results.model;

import java.util.ArrayList;
import java.util.List;

/**
 * A phase's self-check (docs/results.md, "Self-check"): what the client counted against what the server's own counters
 * counted over the same measured window, per operation type.
 */
public class SelfCheck {
  public static final String AGREES = "agrees";
  public static final String DISAGREES = "disagrees";
  public static final String UNAVAILABLE = "unavailable";

  /** agrees, disagrees or unavailable (the reason in {@link #text}). */
  public String status;
  /** The rule's tolerance in words: how far the two counts may differ. */
  public String tolerance;
  /** Epoch milliseconds of the server samples compared (on the phase clock): the window's ends, as sampled. */
  public Long fromMs;
  public Long toMs;
  /** One per operation type compared. */
  public List<Check> checks = new ArrayList<>();
  /** One line for people: the verdict, or why there is none. */
  public String text;

  /** One operation type. */
  public static class Check {
    /** The client's operation type: READ (with SCAN: both are SELECTs), UPDATE, INSERT, DELETE, or ALL. */
    public String operation;
    /** What the client counted in the span: calls of that type, failed ones included (a failed call is sent too). */
    public Double clientCount;
    /** The server counter's change over the span. */
    public Long serverCount;
    /** The server counter compared (a server-metrics.csv column, with the server's names in {@link #counterSource}). */
    public String counter;
    /** Where the counter comes from on this server family, e.g. "Com_select". */
    public String counterSource;
    /** How far apart they may be. */
    public Double allowed;
    public boolean agrees;
  }

  public static SelfCheck unavailable(String why) {
    SelfCheck s = new SelfCheck();
    s.status = UNAVAILABLE;
    s.text = "self-check unavailable: " + why;
    return s;
  }
}
