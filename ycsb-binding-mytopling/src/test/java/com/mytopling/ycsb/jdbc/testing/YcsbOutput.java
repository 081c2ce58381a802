package com.mytopling.ycsb.jdbc.testing;

import java.util.LinkedHashMap;
import java.util.Map;

/** YCSB's measurement lines, "[SERIES], metric, value", as a map from "SERIES metric" to value. */
public final class YcsbOutput {
  private final Map<String, String> values = new LinkedHashMap<>();

  public static YcsbOutput parse(String stdout) {
    YcsbOutput o = new YcsbOutput();
    for (String line : stdout.split("\n")) {
      if (!line.startsWith("[")) {
        continue;
      }
      int close = line.indexOf("], ");
      int comma = line.lastIndexOf(", ");
      if (close < 0 || comma <= close) {
        continue;
      }
      o.values.put(line.substring(1, close) + " " + line.substring(close + 3, comma).strip(),
          line.substring(comma + 2).strip());
    }
    return o;
  }

  /** The value as a long, or 0 when YCSB printed no such line (YCSB omits zero return codes). */
  public long count(String series, String metric) {
    String v = values.get(series + " " + metric);
    return v == null ? 0 : (long) Double.parseDouble(v);
  }

  public boolean has(String series, String metric) {
    return values.containsKey(series + " " + metric);
  }

  public Map<String, String> all() {
    return values;
  }
}
