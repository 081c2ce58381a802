package com.mytopling.ycsb.jdbc.testing;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The binding's last "[mytopling] totals:" line of a client's stderr, figure by figure. */
public final class Totals {
  private final String line;

  private Totals(String line) {
    this.line = line;
  }

  public static Totals of(String stderr) {
    List<String> lines = stderr.lines().filter(l -> l.startsWith("[mytopling] totals:")).toList();
    if (lines.isEmpty()) {
      throw new AssertionError("no totals line in:\n" + stderr);
    }
    return new Totals(lines.get(lines.size() - 1));
  }

  /** The figure after "name=" (e.g. "stored", "reconnects", "lock_retries"). */
  public long get(String name) {
    Matcher m = Pattern.compile("(?:^|\\s)" + Pattern.quote(name) + "=(\\d+)").matcher(line);
    if (!m.find()) {
      throw new AssertionError("no " + name + "= in " + line);
    }
    return Long.parseLong(m.group(1));
  }

  @Override
  public String toString() {
    return line;
  }
}
