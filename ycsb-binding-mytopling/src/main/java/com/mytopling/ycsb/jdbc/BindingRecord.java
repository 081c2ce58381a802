package com.mytopling.ycsb.jdbc;

import com.mytopling.ycsb.core.ConfigException;
import com.mytopling.ycsb.core.PropertyReader;
import com.mytopling.ycsb.core.Secrets;
import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.core.config.ResolvedSettings;
import com.mytopling.ycsb.core.record.RunRecord;
import com.mytopling.ycsb.core.record.RunRecordWriter;
import com.mytopling.ycsb.jdbc.bulk.BulkMode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * The binding's record of the phase (db.recordfile): what it knows, for the results tools to read instead of its
 * lines. Written once the binding has connected (the connection and how inserts go, finished=false) and again when
 * the last client thread has released the run (the row totals and each kind of error, finished=true), through the
 * one {@link RunRecordWriter}, which masks secrets. The human lines are printed as before.
 */
final class BindingRecord {
  private final RunRecordWriter writer;
  private final RunRecord record;

  private BindingRecord(RunRecordWriter writer, RunRecord record) {
    this.writer = writer;
    this.record = record;
  }

  /**
   * Writes the start of the record for a runtime that has just connected, or returns null without db.recordfile.
   * A file that cannot be written is bad input, found before any row is touched.
   */
  static BindingRecord start(SharedRuntime rt, List<String> driverSettingsAdded, Properties settings)
      throws ConfigException {
    BindingConfig config = rt.config;
    if (config.recordFile == null) {
      return null;
    }
    RunRecord r = RunRecord.binding(config.runPhase);
    // Every setting the binding was started with, as the phase's settings file shows them (secrets masked).
    r.settings = new java.util.TreeMap<>();
    for (String name : settings.stringPropertyNames()) {
      r.settings.put(name, ResolvedSettings.masked(name, settings.getProperty(name)));
    }
    RunRecord.Connection c = new RunRecord.Connection();
    c.dialect = rt.dialect.name();
    c.serverVersion = rt.server.version;
    c.serverVersionComment = rt.server.versionComment;
    c.serverProduct = rt.server.product();
    c.tlsSource = rt.dialect.sessionTlsCounted() ? "the set-up connection (asking is a statement on this server)"
        : "every connection";
    c.engine = rt.engine();
    c.serverDefaultEngine = rt.server.defaultEngine.isEmpty() ? null : rt.server.defaultEngine;
    c.driverName = rt.server.driverName;
    c.driverVersion = rt.server.driverVersion;
    c.shards = rt.displayUrls.size();
    c.urls = new ArrayList<>(rt.displayUrls);
    c.driverSettingsAdded = new ArrayList<>(driverSettingsAdded);
    r.connection = c;
    RunRecord.Inserts i = new RunRecord.Inserts();
    i.batched = config.batching();
    i.bulkMode = config.batching() ? rt.bulkMode.propertyValue() : null;
    i.rowsPerBatch = config.batching() ? rt.batchRows(rt.layout.allFields()) : null;
    i.statementsPer = rt.insertStatements.recordValue();
    i.sortedByKey = config.batching() && config.bulkSort;
    i.rocksdbBulkLoad = config.rocksdbBulkLoad;
    i.runPhaseBatching = config.runPhase && config.batching();
    i.skipExisting = config.skipExisting;
    r.inserts = i;
    BindingRecord br = new BindingRecord(new RunRecordWriter(config.recordFile, rt.password), r);
    try {
      br.writer.write(r);
    } catch (IOException | RuntimeException e) {
      throw new ConfigException(Registry.DB_RECORDFILE.name() + ": cannot write " + config.recordFile + ": "
          + e.getMessage());
    }
    return br;
  }

  /**
   * Writes the final record: the run's totals and errors. A failure is one line; the figures are printed anyway.
   * Synchronized with {@link #failed(String)}: client threads that fail to connect write the same record, and two
   * writers of one file would race on its partial file.
   */
  synchronized void finish(BindingTotals t, ErrorLog errors, PrintStream log, java.util.Map<String, Long> tls) {
    record.connection.tls = tls;
    RunRecord.Rows rows = new RunRecord.Rows();
    rows.stored = t.rowsStored();
    rows.failed = t.rowsFailed();
    rows.skipped = t.rowsSkipped();
    rows.acknowledgedLost = t.rowsLost();
    rows.rolledBackWrites = t.writesRolledBack();
    rows.reconnects = t.reconnects();
    rows.lockRetries = t.lockRetries();
    rows.errors = t.errors();
    record.rows = rows;
    record.errors = errors.kinds();
    record.finished = true;
    try {
      writer.write(record);
    } catch (IOException | RuntimeException e) {
      log.println("[mytopling] cannot write the record " + writer.file() + ": " + e.getMessage()
          + " (the totals above are the phase's)");
    }
  }

  /** The binding started but a client thread could not (its shard refused a connection): the record says why. */
  synchronized void failed(String message) {
    record.failure = message;
    record.finished = true;
    try {
      writer.write(record);
    } catch (IOException | RuntimeException e) {
      System.err.println("[mytopling] cannot write the record of the failure: " + e.getMessage());
    }
  }

  /**
   * The record of a binding that could not start: why (the fatal line's message), when db.recordfile names a file.
   * Best effort: the fatal line is printed and the process exits with its status whatever happens here.
   */
  static void failed(Properties props, String message) {
    if (props == null) {
      return;
    }
    try {
      PropertyReader p = new PropertyReader(props);
      Path file = BindingConfig.recordFile(p);
      if (file == null) {
        return;
      }
      RunRecord r = RunRecord.binding(p.bool(Registry.DOTRANSACTIONS));
      r.failure = message;
      r.finished = true;
      String password;
      try {
        password = Secrets.resolvePassword(props, System.getenv());
      } catch (ConfigException e) {
        password = null;
      }
      new RunRecordWriter(file, password).write(r);
    } catch (ConfigException | IOException | RuntimeException e) {
      System.err.println("[mytopling] cannot write the record of the failure: " + e.getMessage());
    }
  }
}
