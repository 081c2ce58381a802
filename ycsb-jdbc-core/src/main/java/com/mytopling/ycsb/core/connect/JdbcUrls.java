package com.mytopling.ycsb.core.connect;

import com.mytopling.ycsb.core.dialect.Dialects;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Adds driver settings to a JDBC URL unless the URL already sets them. */
public final class JdbcUrls {
  private JdbcUrls() {
  }

  /** Result of {@link #withDefaults}: the URL to connect with and the settings that were added. */
  public static final class Applied {
    public final String url;
    public final List<String> added;

    Applied(String url, List<String> added) {
      this.url = url;
      this.added = added;
    }
  }

  public static Applied withDefaults(String url, Map<String, String> defaults) {
    boolean sqlServer = Dialects.isSqlServerUrl(url);
    StringBuilder sb = new StringBuilder(url);
    List<String> added = new ArrayList<>();
    for (Map.Entry<String, String> e : defaults.entrySet()) {
      if (sets(url, e.getKey(), sqlServer)) {
        continue;
      }
      if (sqlServer) {
        if (sb.charAt(sb.length() - 1) != ';') {
          sb.append(';');
        }
      } else {
        sb.append(sb.indexOf("?") < 0 ? '?' : '&');
      }
      sb.append(e.getKey()).append('=').append(e.getValue());
      added.add(e.getKey() + "=" + e.getValue());
    }
    return new Applied(sb.toString(), added);
  }

  /** True when the URL's option part sets the named option (case-insensitive). */
  static boolean sets(String url, String option, boolean sqlServer) {
    return valueStart(url, option, sqlServer) >= 0;
  }

  /** The value the URL's option part gives the named option (case-insensitive name), or null. */
  public static String value(String url, String option, boolean sqlServer) {
    int start = valueStart(url, option, sqlServer);
    if (start < 0) {
      return null;
    }
    int end = start;
    while (end < url.length() && url.charAt(end) != (sqlServer ? ';' : '&')) {
      end++;
    }
    return url.substring(start, end);
  }

  /** Index just after "option=" in the URL's option part, or -1. */
  private static int valueStart(String url, String option, boolean sqlServer) {
    String lower = url.toLowerCase(Locale.ROOT);
    String name = option.toLowerCase(Locale.ROOT) + "=";
    int start = sqlServer ? lower.indexOf(';') : lower.indexOf('?');
    if (start < 0) {
      return -1;
    }
    for (int i = lower.indexOf(name, start); i >= 0; i = lower.indexOf(name, i + 1)) {
      char before = lower.charAt(i - 1);
      if (before == '?' || before == '&' || before == ';') {
        return i + name.length();
      }
    }
    return -1;
  }
}
