package com.mytopling.ycsb.core;

import java.util.regex.Pattern;

/**
 * Table, column and engine names come from properties and data files and end up in SQL text.
 * They are checked against a plain identifier shape instead of being quoted, so that a
 * property can never inject SQL and the same name works unquoted in every dialect.
 */
public final class Identifiers {
  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,63}");

  private Identifiers() {
  }

  public static String check(String what, String name) throws ConfigException {
    if (name == null || !IDENTIFIER.matcher(name).matches()) {
      throw new ConfigException(what + ": '" + name
          + "' is not a plain identifier (letters, digits and _, starting with a letter or _, at most 64)");
    }
    return name;
  }

  public static boolean isValid(String name) {
    return name != null && IDENTIFIER.matcher(name).matches();
  }
}
