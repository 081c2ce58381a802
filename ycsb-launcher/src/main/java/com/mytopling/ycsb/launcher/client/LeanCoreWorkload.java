package com.mytopling.ycsb.launcher.client;

import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.Utils;
import site.ycsb.WorkloadException;
import site.ycsb.generator.ExponentialGenerator;
import site.ycsb.generator.ScrambledZipfianGenerator;
import site.ycsb.generator.ZipfianGenerator;

/**
 * YCSB's core workload (site.ycsb.workloads.CoreWorkload 0.17.0, with this client's own run-phase insert keys:
 * {@link ClientCoreWorkload}) with its per-operation overhead taken out of the reads, updates and inserts: the
 * launcher's default for workload files that name the core workload ({@code workload.stock=true} runs YCSB's own
 * methods instead; README).
 *
 * <p>It chooses exactly what YCSB chooses: every random choice is the same draw from the thread's ThreadLocalRandom,
 * in the same order, through the same arithmetic, so one seed gives the same operations, keys, fields and values
 * (LeanCoreWorkloadTest runs both against a recording database). What it leaves out is work that is not the choice:
 * <ul>
 *   <li>the operation: weights summed once instead of twice per operation through iterators;</li>
 *   <li>the key (request distribution zipfian, YCSB's scrambled zipfian): the generator's constants read from YCSB's
 *       own generator once; per operation no Math.pow(0.5, theta) (a constant), no boxed Long, no write of a "last
 *       value" shared by all threads;</li>
 *   <li>the key's name: "user", zero padding and the hashed number's digits written into one array, where YCSB
 *       makes a String of the number and concatenates through two StringBuilders;</li>
 *   <li>values: {@link RandomValue} (YCSB's bytes, made in one pass, a String without a charset lookup);</li>
 *   <li>maps: a read's result map and an update's value map are the thread's own, cleared per operation (the
 *       binding copies what it needs during the call); inserts keep a new map each, as YCSB's retries and the
 *       binding's insert batches rely on.</li>
 * </ul>
 * With dataintegrity=true, and for scans, read-modify-writes and inserts of the run phase, YCSB's own methods run.
 */
public class LeanCoreWorkload extends ClientCoreWorkload {
  private boolean lean;
  private boolean dataIntegrity;
  private List<String> fieldNames;
  private List<Set<String>> singleFields;
  private String[] operations;
  private double[] weights;
  private double weightSum;
  private long fieldInterval;
  private ZipfianKeys zipfian;

  /** Per client thread: the maps it reuses. */
  static final class ThreadMaps {
    final HashMap<String, ByteIterator> cells = new HashMap<>();
    final HashMap<String, ByteIterator> values = new HashMap<>();
  }

  @Override
  public void init(Properties p) throws WorkloadException {
    super.init(p);
    dataIntegrity = Boolean.parseBoolean(p.getProperty(DATA_INTEGRITY_PROPERTY, DATA_INTEGRITY_PROPERTY_DEFAULT));
    lean = !dataIntegrity;
    String prefix = p.getProperty(FIELD_NAME_PREFIX, FIELD_NAME_PREFIX_DEFAULT);
    fieldNames = new ArrayList<>();
    singleFields = new ArrayList<>();
    for (int i = 0; i < fieldcount; i++) {
      fieldNames.add(prefix + i);
      singleFields.add(Set.of(prefix + i));
    }
    fieldInterval = fieldcount; // YCSB's fieldchooser: UniformLongGenerator(0, fieldcount - 1)
    operationWeights(p);
    zipfian = keychooser instanceof ScrambledZipfianGenerator s ? ZipfianKeys.of(s) : null;
  }

  /** The operation weights in the order YCSB adds them (createOperationGenerator), those above 0 only. */
  private void operationWeights(Properties p) {
    String[][] order = {{READ_PROPORTION_PROPERTY, READ_PROPORTION_PROPERTY_DEFAULT, "READ"},
        {UPDATE_PROPORTION_PROPERTY, UPDATE_PROPORTION_PROPERTY_DEFAULT, "UPDATE"},
        {INSERT_PROPORTION_PROPERTY, INSERT_PROPORTION_PROPERTY_DEFAULT, "INSERT"},
        {SCAN_PROPORTION_PROPERTY, SCAN_PROPORTION_PROPERTY_DEFAULT, "SCAN"},
        {READMODIFYWRITE_PROPORTION_PROPERTY, READMODIFYWRITE_PROPORTION_PROPERTY_DEFAULT, "READMODIFYWRITE"}};
    List<String> names = new ArrayList<>();
    List<Double> w = new ArrayList<>();
    for (String[] o : order) {
      double v = Double.parseDouble(p.getProperty(o[0], o[1]));
      if (v > 0) {
        names.add(o[2]);
        w.add(v);
      }
    }
    operations = names.toArray(new String[0]);
    weights = w.stream().mapToDouble(Double::doubleValue).toArray();
    double sum = 0;
    for (double v : weights) {
      sum += v;
    }
    weightSum = sum;
  }

  @Override
  public Object initThread(Properties p, int mythreadid, int threadcount) throws WorkloadException {
    return new ThreadMaps();
  }

  /** YCSB's DiscreteGenerator: one uniform double walked down the normalised weights, in the same arithmetic. */
  String nextOperation() {
    double val = ThreadLocalRandom.current().nextDouble();
    for (int i = 0; i < weights.length; i++) {
      double pw = weights[i] / weightSum;
      if (val < pw) {
        return operations[i];
      }
      val -= pw;
    }
    throw new AssertionError("no operation for the draw: the weights do not sum to their sum");
  }

  /** YCSB's field chooser: UniformLongGenerator(0, fieldcount - 1). */
  int nextField() {
    return (int) (Math.abs(ThreadLocalRandom.current().nextLong()) % fieldInterval);
  }

  /** YCSB's nextKeynum, without boxing for the scrambled zipfian distribution. */
  long nextKey() {
    long keynum;
    if (zipfian != null) {
      do {
        keynum = (int) zipfian.next();
      } while (keynum > transactioninsertkeysequence.lastValue());
    } else if (keychooser instanceof ExponentialGenerator) {
      do {
        keynum = transactioninsertkeysequence.lastValue() - keychooser.nextValue().intValue();
      } while (keynum < 0);
    } else {
      do {
        keynum = keychooser.nextValue().intValue();
      } while (keynum > transactioninsertkeysequence.lastValue());
    }
    return keynum;
  }

  /** YCSB's key name ("user", zero padding to zeropadding digits, the hashed number), written in one array. */
  @Override
  protected String keyName(long keynum) {
    long n = orderedinserts ? keynum : Utils.hash(keynum);
    int digits = digits(n);
    int pad = Math.max(0, zeropadding - digits);
    byte[] b = new byte[4 + pad + digits];
    b[0] = 'u';
    b[1] = 's';
    b[2] = 'e';
    b[3] = 'r';
    int end = b.length;
    for (int i = 4; i < 4 + pad; i++) {
      b[i] = '0';
    }
    if (n < 0) {
      // Long.toString's sign (YCSB's hash is never negative; an ordered key could be).
      return "user" + "0".repeat(pad) + n;
    }
    for (int i = end - 1; i >= 4 + pad; i--) {
      b[i] = (byte) ('0' + n % 10);
      n /= 10;
    }
    return new String(b, StandardCharsets.ISO_8859_1);
  }

  /** Decimal digits of a non-negative number (the sign of a negative one is Long.toString's, handled apart). */
  static int digits(long n) {
    if (n < 0) {
      return Long.toString(n).length();
    }
    int d = 1;
    for (long p = 10; d < 19 && n >= p; p *= 10) {
      d++;
    }
    return d;
  }

  @Override
  public boolean doTransaction(DB db, Object threadstate) {
    if (!lean || !(threadstate instanceof ThreadMaps maps)) {
      return super.doTransaction(db, threadstate);
    }
    switch (nextOperation()) {
      case "READ":
        read(db, maps);
        break;
      case "UPDATE":
        update(db, maps);
        break;
      case "INSERT":
        doTransactionInsert(db);
        break;
      case "SCAN":
        doTransactionScan(db);
        break;
      default:
        doTransactionReadModifyWrite(db);
    }
    return true;
  }

  private Status read(DB db, ThreadMaps maps) {
    String key = buildKeyName(nextKey());
    Set<String> fields = readallfields ? null : singleFields.get(nextField());
    HashMap<String, ByteIterator> cells = maps.cells;
    cells.clear();
    return db.read(table, key, fields, cells);
  }

  private Status update(DB db, ThreadMaps maps) {
    String key = buildKeyName(nextKey());
    if (writeallfields) {
      return db.update(table, key, values());
    }
    HashMap<String, ByteIterator> values = maps.values;
    values.clear();
    String field = fieldNames.get(nextField());
    values.put(field, new RandomValue(fieldlengthgenerator.nextValue().intValue()));
    return db.update(table, key, values);
  }

  /** Every field with a random value, in a new map (YCSB's buildValues). */
  private HashMap<String, ByteIterator> values() {
    HashMap<String, ByteIterator> values = new HashMap<>();
    for (String field : fieldNames) {
      values.put(field, new RandomValue(fieldlengthgenerator.nextValue().intValue()));
    }
    return values;
  }

  /** YCSB's load insert, with its retries (core_workload_insertion_retry_limit / _interval) and their messages. */
  @Override
  public boolean doInsert(DB db, Object threadstate) {
    if (!lean) {
      return super.doInsert(db, threadstate);
    }
    int keynum = keysequence.nextValue().intValue();
    String key = buildKeyName(keynum);
    Map<String, ByteIterator> values = values();
    Status status;
    int retries = 0;
    while (true) {
      status = db.insert(table, key, values);
      if (status != null && status.isOk()) {
        break;
      }
      if (++retries <= insertionRetryLimit) {
        System.err.println("Retrying insertion, retry count: " + retries);
        try {
          Thread.sleep((int) (1000 * insertionRetryInterval * (0.8 + 0.4 * Math.random())));
        } catch (InterruptedException e) {
          break;
        }
      } else {
        System.err.println("Error inserting, not retrying any more. number of attempts: " + retries
            + "Insertion Retry Limit: " + insertionRetryLimit);
        break;
      }
    }
    return status != null && status.isOk();
  }

  /**
   * YCSB's ScrambledZipfianGenerator (its ZipfianGenerator over ITEM_COUNT items, FNV-hashed, modulo the key
   * range) with the constants copied from YCSB's own instance, so the arithmetic is the same to the bit.
   */
  static final class ZipfianKeys {
    private final long min;
    private final long itemCount;
    private final long base;
    private final long items;
    private final double zetan;
    private final double eta;
    private final double alpha;
    /** 1 + 0.5^theta: YCSB computes it on every call. */
    private final double secondThreshold;

    private ZipfianKeys(long min, long itemCount, long base, long items, double zetan, double eta, double alpha,
                        double theta) {
      this.min = min;
      this.itemCount = itemCount;
      this.base = base;
      this.items = items;
      this.zetan = zetan;
      this.eta = eta;
      this.alpha = alpha;
      this.secondThreshold = 1.0 + Math.pow(0.5, theta);
    }

    static ZipfianKeys of(ScrambledZipfianGenerator scrambled) {
      try {
        ZipfianGenerator gen = (ZipfianGenerator) field(ScrambledZipfianGenerator.class, "gen").get(scrambled);
        long items = field(ZipfianGenerator.class, "items").getLong(gen);
        if (items != field(ZipfianGenerator.class, "countforzeta").getLong(gen)) {
          return null; // not the shape YCSB's scrambled generator builds: use it as it is
        }
        return new ZipfianKeys(field(ScrambledZipfianGenerator.class, "min").getLong(scrambled),
            field(ScrambledZipfianGenerator.class, "itemcount").getLong(scrambled),
            field(ZipfianGenerator.class, "base").getLong(gen), items,
            field(ZipfianGenerator.class, "zetan").getDouble(gen), field(ZipfianGenerator.class, "eta").getDouble(gen),
            field(ZipfianGenerator.class, "alpha").getDouble(gen), field(ZipfianGenerator.class, "theta").getDouble(gen));
      } catch (ReflectiveOperationException | RuntimeException e) {
        return null; // another YCSB version: its own generator runs
      }
    }

    private static Field field(Class<?> c, String name) throws NoSuchFieldException {
      Field f = c.getDeclaredField(name);
      f.setAccessible(true);
      return f;
    }

    /** ZipfianGenerator.nextLong(items), then the scrambling of ScrambledZipfianGenerator.nextValue. */
    long next() {
      double u = ThreadLocalRandom.current().nextDouble();
      double uz = u * zetan;
      long ret;
      if (uz < 1.0) {
        ret = base;
      } else if (uz < secondThreshold) {
        ret = base + 1;
      } else {
        ret = base + (long) (items * Math.pow(eta * u - eta + 1, alpha));
      }
      return min + Utils.fnvhash64(ret) % itemCount;
    }
  }
}
