package com.mytopling.ycsb.launcher.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.launcher.client.LeanCoreWorkloadTest.RecordingDb;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import site.ycsb.Utils;
import site.ycsb.measurements.Measurements;
import site.ycsb.workloads.CoreWorkload;

/**
 * load.keyorder=sorted: the names' order computed from numbers is the order of the names themselves (String order,
 * which is the server's binary order for these ASCII names), and the threads' slices together are exactly the keys
 * YCSB's shared counter hands out, each slice ascending and every slice above the one before.
 */
class SortedLoadKeysTest {
  private static Properties load(String... kv) {
    Properties p = new Properties();
    p.setProperty("recordcount", "20000");
    p.setProperty("dotransactions", "false");
    p.setProperty("fieldcount", "2");
    p.setProperty("fieldlength", "8");
    p.setProperty("load.keyorder", "sorted");
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  /** Numbers of every length, with trailing zeros (names that are prefixes of others), hashed, and the extremes. */
  private static long[] numbers() {
    List<Long> l = new ArrayList<>();
    long n = 1;
    for (int i = 0; i < 19; i++, n *= 10) {
      for (long k : new long[] {n - 1, n, n + 7, 12 * (n / 10), 120 * (n / 10)}) {
        if (k >= 0) {
          l.add(k);
        }
      }
    }
    for (long k = 0; k < 3000; k++) {
      l.add(k);
      l.add(Utils.hash(k));
    }
    SplittableRandom r = new SplittableRandom(7);
    for (int i = 0; i < 3000; i++) {
      l.add(r.nextLong() >>> 1);
    }
    l.add(Long.MAX_VALUE);
    l.add(Long.MIN_VALUE);
    return l.stream().mapToLong(Long::longValue).toArray();
  }

  @Test
  void placesSortNamesAsTheServerDoes() throws Exception {
    for (int pad : new int[] {1, 5, 18, 19, 25}) {
      Properties p = load("zeropadding", Integer.toString(pad));
      Measurements.setProperties(p);
      LeanCoreWorkload names = new LeanCoreWorkload();
      names.init(p);
      KeyNameOrder order = new KeyNameOrder(pad, n -> n); // key numbers that are their names' numbers
      long[] numbers = numbers();
      long[] places = new long[numbers.length];
      List<String> expected = new ArrayList<>();
      for (int i = 0; i < numbers.length; i++) {
        places[i] = order.place(numbers[i]);
        expected.add(names.name(numbers[i]));
      }
      expected.sort(String::compareTo);
      order.sort(places, numbers, 0, numbers.length);
      for (int i = 0; i < numbers.length; i++) {
        assertEquals(expected.get(i), names.name(numbers[i]), "zeropadding " + pad + ", position " + i);
        assertEquals(order.place(numbers[i]), places[i], "places move with their numbers");
      }
    }
  }

  /** Chunks far smaller than a slice: every rank once, in order, whichever rank a cursor starts at. */
  @Test
  void cursorsWalkTheirRanksAcrossChunks() {
    KeyNameOrder order = new KeyNameOrder(1, Utils::hash);
    int count = 30_000;
    SortedLoadKeys keys = new SortedLoadKeys(1000, count, order, 700);
    long[] all = new long[count];
    long[] places = new long[count];
    for (int i = 0; i < count; i++) {
      all[i] = 1000 + i;
      places[i] = order.place(all[i]);
    }
    order.sort(places, all, 0, count);
    for (long[] slice : new long[][] {{0, count}, {0, 1}, {12_345, 9_999}, {count - 1, 1}, {17, count - 17}}) {
      SortedLoadKeys.Cursor c = keys.cursor(slice[0], slice[1]);
      for (long r = slice[0]; r < slice[0] + slice[1]; r++) {
        assertTrue(c.hasNext());
        assertEquals(all[(int) r], c.next(), "rank " + r + " of the slice from " + slice[0]);
      }
      assertFalse(c.hasNext());
      assertThrows(IllegalStateException.class, c::next);
    }
  }

  /**
   * The keys of a load through the workload, thread by thread: what YCSB's own class inserts, in slices. With
   * dataintegrity=true (values made from the key, by YCSB's own insert) the same rows, values and all.
   */
  @Test
  void threadsInsertYcsbsKeysInSortedSlices() throws Exception {
    for (Properties p : List.of(load(), load("insertorder", "ordered"), load("insertstart", "5000", "insertcount",
        "7001", "zeropadding", "9"), load("recordcount", "3"),
        load("dataintegrity", "true", "fieldlengthdistribution", "constant", "recordcount", "3000"))) {
      boolean integrity = p.containsKey("dataintegrity");
      Measurements.setProperties(p);
      long count = WorkloadRunner.plannedOperations(p, false);
      TreeSet<String> ycsb = new TreeSet<>();
      CoreWorkload stock = new CoreWorkload();
      stock.init(p);
      RecordingDb stockDb = new RecordingDb();
      Object stockState = stock.initThread(p, 0, 1);
      for (long i = 0; i < count; i++) {
        stock.doInsert(stockDb, stockState);
      }
      stockDb.calls.forEach(c -> ycsb.add(integrity ? c : c.split(" ")[2]));
      assertEquals(count, ycsb.size());
      for (int threads : new int[] {1, 3, 7}) {
        if (threads > count) {
          continue; // WorkloadRunner runs no more threads than inserts
        }
        LeanCoreWorkload lean = new LeanCoreWorkload();
        lean.init(p);
        List<String> all = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
          Object state = lean.initThread(p, t, threads);
          RecordingDb db = new RecordingDb();
          for (long i = 0; i < WorkloadRunner.share(count, threads, t); i++) {
            assertTrue(lean.doInsert(db, state));
          }
          db.calls.forEach(c -> all.add(integrity ? c : c.split(" ")[2]));
        }
        for (int i = 1; i < all.size(); i++) {
          assertTrue(key(all.get(i - 1)).compareTo(key(all.get(i))) < 0,
              "ascending across threads at " + i + " " + p);
        }
        assertEquals(ycsb, new TreeSet<>(all), threads + " threads, " + p);
        assertEquals(count, all.size());
      }
    }
  }

  /** The key of a recorded insert ("INSERT table key values"), or the key itself. */
  private static String key(String call) {
    return call.startsWith("INSERT ") ? call.split(" ")[2] : call;
  }

  /** The run phase ignores load.keyorder: its inserts keep YCSB's numbering (transactioninsertkeysequence). */
  @Test
  void theRunPhaseIsYcsbs() throws Exception {
    Properties run = load("dotransactions", "true", "operationcount", "200", "insertproportion", "0.5",
        "readproportion", "0.5");
    Measurements.setProperties(run);
    for (long seed : new long[] {3, 99}) {
      assertEquals(LeanCoreWorkloadTest.calls(new CoreWorkload(), run, seed, 200),
          LeanCoreWorkloadTest.calls(new LeanCoreWorkload(), run, seed, 200));
    }
  }
}
