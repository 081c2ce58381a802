package com.mytopling.ycsb.core.config;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.commons.text.similarity.LevenshteinDistance;

/**
 * Names nobody reads: a misspelt property ({@code db.batchsie}) would otherwise be ignored, as stock YCSB ignores it,
 * and a run published with the defaults. A name is known when the {@link Registry} declares it (YCSB core's, the
 * stock JDBC binding's and ours) or the run's workload or DB class declares it ({@link DeclaredProperties}). A class we do not
 * know that declares nothing is trusted with its own names: then only names close to a declared one are reported,
 * being most likely typos of ours.
 */
public final class UnknownProperties {
  private static final LevenshteinDistance DISTANCE = new LevenshteinDistance(3);

  private UnknownProperties() {
  }

  /**
   * One line per unknown name: {@code NAME: unknown property (did you mean KNOWN?)}.
   *
   * @param names the names given by the user (files and -p)
   * @param declared names the workload and DB classes declare
   * @param trustUndeclared a workload or DB class we do not know, which declares nothing, takes part: report only
   *     names close to a known one
   */
  public static List<String> check(Collection<String> names, Collection<String> declared, boolean trustUndeclared) {
    List<String> lines = new ArrayList<>();
    for (String name : names) {
      if (Registry.find(name) != null || isDeclared(name, declared)) {
        continue;
      }
      String near = nearest(name, declared);
      if (near == null && trustUndeclared) {
        continue;
      }
      lines.add(name + ": unknown property" + (near == null ? "" : " (did you mean " + near + "?)"));
    }
    return lines;
  }

  private static boolean isDeclared(String name, Collection<String> declared) {
    for (String d : declared) {
      if (d.equals(name) || (d.endsWith(".*") && name.startsWith(d.substring(0, d.length() - 1)))) {
        return true;
      }
    }
    return false;
  }

  /** The known name closest to {@code name} within a few edits, or null. */
  static String nearest(String name, Collection<String> declared) {
    int limit = name.length() >= 12 ? 3 : 2;
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    List<String> candidates = new ArrayList<>();
    for (Property p : Registry.all()) {
      candidates.add(p.isFamily() ? p.prefix() + name.substring(Math.min(name.length(), p.prefix().length())) : p.name());
    }
    candidates.addAll(declared);
    for (String c : candidates) {
      int d = DISTANCE.apply(name.toLowerCase(java.util.Locale.ROOT), c.toLowerCase(java.util.Locale.ROOT));
      if (d >= 0 && d <= limit && d < bestDistance) {
        best = c;
        bestDistance = d;
      }
    }
    return best;
  }
}
