package com.mytopling.ycsb.launcher;

import java.util.Map;

/** Just enough JSON writing for metadata.json: strings escaped, maps and numbers. */
final class JsonText {
  private JsonText() {
  }

  static String quote(String s) {
    if (s == null) {
      return "null";
    }
    StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"': sb.append("\\\""); break;
        case '\\': sb.append("\\\\"); break;
        case '\n': sb.append("\\n"); break;
        case '\r': sb.append("\\r"); break;
        case '\t': sb.append("\\t"); break;
        default:
          if (c < 0x20) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
      }
    }
    return sb.append('"').toString();
  }

  /** A JSON object of the map's entries; values that are Numbers or Maps are written as such. */
  static String object(Map<String, ?> map, String indent) {
    StringBuilder sb = new StringBuilder("{");
    boolean first = true;
    for (Map.Entry<String, ?> e : map.entrySet()) {
      sb.append(first ? "\n" : ",\n").append(indent).append("  ").append(quote(e.getKey())).append(": ");
      Object v = e.getValue();
      if (v instanceof Number || v instanceof Boolean) {
        sb.append(v);
      } else if (v instanceof Map) {
        @SuppressWarnings("unchecked")
        Map<String, ?> inner = (Map<String, ?>) v;
        sb.append(object(inner, indent + "  "));
      } else {
        sb.append(quote(v == null ? null : v.toString()));
      }
      first = false;
    }
    return sb.append(first ? "}" : "\n" + indent + "}").toString();
  }
}
