package com.mytopling.ycsb.fileloader;

import com.mytopling.ycsb.core.ConfigException;
import com.mytopling.ycsb.core.Secrets;
import com.mytopling.ycsb.core.SetupException;
import com.mytopling.ycsb.core.record.RunRecord;
import com.mytopling.ycsb.core.record.RunRecordWriter;
import com.mytopling.ycsb.core.dialect.TableSize;
import com.mytopling.ycsb.fileloader.db.TableSizes;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * What the file workload reports at the end, as {@code [FILELOADER], name, value} lines in the
 * style of YCSB's own output, for people; as the workload's run record (fileloader.recordfile, the
 * one {@link RunRecordWriter} of the run folder's records), which the results tools read; and optionally as a
 * properties file (fileloader.reportfile).
 */
final class RunSummary {
  private final Map<String, String> entries = new LinkedHashMap<>();
  private final FileLoaderConfig config;
  private final RunRecord record;
  private final RunRecord.FileLoad load = new RunRecord.FileLoad();

  RunSummary(FileLoaderConfig config, LoadCounters c, boolean transactions, long expectedInserts,
             boolean stoppedAtEndOfFile, String failure) {
    this.config = config;
    put("File", config.spec().path().toString());
    put("Format", config.spec().format().lowerName());
    put("Charset", config.spec().effectiveCharset().name());
    put("Phase", transactions ? "run" : "load");
    put("RecordsUsed", c.delivered());
    put("MalformedRecords", c.malformed());
    put("DuplicateKeys", c.duplicates());
    put("DuplicatePolicy", config.duplicates().name().toLowerCase(Locale.ROOT));
    put("TruncatedValues", c.truncatedValues());
    put("InsertsOk", c.insertsOk());
    put("InsertsFailed", c.insertsFailed());
    if (transactions) {
      put("UpdatesOk", c.updatesOk());
      put("UpdatesFailed", c.updatesFailed());
      put("StoppedAtEndOfFile", stoppedAtEndOfFile);
    } else {
      put("InsertsExpected", expectedInserts);
    }
    put("Wraps", c.wraps());
    put("RawInputBytes", c.inputBytes());
    put("ValueChars", c.valueChars());
    put("Status", failure == null ? "OK" : "FAILED: " + failure);

    record = RunRecord.fileLoader(transactions);
    record.finished = true;
    record.fileLoad = load;
    load.file = config.spec().path().toString();
    load.format = config.spec().format().lowerName();
    load.charset = config.spec().effectiveCharset().name();
    load.recordsUsed = c.delivered();
    load.malformedRecords = c.malformed();
    load.duplicateKeys = c.duplicates();
    load.duplicatePolicy = config.duplicates().name().toLowerCase(Locale.ROOT);
    load.truncatedValues = c.truncatedValues();
    load.insertsOk = c.insertsOk();
    load.insertsFailed = c.insertsFailed();
    if (transactions) {
      load.updatesOk = c.updatesOk();
      load.updatesFailed = c.updatesFailed();
      load.stoppedAtEndOfFile = stoppedAtEndOfFile;
    } else {
      load.insertsExpected = expectedInserts;
    }
    load.wraps = c.wraps();
    load.rawInputBytes = c.inputBytes();
    load.valueChars = c.valueChars();
    load.status = failure == null ? "OK" : "FAILED";
    load.failure = failure;
  }

  private void put(String name, Object value) {
    entries.put(name, String.valueOf(value));
  }

  /**
   * Adds the table's size on disk (summed over shards) and the raw-to-stored ratio, when the
   * binding's servers are given by URL (the embedded server is not measured).
   */
  void measureTable(Properties p, String table, PrintStream log) {
    try {
      TableSize size = TableSizes.total(p, table, log);
      if (size == null) {
        return;
      }
      long data = size.dataBytes();
      long index = size.indexBytes();
      String engine = size.engine();
      String method = size.method();
      put("TableEngine", engine);
      put("TableDataBytes", data);
      put("TableIndexBytes", index);
      put("TableStoredBytes", data + index);
      put("TableSizeMethod", method);
      RunRecord.TableSize t = new RunRecord.TableSize();
      t.engine = engine;
      t.dataBytes = data;
      t.indexBytes = index;
      t.storedBytes = data + index;
      t.sizeMethod = method;
      t.measuredAt = OffsetDateTime.now().toString();
      long raw = load.rawInputBytes;
      if (data + index > 0) {
        double ratio = (double) raw / (data + index);
        put("RawToStoredRatio", String.format(Locale.ROOT, "%.3f", ratio));
        t.rawToStoredRatio = ratio;
      }
      load.table = t;
    } catch (SetupException | SQLException | RuntimeException e) {
      log.println("fileloader: could not measure the size of table " + table + ": " + e.getMessage());
      put("TableSizeError", e.getMessage());
      RunRecord.TableSize t = new RunRecord.TableSize();
      t.error = e.getMessage();
      t.measuredAt = OffsetDateTime.now().toString();
      load.table = t;
    }
  }

  /**
   * Writes the workload's record (fileloader.recordfile) through the one record writer, which masks the run's
   * password and URL secrets; a file that cannot be written is one line, the summary lines are printed anyway.
   */
  void writeRecord(Properties p, PrintStream log) {
    if (config.recordFile() == null) {
      return;
    }
    String password;
    try {
      password = Secrets.resolvePassword(p, System.getenv());
    } catch (ConfigException e) {
      password = null; // the binding reports a bad password setting; the record still masks URL secrets
    }
    try {
      new RunRecordWriter(Path.of(config.recordFile()), password).write(record);
    } catch (IOException | RuntimeException e) {
      log.println("fileloader: cannot write the record " + config.recordFile() + ": " + e.getMessage());
    }
  }

  RunRecord record() {
    return record;
  }

  void print(PrintStream out) {
    for (Map.Entry<String, String> e : entries.entrySet()) {
            // Readers of YCSB's format split on ", ": keep values free of it.
      out.println("[FILELOADER], " + e.getKey() + ", " + e.getValue().replace('\n', ' ').replace(", ", "; "));
    }
    out.flush();
  }

  void writeReportFile(PrintStream log) {
    if (config.reportFile() == null) {
      return;
    }
    Properties out = new Properties();
    out.putAll(entries);
    try (OutputStream os = Files.newOutputStream(Path.of(config.reportFile()))) {
      out.store(os, "fileloader run summary");
    } catch (IOException e) {
      log.println("fileloader: cannot write " + config.reportFile() + ": " + e.getMessage());
    }
  }

  Map<String, String> entries() {
    return entries;
  }
}
