package com.mytopling.ycsb.fileloader.format;

import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.List;

/**
 * What the line-based formats share: the input, line splitting, value decoding, and reading the
 * first record ahead when someone asks for the field names before asking for records.
 */
abstract class LineRecordParser implements RecordParser {
  protected final DataFileInput input;
  protected final LineReader lines;
  protected final ValueDecoder decoder;
  /** Set by the subclass once known (from a header, a property, or the first record). */
  protected List<String> fieldNames;

  private boolean hasPending;
  private DataRecord pending;
  private MalformedRecordException pendingError;

  LineRecordParser(DataFileInput input, Charset charset, int maxLineBytes) {
    this.input = input;
    this.lines = new LineReader(input.stream(), maxLineBytes);
    this.decoder = new ValueDecoder(charset);
  }

  @Override
  public final List<String> fieldNames() throws IOException {
    if (fieldNames == null && !hasPending) {
      hasPending = true;
      try {
        pending = parseNext();
      } catch (MalformedRecordException e) {
        pendingError = e;
      }
    }
    return fieldNames == null ? List.of() : fieldNames;
  }

  @Override
  public final DataRecord next() throws IOException, MalformedRecordException {
    if (hasPending) {
      hasPending = false;
      if (pendingError != null) {
        MalformedRecordException e = pendingError;
        pendingError = null;
        throw e;
      }
      DataRecord r = pending;
      pending = null;
      return r;
    }
    return parseNext();
  }

  /** Parses one record; null at end of file. */
  protected abstract DataRecord parseNext() throws IOException, MalformedRecordException;

  /** Advances to the next line, turning decompression errors into one clear sentence. */
  protected final boolean nextLine() throws IOException {
    try {
      return lines.next();
    } catch (DataFileException e) {
      throw e;
    } catch (IOException e) {
      throw input.readFailure(e, lines.lineNumber());
    }
  }

  @Override
  public Path path() {
    return input.path();
  }

  @Override
  public long lineNumber() {
    return lines.lineNumber();
  }

  @Override
  public long bytesConsumed() {
    return lines.bytesConsumed();
  }

  @Override
  public long fileBytesRead() {
    return input.fileBytesRead();
  }

  @Override
  public long fileSize() {
    return input.fileSize();
  }

  @Override
  public void close() throws IOException {
    input.close();
  }
}
