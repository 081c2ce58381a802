package com.mytopling.ycsb.jdbc.verify;

/**
 * The value YCSB's CoreWorkload writes for a field when {@code dataintegrity=true} (which
 * requires a constant field length): the key, ':', the field name, then ':' and the hash code
 * of everything so far, repeated until the length is reached, cut to exactly that length.
 * Knowing it lets a verifier check every stored row without keeping a copy of what was sent.
 */
public final class DeterministicValues {
  private DeterministicValues() {
  }

  public static String value(String key, String field, int length) {
    StringBuilder sb = new StringBuilder(Math.max(length, key.length() + field.length() + 1));
    sb.append(key).append(':').append(field);
    while (sb.length() < length) {
      sb.append(':').append(sb.toString().hashCode());
    }
    sb.setLength(length);
    return sb.toString();
  }
}
