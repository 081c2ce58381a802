package com.mytopling.ycsb.fileloader.format;

import com.mytopling.ycsb.core.config.Registry;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.List;

/**
 * Everything needed to open a data file: where it is, its format, compression and charset, and
 * (for formats without a header) its column names. Opening twice gives two independent parsers.
 *
 * @param compression null means detect from the magic bytes
 * @param charset null means the format's usual charset
 * @param header whether TSV/CSV files start with a line of column names
 * @param columns field names given up front; empty to take them from the header or first record
 */
public record DataFileSpec(Path path, RecordFormat format, Compression compression, Charset charset,
                           boolean header, List<String> columns, int maxLineBytes) {
  public static final int DEFAULT_MAX_LINE_BYTES = (int) Registry.FILELOADER_MAXLINEBYTES.wholeDefault();

  public DataFileSpec {
    columns = List.copyOf(columns);
  }

  /** A file with everything detected: format from the name, compression from the content. */
  public static DataFileSpec detect(Path path) {
    return new DataFileSpec(path, RecordFormat.fromFileName(path), null, null, true, List.of(),
        DEFAULT_MAX_LINE_BYTES);
  }

  public DataFileSpec withFormat(RecordFormat newFormat) {
    return new DataFileSpec(path, newFormat, compression, charset, header, columns, maxLineBytes);
  }

  public DataFileSpec withCharset(Charset newCharset) {
    return new DataFileSpec(path, format, compression, newCharset, header, columns, maxLineBytes);
  }

  public Charset effectiveCharset() {
    return charset != null ? charset : format.defaultCharset();
  }

  public RecordParser open() throws IOException {
    DataFileInput input = DataFileInput.open(path, compression);
    try {
      switch (format) {
      case SNAP:
        return new SnapParser(input, effectiveCharset(), maxLineBytes, columns);
      case TSV:
        return new DelimitedParser(input, effectiveCharset(), maxLineBytes, false, header, columns);
      case CSV:
        return new DelimitedParser(input, effectiveCharset(), maxLineBytes, true, header, columns);
      case JSONL:
        return new JsonLinesParser(input, effectiveCharset(), maxLineBytes, columns);
      default:
        throw new IllegalStateException("format " + format);
      }
    } catch (IOException | RuntimeException e) {
      input.close();
      throw e;
    }
  }
}
