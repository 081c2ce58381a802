package com.mytopling.ycsb.fileloader;

import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.core.dialect.TableLayout;
import com.mytopling.ycsb.fileloader.FileLoaderConfig.DuplicatePolicy;
import com.mytopling.ycsb.fileloader.FileLoaderConfig.MalformedPolicy;
import com.mytopling.ycsb.fileloader.FileLoaderConfig.OverlengthPolicy;
import com.mytopling.ycsb.fileloader.db.ColumnLimit;
import com.mytopling.ycsb.fileloader.format.DataFileSpec;
import com.mytopling.ycsb.fileloader.format.DataRecord;
import com.mytopling.ycsb.fileloader.format.FilePosition;
import com.mytopling.ycsb.fileloader.format.MalformedRecordException;
import com.mytopling.ycsb.fileloader.format.RecordParser;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;

/**
 * Hands the file's records to any number of client threads, each record to exactly one caller,
 * in file order. Every call does its own reading under one lock and returns null at end of file,
 * so there is no reader thread and no queue that could leave a thread waiting forever.
 *
 * <p>Checks happen here, under the lock, so that a record's ordinal counts only records that
 * will be written: malformed records (skip or fail), values longer than their column (fail or
 * truncate), and duplicate keys built from record fields (skip, upsert or error). Once a fatal
 * problem is found, every later call fails with the same message.
 */
public final class RecordSource implements AutoCloseable {
  /** What to do about a character SQL Server would replace: the ways to keep every character. */
  private static final String CHANGED_CHARACTERS_HINT = "use NVARCHAR columns, e.g. a table made by scripts/dataset "
      + "schema --dialect sqlserver, or a database with a UTF-8 collation";

  private final DataFileSpec spec;
  private final FieldMapping mapping;
  private final int[] keyIndexes;
  private final String keySeparator;
  private final MalformedPolicy malformedPolicy;
  private final OverlengthPolicy overlengthPolicy;
  private final DuplicatePolicy duplicatePolicy;
  private final boolean wrap;
  private final int malformedLog;
  private final LoadCounters counters;
  private final PrintStream log;
  private final KeyFingerprints seenKeys;

  private RecordParser parser;
  /** Uncompressed bytes read in earlier passes (wrap-around), so input bytes add up over passes. */
  private long bytesOfEarlierPasses;
  /** Passes over the file started so far, less one (wrap-around). */
  private long pass;
  private long toSkip;
  /**
   * Where this source's own part of the file starts: the pass and the byte offset in it at which
   * the records to skip (insertstart, fileloader.run.skip) were behind it; -1 while skipping.
   * Malformed records and input bytes are counted from there on, and a malformed record only on
   * the first pass over its place, so that clients splitting a file by insertstart, and passes of
   * fileloader.wrap, never count one twice.
   */
  private long ownPass = -1;
  private long ownFromOffset;
  /** Bytes of all passes up to ownFromOffset, subtracted from the input bytes counted. */
  private long bytesBeforeOwnPart;
  private long nextOrdinal;
  private long usableThisPass;
  private boolean endOfFile;
  private String fatal;
  private long loggedMalformed;

  /**
   * @param parser an open parser on {@code spec}, positioned at its first record
   * @param keyIndexes file field indexes the key is built from; empty for YCSB keys
   * @param skip usable records to pass over first; they still count for ordinals
   */
  RecordSource(DataFileSpec spec, RecordParser parser, FieldMapping mapping, int[] keyIndexes,
               FileLoaderConfig config, long skip, LoadCounters counters, PrintStream log) {
    this.spec = spec;
    this.parser = parser;
    this.mapping = mapping;
    this.keyIndexes = keyIndexes.clone();
    this.keySeparator = config.keySeparator();
    this.malformedPolicy = config.malformed();
    this.overlengthPolicy = config.overlength();
    this.duplicatePolicy = config.duplicates();
    this.wrap = config.wrap();
    this.malformedLog = config.malformedLog();
    this.counters = counters;
    this.log = log;
    this.toSkip = skip;
    this.seenKeys = keyIndexes.length > 0 ? new KeyFingerprints() : null;
    if (skip == 0) {
      ownPass = 0;
    }
  }

  /**
   * The next usable record, or null at end of file (and on every call after it).
   *
   * @throws FatalRecordException when the policies say stop, or the file cannot be read
   */
  public synchronized FileRecord next() throws FatalRecordException {
    if (fatal != null) {
      throw new FatalRecordException(fatal);
    }
    while (!endOfFile) {
      boolean skipping = toSkip > 0;
      FileRecord r = readOne(skipping);
      if (r == null) {
        continue;
      }
      if (skipping) {
        if (--toSkip == 0) {
          ownPass = pass;
          ownFromOffset = parser.bytesConsumed();
          bytesBeforeOwnPart = bytesOfEarlierPasses + ownFromOffset;
        }
        continue;
      }
      counters.delivered.increment();
      counters.inputBytes.set(bytesOfEarlierPasses + parser.bytesConsumed() - bytesBeforeOwnPart);
      counters.valueChars.add(r.valueChars());
      return r;
    }
    return null;
  }

  /**
   * One step: a usable record, or null after dealing with an unusable one or end of file. A
   * record being skipped only counts for ordinals: its values are not checked (it is not written
   * here) and {@link #SKIPPED} stands for it.
   */
  private FileRecord readOne(boolean skipping) throws FatalRecordException {
    DataRecord rec;
    try {
      rec = parser.next();
    } catch (MalformedRecordException e) {
      rejected(e.getMessage());
      return null;
    } catch (IOException e) {
      throw fail(e.getMessage());
    }
    if (rec == null) {
      atEndOfPass();
      return null;
    }
    String key = null;
    if (keyIndexes.length > 0) {
      key = buildKey(rec);
      if (key == null) {
        return null;
      }
      if (!seenKeys.add(key)) {
        counters.duplicates.increment();
        switch (duplicatePolicy) {
        case SKIP:
          return null;
        case ERROR:
          throw fail("duplicate key '" + key + "' in record at " + rec.position()
              + " (" + Registry.FILELOADER_DUPLICATES.name() + "=error)");
        default:
          break;
        }
      }
    }
    if (skipping) {
      usableThisPass++;
      nextOrdinal++;
      return SKIPPED;
    }
    String[] values = new String[mapping.size()];
    for (int c = 0; c < values.length; c++) {
      values[c] = checkedValue(rec, c);
    }
    usableThisPass++;
    return new FileRecord(nextOrdinal++, key, mapping.columnNames(), values, rec.lineNumber(), rec.byteOffset());
  }

  private String checkedValue(DataRecord rec, int column) throws FatalRecordException {
    String v = mapping.rawValue(rec, column);
    String lost = mapping.textCheck(column).problem(v);
    if (lost != null) {
      throw fail("record at " + rec.position() + ": field '" + mapping.sourceNames().get(column) + "': " + lost
          + "; it would be stored as '?' (" + CHANGED_CHARACTERS_HINT + ")");
    }
    ColumnLimit limit = mapping.limit(column);
    String over = null;
    if (limit.maxChars() > 0 && v.length() > limit.maxChars()) {
      over = v.length() + " characters";
    } else if (limit.maxBytes() > 0 && (long) v.length() * 3 > limit.maxBytes()) {
      // A UTF-16 unit is at most 3 UTF-8 bytes: only long values need counting.
      long bytes = Utf8.length(v);
      if (bytes > limit.maxBytes()) {
        over = bytes + " bytes in UTF-8";
      }
    }
    if (over == null) {
      return v;
    }
    if (overlengthPolicy == OverlengthPolicy.FAIL) {
      throw fail("record at " + rec.position() + ": field '" + mapping.sourceNames().get(column) + "' is "
          + over + ", longer than its column " + mapping.columnNames().get(column) + " (" + limit.describe()
          + "); widen the column (" + Registry.FIELDLENGTH.name() + " or " + Registry.FILELOADER_MAXLENGTH.name()
          + ") or set " + Registry.FILELOADER_OVERLENGTH.name() + "=truncate");
    }
    counters.truncatedValues.increment();
    if (limit.maxChars() > 0) {
      int cut = (int) limit.maxChars();
      // Do not split a surrogate pair.
      if (Character.isHighSurrogate(v.charAt(cut - 1))) {
        cut--;
      }
      return v.substring(0, cut);
    }
    return Utf8.prefixFitting(v, limit.maxBytes());
  }

  private String buildKey(DataRecord rec) throws FatalRecordException {
    StringBuilder sb = new StringBuilder(64);
    for (int i = 0; i < keyIndexes.length; i++) {
      if (i > 0) {
        sb.append(keySeparator);
      }
      sb.append(rec.value(keyIndexes[i]));
    }
    String lost = mapping.keyCheck().problem(sb.toString());
    if (lost != null) {
      throw fail("record at " + rec.position() + ": the key built from " + Registry.FILELOADER_KEYFIELDS.name() + ": "
          + lost + "; it would be stored as '?' (" + CHANGED_CHARACTERS_HINT + ")");
    }
    String problem = null;
    if (sb.length() == 0) {
      problem = "the key built from " + Registry.FILELOADER_KEYFIELDS.name() + " is empty";
    } else if (sb.length() > TableLayout.MAX_KEY_LENGTH) {
      problem = "the key built from " + Registry.FILELOADER_KEYFIELDS.name() + " is " + sb.length()
          + " characters, longer than " + TableLayout.MAX_KEY_LENGTH;
    }
    if (problem != null) {
      rejected("malformed record at " + rec.position() + ": " + problem);
      return null;
    }
    return sb.toString();
  }

  /**
   * A malformed record just read. Outside this source's own part of the file (records skipped
   * for insertstart belong to another client; a later wrap pass was counted on the first) it is
   * passed over without a word.
   */
  private void rejected(String message) throws FatalRecordException {
    long end = parser.bytesConsumed();
    boolean own = ownPass >= 0 && (pass == ownPass || (pass == ownPass + 1 && end <= ownFromOffset));
    if (!own) {
      return;
    }
    counters.malformed.increment();
    if (malformedPolicy == MalformedPolicy.FAIL) {
      throw fail(message + " (" + Registry.FILELOADER_MALFORMED.name() + "=fail)");
    }
    if (loggedMalformed < malformedLog) {
      loggedMalformed++;
      log.println("fileloader: skipped " + message
          + (loggedMalformed == malformedLog ? " (further skipped records are only counted)" : ""));
    }
  }

  private void atEndOfPass() throws FatalRecordException {
    if (!wrap || usableThisPass == 0) {
      endOfFile = true;
      return;
    }
    try {
      bytesOfEarlierPasses += parser.bytesConsumed();
      parser.close();
      parser = spec.open();
    } catch (IOException e) {
      throw fail("cannot reopen " + spec.path() + " to wrap around: " + e.getMessage());
    }
    counters.wraps.increment();
    pass++;
    usableThisPass = 0;
  }

  /** Stands for a usable record passed over for insertstart or fileloader.run.skip. */
  private static final FileRecord SKIPPED = new FileRecord(-1, null, List.of(), new String[0], 0, 0);

  private FatalRecordException fail(String message) {
    fatal = message;
    return new FatalRecordException(message);
  }

  /** True once the end of the file was reached (and not wrapped around). */
  public synchronized boolean atEndOfFile() {
    return endOfFile;
  }

  /** Where reading has got; for progress lines. */
  public synchronized Progress progress() {
    return new Progress(parser.lineNumber(), parser.bytesConsumed(), parser.fileBytesRead(), parser.fileSize());
  }

  List<String> columnNames() {
    return mapping.columnNames();
  }

  @Override
  public synchronized void close() throws IOException {
    parser.close();
  }

  /** A snapshot of the reading position. */
  public record Progress(long lineNumber, long bytesConsumed, long fileBytesRead, long fileSize) {
    public String describe() {
      return FilePosition.describe(lineNumber, bytesConsumed);
    }
  }
}
