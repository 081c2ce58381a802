package com.mytopling.ycsb.fileloader.format;

import java.util.List;

/**
 * One well-formed record of a data file: values aligned with the parser's field names, plus
 * where the record starts in the (uncompressed) file so that any later complaint can name it.
 */
public final class DataRecord {
  private final List<String> fieldNames;
  private final String[] values;
  private final long lineNumber;
  private final long byteOffset;

  DataRecord(List<String> fieldNames, String[] values, long lineNumber, long byteOffset) {
    this.fieldNames = fieldNames;
    this.values = values;
    this.lineNumber = lineNumber;
    this.byteOffset = byteOffset;
  }

  public List<String> fieldNames() {
    return fieldNames;
  }

  public int size() {
    return values.length;
  }

  public String value(int index) {
    return values[index];
  }

  /** First line of the record, counted from 1. */
  public long lineNumber() {
    return lineNumber;
  }

  /** Offset of the record's first byte in the uncompressed data. */
  public long byteOffset() {
    return byteOffset;
  }

  public String position() {
    return FilePosition.describe(lineNumber, byteOffset);
  }
}
