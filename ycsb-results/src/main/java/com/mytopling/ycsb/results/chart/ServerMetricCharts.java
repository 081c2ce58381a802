package com.mytopling.ycsb.results.chart;

import com.mytopling.ycsb.core.dialect.ServerMetric;
import com.mytopling.ycsb.results.servermetrics.ServerMetricsFile;
import java.util.List;
import java.util.function.Function;

/** Which server figures are charted together, and how each is derived from a server-metrics.csv row. */
public final class ServerMetricCharts {
  private ServerMetricCharts() {
  }

  /** One line of a chart. */
  public record Line(String label, Function<ServerMetricsFile.Row, Double> value) {
    Double value(ServerMetricsFile.Row row) {
      return value.apply(row);
    }

    static Line rate(String label, ServerMetric metric, double scale) {
      return new Line(label, r -> {
        Double v = r.rate(metric);
        return v == null ? null : v * scale;
      });
    }
  }

  /** The charts, each a group of lines with one unit. */
  public enum Group {
    ROWS("rows", "rows and statements per second", "rows or statements per second",
        Line.rate("rows read", ServerMetric.ROWS_READ, 1), Line.rate("rows inserted", ServerMetric.ROWS_INSERTED, 1),
        Line.rate("rows updated", ServerMetric.ROWS_UPDATED, 1), Line.rate("rows deleted", ServerMetric.ROWS_DELETED, 1),
        Line.rate("statements", ServerMetric.STATEMENTS, 1)),
    CACHE("cache", "buffer pool and block cache reads per second", "reads per second",
        Line.rate("buffer pool read requests", ServerMetric.BUFFER_POOL_READ_REQUESTS, 1),
        Line.rate("buffer pool reads from disk", ServerMetric.BUFFER_POOL_DISK_READS, 1),
        Line.rate("RocksDB block cache hits", ServerMetric.ROCKSDB_BLOCK_CACHE_HITS, 1),
        Line.rate("RocksDB block cache misses", ServerMetric.ROCKSDB_BLOCK_CACHE_MISSES, 1)),
    HIT_RATIO("hit-ratio", "buffer pool hit ratio: read requests served from memory", "percent",
        new Line("buffer pool hit ratio", r -> {
          Long requests = r.values().get(ServerMetric.BUFFER_POOL_READ_REQUESTS);
          Long disk = r.values().get(ServerMetric.BUFFER_POOL_DISK_READS);
          return requests == null || disk == null || requests == 0 ? null : 100.0 * (requests - disk) / requests;
        })),
    SYNCS_AND_WAITS("syncs-waits", "fsyncs, lock waits and deadlocks per second", "per second",
        Line.rate("fsyncs", ServerMetric.FSYNCS, 1), Line.rate("RocksDB WAL syncs", ServerMetric.ROCKSDB_WAL_SYNCS, 1),
        Line.rate("row lock waits", ServerMetric.ROW_LOCK_WAITS, 1),
        Line.rate("deadlocks", ServerMetric.DEADLOCKS, 1)),
    THREADS("threads", "threads running a statement (at each sample)", "threads",
        Line.rate("threads running", ServerMetric.THREADS_RUNNING, 1)),
    STALLS("rocksdb-stalls", "RocksDB write stalls", "per second",
        Line.rate("stall time (ms per s)", ServerMetric.ROCKSDB_STALL_MICROS, 1e-3),
        Line.rate("stops", ServerMetric.ROCKSDB_STALL_STOPS, 1),
        Line.rate("slowdowns", ServerMetric.ROCKSDB_STALL_SLOWDOWNS, 1)),
    COMPACTION("rocksdb-compaction", "RocksDB compaction", "MiB per second",
        Line.rate("compaction read", ServerMetric.ROCKSDB_COMPACT_READ_BYTES, 1.0 / (1 << 20)),
        Line.rate("compaction write", ServerMetric.ROCKSDB_COMPACT_WRITE_BYTES, 1.0 / (1 << 20)));

    /** File-name part. */
    public final String slug;
    public final String title;
    public final String unit;
    public final List<Line> lines;
    final boolean logarithmic = false;

    Group(String slug, String title, String unit, Line... lines) {
      this.slug = slug;
      this.title = title;
      this.unit = unit;
      this.lines = List.of(lines);
    }
  }
}
