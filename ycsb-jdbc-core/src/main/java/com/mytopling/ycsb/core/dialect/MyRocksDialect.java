package com.mytopling.ycsb.core.dialect;

/**
 * MyRocks (MySQL or MariaDB with the RocksDB engine as the default). Same SQL as MySQL; tables
 * go to ENGINE=ROCKSDB (and so get the key column RocksDB needs, see
 * {@link MySqlDialect#keyType}), and the engine's bulk-load mode is available.
 */
public class MyRocksDialect extends MySqlDialect {
  @Override
  public String name() {
    return "myrocks";
  }

  @Override
  public String defaultEngine() {
    return ROCKSDB;
  }

  /**
   * MyRocks bulk load: rows go to SST files that are ingested into the bottom level, unique
   * checks are off and the engine commits every rocksdb_bulk_load_size rows. The unsorted
   * variant can only be set while bulk load is off, so it comes first; YCSB's hashed keys
   * arrive in random order.
   */
  @Override
  public String[] bulkLoadStart() {
    return new String[] {"SET SESSION rocksdb_bulk_load_allow_unsorted=1", "SET SESSION rocksdb_bulk_load=1"};
  }

  /** Turning bulk load off ingests what is still pending; an error here means rows were lost. */
  @Override
  public String bulkLoadFinish() {
    return "SET SESSION rocksdb_bulk_load=0";
  }
}
