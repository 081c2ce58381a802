package com.mytopling.ycsb.core.dialect;

/**
 * MyTopling: the MyRocks SQL layer on ToplingDB. The SQL and engine name are MyRocks'; the
 * dialect exists so results name the target correctly and ToplingDB-specific session settings
 * have one place to live.
 */
public class MyToplingDialect extends MyRocksDialect {
  @Override
  public String name() {
    return "mytopling";
  }
}
