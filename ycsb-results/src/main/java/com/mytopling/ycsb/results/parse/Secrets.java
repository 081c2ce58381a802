package com.mytopling.ycsb.results.parse;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Masks secrets before anything is written or shown. benchmark masks metadata.json already; we mask again
 * because a run folder may come from an older harness, another host, or a hand-written file.
 */
public final class Secrets {
  public static final String MASK = "****";
  private static final List<String> SECRET_NAME_PARTS = List.of("passwd", "password", "secret", "token");
  /** password=... inside JDBC URLs, in both query (?&) and SQL Server (;) syntax. */
  private static final Pattern URL_PASSWORD = Pattern.compile("(?i)(password|passwd|pwd)=[^&;\\s\"]*");
  /** user:password@host in URL authority. */
  private static final Pattern URL_USERINFO = Pattern.compile("(//[^/:@\\s]+):[^@/\\s]+@");

  private Secrets() {
  }

  public static boolean isSecretName(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    return SECRET_NAME_PARTS.stream().anyMatch(lower::contains);
  }

  public static String maskText(String text) {
    if (text == null) {
      return null;
    }
    String masked = URL_PASSWORD.matcher(text).replaceAll("$1=" + MASK);
    return URL_USERINFO.matcher(masked).replaceAll("$1:" + MASK + "@");
  }

  /** A deep copy of a JSON-like tree with secret-named values and URL passwords masked. */
  @SuppressWarnings("unchecked")
  public static Object mask(Object node) {
    if (node instanceof Map<?, ?> map) {
      Map<String, Object> copy = new LinkedHashMap<>();
      map.forEach((k, v) -> {
        String key = String.valueOf(k);
        copy.put(key, isSecretName(key) && v != null && !(v instanceof Map) ? MASK : mask(v));
      });
      return copy;
    }
    if (node instanceof List<?> list) {
      return list.stream().map(Secrets::mask).toList();
    }
    if (node instanceof String s) {
      return maskText(s);
    }
    return node;
  }

  @SuppressWarnings("unchecked")
  public static Map<String, Object> maskMap(Map<String, Object> map) {
    return map == null ? null : (Map<String, Object>) mask(map);
  }
}
