package com.mytopling.ycsb.containers;

/** A container or its engine could not be started or used; the message is one line for the user. */
public final class ContainerException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public ContainerException(String message) {
    super(message);
  }

  public ContainerException(String message, Throwable cause) {
    super(message, cause);
  }
}
