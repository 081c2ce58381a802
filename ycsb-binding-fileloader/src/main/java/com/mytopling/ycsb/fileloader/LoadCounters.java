package com.mytopling.ycsb.fileloader;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/** What happened to the file's records and to the writes made with them; shared by all threads. */
public final class LoadCounters {
  final LongAdder delivered = new LongAdder();
  final LongAdder malformed = new LongAdder();
  final LongAdder duplicates = new LongAdder();
  final LongAdder truncatedValues = new LongAdder();
  final LongAdder insertsOk = new LongAdder();
  final LongAdder insertsFailed = new LongAdder();
  final LongAdder updatesOk = new LongAdder();
  final LongAdder updatesFailed = new LongAdder();
  final LongAdder valueChars = new LongAdder();
  final LongAdder wraps = new LongAdder();
  /** Uncompressed bytes of the file up to the end of the last record handed out. */
  final AtomicLong inputBytes = new AtomicLong();

  public long delivered() {
    return delivered.sum();
  }

  public long malformed() {
    return malformed.sum();
  }

  public long duplicates() {
    return duplicates.sum();
  }

  public long truncatedValues() {
    return truncatedValues.sum();
  }

  public long insertsOk() {
    return insertsOk.sum();
  }

  public long insertsFailed() {
    return insertsFailed.sum();
  }

  public long updatesOk() {
    return updatesOk.sum();
  }

  public long updatesFailed() {
    return updatesFailed.sum();
  }

  public long valueChars() {
    return valueChars.sum();
  }

  public long wraps() {
    return wraps.sum();
  }

  public long inputBytes() {
    return inputBytes.get();
  }
}
