package com.mytopling.ycsb.jdbc;

import com.mytopling.ycsb.core.ConfigException;
import com.mytopling.ycsb.core.Identifiers;
import com.mytopling.ycsb.core.PropertyReader;
import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.core.dialect.TableLayout;
import com.mytopling.ycsb.core.dialect.UpsertMode;
import com.mytopling.ycsb.core.connect.DbTarget;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * Every property the binding reads, parsed and validated in one place: the database to talk to
 * ({@link DbTarget}, shared with the file loader and the verifier) and the binding's own
 * settings. Stock YCSB JDBC names ({@code db.url}, {@code db.batchsize},
 * {@code jdbc.batchupdateapi}, ...) keep their meaning; ours are documented in the README's
 * property table. Immutable; shared by all client threads.
 */
public final class BindingConfig {
  private static final int MAX_FIELDS = TableLayout.MAX_FIELDS;
  /** The longest field value the binding accepts, in characters; fieldlength itself is declared up to 2^31-1. */
  private static final int MAX_FIELD_LENGTH = 16 * 1024 * 1024;
  private static final String KEY_COLUMN = TableLayout.KEY_COLUMN;

  /** The servers, credentials, driver and its settings, or the embedded server. */
  public final DbTarget target;
  public final String dialect;
  public final String engine;
  public final int batchSize;
  public final boolean batchUpdateApi;
  public final int fetchSize;
  public final boolean autoCommit;
  public final boolean createTable;
  public final boolean dropTable;
  public final UpsertMode upsert;
  public final String table;
  public final List<String> fieldNames;
  public final int fieldLength;
  /** db.reconnecttimeout: how long an operation on a shard whose connection was lost waits for it to reconnect. */
  public final int reconnectTimeoutMs;
  public final int lockRetries;
  /** db.insertexisting=skip: an insert whose key exists is skipped and counted, not failed (resuming a load). */
  public final boolean skipExisting;
  /**
   * How batches are sent (db.bulkload): multi-row INSERT, LOAD DATA LOCAL from memory, JDBC
   * executeBatch, or AUTO (decided by the driver: {@link SharedRuntime#bulkMode} holds the result).
   */
  public final com.mytopling.ycsb.jdbc.bulk.BulkMode bulkMode;
  /** Sort the rows of each batch by key before sending (db.bulksort). */
  public final boolean bulkSort;
  /** MyRocks bulk-load session settings on every connection (db.rocksdb.bulkload). */
  public final boolean rocksdbBulkLoad;
  /** YCSB's dotransactions: true in the run phase (YCSB's default), false in a load. */
  public final boolean runPhase;
  /**
   * db.batch.runphase: batch run-phase inserts as well. Off by default: a buffered row is
   * acknowledged before the server has it, so a workload that reads the keys it just inserted
   * (D, E, the file workload) finds nothing, and INSERT latency measures a buffer append.
   */
  public final boolean batchRunPhase;
  /** db.recordfile: where the binding writes its record of the phase (JSON, {@link BindingRecord}); null: nowhere. */
  public final java.nio.file.Path recordFile;

  private BindingConfig(PropertyReader p, DbTarget target) throws ConfigException {
    this.target = target;
    dialect = p.choice(Registry.DB_DIALECT);
    String eng = p.string(Registry.DB_ENGINE);
    engine = eng == null ? null : Identifiers.check(Registry.DB_ENGINE.name(), eng);
    batchSize = p.intValue(Registry.DB_BATCHSIZE);
    batchUpdateApi = p.bool(Registry.JDBC_BATCHUPDATEAPI);
    fetchSize = p.intValue(Registry.JDBC_FETCHSIZE);
    autoCommit = p.bool(Registry.JDBC_AUTOCOMMIT);
    createTable = p.bool(Registry.DB_CREATETABLE);
    dropTable = p.bool(Registry.DB_DROPTABLE);
    upsert = readUpsert(p);
    table = Identifiers.check(Registry.TABLE.name(), p.string(Registry.TABLE));
    fieldNames = Collections.unmodifiableList(readFields(p));
    // A limit of the binding's own, as its 64 fields are (YCSB takes any length and any number).
    fieldLength = p.intAtMost(Registry.FIELDLENGTH, MAX_FIELD_LENGTH);
    reconnectTimeoutMs = p.intValue(Registry.DB_RECONNECTTIMEOUT);
    lockRetries = p.intValue(Registry.DB_LOCKRETRIES);
    skipExisting = p.choice(Registry.DB_INSERTEXISTING).equals("skip");
    if (skipExisting && upsert != UpsertMode.NONE) {
      throw new ConfigException(Registry.DB_INSERTEXISTING.name() + "=skip and " + Registry.DB_UPSERT.name()
          + " contradict: existing rows are either skipped or overwritten");
    }
    com.mytopling.ycsb.jdbc.bulk.BulkMode chosen = com.mytopling.ycsb.jdbc.bulk.BulkMode.valueOf(
        p.choice(Registry.DB_BULKLOAD).toUpperCase(java.util.Locale.ROOT));
    if (skipExisting && chosen == com.mytopling.ycsb.jdbc.bulk.BulkMode.BATCHAPI) {
      // A failed executeBatch may have stored an unknown subset of its rows; skipping needs a
      // batch that stored nothing (multi-row INSERT) or reports what it skipped (LOAD DATA).
      throw new ConfigException(Registry.DB_BULKLOAD.name() + "=batchapi cannot skip existing rows ("
          + Registry.DB_INSERTEXISTING.name() + "=skip); use " + Registry.DB_BULKLOAD.name() + "=insert or loaddata");
    }
    // auto never picks the batch API where it cannot do what the other properties ask.
    bulkMode = skipExisting && chosen == com.mytopling.ycsb.jdbc.bulk.BulkMode.AUTO
        ? com.mytopling.ycsb.jdbc.bulk.BulkMode.INSERT : chosen;
    bulkSort = p.bool(Registry.DB_BULKSORT);
    rocksdbBulkLoad = p.bool(Registry.DB_ROCKSDB_BULKLOAD);
    runPhase = p.bool(Registry.DOTRANSACTIONS);
    batchRunPhase = p.bool(Registry.DB_BATCH_RUNPHASE);
    recordFile = recordFile(p);
    if (bulkMode == com.mytopling.ycsb.jdbc.bulk.BulkMode.LOADDATA && upsert == UpsertMode.UPDATE) {
      throw new ConfigException(Registry.DB_BULKLOAD.name() + "=loaddata cannot update existing rows ("
          + Registry.DB_UPSERT.name() + "=update); LOAD DATA can skip duplicates (default) or replace them ("
          + Registry.DB_UPSERT.name() + "=replace)");
    }
    if (dropTable && !createTable) {
      throw new ConfigException(Registry.DB_DROPTABLE.name() + "=true needs " + Registry.DB_CREATETABLE.name()
          + "=true (the table would be dropped and not recreated)");
    }
  }

  /** The binding's settings of a run, with the run's one parsed target ({@link DbTarget#of}). */
  public static BindingConfig from(Properties props) throws ConfigException {
    return new BindingConfig(new PropertyReader(props), DbTarget.of(props));
  }

  /** With another environment than the process's (the password's source), parsed now. */
  public static BindingConfig from(Properties props, Map<String, String> env) throws ConfigException {
    return new BindingConfig(new PropertyReader(props), DbTarget.from(props, env));
  }

  /**
   * True when a batch lost with its connection can be settled by asking the server which of its keys the table holds:
   * batched plain inserts with auto-commit. Not with upserts or db.insertexisting=skip (a key in the table may have
   * been there before), nor with jdbc.autocommit=false or MyRocks bulk load (the lost connection takes the rows back).
   */
  public boolean settlesLostBatches() {
    return batching() && autoCommit && upsert == UpsertMode.NONE && !skipExisting && !rocksdbBulkLoad;
  }

  /** True when the batching properties ask for batches: jdbc.batchupdateapi=true and db.batchsize > 1. */
  public boolean batchingRequested() {
    return batchUpdateApi && batchSize > 1;
  }

  /**
   * True when inserts are buffered and sent in batches: when asked for, in a load, and in a run
   * phase only with db.batch.runphase=true. Otherwise each insert reaches the server before
   * insert() returns.
   */
  public boolean batching() {
    return batchingRequested() && (!runPhase || batchRunPhase);
  }

  /** db.recordfile as a path, or null when unset. */
  static java.nio.file.Path recordFile(PropertyReader p) throws ConfigException {
    String file = p.string(Registry.DB_RECORDFILE);
    if (file == null) {
      return null;
    }
    try {
      return java.nio.file.Path.of(file);
    } catch (java.nio.file.InvalidPathException e) {
      throw new ConfigException(Registry.DB_RECORDFILE.name() + ": '" + file + "' is not a file name (" + e.getReason()
          + ")");
    }
  }

  private static UpsertMode readUpsert(PropertyReader p) throws ConfigException {
    switch (p.choice(Registry.DB_UPSERT)) {
      case "true":
      case "update":
        return UpsertMode.UPDATE;
      case "replace":
        return UpsertMode.REPLACE;
      default:
        return UpsertMode.NONE;
    }
  }

  private static List<String> readFields(PropertyReader p) throws ConfigException {
    List<String> names = new ArrayList<>();
    // Split here, not by the list reader: an empty name between two commas is refused, not dropped.
    String explicit = p.string(Registry.DB_FIELDS);
    if (explicit != null) {
      for (String f : explicit.split(",")) {
        names.add(Identifiers.check(Registry.DB_FIELDS.name(), f.strip()));
      }
    } else {
      int count = p.intAtMost(Registry.FIELDCOUNT, MAX_FIELDS);
      String prefix = p.string(Registry.FIELDNAMEPREFIX);
      for (int i = 0; i < count; i++) {
        names.add(Identifiers.check(Registry.FIELDNAMEPREFIX.name(), prefix + i));
      }
    }
    if (names.size() > MAX_FIELDS) {
      throw new ConfigException(Registry.DB_FIELDS.name() + ": " + names.size() + " fields; at most " + MAX_FIELDS
          + " are supported");
    }
    Set<String> seen = new HashSet<>();
    for (String n : names) {
      if (!seen.add(n.toUpperCase(java.util.Locale.ROOT)) || n.equalsIgnoreCase(KEY_COLUMN)) {
        throw new ConfigException(Registry.DB_FIELDS.name() + ": field '" + n + "' appears twice or clashes with "
            + KEY_COLUMN);
      }
    }
    return names;
  }
}
