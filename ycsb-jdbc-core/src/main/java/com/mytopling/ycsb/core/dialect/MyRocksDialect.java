package com.mytopling.ycsb.core.dialect;

/**
 * MyRocks (MySQL or MariaDB with the RocksDB engine as the default). Same SQL as MySQL, all of
 * it in {@link MySqlDialect}; tables go to ENGINE=ROCKSDB (and so get the key column RocksDB
 * needs, see {@link MySqlDialect#keyType}), and the engine's bulk-load mode is available.
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

  @Override
  public String[] bulkLoadStart() {
    return rocksDbBulkLoadStart();
  }

  @Override
  public String bulkLoadFinish() {
    return rocksDbBulkLoadFinish();
  }
}
