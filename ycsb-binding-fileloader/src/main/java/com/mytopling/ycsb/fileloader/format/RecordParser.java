package com.mytopling.ycsb.fileloader.format;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads records from one data file, in file order. Not thread-safe: callers that share a parser
 * between threads must serialise access (see {@code RecordSource}).
 */
public interface RecordParser extends AutoCloseable {
  /** The record's field names as the data set spells them; empty if the file has no records. */
  List<String> fieldNames() throws IOException;

  /**
   * The next record, or null at end of file.
   *
   * @throws MalformedRecordException for a record that cannot be used; the parser has moved past it
   * @throws DataFileException when the file cannot be read any further
   */
  DataRecord next() throws IOException, MalformedRecordException;

  Path path();

  /** Last line read, counted from 1. */
  long lineNumber();

  /** Uncompressed bytes consumed so far. */
  long bytesConsumed();

  /** Bytes of the file itself (compressed, if it is) read so far. */
  long fileBytesRead();

  long fileSize();

  @Override
  void close() throws IOException;
}
