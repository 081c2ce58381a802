package com.mytopling.ycsb.launcher.client;

import site.ycsb.generator.NumberGenerator;

/**
 * A load's keys in the order the server keeps them ({@code load.keyorder=sorted}): the same keys YCSB's shared counter
 * hands out (key numbers first to first + count - 1), but thread t of T inserts the t-th slice of them in ascending
 * name order, as many as {@link WorkloadRunner#share} gives it. An index fed keys in order appends to its last page
 * instead of splitting pages all over the tree, and a MyRocks bulk-load session gets one sorted range of its own: this
 * is how a dump tool (myloader's files are each sorted by key) outruns the same rows in hash order.
 *
 * <p>Memory stays bounded: the keys are bucketed once by the top 16 bits of their place ({@link KeyNameOrder#place}),
 * counting 8 bytes per bucket; a thread then walks its slice a run of buckets at a time, no more than
 * {@link #CHUNK_KEYS} keys (16 bytes each) unless one bucket alone holds more, rescanning the key numbers for each run.
 */
final class SortedLoadKeys {
  /** Keys a thread holds sorted at once: 8 MiB of places and numbers. */
  static final int CHUNK_KEYS = 1 << 19;
  private static final int BUCKET_SHIFT = 48;
  private static final int BUCKETS = 1 << (64 - BUCKET_SHIFT);

  private final long first;
  private final long count;
  private final KeyNameOrder order;
  /** before[b]: how many keys fall in buckets below b; before[BUCKETS] = count. */
  private final long[] before = new long[BUCKETS + 1];
  private final int chunkKeys;

  /**
   * @param first the load's first key number (insertstart)
   * @param count how many keys it inserts
   * @param order the order of the keys' names
   */
  SortedLoadKeys(long first, long count, KeyNameOrder order) {
    this(first, count, order, CHUNK_KEYS);
  }

  /** As above, holding at most {@code chunkKeys} keys sorted at once (unless one bucket holds more). */
  SortedLoadKeys(long first, long count, KeyNameOrder order, int chunkKeys) {
    this.chunkKeys = chunkKeys;
    this.first = first;
    this.count = count;
    this.order = order;
    for (long k = first; k < first + count; k++) {
      before[bucket(k) + 1]++;
    }
    for (int b = 0; b < BUCKETS; b++) {
      before[b + 1] += before[b];
    }
  }

  private int bucket(long keyNumber) {
    return (int) (order.place(keyNumber) >>> BUCKET_SHIFT);
  }

  /** The key numbers of ranks {@code [from, from + n)} in name order, a chunk at a time. */
  Cursor cursor(long from, long n) {
    return new Cursor(from, n);
  }

  /** One thread's slice. Not thread-safe: one per thread. */
  final class Cursor {
    private long rank;
    private final long end;
    private long[] places = new long[0];
    private long[] numbers = new long[0];
    private int next;
    private int size;
    /** The first bucket not yet read into a chunk. */
    private int bucket;

    private Cursor(long from, long n) {
      rank = from;
      end = from + n;
      bucket = bucketOfRank(from);
    }

    /** True while the slice has keys left. */
    boolean hasNext() {
      return rank < end;
    }

    /** The next key number, in ascending order of the keys' names. */
    long next() {
      if (rank >= end) {
        throw new IllegalStateException("the thread's slice of the load's keys is used up");
      }
      if (next == size) {
        fill();
      }
      rank++;
      return numbers[next++];
    }

    /** Reads the next run of buckets, sorted; skips the ranks before the slice in the first. */
    private void fill() {
      int from = bucket;
      long chunkStart = before[from];
      int to = from + 1;
      while (to < BUCKETS && before[to + 1] - chunkStart <= chunkKeys && before[to] < end) {
        to++;
      }
      int n = (int) (before[to] - chunkStart);
      if (places.length < n) {
        places = new long[n];
        numbers = new long[n];
      }
      int i = 0;
      for (long k = first; k < first + count; k++) {
        long place = order.place(k);
        int b = (int) (place >>> BUCKET_SHIFT);
        if (b >= from && b < to) {
          places[i] = place;
          numbers[i] = k;
          i++;
        }
      }
      order.sort(places, numbers, 0, n);
      next = (int) (rank - chunkStart);
      size = n;
      bucket = to;
    }
  }

  /**
   * The load's key sequence (CoreWorkload's keysequence, which its doInsert and ours draw from) for sorted slices:
   * each client thread draws from the cursor its workload's initThread attached on that thread, so YCSB's own insert
   * (dataintegrity=true) and ours take the same keys.
   */
  static final class Sequence extends NumberGenerator {
    private final ThreadLocal<Cursor> cursor = new ThreadLocal<>();

    /** Makes {@code c} the calling thread's slice. */
    void attach(Cursor c) {
      cursor.set(c);
    }

    @Override
    public Long nextValue() {
      Cursor c = cursor.get();
      if (c == null) {
        throw new IllegalStateException("a load thread drew a key before its workload's initThread gave it a slice");
      }
      long k = c.next();
      setLastValue(k);
      return k;
    }

    @Override
    public double mean() {
      throw new UnsupportedOperationException("a sequence of keys has no mean");
    }
  }

  /** The bucket holding the key of rank r (0-based, r < count). */
  private int bucketOfRank(long r) {
    int lo = 0;
    int hi = BUCKETS - 1;
    // The last bucket b with before[b] <= r.
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (before[mid] <= r) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }
}
