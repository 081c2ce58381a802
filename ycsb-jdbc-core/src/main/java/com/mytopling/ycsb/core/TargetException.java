package com.mytopling.ycsb.core;

/**
 * The properties are well formed but the database they name cannot be used: it does not answer,
 * refuses the login, the embedded server does not start, or the table is missing or of another
 * shape (exit status {@link ExitStatus#FAILED}). One line, never a password.
 */
public final class TargetException extends SetupException {
  public TargetException(String message) {
    super(ExitStatus.FAILED, message);
  }
}
