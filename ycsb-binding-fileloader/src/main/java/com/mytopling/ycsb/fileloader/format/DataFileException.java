package com.mytopling.ycsb.fileloader.format;

import java.io.IOException;

/**
 * The data file cannot be read any further (missing, truncated, corrupt compression, a line
 * beyond the size limit). The message is one complete sentence meant for the user.
 */
public final class DataFileException extends IOException {
  public DataFileException(String message) {
    super(com.mytopling.ycsb.core.OneLine.of(message));
  }

  public DataFileException(String message, Throwable cause) {
    super(com.mytopling.ycsb.core.OneLine.of(message), cause);
  }
}
