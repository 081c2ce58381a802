package com.mytopling.ycsb.launcher.client;

import java.nio.charset.StandardCharsets;
import site.ycsb.RandomByteIterator;

/**
 * YCSB's random field value (RandomByteIterator: the same draws from the thread's ThreadLocalRandom at the same
 * moments, the same bytes, all in 32..127) whose {@link #toString()}, what the binding calls, costs what the bytes
 * cost: YCSB's looks the UTF-8 charset up by name and decodes through a CharBuffer on every call, which a profile put
 * at 5% of a run's client-thread CPU. The bytes are ASCII, so the Latin-1 String made from them is the same text as
 * YCSB's UTF-8 decoding (LeanCoreWorkloadTest compares them).
 */
final class RandomValue extends RandomByteIterator {
  RandomValue(long len) {
    super(len);
  }

  /** The bytes not read yet, as text; reads them all (as YCSB's toString does). */
  @Override
  public String toString() {
    return new String(toArray(), StandardCharsets.ISO_8859_1);
  }
}
