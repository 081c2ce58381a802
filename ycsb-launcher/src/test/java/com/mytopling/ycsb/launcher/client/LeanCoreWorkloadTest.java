package com.mytopling.ycsb.launcher.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.Vector;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.RandomByteIterator;
import site.ycsb.Status;
import site.ycsb.Workload;
import site.ycsb.measurements.Measurements;
import site.ycsb.workloads.CoreWorkload;
import sun.misc.Unsafe;

/**
 * Our core workload chooses what YCSB 0.17's chooses: with the thread's ThreadLocalRandom seeded alike, YCSB's
 * CoreWorkload and LeanCoreWorkload make the same operations on the same keys with the same fields and values,
 * over workload files' settings (request distributions, field counts and lengths, read/write-all-fields, loads);
 * RandomValue gives RandomByteIterator's bytes.
 */
class LeanCoreWorkloadTest {
  private static final Unsafe UNSAFE;
  private static final long SEED;
  private static final long PROBE;

  static {
    try {
      Field f = Unsafe.class.getDeclaredField("theUnsafe");
      f.setAccessible(true);
      UNSAFE = (Unsafe) f.get(null);
      SEED = UNSAFE.objectFieldOffset(Thread.class.getDeclaredField("threadLocalRandomSeed"));
      PROBE = UNSAFE.objectFieldOffset(Thread.class.getDeclaredField("threadLocalRandomProbe"));
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /**
   * One thread for every seeded stream: JDK 17's ThreadLocalRandom steps its seed by an amount that depends on the
   * thread's id, so the same seed gives the same stream only in the same thread.
   */
  private static final ExecutorService WORKER = Executors.newSingleThreadExecutor();

  /** Runs {@code work} in the worker thread with its ThreadLocalRandom set to {@code seed}. */
  private static void seeded(long seed, Runnable work) throws Exception {
    WORKER.submit(() -> {
      UNSAFE.putLong(Thread.currentThread(), SEED, seed);
      UNSAFE.putInt(Thread.currentThread(), PROBE, 1);
      work.run();
      return null;
    }).get();
  }

  /** A database that records every call: operation, key, fields, and each value's text (read as the binding does). */
  static final class RecordingDb extends DB {
    final List<String> calls = new ArrayList<>();

    private static String values(Map<String, ByteIterator> values) {
      StringBuilder s = new StringBuilder();
      for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
        s.append(' ').append(e.getKey()).append('=').append(e.getValue().toString());
      }
      return s.toString();
    }

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
      calls.add("READ " + table + " " + key + " " + (fields == null ? "all" : new TreeSet<>(fields)));
      return Status.OK;
    }

    @Override
    public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                       Vector<HashMap<String, ByteIterator>> result) {
      calls.add("SCAN " + table + " " + startkey + " " + recordcount + " "
          + (fields == null ? "all" : new TreeSet<>(fields)));
      return Status.OK;
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
      calls.add("UPDATE " + table + " " + key + values(values));
      return Status.OK;
    }

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
      calls.add("INSERT " + table + " " + key + values(values));
      return Status.OK;
    }

    @Override
    public Status delete(String table, String key) {
      calls.add("DELETE " + key);
      return Status.OK;
    }
  }

  private static Properties props(String... kv) {
    Properties p = new Properties();
    p.setProperty("recordcount", "100000");
    p.setProperty("operationcount", "2000");
    p.setProperty("readproportion", "0.5");
    p.setProperty("updateproportion", "0.5");
    p.setProperty("scanproportion", "0");
    p.setProperty("insertproportion", "0");
    p.setProperty("requestdistribution", "zipfian");
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  /** What a workload does with the seeded random stream: {@code ops} transactions, or loads when ops < 0. */
  static List<String> calls(Workload w, Properties p, long seed, int ops) throws Exception {
    w.init(p);
    RecordingDb db = new RecordingDb();
    seeded(seed, () -> {
      try {
        Object state = w.initThread(p, 0, 1);
        for (int i = 0; i < Math.abs(ops); i++) {
          if (ops < 0) {
            w.doInsert(db, state);
          } else {
            w.doTransaction(db, state);
          }
        }
      } catch (Exception e) {
        throw new RuntimeException(e);
      }
    });
    return db.calls;
  }

  private static void sameAsYcsb(Properties p, int ops) throws Exception {
    Measurements.setProperties(p);
    for (long seed : new long[] {1, 42, 0x5DEECE66DL}) {
      List<String> stock = calls(new CoreWorkload(), p, seed, ops);
      List<String> lean = calls(new LeanCoreWorkload(), p, seed, ops);
      assertTrue(stock.size() >= Math.abs(ops), "a call or two per operation");
      assertEquals(stock.size(), lean.size());
      for (int i = 0; i < stock.size(); i++) {
        assertEquals(stock.get(i), lean.get(i), "call " + i + " with seed " + seed + " and " + p);
      }
    }
  }

  @Test
  void workloadAMakesTheSameOperationsKeysFieldsAndValues() throws Exception {
    sameAsYcsb(props(), 2000);
  }

  @Test
  void otherWorkloadFilesSettingsToo() throws Exception {
    sameAsYcsb(props("readallfields", "false", "fieldcount", "7", "fieldlength", "37"), 2000);
    sameAsYcsb(props("writeallfields", "true", "fieldlengthdistribution", "uniform", "fieldlength", "200"), 1000);
    sameAsYcsb(props("requestdistribution", "uniform", "readproportion", "0.95", "updateproportion", "0.05"), 2000);
    sameAsYcsb(props("requestdistribution", "latest", "readproportion", "0.5", "updateproportion", "0.2",
        "insertproportion", "0.3"), 2000);
    sameAsYcsb(props("readproportion", "0.05", "updateproportion", "0", "scanproportion", "0.95",
        "maxscanlength", "100"), 1000);
    sameAsYcsb(props("readproportion", "0.5", "updateproportion", "0", "readmodifywriteproportion", "0.5"), 1000);
    sameAsYcsb(props("insertorder", "ordered", "zeropadding", "12"), 1000);
    sameAsYcsb(props("requestdistribution", "hotspot"), 1000);
    sameAsYcsb(props("requestdistribution", "exponential"), 1000);
  }

  @Test
  void loadsInsertTheSameRows() throws Exception {
    sameAsYcsb(props(), -2000);
    sameAsYcsb(props("insertorder", "ordered", "insertstart", "5000", "fieldcount", "3"), -500);
    sameAsYcsb(props("zeropadding", "25"), -200);
  }

  /** Key names for numbers of every length, hashed and ordered, with and without zero padding. */
  @Test
  void keyNamesAreYcsbs() throws Exception {
    for (String order : List.of("hashed", "ordered")) {
      for (String pad : List.of("1", "8", "21")) {
        Properties p = props("insertorder", order, "zeropadding", pad);
        Measurements.setProperties(p);
        KeyNames stock = new KeyNames();
        stock.init(p);
        LeanCoreWorkload lean = new LeanCoreWorkload();
        lean.init(p);
        long n = 1;
        for (int i = 0; i < 19; i++, n *= 10) {
          for (long k : new long[] {n - 1, n, n + 7, -n}) {
            assertEquals(stock.name(k), lean.buildKeyName(k), order + " " + pad + " " + k);
          }
        }
        assertEquals(stock.name(Long.MAX_VALUE), lean.buildKeyName(Long.MAX_VALUE));
        assertEquals(stock.name(Long.MIN_VALUE), lean.buildKeyName(Long.MIN_VALUE));
      }
    }
  }

  private static final class KeyNames extends CoreWorkload {
    String name(long k) {
      return buildKeyName(k);
    }
  }

  /**
   * Each way of reading a value gives RandomByteIterator's bytes: by toString (the one we make faster), toArray,
   * byte by byte, by buffer, one after another in one stream.
   */
  @Test
  void valuesAreRandomByteIteratorsBytes() throws Exception {
    for (long len : new long[] {0, 1, 5, 6, 7, 100, 1000}) {
      for (long seed : new long[] {len, 1000 + len}) {
        List<String> stock = new ArrayList<>();
        List<String> lean = new ArrayList<>();
        seeded(seed, () -> {
          stock.add(new RandomByteIterator(len).toString());
          stock.add(new String(new RandomByteIterator(len).toArray(), java.nio.charset.StandardCharsets.ISO_8859_1));
          stock.add(byteByByte(new RandomByteIterator(len)));
          stock.add(bufferWise(new RandomByteIterator(len)));
        });
        seeded(seed, () -> {
          lean.add(new RandomValue(len).toString());
          lean.add(new String(new RandomValue(len).toArray(), java.nio.charset.StandardCharsets.ISO_8859_1));
          lean.add(byteByByte(new RandomValue(len)));
          lean.add(bufferWise(new RandomValue(len)));
        });
        assertEquals(len, stock.get(0).length());
        assertEquals(len, stock.get(2).length());
        assertEquals(stock, lean, "length " + len + ", seed " + seed);
      }
    }
  }

  private static String byteByByte(ByteIterator it) {
    StringBuilder s = new StringBuilder();
    while (it.hasNext()) {
      s.append((char) it.nextByte());
    }
    return s.toString();
  }

  private static String bufferWise(ByteIterator it) {
    byte[] b = new byte[(int) it.bytesLeft()];
    int off = 0;
    while (off < b.length) {
      off = it.nextBuf(b, off);
    }
    return new String(b, java.nio.charset.StandardCharsets.ISO_8859_1);
  }

  /** The alphabet: every byte in 32..127, and all 96 of them occur (as in YCSB's values). */
  @Test
  void valuesUseYcsbsAlphabet() throws Exception {
    int[] counts = new int[256];
    seeded(99, () -> {
      for (int i = 0; i < 2000; i++) {
        for (byte b : new RandomValue(100).toArray()) {
          counts[b & 0xff]++;
        }
      }
    });
    for (int c = 0; c < 256; c++) {
      if (c >= 32 && c <= 127) {
        assertTrue(counts[c] > 0, "byte " + c + " occurs");
      } else {
        assertEquals(0, counts[c], "byte " + c);
      }
    }
  }

  /** YCSB's class by either name runs ours unless workload.stock=true; other classes run as named. */
  @Test
  void theStockClassStaysSelectable() throws Exception {
    Properties p = new Properties();
    assertEquals(LeanCoreWorkload.class, ClientCoreWorkload.runClass(CoreWorkload.class, p));
    assertEquals(LeanCoreWorkload.class,
        ClientCoreWorkload.runClass(com.yahoo.ycsb.workloads.CoreWorkload.class, p));
    assertEquals(com.mytopling.ycsb.fileloader.FileWorkload.class,
        ClientCoreWorkload.runClass(com.mytopling.ycsb.fileloader.FileWorkload.class, p));
    p.setProperty("workload.stock", "true");
    assertEquals(ClientCoreWorkload.class, ClientCoreWorkload.runClass(CoreWorkload.class, p));
    assertEquals(ClientCoreWorkload.class,
        ClientCoreWorkload.runClass(com.yahoo.ycsb.workloads.CoreWorkload.class, p));
    p.setProperty("workload.stock", "yes");
    assertThrows(com.mytopling.ycsb.core.ConfigException.class, () -> ClientCoreWorkload.runClass(CoreWorkload.class, p));
  }

  /** Under scale-out both classes give the run-phase inserts the same client's own keys (ClientKeys). */
  @Test
  void theSameCallsAsTheStockClassForOneClientOfSeveral() throws Exception {
    Properties p = props("requestdistribution", "latest", "readproportion", "0.5", "updateproportion", "0.2",
        "insertproportion", "0.3", "scaleout.clients", "4", "scaleout.client", "2");
    Measurements.setProperties(p);
    for (long seed : new long[] {7, 8}) {
      List<String> stock = calls(new ClientCoreWorkload(), p, seed, 2000);
      List<String> lean = calls(new LeanCoreWorkload(), p, seed, 2000);
      assertEquals(stock, lean, "seed " + seed);
      assertTrue(stock.stream().anyMatch(c -> c.startsWith("INSERT ")), "inserts made");
    }
  }
}
