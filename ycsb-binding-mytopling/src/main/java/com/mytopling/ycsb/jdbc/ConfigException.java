package com.mytopling.ycsb.jdbc;

/**
 * A property is missing, malformed or contradicts another one. The message is one line that
 * names the property and says what is wrong; it never contains a password.
 */
public final class ConfigException extends Exception {
  public ConfigException(String message) {
    super(message);
  }
}
