package com.mytopling.ycsb.launcher.client;

import com.mytopling.ycsb.core.config.DeclaredProperties;
import com.mytopling.ycsb.core.config.UnknownProperties;
import com.mytopling.ycsb.fileloader.FileWorkload;
import com.mytopling.ycsb.jdbc.MyToplingDbClient;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * Which property names a run may give: the registry's, and those the run's workload and DB classes declare. The
 * classes whose names the registry holds are listed here; another class may declare its own
 * ({@link DeclaredProperties}); one that does not is trusted with its own names, and only near misses of
 * known names are reported then.
 */
public final class KnownNames {
  /** Workload classes whose properties the registry declares (YCSB's CoreWorkload and ours). */
  private static final Set<String> WORKLOADS = Set.of("site.ycsb.workloads.CoreWorkload",
      "com.yahoo.ycsb.workloads.CoreWorkload", ClientCoreWorkload.class.getName(), LeanCoreWorkload.class.getName(),
      FileWorkload.class.getName());
  /** DB classes whose properties the registry declares (our binding under both names, YCSB's BasicDB). */
  private static final Set<String> DBS = Set.of(MyToplingDbClient.class.getName(), "site.ycsb.db.JdbcDBClient",
      "site.ycsb.BasicDB", "site.ycsb.BasicTSDB");

  private final List<String> declared = new ArrayList<>();
  private boolean trusted;

  private KnownNames() {
  }

  public static KnownNames of(String workloadClass, String dbClass) {
    KnownNames k = new KnownNames();
    k.add(workloadClass, WORKLOADS);
    k.add(dbClass, DBS);
    return k;
  }

  private void add(String className, Set<String> known) {
    if (className == null || known.contains(className.strip())) {
      return;
    }
    try {
      // Not initialized: reading its annotation must not run the class's code.
      Class<?> c = Class.forName(className.strip(), false, KnownNames.class.getClassLoader());
      DeclaredProperties names = c.getAnnotation(DeclaredProperties.class);
      if (names != null) {
        declared.addAll(List.of(names.value()));
        return;
      }
    } catch (ClassNotFoundException | LinkageError | RuntimeException e) {
      // A class that cannot be loaded is reported where it is created; its names are trusted meanwhile.
    }
    trusted = true;
  }

  /**
   * Reports the unknown names among {@code names} of a run of these classes on {@code err} after {@code prefix}: a
   * warning, or in strict mode bad input, whose last line is returned for the caller's one-line error.
   */
  public static String check(String workloadClass, String dbClass, Collection<String> names, boolean strict,
                             String prefix, PrintStream err) {
    return report(of(workloadClass, dbClass).unknown(names), strict, prefix, err);
  }

  /** One line per unknown name among {@code names}. */
  public List<String> unknown(Collection<String> names) {
    return UnknownProperties.check(names, declared, trusted);
  }

  /**
   * Says each unknown name on {@code err} after {@code prefix}, as a warning, or, in strict mode, as bad input: then
   * every line but the last is printed and the last is returned for the caller's one-line error.
   *
   * @return the line to report as bad input, or null when the run goes on
   */
  public static String report(List<String> lines, boolean strict, String prefix, PrintStream err) {
    if (lines.isEmpty()) {
      return null;
    }
    if (strict) {
      for (String l : lines.subList(0, lines.size() - 1)) {
        err.println(prefix + l);
      }
      return lines.get(lines.size() - 1);
    }
    for (String l : lines) {
      err.println(prefix + l);
    }
    err.println(prefix + "unknown properties are ignored; settings.strict=true (scripts/benchmark --strict) makes them "
        + "bad input");
    return null;
  }
}
