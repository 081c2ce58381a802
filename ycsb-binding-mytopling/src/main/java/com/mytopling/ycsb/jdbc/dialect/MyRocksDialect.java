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
}
