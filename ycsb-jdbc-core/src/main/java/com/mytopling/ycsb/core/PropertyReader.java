package com.mytopling.ycsb.core;

import com.mytopling.ycsb.core.config.Property;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * Typed, strict access to YCSB properties, used by the binding, the file loader and the
 * launcher's checks of YCSB's own properties, so that every bad value is reported in the same
 * words: {@code NAME: 'VALUE' is not a whole number}, {@code NAME: VALUE is out of range (MIN to
 * MAX)}, {@code NAME: 'VALUE' is not true or false}, {@code NAME: unknown value 'VALUE' (expected
 * one of ...)}. Values are trimmed (property files often carry trailing blanks, as in the
 * published MyTopling file); a blank value is an unset one. Anything that does not parse is a
 * {@link ConfigException}.
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
      throw new ConfigException(name + ": " + n + " is out of range (" + range(min, max) + ")");
    }
    return n;
  }

  public int intValue(String name, int dflt, int min, int max) throws ConfigException {
    return (int) integer(name, dflt, min, max);
  }

  /** A decimal number within [min, max] (YCSB's proportions). */
  public double decimal(String name, double dflt, double min, double max) throws ConfigException {
    String v = string(name);
    if (v == null) {
      return dflt;
    }
    double d;
    try {
      d = Double.parseDouble(v);
    } catch (NumberFormatException e) {
      throw new ConfigException(name + ": '" + v + "' is not a number");
    }
    if (!(d >= min && d <= max)) {
      throw new ConfigException(name + ": " + v + " is out of range (" + trim(min) + " to " + trim(max) + ")");
    }
    return d;
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
    throw unknown(name, v, List.of(allowed));
  }

  /** One of an enum's constants, written in any letter case. */
  public <E extends Enum<E>> E choice(String name, Class<E> type, E dflt) throws ConfigException {
    String v = string(name);
    if (v == null) {
      return dflt;
    }
    List<String> allowed = new ArrayList<>();
    for (E c : type.getEnumConstants()) {
      if (c.name().equalsIgnoreCase(v)) {
        return c;
      }
      allowed.add(c.name().toLowerCase(Locale.ROOT));
    }
    throw unknown(name, v, allowed);
  }

  // ---- by the registry's declaration: its name, default and range, written once (core.config.Registry) ----

  /** The trimmed value, or the property's default (null when it has none). */
  public String string(Property p) {
    return string(p.name(), p.defaultValue());
  }

  public boolean bool(Property p) throws ConfigException {
    return bool(p.name(), p.flagDefault());
  }

  public long integer(Property p) throws ConfigException {
    return integer(p.name(), p.wholeDefault(), p.min(), p.max());
  }

  /** A whole number whose default is worked out by the caller (the registry describes it). */
  public long integer(Property p, long dflt) throws ConfigException {
    return integer(p.name(), dflt, p.min(), p.max());
  }

  public int intValue(Property p) throws ConfigException {
    return (int) integer(p);
  }

  public int intValue(Property p, int dflt) throws ConfigException {
    return (int) integer(p, dflt);
  }

  /**
   * A whole number with the registry's default and minimum, and a maximum of the caller's that is tighter than the
   * registry's: a limit of one part only (the binding's 64 columns), or one that depends on another value (a key
   * range's end). The property itself stays declared with the range YCSB accepts.
   */
  public long integerAtMost(Property p, long max) throws ConfigException {
    return integer(p.name(), p.wholeDefault(), p.min(), Math.min(max, p.max()));
  }

  public int intAtMost(Property p, int max) throws ConfigException {
    return (int) integerAtMost(p, max);
  }

  /** A member of a family ({@code fileloader.maxlength.text} of {@code fileloader.maxlength.NAME}), in its range. */
  public int intValue(Property family, String member, int dflt) throws ConfigException {
    return (int) integer(member, dflt, family.min(), family.max());
  }

  /** One of the property's words, in lower case. */
  public String choice(Property p) throws ConfigException {
    return choice(p.name(), p.defaultValue(), p.choices().toArray(new String[0]));
  }

  /**
   * One of an enum's constants, the property's default when unset; the enum's constants are the property's words
   * (its tests check that they agree).
   */
  public <E extends Enum<E>> E choice(Property p, Class<E> type) throws ConfigException {
    return choice(p.name(), type, Enum.valueOf(type, p.defaultValue().toUpperCase(Locale.ROOT)));
  }

  public List<String> list(Property p) {
    return list(p.name());
  }

  /** A comma-separated list, items trimmed, empty items dropped; empty when unset. */
  public List<String> list(String name) {
    return split(props.getProperty(name));
  }

  /** Splits a comma-separated value as {@link #list} does. */
  public static List<String> split(String value) {
    List<String> out = new ArrayList<>();
    if (value != null) {
      for (String part : value.split(",")) {
        String t = part.strip();
        if (!t.isEmpty()) {
          out.add(t);
        }
      }
    }
    return List.copyOf(out);
  }

  private static ConfigException unknown(String name, String value, List<String> allowed) {
    return new ConfigException(name + ": unknown value '" + value + "' (expected one of " + String.join(", ", allowed)
        + ")");
  }

  private static String range(long min, long max) {
    return max == Long.MAX_VALUE || max == Integer.MAX_VALUE ? "at least " + min : min + " to " + max;
  }

  private static String trim(double d) {
    return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
  }
}
