package com.mytopling.ycsb.core;

/**
 * A property is missing, malformed or contradicts another one (exit status
 * {@link ExitStatus#BAD_INPUT}). The message is one line that names the property and says what
 * is wrong; it never contains a password.
 */
public final class ConfigException extends SetupException {
  public ConfigException(String message) {
    super(ExitStatus.BAD_INPUT, message);
  }
}
