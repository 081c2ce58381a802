package com.mytopling.ycsb.fileloader;

import com.mytopling.ycsb.core.SetupException;
import com.mytopling.ycsb.core.dialect.TableSize;
import com.mytopling.ycsb.fileloader.db.TableSizes;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * What the file workload reports at the end, as {@code [FILELOADER], name, value} lines in the
 * style of YCSB's own output (so result parsers that read YCSB's text format pick them up), and
 * optionally as a properties file (fileloader.reportfile).
 */
final class RunSummary {
  private final Map<String, String> entries = new LinkedHashMap<>();
  private final FileLoaderConfig config;

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
      long raw = Long.parseLong(entries.get("RawInputBytes"));
      if (data + index > 0) {
        put("RawToStoredRatio", String.format(Locale.ROOT, "%.3f", (double) raw / (data + index)));
      }
    } catch (SetupException | SQLException | RuntimeException e) {
      log.println("fileloader: could not measure the size of table " + table + ": " + e.getMessage());
      put("TableSizeError", e.getMessage());
    }
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
