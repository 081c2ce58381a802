package com.mytopling.ycsb.core;

/**
 * A message for the user's terminal as one line: line breaks (CR, LF, NEL, the Unicode line and paragraph separators)
 * and other control characters that came in with a value (a property read from a file, a record of a data file) are
 * shown escaped ({@code \n}, {@code \r}, {@code \u001b}), so that bad input is always one line naming it and no value
 * can move the cursor or fake a second line. Tabs stay. Used by the exceptions whose message is promised as one line.
 */
public final class OneLine {
  private OneLine() {
  }

  public static String of(String message) {
    if (message == null) {
      return null;
    }
    StringBuilder b = null;
    for (int i = 0; i < message.length(); i++) {
      char c = message.charAt(i);
      String escaped = escape(c);
      if (escaped != null && b == null) {
        b = new StringBuilder(message.length() + 16).append(message, 0, i);
      }
      if (b != null) {
        if (escaped != null) {
          b.append(escaped);
        } else {
          b.append(c);
        }
      }
    }
    return b == null ? message : b.toString();
  }

  private static String escape(char c) {
    if (c == '\t') {
      return null;
    }
    if (c == '\n') {
      return "\\n";
    }
    if (c == '\r') {
      return "\\r";
    }
    if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
      return String.format("\\u%04x", (int) c);
    }
    return null;
  }
}
