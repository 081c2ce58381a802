package com.mytopling.ycsb.fileloader;

import com.mytopling.ycsb.core.ConfigException;
import com.mytopling.ycsb.core.PropertyReader;
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
 * Every {@code fileloader.*} property, parsed and checked in one place. docs/fileloader.md has
 * the table of names, defaults and meanings; keep the two in step.
 */
public final class FileLoaderConfig {
  public static final String FILE = "fileloader.file";
  public static final String FORMAT = "fileloader.format";
  public static final String COMPRESSION = "fileloader.compression";
  public static final String CHARSET = "fileloader.charset";
  public static final String HEADER = "fileloader.header";
  public static final String COLUMNS = "fileloader.columns";
  public static final String FIELDS = "fileloader.fields";
  public static final String NAMING = "fileloader.naming";
  public static final String KEY_FIELDS = "fileloader.keyfields";
  public static final String KEY_SEPARATOR = "fileloader.keyseparator";
  public static final String DUPLICATES = "fileloader.duplicates";
  public static final String MALFORMED = "fileloader.malformed";
  public static final String MALFORMED_LOG = "fileloader.malformed.log";
  public static final String OVERLENGTH = "fileloader.overlength";
  public static final String MAX_LENGTH = "fileloader.maxlength";
  public static final String WRAP = "fileloader.wrap";
  public static final String RUN_SKIP = "fileloader.run.skip";
  public static final String PROGRESS_INTERVAL = "fileloader.progress.interval";
  public static final String TABLE_SIZE = "fileloader.tablesize";
  public static final String TABLE_LIMITS = "fileloader.tablelimits";
  public static final String REPORT_FILE = "fileloader.reportfile";
  public static final String RECORD_FILE = "fileloader.recordfile";
  public static final String MAX_LINE_BYTES = "fileloader.maxlinebytes";
  public static final String EXIT_STATUS = "fileloader.exitstatus";
  public static final String PRECOUNT = "fileloader.precount";

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
      String file = r.string(FILE);
      if (file == null) {
        throw new WorkloadException(FILE + " is not set: give the data file to load (-p " + FILE + "=PATH)");
      }
      Path path = Path.of(file);
      try {
        String formatName = r.string(FORMAT, "auto");
        RecordFormat format = formatName.equalsIgnoreCase("auto")
            ? RecordFormat.ofFile(path) : RecordFormat.fromName(formatName);
        Compression compression = Compression.fromName(r.string(COMPRESSION, "auto"));
        String charsetName = r.string(CHARSET);
        Charset charset = charsetName == null ? null : Charset.forName(charsetName);
        int maxLineBytes = r.intValue(MAX_LINE_BYTES, DataFileSpec.DEFAULT_MAX_LINE_BYTES, 1024, Integer.MAX_VALUE);
        spec = new DataFileSpec(path, format, compression, charset, r.bool(HEADER, true), r.list(COLUMNS), maxLineBytes);
      } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
        throw new WorkloadException(CHARSET + ": unknown charset '" + r.string(CHARSET) + "'");
      } catch (IllegalArgumentException e) {
        throw new WorkloadException(e.getMessage());
      }
      fields = r.list(FIELDS);
      naming = r.choice(NAMING, Naming.class, Naming.YCSB);
      keyFields = r.list(KEY_FIELDS);
      // Not trimmed: a separator may be a blank.
      keySeparator = p.getProperty(KEY_SEPARATOR, ":");
      duplicates = r.choice(DUPLICATES, DuplicatePolicy.class, DuplicatePolicy.SKIP);
      malformed = r.choice(MALFORMED, MalformedPolicy.class, MalformedPolicy.SKIP);
      malformedLog = r.intValue(MALFORMED_LOG, 20, 0, Integer.MAX_VALUE);
      overlength = r.choice(OVERLENGTH, OverlengthPolicy.class, OverlengthPolicy.FAIL);
      maxLengthByField = new HashMap<>();
      String prefix = MAX_LENGTH + ".";
      for (String name : p.stringPropertyNames()) {
        if (name.startsWith(prefix)) {
          maxLengthByField.put(name.substring(prefix.length()), r.intValue(name, 0, 0, Integer.MAX_VALUE));
        }
      }
      defaultMaxLength = r.intValue(MAX_LENGTH, -1, 0, Integer.MAX_VALUE);
      wrap = r.bool(WRAP, false);
      runSkip = r.integer(RUN_SKIP, 0, 0, Long.MAX_VALUE);
      // Same rhythm as YCSB's own status line (-s) unless told otherwise.
      progressIntervalSeconds = r.intValue(PROGRESS_INTERVAL,
          r.intValue("status.interval", 10, 1, Integer.MAX_VALUE), 0, Integer.MAX_VALUE);
      tableSize = r.bool(TABLE_SIZE, true);
      tableLimits = r.bool(TABLE_LIMITS, true);
      reportFile = r.string(REPORT_FILE);
      recordFile = r.string(RECORD_FILE);
      exitStatus = r.bool(EXIT_STATUS, true);
      precount = r.bool(PRECOUNT, false);
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
