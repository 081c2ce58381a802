package com.mytopling.ycsb.core.dialect;

import java.util.List;

/**
 * A table's size on disk as the server reports it.
 *
 * @param engine storage engine (InnoDB, ROCKSDB, ...) or the server product when engines do not apply
 * @param dataBytes data (InnoDB clustered index, RocksDB SST bytes attributed to the table)
 * @param indexBytes secondary indexes; 0 where the engine does not separate them
 * @param method how the figure was obtained, for the report
 * @param notes caveats worth printing with the figure
 */
public record TableSize(String engine, long dataBytes, long indexBytes, String method, List<String> notes) {
  public long totalBytes() {
    return dataBytes + indexBytes;
  }
}
