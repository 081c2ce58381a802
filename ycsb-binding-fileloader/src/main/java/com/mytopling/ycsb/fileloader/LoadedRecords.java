package com.mytopling.ycsb.fileloader;

import com.mytopling.ycsb.core.config.Registry;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;

import java.io.IOException;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * What a load with {@link FileWorkload} wrote, key number by key number, so that a loaded table
 * can be checked against the file (scripts/verify). It is a FileWorkload initialised with the
 * load's properties, never run: the parser, charset, field mapping, column widths, truncation,
 * malformed-record and wrap rules are the load's own code, not a copy that could drift.
 *
 * <p>Only YCSB keys: with them key number k holds usable record k. Keys built from record fields
 * would need the whole file's duplicate handling to say which record a key holds.
 */
public final class LoadedRecords implements AutoCloseable {
  private final FileWorkload workload;
  private final RecordSource source;

  private LoadedRecords(FileWorkload workload) {
    this.workload = workload;
    this.source = workload.recordSource();
  }

  /**
   * Opens the data file positioned at record insertstart. The switches of a reader (no exit-status hook, no counting
   * pass) go into a copy of the settings. The file workload's derived settings ({@code fieldcount}, {@code db.fields};
   * see {@link FileWorkload#derivedSettings}) give the binding the load's view of the table: a launcher's sealed
   * settings hold them already and are not written; other settings that lack them get them, as the load's did.
   *
   * @throws WorkloadException a property is wrong, keys come from record fields, or the file cannot be opened
   */
  public static LoadedRecords open(Properties settings) throws WorkloadException {
    Properties p = new Properties();
    settings.stringPropertyNames().forEach(name -> p.setProperty(name, settings.getProperty(name)));
    if (!FileLoaderConfig.list(p.getProperty(Registry.FILELOADER_KEYFIELDS.name())).isEmpty()) {
      throw new WorkloadException(Registry.FILELOADER_KEYFIELDS.name() + " is set: checking a table against the data "
          + "file works with YCSB keys only (keys built from record fields are not supported)");
    }
    // Reading, not loading: no exit-status hook, no extra counting pass over the file.
    p.setProperty(Registry.FILELOADER_EXITSTATUS.name(), "false");
    p.setProperty(Registry.FILELOADER_PRECOUNT.name(), "false");
    p.setProperty(Registry.DOTRANSACTIONS.name(), "false");
    // CoreWorkload's constructor asks Measurements for its singleton, which needs properties.
    Measurements.setProperties(p);
    FileWorkload w = new FileWorkload();
    w.init(p);
    // Settings of the caller's own that lack the derived ones learn them (the binding's view of the table), as under
    // YCSB's client; a launcher's sealed settings hold them already, and nothing is written there.
    for (Map.Entry<String, String> e : FileWorkload.derivedSettings(settings).entrySet()) {
      if (!e.getValue().equals(settings.getProperty(e.getKey()))) {
        settings.setProperty(e.getKey(), e.getValue());
      }
    }
    return new LoadedRecords(w);
  }

  /**
   * The values the load wrote for key number {@code keynum}, by column (field) name, matched
   * case-insensitively as SQL column names are; null when the file has no such record.
   *
   * @param keynum must be one more than the previous call's (the first call: insertstart)
   * @throws FatalRecordException the load would have stopped here (fileloader.malformed=fail,
   *     a value too long with fileloader.overlength=fail, an unreadable file)
   */
  public Map<String, String> row(long keynum) throws FatalRecordException {
    FileRecord r = source.next();
    if (r == null) {
      return null;
    }
    if (r.ordinal() != keynum) {
      throw new IllegalStateException("record " + r.ordinal() + " read for key number " + keynum);
    }
    Map<String, String> row = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    for (int c = 0; c < r.size(); c++) {
      row.put(workload.columnNames().get(c), r.value(c));
    }
    return row;
  }

  @Override
  public void close() throws IOException {
    source.close();
  }
}
