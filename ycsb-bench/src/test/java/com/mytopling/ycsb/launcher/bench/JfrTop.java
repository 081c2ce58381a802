package com.mytopling.ycsb.launcher.bench;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A developers' profiling aid (docs/speed.md), not part of the harness: summarizes
 * {@code jfr print --events jdk.ExecutionSample --stack-depth 64 REC.jfr > REC.txt}: the sample count, the most
 * frequent top frames, packages on the stack (inclusive) and the first frame of our own code per sample.
 *
 * <pre>java -cp ycsb-launcher/target/test-classes com.mytopling.ycsb.launcher.bench.JfrTop REC.txt</pre>
 */
public final class JfrTop {
  private static final Pattern FRAME = Pattern.compile("^[\\w$./<>]+\\(.*\\)\\s+line:.*");

  private JfrTop() {
  }

  public static void main(String[] args) throws Exception {
    if (args.length != 1) {
      System.err.println("usage: JfrTop REC.txt");
      System.exit(2);
    }
    System.out.print(summarize(Files.readAllLines(Path.of(args[0]), StandardCharsets.UTF_8)));
  }

  static String summarize(List<String> lines) {
    Map<String, Integer> top = new LinkedHashMap<>();
    Map<String, Integer> pkg = new LinkedHashMap<>();
    Map<String, Integer> ours = new LinkedHashMap<>();
    List<List<String>> samples = new ArrayList<>();
    List<String> cur = null;
    for (String raw : lines) {
      String line = raw.strip();
      if (line.startsWith("jdk.ExecutionSample")) {
        cur = new ArrayList<>();
        samples.add(cur);
      } else if (cur != null && FRAME.matcher(line).matches()) {
        cur.add(line.replaceAll("\\s+line:.*", ""));
      }
    }
    int n = 0;
    for (List<String> s : samples) {
      if (s.isEmpty()) {
        continue;
      }
      n++;
      top.merge(s.get(0), 1, Integer::sum);
      Set<String> seen = new HashSet<>();
      for (String f : s) {
        String[] parts = f.split("\\(")[0].split("\\.");
        String p = String.join(".", List.of(parts).subList(0, Math.min(3, parts.length)));
        if (seen.add(p)) {
          pkg.merge(p, 1, Integer::sum);
        }
      }
      s.stream().filter(f -> f.contains("mytopling")).findFirst().ifPresent(f -> ours.merge(f, 1, Integer::sum));
    }
    StringBuilder out = new StringBuilder("samples " + n + "\n");
    out.append("-- top frames\n");
    mostCommon(top, 25, out);
    out.append("-- packages on stack (inclusive)\n");
    mostCommon(pkg, 20, out);
    out.append("-- first mytopling frame\n");
    mostCommon(ours, 10, out);
    return out.toString();
  }

  /** Counts in descending order, ties in first-seen order (as Python's Counter.most_common). */
  private static void mostCommon(Map<String, Integer> counts, int limit, StringBuilder out) {
    counts.entrySet().stream().sorted((a, b) -> Integer.compare(b.getValue(), a.getValue())).limit(limit)
        .forEach(e -> out.append(e.getValue()).append(' ').append(e.getKey()).append('\n'));
  }
}
