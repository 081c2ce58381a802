package com.mytopling.ycsb.core.record;

import java.util.ArrayList;
import java.util.List;

/**
 * What one component of one client process did in one phase, as it knows it: the file the JDBC binding writes
 * ({@code db.recordfile}: connection, inserts, row totals, errors) or the file workload writes
 * ({@code fileloader.recordfile}: its counters and the table's size). The format, its versions and the files'
 * names in a run folder are described in {@link RunRecordReader}; {@link RunRecordWriter} writes it,
 * {@link RunRecordReader} reads it, and nothing else does either.
 *
 * <p>Fields are public so that Jackson maps them (snake_case in the file, see {@link RecordJson}). Absent values
 * are null and left out of the file; figures that are always known are primitives.
 */
public final class RunRecord {
  public static final String SCHEMA = "mytopling-ycsb-record";
  public static final int SCHEMA_VERSION = 1;
  /** Version given to records read from the text lines of run folders written before records existed. */
  public static final int TEXT_LINES_VERSION = 0;
  /** {@link #writer} of the JDBC binding's record. */
  public static final String BINDING = "binding";
  /** {@link #writer} of the file workload's record. */
  public static final String FILE_LOADER = "fileloader";

  /**
   * The JSON keys whose values are this harness's own words from a fixed vocabulary, at any depth: the schema name,
   * writer, phase and time of writing, and the enumerations a reader parses (dialect, statements per batch, bulk mode,
   * status, format, duplicate policy, operation). The writer does not search them for the run's password (see
   * {@link com.mytopling.ycsb.core.Secrets#maskTree(Object, String, java.util.Set)}); every other string it does.
   */
  public static final java.util.Set<String> FIXED_WORDS = java.util.Set.of("schema", "writer", "phase", "written_at",
      "dialect", "statements_per", "bulk_mode", "status", "format", "duplicate_policy", "operation");

  public String schema = SCHEMA;
  public int schemaVersion = SCHEMA_VERSION;
  /** {@value #BINDING} or {@value #FILE_LOADER}. */
  public String writer;
  /** "load" or "run", from YCSB's dotransactions. */
  public String phase;
  /** When this version of the file was written (ISO-8601 with offset). */
  public String writtenAt;
  /**
   * True once the phase ended and the figures are final. The binding writes its record when it has connected
   * (finished=false, no totals yet) and again at the end, so a phase that died still names its server.
   */
  public boolean finished;
  /** Why the component could not start (the binding's "fatal:" line), secrets masked; null when it started. */
  public String failure;

  /**
   * Binding: every setting it was started with (the phase's resolved settings, as the settings file beside the record
   * gives them), secrets masked; null in records written before settings files existed.
   */
  public java.util.Map<String, String> settings;
  /** Binding: the database it talked to. */
  public Connection connection;
  /** Binding: how inserts were sent. */
  public Inserts inserts;
  /** Binding: what happened to the rows; null until the phase ended. */
  public Rows rows;
  /** Binding: each kind of failed operation once, with its count (empty when none failed). */
  public List<ErrorKind> errors;

  /** File workload: its counters and the table's size. */
  public FileLoad fileLoad;

  /** The database as the binding found it at start. */
  public static final class Connection {
    /** The dialect in use: mysql, myrocks, mytopling or sqlserver. */
    public String dialect;
    /** The server's version string and its version comment, as the server reports them. */
    public String serverVersion;
    public String serverVersionComment;
    /** The server's product, from those: MySQL, MariaDB, Percona Server, MyTopling, SQL Server, Azure SQL. */
    public String serverProduct;
    /**
     * Each TLS state the phase's connections had, as the server saw each connection (its Ssl_version and Ssl_cipher):
     * "off" or "PROTOCOL CIPHER", with how many connections had it. Null in records written before it was recorded.
     */
    public java.util.Map<String, Long> tls;
    /** How {@link #tls} was learnt: every connection asked (MySQL family), or the set-up connection only. */
    public String tlsSource;
    /** The engine the table is created with (db.engine, or the dialect's default). */
    public String engine;
    /** The server's default engine (MySQL family), for telling MyRocks servers apart. */
    public String serverDefaultEngine;
    /** The JDBC driver the connections use (JDBC metadata). */
    public String driverName;
    public String driverVersion;
    /** Shards (db.url.N), 1 for a single URL. */
    public int shards;
    /**
     * The URL of each shard as given (the embedded server's when none was), passwords masked. Records read from
     * text lines (version 0) know the first one only.
     */
    public List<String> urls = new ArrayList<>();
    /** Driver settings the binding added to the URLs ("name=value"), db.driveroptions. */
    public List<String> driverSettingsAdded = new ArrayList<>();
  }

  /**
   * How the binding sent inserts in this phase. Records read from text lines (version 0) know only
   * runPhaseBatching, when it was true; what they do not know is null.
   */
  public static final class Inserts {
    /** Inserts were buffered and sent several rows per statement (jdbc.batchupdateapi, db.batchsize > 1). */
    public Boolean batched;
    /** With batching: insert, batchapi or loaddata (db.bulkload, auto resolved). */
    public String bulkMode;
    /** With batching: rows per statement (db.batchsize, capped by the dialect's placeholder limit for insert). */
    public Integer rowsPerBatch;
    /**
     * What the server executed as one statement: insert (each insert() call), batch (each batch) or row (each row of
     * a batch: MariaDB Connector/J's executeBatch on a server that is not MariaDB); {@code InsertStatements}. Null in
     * records written before it was recorded (a batched phase's batches were then taken for its statements).
     */
    public String statementsPer;
    /** Rows of a batch sorted by key before sending (db.bulksort). */
    public Boolean sortedByKey;
    /** MyRocks bulk-load session settings (db.rocksdb.bulkload). */
    public Boolean rocksdbBulkLoad;
    /** Run-phase inserts were batched too (db.batch.runphase): acknowledged before the server had them. */
    public Boolean runPhaseBatching;
    /** db.insertexisting=skip: inserts of existing keys were skipped and counted, not failed. */
    public Boolean skipExisting;
  }

  /**
   * What happened to the rows the binding was asked to insert, and to acknowledged writes; the same figures as the
   * binding's totals line and its launcher API (BindingTotals).
   */
  public static final class Rows {
    /** Rows the server stored (and kept: rows taken back later are moved to failed). */
    public long stored;
    /** Rows not stored: failed inserts, rows of failed batches, rows taken back by a rollback or bulk load. */
    public long failed;
    /** Rows not inserted because their key existed (db.insertexisting=skip). */
    public long skipped;
    /** Of the failed rows, those YCSB had been told were inserted (OK or BATCHED_OK). */
    public long acknowledgedLost;
    /** jdbc.autocommit=false: acknowledged writes (rows and updates) whose transaction was rolled back. */
    public long rolledBackWrites;
    /** Connections opened again after one was lost. */
    public long reconnects;
    /** Operations retried after a deadlock or lock-wait timeout. */
    public long lockRetries;
    /** Failed operations counted by the error log (the sum of {@link #errors}' counts). */
    public long errors;
  }

  /** One kind of failed operation: the operation with the SQLState and vendor code (or the failure's text). */
  public static final class ErrorKind {
    /** READ, UPDATE, INSERT, SCAN, DELETE, INSERT-BATCH, ... */
    public String operation;
    /** "SQLSTATE/vendorcode" of an SQLException, or the failure's text for other failures. */
    public String kind;
    /** The first error's message (first line), secrets masked. */
    public String message;
    public long count;
  }

  /** The file workload's counters (the [FILELOADER] lines of its output) and the loaded table's size. */
  public static final class FileLoad {
    public String file;
    /** snap, tsv, csv or jsonl. */
    public String format;
    public String charset;
    /** Well-formed records handed out. */
    public long recordsUsed;
    public long malformedRecords;
    public long duplicateKeys;
    /** skip, upsert or error (fileloader.duplicates). */
    public String duplicatePolicy;
    public long truncatedValues;
    /** Inserts YCSB's binding returned OK (or BATCHED_OK) for, and those it failed. */
    public long insertsOk;
    public long insertsFailed;
    /** Load: the inserts the phase was asked for. */
    public Long insertsExpected;
    /** Run phase: updates that returned OK, and those that failed. */
    public Long updatesOk;
    public Long updatesFailed;
    /** Run phase: the data file ran out before the operations did. */
    public Boolean stoppedAtEndOfFile;
    /** Times the file was started over (fileloader.wrap). */
    public long wraps;
    /** Bytes read from the data file (after decompression), and characters of the values taken from it. */
    public long rawInputBytes;
    public long valueChars;
    /** "OK" or "FAILED". */
    public String status;
    /** Why the workload failed; null when status is OK. */
    public String failure;
    /** Load: the table's size on disk after it (fileloader.tablesize); null when not measured. */
    public TableSize table;
  }

  /** A table's size on disk, summed over shards, as the dialect measures it. */
  public static final class TableSize {
    public String engine;
    public Long dataBytes;
    public Long indexBytes;
    /** dataBytes + indexBytes. */
    public Long storedBytes;
    /** How it was measured (the dialect's method, e.g. information_schema after ANALYZE TABLE). */
    public String sizeMethod;
    /** Raw input bytes over stored bytes; null when nothing was stored. */
    public Double rawToStoredRatio;
    /** When it was measured (ISO-8601): of several clients' measurements the latest saw every client's rows. */
    public String measuredAt;
    /** Why it could not be measured; the other figures are then null. */
    public String error;
  }

  /** A new record of the binding for a phase; {@code runPhase} is YCSB's dotransactions. */
  public static RunRecord binding(boolean runPhase) {
    RunRecord r = new RunRecord();
    r.writer = BINDING;
    r.phase = runPhase ? "run" : "load";
    return r;
  }

  /** A new record of the file workload for a phase. */
  public static RunRecord fileLoader(boolean runPhase) {
    RunRecord r = new RunRecord();
    r.writer = FILE_LOADER;
    r.phase = runPhase ? "run" : "load";
    return r;
  }
}
