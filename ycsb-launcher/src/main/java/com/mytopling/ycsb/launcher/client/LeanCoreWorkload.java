package com.mytopling.ycsb.launcher.client;

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
import com.mytopling.ycsb.core.ConfigException;
import com.mytopling.ycsb.core.PropertyReader;
import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.fileloader.CoreKeyChoice;

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
  private CoreKeyChoice keyChoice;
  /** The load's keys in name order, with load.keyorder=sorted (then also the keysequence); else null. */
  private SortedLoadKeys sortedLoad;
  private long loadCount;

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
    keyChoice = new CoreKeyChoice(keychooser, transactioninsertkeysequence);
    sortedLoad(p);
  }

  /**
   * With load.keyorder=sorted, a load's keys bucketed for the threads' sorted slices (SortedLoadKeys), and the
   * keysequence every insert draws from (ours and, with dataintegrity=true, YCSB's) handing out each thread's slice.
   */
  private void sortedLoad(Properties p) throws WorkloadException {
    boolean load = !Boolean.parseBoolean(p.getProperty(Registry.DOTRANSACTIONS.name(), "true"));
    String keyOrder;
    try {
      keyOrder = new PropertyReader(p).choice(Registry.LOAD_KEYORDER);
    } catch (ConfigException e) {
      throw new WorkloadException(e.getMessage());
    }
    if (!load || !"sorted".equals(keyOrder)) {
      return;
    }
    long first = Long.parseLong(p.getProperty(INSERT_START_PROPERTY, INSERT_START_PROPERTY_DEFAULT));
    loadCount = WorkloadRunner.plannedOperations(p, false);
    sortedLoad = new SortedLoadKeys(first, loadCount,
        new KeyNameOrder(zeropadding, k -> nameNumber(clientKeyNumber(k))));
    keysequence = new SortedLoadKeys.Sequence();
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
    if (sortedLoad != null) {
      ((SortedLoadKeys.Sequence) keysequence).attach(sortedLoad.cursor(
          WorkloadRunner.shareStart(loadCount, threadcount, mythreadid),
          WorkloadRunner.share(loadCount, threadcount, mythreadid)));
    }
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

  /** YCSB's key name ("user", zero padding to zeropadding digits, the hashed number), written in one array. */
  @Override
  protected String keyName(long keynum) {
    return name(nameNumber(keynum));
  }

  /** The number a key's name spells: YCSB hashes the key number unless insertorder=ordered. */
  private long nameNumber(long keynum) {
    return orderedinserts ? keynum : Utils.hash(keynum);
  }

  /** "user", the zero padding and the digits of {@code n}. */
  String name(long n) {
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
    String key = buildKeyName(keyChoice.next());
    Set<String> fields = readallfields ? null : singleFields.get(nextField());
    HashMap<String, ByteIterator> cells = maps.cells;
    cells.clear();
    return db.read(table, key, fields, cells);
  }

  private Status update(DB db, ThreadMaps maps) {
    String key = buildKeyName(keyChoice.next());
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
    String key = buildKeyName(keysequence.nextValue().intValue());
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
}
