package com.mytopling.ycsb.fileloader;

/**
 * The keys seen so far, as 64-bit fingerprints in an open-addressing table: about 16 bytes per
 * key instead of a String each, so that the 7.9 million reviews fit a small heap. Two different
 * keys share a fingerprint with probability about n^2 / 2^65 (2e-6 for 8 million keys); such a
 * pair would be counted as a duplicate. Not thread-safe: used under the record source's lock.
 */
public final class KeyFingerprints {
  private long[] slots = new long[1 << 16];
  private int size;

  /** Adds the key; false when it was already there. */
  public boolean add(String key) {
    long fp = fingerprint(key);
    if (size * 2 >= slots.length) {
      grow();
    }
    return insert(slots, fp);
  }

  private boolean insert(long[] table, long fp) {
    int mask = table.length - 1;
    int i = (int) (fp ^ (fp >>> 32)) & mask;
    while (true) {
      long s = table[i];
      if (s == 0) {
        table[i] = fp;
        if (table == slots) {
          size++;
        }
        return true;
      }
      if (s == fp) {
        return false;
      }
      i = (i + 1) & mask;
    }
  }

  private void grow() {
    long[] bigger = new long[slots.length * 2];
    for (long s : slots) {
      if (s != 0) {
        insert(bigger, s);
      }
    }
    slots = bigger;
  }

  public int size() {
    return size;
  }

  /** FNV-1a over the characters, then a 64-bit finaliser so that all bits depend on all chars. */
  static long fingerprint(String key) {
    long h = 0xcbf29ce484222325L;
    for (int i = 0; i < key.length(); i++) {
      h ^= key.charAt(i);
      h *= 0x100000001b3L;
    }
    h ^= key.length();
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    h ^= h >>> 33;
    h *= 0xc4ceb9fe1a85ec53L;
    h ^= h >>> 33;
    // 0 marks an empty slot.
    return h == 0 ? 1 : h;
  }
}
