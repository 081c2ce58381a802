package com.mytopling.ycsb.core;

/**
 * Something keeps the harness from starting its work, said in one line that names the problem
 * and never contains a password, with the exit status it means. {@link ConfigException}: the
 * properties are wrong; {@link TargetException}: the database they name cannot be used.
 */
public abstract class SetupException extends Exception {
  private final ExitStatus status;

  protected SetupException(ExitStatus status, String message) {
    super(OneLine.of(message));
    this.status = status;
  }

  /** The process exit status this problem ends with. */
  public ExitStatus status() {
    return status;
  }
}
