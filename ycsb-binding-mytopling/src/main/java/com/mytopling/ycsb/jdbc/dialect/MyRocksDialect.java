package com.mytopling.ycsb.jdbc.dialect;

/**
 * MyRocks (MySQL or MariaDB with the RocksDB engine). Same SQL as MySQL; the table goes to
 * ENGINE=ROCKSDB and the key column is a one-byte binary string that fits MyRocks' key limit.
 */
public class MyRocksDialect extends MySqlDialect {
  @Override
  public String name() {
    return "myrocks";
  }

  /**
   * MyRocks limits index keys to 767 bytes unless rocksdb_large_prefix is on, and 255 utf8mb4
   * characters take 1020; YCSB keys are ASCII, so a one-byte binary collation keeps 255 characters.
   */
  @Override
  protected String keyType() {
    return "VARCHAR(255) CHARACTER SET latin1 COLLATE latin1_bin";
  }

  @Override
  public String defaultEngine() {
    return "ROCKSDB";
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
