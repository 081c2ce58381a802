package com.mytopling.ycsb.jdbc.bulk;

/**
 * Sorts the rows of a batch by key without moving them: fills a permutation of row indexes in
 * ascending key order ({@link String#compareTo}, i.e. UTF-16 code unit order, which equals the
 * server's binary collation order for the ASCII keys YCSB makes). A merge sort over int arrays
 * that are allocated once per buffer, so sorting a batch allocates nothing.
 */
public final class KeyOrder {
  private int[] scratch;

  public KeyOrder(int capacity) {
    scratch = new int[Math.max(1, capacity)];
  }

  /** Fills {@code order[0..rows)} with row indexes sorted by {@code keys[index]}; stable. */
  public void sort(String[] keys, int rows, int[] order) {
    if (scratch.length < rows) {
      scratch = new int[rows];
    }
    for (int i = 0; i < rows; i++) {
      order[i] = i;
    }
    // Rows that already arrive in order (insertorder=ordered) cost one comparison each.
    boolean sorted = true;
    for (int i = 1; i < rows && sorted; i++) {
      sorted = keys[i - 1].compareTo(keys[i]) <= 0;
    }
    if (!sorted) {
      mergeSort(keys, order, scratch, 0, rows);
    }
  }

  private static void mergeSort(String[] keys, int[] a, int[] tmp, int from, int to) {
    int n = to - from;
    if (n < 2) {
      return;
    }
    if (n <= 16) {
      for (int i = from + 1; i < to; i++) {
        int v = a[i];
        int j = i - 1;
        while (j >= from && keys[a[j]].compareTo(keys[v]) > 0) {
          a[j + 1] = a[j];
          j--;
        }
        a[j + 1] = v;
      }
      return;
    }
    int mid = (from + to) >>> 1;
    mergeSort(keys, a, tmp, from, mid);
    mergeSort(keys, a, tmp, mid, to);
    if (keys[a[mid - 1]].compareTo(keys[a[mid]]) <= 0) {
      return;
    }
    System.arraycopy(a, from, tmp, from, n);
    int i = from;
    int j = mid;
    for (int k = from; k < to; k++) {
      if (j >= to || (i < mid && keys[tmp[i]].compareTo(keys[tmp[j]]) <= 0)) {
        a[k] = tmp[i++];
      } else {
        a[k] = tmp[j++];
      }
    }
  }
}
