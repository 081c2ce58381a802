package com.mytopling.ycsb.jdbc;

/**
 * Maps a key to a shard with a hash that is the same on every JVM, version and run (FNV-1a
 * over the key's UTF-16 units), so that a run phase finds the rows where the load put them
 * and two client processes agree.
 */
public final class ShardRouter {
  private static final long FNV_OFFSET = 0xcbf29ce484222325L;
  private static final long FNV_PRIME = 0x100000001b3L;

  private final int shards;

  public ShardRouter(int shards) {
    this.shards = shards;
  }

  public int shard(String key) {
    if (shards == 1) {
      return 0;
    }
    long h = FNV_OFFSET;
    for (int i = 0; i < key.length(); i++) {
      h ^= key.charAt(i);
      h *= FNV_PRIME;
    }
    return (int) Long.remainderUnsigned(h, shards);
  }
}
