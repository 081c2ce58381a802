package com.mytopling.ycsb.fileloader;

import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A site.ycsb.DB in memory: a table shared by all instances of one test, refusing a second insert
 * of a key (as a primary key would) unless db.upsert=true, and counting every call.
 */
public final class MemoryDb extends DB {
  static final Map<String, Map<String, String>> ROWS = new ConcurrentHashMap<>();
  static final AtomicLong INSERT_CALLS = new AtomicLong();
  static final AtomicLong UPDATE_CALLS = new AtomicLong();
  static final AtomicLong READ_CALLS = new AtomicLong();

  static void reset() {
    ROWS.clear();
    INSERT_CALLS.set(0);
    UPDATE_CALLS.set(0);
    READ_CALLS.set(0);
  }

  private static Map<String, String> strings(Map<String, ByteIterator> values) {
    Map<String, String> m = new HashMap<>();
    values.forEach((k, v) -> m.put(k, v.toString()));
    return m;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    INSERT_CALLS.incrementAndGet();
    boolean upsert = Boolean.parseBoolean(getProperties().getProperty("db.upsert", "false"));
    if (upsert) {
      ROWS.put(key, strings(values));
      return Status.OK;
    }
    return ROWS.putIfAbsent(key, strings(values)) == null ? Status.OK : Status.ERROR;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    UPDATE_CALLS.incrementAndGet();
    Map<String, String> row = ROWS.get(key);
    if (row == null) {
      return Status.NOT_FOUND;
    }
    synchronized (row) {
      row.putAll(strings(values));
    }
    return Status.OK;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    READ_CALLS.incrementAndGet();
    return ROWS.containsKey(key) ? Status.OK : Status.NOT_FOUND;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    return Status.OK;
  }

  @Override
  public Status delete(String table, String key) {
    return ROWS.remove(key) != null ? Status.OK : Status.NOT_FOUND;
  }
}
