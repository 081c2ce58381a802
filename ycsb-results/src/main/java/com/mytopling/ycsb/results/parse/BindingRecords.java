package com.mytopling.ycsb.results.parse;

import com.mytopling.ycsb.core.dialect.InsertStatements;
import com.mytopling.ycsb.core.record.RunRecord;
import com.mytopling.ycsb.core.record.RunRecordException;
import com.mytopling.ycsb.core.record.RunRecordFiles;
import com.mytopling.ycsb.core.record.RunRecordReader;
import com.mytopling.ycsb.results.ReportException;
import com.mytopling.ycsb.results.model.PhaseSummary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The records of a phase's folder (the run folder, client-N/ or prepare/), read through the core's one record
 * reader: {@code binding-PHASE.json} and {@code fileloader-PHASE.json}; for folders written before records existed,
 * the same facts from the phase's own lines (PHASE.err, PHASE.out; record schema version 0). Nothing else in this
 * module reads the binding's or the file workload's facts.
 */
public final class BindingRecords {
  private BindingRecords() {
  }

  /** The binding's record of {@code phase} in {@code folder}; null when the binding left neither a record nor lines. */
  public static RunRecord binding(Path folder, String phase) {
    Path file = RunRecordFiles.binding(folder, phase);
    if (Files.isRegularFile(file)) {
      return read(file);
    }
    Path err = folder.resolve(phase + ".err");
    return Files.isRegularFile(err) ? RunRecordReader.fromBindingLines(RunFolder.read(err), phase) : null;
  }

  /** The file workload's record of {@code phase} in {@code folder}; null when it was not the file workload. */
  public static RunRecord fileLoader(Path folder, String phase) {
    Path file = RunRecordFiles.fileLoader(folder, phase);
    if (Files.isRegularFile(file)) {
      return read(file);
    }
    Path out = folder.resolve(phase + ".out");
    return Files.isRegularFile(out) ? RunRecordReader.fromFileLoaderLines(RunFolder.read(out), phase) : null;
  }

  private static RunRecord read(Path file) {
    try {
      return RunRecordReader.read(file);
    } catch (RunRecordException e) {
      throw new ReportException(e.getMessage());
    }
  }

  /**
   * The row totals as the summary's binding_totals have always named them (stored, failed, reconnects, lock_retries,
   * errors; skipped, acknowledged_lost and rolled_back_writes when not 0; run_phase_batching=true when so); null when
   * the record has none (the phase did not end, or, in lines of older folders, nothing was counted).
   */
  public static Map<String, String> totals(RunRecord record) {
    if (record == null || record.rows == null) {
      return null;
    }
    RunRecord.Rows r = record.rows;
    Map<String, String> t = new LinkedHashMap<>();
    t.put("stored", Long.toString(r.stored));
    t.put("failed", Long.toString(r.failed));
    if (r.skipped > 0) {
      t.put("skipped", Long.toString(r.skipped));
    }
    t.put("reconnects", Long.toString(r.reconnects));
    t.put("lock_retries", Long.toString(r.lockRetries));
    t.put("errors", Long.toString(r.errors));
    if (r.acknowledgedLost > 0) {
      t.put("acknowledged_lost", Long.toString(r.acknowledgedLost));
    }
    if (r.rolledBackWrites > 0) {
      t.put("rolled_back_writes", Long.toString(r.rolledBackWrites));
    }
    if (record.inserts != null && Boolean.TRUE.equals(record.inserts.runPhaseBatching)) {
      t.put("run_phase_batching", "true");
    }
    return t;
  }

  /** Several clients' totals added up figure by figure; null when none had any. */
  static Map<String, String> sum(List<Map<String, String>> clients) {
    Map<String, Long> sums = new LinkedHashMap<>();
    boolean runPhaseBatching = false;
    for (Map<String, String> totals : clients) {
      if (totals == null) {
        continue;
      }
      for (Map.Entry<String, String> e : totals.entrySet()) {
        if (e.getKey().equals("run_phase_batching")) {
          runPhaseBatching = true;
        } else {
          sums.merge(e.getKey(), Long.parseLong(e.getValue()), Long::sum);
        }
      }
    }
    if (sums.isEmpty()) {
      return null;
    }
    Map<String, String> result = new LinkedHashMap<>();
    sums.forEach((k, v) -> result.put(k, Long.toString(v)));
    if (runPhaseBatching) {
      result.put("run_phase_batching", "true");
    }
    return result;
  }

  /** What a reader of the figures should know from the record: each kind of error with its count, and a fatal start. */
  public static List<String> problems(RunRecord record) {
    List<String> problems = new ArrayList<>();
    if (record == null) {
      return problems;
    }
    if (record.failure != null) {
      problems.add("binding: fatal: " + record.failure);
    }
    if (record.errors != null) {
      for (RunRecord.ErrorKind e : record.errors) {
        problems.add("binding: errors: " + e.operation + " " + e.kind + " x " + e.count + " (first: " + e.message + ")");
      }
    }
    return problems;
  }

  /**
   * The connections' TLS in one phrase: "off", "TLSv1.3 TLS_AES_128_GCM_SHA256", or each state with its count when
   * they differ ("off (3 connections), TLSv1.3 ... (13 connections)"), so that a comparison can tell runs apart.
   */
  public static String tlsText(Map<String, Long> tls) {
    if (tls.isEmpty()) {
      return "unknown";
    }
    if (tls.size() == 1) {
      return tls.keySet().iterator().next();
    }
    List<String> parts = new ArrayList<>();
    new java.util.TreeMap<>(tls).forEach((state, n) -> parts.add(state + " (" + n + " connection" + (n == 1 ? "" : "s")
        + ")"));
    return String.join(", ", parts);
  }

  /**
   * How the phase's inserts reached the server as statements, by its binding record (a merged phase's first client's
   * that has one; every client runs the same settings).
   */
  public static InsertStatements insertStatements(PhaseSummary phase) {
    RunRecord r = phase.binding;
    for (int i = 0; r == null && phase.clients != null && i < phase.clients.size(); i++) {
      r = phase.clients.get(i).binding;
    }
    return InsertStatements.fromRecord(r == null || r.inserts == null ? null : r.inserts.statementsPer,
        phase.batchedInserts != null);
  }

  /**
   * The server as the summary's server map has always named it: dialect, server (version), engine, shards, driver
   * (name and version), url (the first shard's, masked); null without a connection.
   */
  public static Map<String, String> server(RunRecord record) {
    if (record == null || record.connection == null) {
      return null;
    }
    RunRecord.Connection c = record.connection;
    Map<String, String> s = new LinkedHashMap<>();
    s.put("dialect", c.dialect);
    if (c.serverProduct != null) {
      s.put("product", c.serverProduct);
    }
    s.put("server", c.serverVersion);
    s.put("engine", c.engine);
    s.put("shards", Integer.toString(c.shards));
    if (c.driverName != null) {
      s.put("driver", c.driverVersion == null ? c.driverName : c.driverName + " " + c.driverVersion);
    }
    if (!c.urls.isEmpty()) {
      s.put("url", c.urls.get(0));
    }
    if (c.tls != null) {
      s.put("tls", tlsText(c.tls));
    }
    return s;
  }
}
