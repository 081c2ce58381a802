package com.mytopling.ycsb.core.dialect;

import java.util.Locale;

/**
 * The server's figures that server-metrics.csv records beside the client's, one column each, in this order
 * (docs/results.md lists them with the server counters each family reads them from). A counter is cumulative on the
 * server and recorded as its change over each interval; a gauge is recorded as it was at the interval's end. Which
 * server counters feed a metric is each dialect's business ({@link Dialect#serverMetrics}); a metric the server does
 * not have is left empty, never written as 0.
 */
public enum ServerMetric {
  /** Rows read by the storage engines. */
  ROWS_READ(Kind.COUNTER),
  ROWS_INSERTED(Kind.COUNTER),
  ROWS_UPDATED(Kind.COUNTER),
  ROWS_DELETED(Kind.COUNTER),
  /** Statements (or batches) the server was sent. */
  STATEMENTS(Kind.COUNTER),
  /** Logical reads of the buffer pool (pages asked for). */
  BUFFER_POOL_READ_REQUESTS(Kind.COUNTER),
  /** Reads the buffer pool had to do from disk (misses). */
  BUFFER_POOL_DISK_READS(Kind.COUNTER),
  /** fsync calls of the engine's data and log files (SQL Server: log flushes). */
  FSYNCS(Kind.COUNTER),
  /** Row lock waits (SQL Server: lock waits of every kind). */
  ROW_LOCK_WAITS(Kind.COUNTER),
  ROW_LOCK_WAIT_MS(Kind.COUNTER),
  DEADLOCKS(Kind.COUNTER),
  /** Threads (requests) running a statement at the end of the interval. */
  THREADS_RUNNING(Kind.GAUGE),
  ROCKSDB_BLOCK_CACHE_HITS(Kind.COUNTER),
  ROCKSDB_BLOCK_CACHE_MISSES(Kind.COUNTER),
  ROCKSDB_WAL_SYNCS(Kind.COUNTER),
  /** Time writes were stalled or slowed by RocksDB's write controller. */
  ROCKSDB_STALL_MICROS(Kind.COUNTER),
  ROCKSDB_STALL_STOPS(Kind.COUNTER),
  ROCKSDB_STALL_SLOWDOWNS(Kind.COUNTER),
  ROCKSDB_COMPACT_READ_BYTES(Kind.COUNTER),
  ROCKSDB_COMPACT_WRITE_BYTES(Kind.COUNTER),
  /** Seconds since the server started: a value lower than the previous sample's means it restarted in between. */
  UPTIME_S(Kind.GAUGE),
  /**
   * Statements by kind, as the server counted them (MySQL family: Com_select, Com_insert + Com_replace, Com_update,
   * Com_delete): what the self-check compares with the client's operations (docs/results.md, "Self-check").
   */
  SELECT_STATEMENTS(Kind.COUNTER),
  INSERT_STATEMENTS(Kind.COUNTER),
  UPDATE_STATEMENTS(Kind.COUNTER),
  DELETE_STATEMENTS(Kind.COUNTER),
  /**
   * SELECT statements the harness's sampler sent itself (its session's own Com_select): on MySQL the deadlock counter
   * is read from information_schema.INNODB_METRICS, a SELECT that Com_select counts beside the workload's reads. The
   * self-check adds them to the client's side.
   */
  HARNESS_SELECTS(Kind.COUNTER);

  /** How a metric changes on the server. */
  public enum Kind {
    /** Only grows (until a restart): the interval's figure is the difference of two samples. */
    COUNTER,
    /** A current level: the interval's figure is the value at its end. */
    GAUGE
  }

  public final Kind kind;

  ServerMetric(Kind kind) {
    this.kind = kind;
  }

  /** The CSV column: the name in lower case. */
  public String column() {
    return name().toLowerCase(Locale.ROOT);
  }
}
