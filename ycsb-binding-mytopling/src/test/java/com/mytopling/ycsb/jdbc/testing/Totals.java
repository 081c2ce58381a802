package com.mytopling.ycsb.jdbc.testing;

import com.mytopling.ycsb.core.record.RecordJson;
import com.mytopling.ycsb.core.record.RunRecord;
import com.mytopling.ycsb.core.record.RunRecordReader;
import java.nio.file.Path;
import java.util.Map;

/**
 * The binding's row totals of a phase, figure by figure, as its record (db.recordfile) holds them: read through the
 * one record reader, never from the totals line it prints for people.
 */
public final class Totals {
  private final RunRecord record;
  private final Map<String, Object> figures;

  private Totals(RunRecord record) {
    if (record == null) {
      throw new AssertionError("the binding wrote no record");
    }
    if (!record.finished || record.rows == null) {
      throw new AssertionError("the binding's record has no totals (the phase did not end): "
          + RecordJson.mapper().valueToTree(record));
    }
    this.record = record;
    this.figures = RecordJson.mapper().convertValue(record.rows, new com.fasterxml.jackson.core.type.TypeReference<>() {
    });
  }

  /** The record a finished phase wrote at {@code file}. */
  public static Totals of(Path file) {
    return new Totals(RunRecordReader.read(file));
  }

  /** The record of a client run by {@link YcsbProcess} or {@link BackgroundYcsb}. */
  public static Totals of(YcsbProcess.Result result) {
    if (result.bindingRecord == null) {
      throw new AssertionError("the binding wrote no record:\n" + result);
    }
    return new Totals(result.bindingRecord);
  }

  /** A figure by its name in the record: stored, failed, skipped, acknowledged_lost, rolled_back_writes, ... */
  public long get(String name) {
    Object v = figures.get(name);
    if (!(v instanceof Number n)) {
      throw new AssertionError("no figure " + name + " in " + this);
    }
    return n.longValue();
  }

  /** Whether run-phase inserts were batched (db.batch.runphase), as the record says. */
  public boolean runPhaseBatching() {
    return Boolean.TRUE.equals(record.inserts.runPhaseBatching);
  }

  public RunRecord record() {
    return record;
  }

  @Override
  public String toString() {
    return RecordJson.mapper().valueToTree(record).toString();
  }
}
