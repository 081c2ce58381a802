package com.mytopling.ycsb.fileloader.format;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** The data file formats, each with the charset its files normally use. */
public enum RecordFormat {
  /** SNAP (Stanford) reviews: bytes are ISO-8859-1 in the published files. */
  SNAP(StandardCharsets.ISO_8859_1),
  TSV(StandardCharsets.UTF_8),
  CSV(StandardCharsets.UTF_8),
  JSONL(StandardCharsets.UTF_8);

  private final Charset defaultCharset;

  RecordFormat(Charset defaultCharset) {
    this.defaultCharset = defaultCharset;
  }

  public Charset defaultCharset() {
    return defaultCharset;
  }

  public String lowerName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** @throws IllegalArgumentException naming the accepted formats */
  public static RecordFormat fromName(String name) {
    String n = name.trim().toLowerCase(Locale.ROOT);
    switch (n) {
    case "snap":
      return SNAP;
    case "tsv":
      return TSV;
    case "csv":
      return CSV;
    case "jsonl":
    case "json":
    case "ndjson":
      return JSONL;
    default:
      throw new IllegalArgumentException("unknown format '" + name + "' (snap, tsv, csv, jsonl)");
    }
  }

  /**
   * The format of a data file given without one: from its name, once it is known to exist (a
   * missing file is the likelier mistake, and the one to report).
   *
   * @throws IllegalArgumentException when the file does not exist or its name says nothing
   */
  public static RecordFormat ofFile(Path path) {
    if (!Files.exists(path)) {
      throw new IllegalArgumentException(DataFileInput.missing(path));
    }
    return fromFileName(path);
  }

  /**
   * The format a file name suggests, looking through .gz/.zst: .txt and .snap are SNAP,
   * .tsv, .csv, .jsonl/.ndjson/.json as named.
   *
   * @throws IllegalArgumentException when the name says nothing
   */
  public static RecordFormat fromFileName(Path path) {
    String name = path.getFileName().toString().toLowerCase(Locale.ROOT);
    for (String suffix : new String[] {".gz", ".zst", ".zstd"}) {
      if (name.endsWith(suffix)) {
        name = name.substring(0, name.length() - suffix.length());
      }
    }
    int dot = name.lastIndexOf('.');
    String ext = dot < 0 ? "" : name.substring(dot + 1);
    switch (ext) {
    case "txt":
    case "snap":
      return SNAP;
    case "tsv":
    case "tab":
      return TSV;
    case "csv":
      return CSV;
    case "jsonl":
    case "ndjson":
    case "json":
      return JSONL;
    default:
      throw new IllegalArgumentException("cannot tell the format of " + path
          + " from its name; give it explicitly (snap, tsv, csv, jsonl)");
    }
  }
}
