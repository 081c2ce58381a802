package com.mytopling.ycsb.fileloader;

import com.mytopling.ycsb.core.ConfigException;
import com.mytopling.ycsb.core.PropertyReader;
import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.fileloader.format.Compression;
import com.mytopling.ycsb.fileloader.format.DataFileSpec;
import com.mytopling.ycsb.fileloader.format.RecordFormat;
import site.ycsb.WorkloadException;

import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.UnsupportedCharsetException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Every {@code fileloader.*} property, parsed and checked in one place. Names, defaults and ranges are declared in
 * the registry (core.config.Registry, the README's property reference); docs/fileloader.md explains them.
 */
public final class FileLoaderConfig {

  /** How table columns are named. */
  public enum Naming {
    /** fieldnameprefix + 0..n-1, as CoreWorkload and the binding's default table use. */
    YCSB,
    /** The data set's own names, cleaned to be SQL identifiers ({@code review/text} becomes {@code text}). */
    DATASET
  }

  /** What to do with a second record whose key (built from record fields) was seen before. */
  public enum DuplicatePolicy { SKIP, UPSERT, ERROR }

  /** What to do with a record the parser rejects. */
  public enum MalformedPolicy { SKIP, FAIL }

  /** What to do with a value longer than its column. */
  public enum OverlengthPolicy { FAIL, TRUNCATE }

  private final DataFileSpec spec;
  private final List<String> fields;
  private final Naming naming;
  private final List<String> keyFields;
  private final String keySeparator;
  private final DuplicatePolicy duplicates;
  private final MalformedPolicy malformed;
  private final int malformedLog;
  private final OverlengthPolicy overlength;
  /** Column width in characters for every field without its own entry; 0 = unlimited. */
  private final int defaultMaxLength;
  private final Map<String, Integer> maxLengthByField;
  private final boolean wrap;
  private final long runSkip;
  private final int progressIntervalSeconds;
  private final boolean tableSize;
  private final boolean tableLimits;
  private final String reportFile;
  private final String recordFile;
  private final boolean exitStatus;
  private final boolean precount;

  private FileLoaderConfig(Properties p) throws WorkloadException {
    PropertyReader r = new PropertyReader(p);
    try {
      String file = r.string(Registry.FILELOADER_FILE);
      if (file == null) {
        throw new WorkloadException(Registry.FILELOADER_FILE.name() + " is not set: give the data file to load (-p "
            + Registry.FILELOADER_FILE.name() + "=PATH)");
      }
      Path path = Path.of(file);
      try {
        // Format and compression are named by their own parsers, which word their own errors.
        String formatName = r.string(Registry.FILELOADER_FORMAT);
        RecordFormat format = formatName.equalsIgnoreCase("auto")
            ? RecordFormat.ofFile(path) : RecordFormat.fromName(formatName);
        Compression compression = Compression.fromName(r.string(Registry.FILELOADER_COMPRESSION));
        String charsetName = r.string(Registry.FILELOADER_CHARSET);
        Charset charset = charsetName == null ? null : Charset.forName(charsetName);
        int maxLineBytes = r.intValue(Registry.FILELOADER_MAXLINEBYTES);
        spec = new DataFileSpec(path, format, compression, charset, r.bool(Registry.FILELOADER_HEADER),
            r.list(Registry.FILELOADER_COLUMNS), maxLineBytes);
      } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
        throw new WorkloadException(Registry.FILELOADER_CHARSET.name() + ": unknown charset '"
            + r.string(Registry.FILELOADER_CHARSET) + "'");
      } catch (IllegalArgumentException e) {
        throw new WorkloadException(e.getMessage());
      }
      fields = r.list(Registry.FILELOADER_FIELDS);
      naming = r.choice(Registry.FILELOADER_NAMING, Naming.class);
      keyFields = r.list(Registry.FILELOADER_KEYFIELDS);
      // Not trimmed: a separator may be a blank.
      keySeparator = p.getProperty(Registry.FILELOADER_KEYSEPARATOR.name(),
          Registry.FILELOADER_KEYSEPARATOR.defaultValue());
      duplicates = r.choice(Registry.FILELOADER_DUPLICATES, DuplicatePolicy.class);
      malformed = r.choice(Registry.FILELOADER_MALFORMED, MalformedPolicy.class);
      malformedLog = r.intValue(Registry.FILELOADER_MALFORMED_LOG);
      overlength = r.choice(Registry.FILELOADER_OVERLENGTH, OverlengthPolicy.class);
      maxLengthByField = new HashMap<>();
      String prefix = Registry.FILELOADER_MAXLENGTH_NAME.prefix();
      for (String name : p.stringPropertyNames()) {
        if (name.startsWith(prefix)) {
          maxLengthByField.put(name.substring(prefix.length()),
              r.intValue(Registry.FILELOADER_MAXLENGTH_NAME, name, 0));
        }
      }
      // -1: not given; the caller works the width out (defaultMaxLength).
      defaultMaxLength = r.intValue(Registry.FILELOADER_MAXLENGTH, -1);
      wrap = r.bool(Registry.FILELOADER_WRAP);
      runSkip = r.integer(Registry.FILELOADER_RUN_SKIP);
      // Same rhythm as YCSB's own status line (-s) unless told otherwise.
      progressIntervalSeconds = r.intValue(Registry.FILELOADER_PROGRESS_INTERVAL,
          r.intValue(Registry.STATUS_INTERVAL));
      tableSize = r.bool(Registry.FILELOADER_TABLESIZE);
      tableLimits = r.bool(Registry.FILELOADER_TABLELIMITS);
      reportFile = r.string(Registry.FILELOADER_REPORTFILE);
      recordFile = r.string(Registry.FILELOADER_RECORDFILE);
      exitStatus = r.bool(Registry.FILELOADER_EXITSTATUS);
      precount = r.bool(Registry.FILELOADER_PRECOUNT);
    } catch (ConfigException e) {
      throw new WorkloadException(e.getMessage());
    }
  }

  public static FileLoaderConfig from(Properties p) throws WorkloadException {
    return new FileLoaderConfig(p);
  }

  /** A comma-separated list as every fileloader list property is read. */
  static List<String> list(String value) {
    return PropertyReader.split(value);
  }

  public DataFileSpec spec() {
    return spec;
  }

  /** Source fields to load, by full or cleaned name, in column order; empty = all. */
  public List<String> fields() {
    return fields;
  }

  public Naming naming() {
    return naming;
  }

  /** Record fields the row key is built from; empty = YCSB's own key sequence. */
  public List<String> keyFields() {
    return keyFields;
  }

  public String keySeparator() {
    return keySeparator;
  }

  public DuplicatePolicy duplicates() {
    return duplicates;
  }

  public MalformedPolicy malformed() {
    return malformed;
  }

  public int malformedLog() {
    return malformedLog;
  }

  public OverlengthPolicy overlength() {
    return overlength;
  }

  /** fileloader.maxlength if given, else -1 (then the caller picks the default). */
  public int defaultMaxLength() {
    return defaultMaxLength;
  }

  /** fileloader.maxlength.NAME entries, by the NAME as written. */
  public Map<String, Integer> maxLengthByField() {
    return maxLengthByField;
  }

  public boolean wrap() {
    return wrap;
  }

  public long runSkip() {
    return runSkip;
  }

  public int progressIntervalSeconds() {
    return progressIntervalSeconds;
  }

  public boolean tableSize() {
    return tableSize;
  }

  /** Whether to read column widths from an existing table at init. */
  public boolean tableLimits() {
    return tableLimits;
  }

  public String reportFile() {
    return reportFile;
  }

  /** fileloader.recordfile: where the workload writes its record of the phase (JSON, the run record), or null. */
  public String recordFile() {
    return recordFile;
  }

  /** Whether a load first counts the file's well-formed records, to refuse a too-short file at once. */
  public boolean precount() {
    return precount;
  }

  public boolean exitStatus() {
    return exitStatus;
  }
}
