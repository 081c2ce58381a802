package com.mytopling.ycsb.jdbc;

import java.util.Locale;
import java.util.Properties;

/**
 * Typed, strict access to YCSB properties. Values are trimmed (property files often carry
 * trailing blanks, as in the published MyTopling file); anything that does not parse is a
 * {@link ConfigException} naming the property and the offending value.
 */
public final class PropertyReader {
  private final Properties props;

  public PropertyReader(Properties props) {
    this.props = props;
  }

  /** The trimmed value, or null when unset or blank. */
  public String string(String name) {
    String v = props.getProperty(name);
    if (v == null) {
      return null;
    }
    v = v.strip();
    return v.isEmpty() ? null : v;
  }

  public String string(String name, String dflt) {
    String v = string(name);
    return v == null ? dflt : v;
  }

  public boolean bool(String name, boolean dflt) throws ConfigException {
    String v = string(name);
    if (v == null) {
      return dflt;
    }
    switch (v.toLowerCase(Locale.ROOT)) {
      case "true":
        return true;
      case "false":
        return false;
      default:
        throw new ConfigException(name + ": '" + v + "' is not true or false");
    }
  }

  public long integer(String name, long dflt, long min, long max) throws ConfigException {
    String v = string(name);
    if (v == null) {
      return dflt;
    }
    long n;
    try {
      n = Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw new ConfigException(name + ": '" + v + "' is not a whole number");
    }
    if (n < min || n > max) {
      throw new ConfigException(name + ": " + n + " is out of range (" + min + " to " + max + ")");
    }
    return n;
  }

  public int intValue(String name, int dflt, int min, int max) throws ConfigException {
    return (int) integer(name, dflt, min, max);
  }

  /** One of the allowed words (case-insensitive), returned in lower case. */
  public String choice(String name, String dflt, String... allowed) throws ConfigException {
    String v = string(name);
    if (v == null) {
      return dflt;
    }
    String lower = v.toLowerCase(Locale.ROOT);
    for (String a : allowed) {
      if (a.equals(lower)) {
        return a;
      }
    }
    throw new ConfigException(name + ": unknown value '" + v + "' (expected one of " + String.join(", ", allowed) + ")");
  }
}
