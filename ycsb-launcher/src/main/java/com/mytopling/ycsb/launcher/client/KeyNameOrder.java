package com.mytopling.ycsb.launcher.client;

import java.util.function.LongUnaryOperator;

/**
 * The order of YCSB's key names ("user", zero padding, the number the name spells, in decimal) as the server sorts
 * them (binary, byte by byte), computed from key numbers without making the names.
 *
 * <p>Every name shares the prefix "user", so two names compare as their padded decimal digits do. Padded to the same
 * width W on the right, a digit string of length L is the number {@code n * 10^(W - L)}; with W = 19 (the most digits
 * a long has) that fits an unsigned long. Equal values then differ only in trailing zeros ("12" and "120"), where the
 * shorter name, a prefix of the longer, sorts first. With zeropadding of 19 or more every name has the same length
 * and the numbers' own order is the names' order.
 */
final class KeyNameOrder {
  private static final int WIDTH = 19;
  private static final long[] POWERS = new long[WIDTH + 1];

  static {
    POWERS[0] = 1;
    for (int i = 1; i <= WIDTH; i++) {
      POWERS[i] = POWERS[i - 1] * 10; // 10^19 overflows into the sign bit: read as unsigned
    }
  }

  private final int zeroPadding;
  private final LongUnaryOperator nameNumber;

  /**
   * @param zeroPadding YCSB's zeropadding
   * @param nameNumber a key number to the number its name spells (the client's numbering, then YCSB's hash unless
   *     insertorder=ordered)
   */
  KeyNameOrder(int zeroPadding, LongUnaryOperator nameNumber) {
    this.zeroPadding = zeroPadding;
    this.nameNumber = nameNumber;
  }

  /**
   * The place of key number k's name, unsigned: names in ascending order have non-decreasing places; equal places
   * are told apart by {@link #compare}.
   */
  long place(long k) {
    return placeOfName(nameNumber.applyAsLong(k));
  }

  /** A negative number (Long.toString's '-' sorts below every digit) has place 0, as has 0. */
  private long placeOfName(long n) {
    if (n < 0) {
      return 0;
    }
    if (zeroPadding >= WIDTH) {
      return n;
    }
    return n * POWERS[WIDTH - length(n)];
  }

  /** The name's digits with its zero padding. */
  private int length(long n) {
    return Math.max(zeroPadding, LeanCoreWorkload.digits(n));
  }

  /** Compares the names of key numbers ka and kb (whose places are pa and pb) as the server compares them. */
  int compare(long pa, long ka, long pb, long kb) {
    int c = Long.compareUnsigned(pa, pb);
    if (c != 0 || ka == kb) {
      return c;
    }
    // Equal places (rare: names that differ in trailing zeros, or place 0): the names' numbers decide.
    return compareNames(nameNumber.applyAsLong(ka), nameNumber.applyAsLong(kb));
  }

  private int compareNames(long a, long b) {
    if (a < 0 || b < 0) {
      // Only Long.MIN_VALUE can be negative (YCSB's hash is Math.abs of a long): its '-' sorts below any digit.
      return a < 0 && b < 0 ? Long.compare(a, b) : (a < 0 ? -1 : 1);
    }
    int c = Long.compareUnsigned(placeOfName(a), placeOfName(b));
    if (c != 0 || a == b) {
      return c;
    }
    return Integer.compare(zeroPadding >= WIDTH ? 0 : length(a), zeroPadding >= WIDTH ? 0 : length(b));
  }

  /**
   * Sorts key numbers {@code numbers[from, to)} into name order, moving {@code places} along with them (places as
   * {@link #place} gives them): a quicksort on the two arrays that allocates nothing.
   */
  void sort(long[] places, long[] numbers, int from, int to) {
    while (to - from > 24) {
      int mid = (from + to) >>> 1;
      // Median of three as the pivot, moved to `from`.
      int lo = from;
      int hi = to - 1;
      if (cmp(places, numbers, mid, lo) < 0) {
        swap(places, numbers, mid, lo);
      }
      if (cmp(places, numbers, hi, lo) < 0) {
        swap(places, numbers, hi, lo);
      }
      if (cmp(places, numbers, hi, mid) < 0) {
        swap(places, numbers, hi, mid);
      }
      swap(places, numbers, from, mid);
      long pp = places[from];
      long pn = numbers[from];
      int i = from;
      int j = to;
      while (true) {
        do {
          i++;
        } while (i < to && compare(places[i], numbers[i], pp, pn) < 0);
        do {
          j--;
        } while (compare(places[j], numbers[j], pp, pn) > 0);
        if (i >= j) {
          break;
        }
        swap(places, numbers, i, j);
      }
      swap(places, numbers, from, j);
      // Recurse into the smaller side, loop on the larger: the stack stays O(log n).
      if (j - from < to - j - 1) {
        sort(places, numbers, from, j);
        from = j + 1;
      } else {
        sort(places, numbers, j + 1, to);
        to = j;
      }
    }
    for (int i = from + 1; i < to; i++) {
      long p = places[i];
      long n = numbers[i];
      int j = i - 1;
      while (j >= from && compare(places[j], numbers[j], p, n) > 0) {
        places[j + 1] = places[j];
        numbers[j + 1] = numbers[j];
        j--;
      }
      places[j + 1] = p;
      numbers[j + 1] = n;
    }
  }

  private int cmp(long[] places, long[] numbers, int i, int j) {
    return compare(places[i], numbers[i], places[j], numbers[j]);
  }

  private static void swap(long[] places, long[] numbers, int i, int j) {
    long p = places[i];
    places[i] = places[j];
    places[j] = p;
    long n = numbers[i];
    numbers[i] = numbers[j];
    numbers[j] = n;
  }
}
