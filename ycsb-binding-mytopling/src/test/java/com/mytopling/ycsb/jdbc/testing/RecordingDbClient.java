package com.mytopling.ycsb.jdbc.testing;

import com.mytopling.ycsb.jdbc.MyToplingDbClient;
import com.mytopling.ycsb.jdbc.verify.DeterministicValues;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * The binding, for run-phase tests, with every write it was asked for recorded and every read
 * and scan checked against what was written. A run-phase write stores a value of its own,
 * {@code key!n} (n unique in the run), so it differs from the load's dataintegrity value
 * ({@code key:field:...}) and from every other write: a lost update leaves a value the test can
 * tell apart. A read or scan must return, for each field, the load's value or a value some write
 * of that field began before the read returned; a scan must return keys in order and every key
 * acknowledged before it started that lies between its first and last key. At the end (the last
 * client thread's cleanup) the writes and the problems found go to {@code recording.file}, which
 * {@link RunRecording} reads and compares with the table.
 *
 * <p>Needs the load's properties for the values it wrote: {@code fieldlength} (constant) and
 * {@code fieldcount}/{@code fieldnameprefix}; keys are taken from the values, which start with
 * the key.
 */
public class RecordingDbClient extends MyToplingDbClient {
  public static final String FILE_PROPERTY = "recording.file";
  /** The load's record count: its keys count as acknowledged for the scan check. */
  public static final String LOADED_PROPERTY = "recording.loadedrecords";

  private static final AtomicInteger OPEN = new AtomicInteger();
  private static final AtomicLong SEQUENCE = new AtomicLong();
  /** "key\tfield" to every value a write of it sent, in the order the writes began. */
  private static final Map<String, List<String>> WRITTEN = new ConcurrentHashMap<>();
  /** Keys whose insert was acknowledged (OK or BATCHED_OK), with the sequence number of the acknowledgement. */
  private static final ConcurrentSkipListMap<String, Long> ACKNOWLEDGED_INSERTS = new ConcurrentSkipListMap<>();
  /** "key\tfield\tvalue" of each acknowledged write. */
  /** Keys the load stored (recording.loadedrecords), for the scan check. */
  private static final ConcurrentSkipListMap<String, Long> LOADED = new ConcurrentSkipListMap<>();
  private static final Set<String> ACKNOWLEDGED = ConcurrentHashMap.newKeySet();
  private static final List<String> PROBLEMS = java.util.Collections.synchronizedList(new ArrayList<>());
  private static final AtomicLong CHECKED_VALUES = new AtomicLong();
  private static final AtomicLong CHECKED_SCAN_ROWS = new AtomicLong();

  private int fieldLength;

  @Override
  public void init() throws DBException {
    fieldLength = Integer.parseInt(getProperties().getProperty("fieldlength", "100"));
    if (OPEN.getAndIncrement() == 0 && ACKNOWLEDGED_INSERTS.isEmpty()) {
      long loaded = Long.parseLong(getProperties().getProperty(LOADED_PROPERTY, "0"));
      try {
        StoredRows.KeyNames names = StoredRows.KeyNames.of(getProperties());
        for (long i = 0; i < loaded; i++) {
          LOADED.put(names.key(i), 0L);
        }
      } catch (site.ycsb.WorkloadException e) {
        throw new DBException(e);
      }
    }
    super.init();
  }

  @Override
  public void cleanup() throws DBException {
    try {
      super.cleanup();
    } finally {
      if (OPEN.decrementAndGet() == 0) {
        writeFile();
      }
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    Map<String, ByteIterator> ours = newValues(key, values.keySet());
    Status st = super.insert(table, key, ours);
    if (st.isOk()) {
      acknowledge(key, ours);
      ACKNOWLEDGED_INSERTS.put(key, SEQUENCE.incrementAndGet());
    }
    return st;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    Map<String, ByteIterator> ours = newValues(key, values.keySet());
    Status st = super.update(table, key, ours);
    if (st.isOk()) {
      acknowledge(key, ours);
    }
    return st;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    Status st = super.read(table, key, fields, result);
    if (st == Status.NOT_FOUND && ACKNOWLEDGED_INSERTS.containsKey(key)) {
      problem("read of " + key + ": NOT_FOUND although its insert was acknowledged");
    }
    if (st.isOk() && result != null) {
      Map<String, String> copy = new HashMap<>();
      for (Map.Entry<String, ByteIterator> e : result.entrySet()) {
        copy.put(e.getKey(), e.getValue().toString());
      }
      result.clear();
      copy.forEach((f, v) -> result.put(f, new StringByteIterator(v)));
      copy.forEach((f, v) -> check("read", key, f, v));
    }
    return st;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    long startedAt = SEQUENCE.get();
    Status st = super.scan(table, startkey, recordcount, fields, result);
    if (!st.isOk() || result == null) {
      return st;
    }
    List<String> keys = new ArrayList<>();
    for (HashMap<String, ByteIterator> row : result) {
      Map<String, String> copy = new HashMap<>();
      row.forEach((f, v) -> copy.put(f, v.toString()));
      row.clear();
      copy.forEach((f, v) -> row.put(f, new StringByteIterator(v)));
      String key = null;
      for (Map.Entry<String, String> e : copy.entrySet()) {
        String k = keyOf(e.getValue());
        if (key != null && !key.equals(k)) {
          problem("scan from " + startkey + ": one row holds values of " + key + " and " + k);
        }
        key = k;
        check("scan", k, e.getKey(), e.getValue());
      }
      if (key != null) {
        keys.add(key);
      }
      CHECKED_SCAN_ROWS.incrementAndGet();
    }
    if (result.size() > recordcount) {
      problem("scan from " + startkey + " of " + recordcount + " rows returned " + result.size());
    }
    for (int i = 0; i < keys.size(); i++) {
      if (i == 0 ? keys.get(0).compareTo(startkey) < 0 : keys.get(i).compareTo(keys.get(i - 1)) <= 0) {
        problem("scan from " + startkey + ": key " + keys.get(i) + " out of order");
      }
    }
    if (keys.size() >= 2) {
      java.util.Set<String> returned = new java.util.HashSet<>(keys);
      String first = keys.get(0);
      String last = keys.get(keys.size() - 1);
      for (Map.Entry<String, Long> e : ACKNOWLEDGED_INSERTS.subMap(first, true, last, true).entrySet()) {
        if (e.getValue() <= startedAt && !returned.contains(e.getKey())) {
          problem("scan from " + startkey + ": inserted key " + e.getKey() + " acknowledged before the scan is missing");
        }
      }
      for (String k : LOADED.subMap(first, true, last, true).keySet()) {
        if (!returned.contains(k)) {
          problem("scan from " + startkey + ": loaded key " + k + " is missing");
        }
      }
    }
    return st;
  }

  /** Values {@code key!n} for the fields YCSB chose, recorded before they are sent. */
  private Map<String, ByteIterator> newValues(String key, Set<String> fieldNames) {
    Map<String, ByteIterator> ours = new HashMap<>();
    for (String f : fieldNames) {
      String v = key + "!" + SEQUENCE.incrementAndGet();
      if (v.length() > fieldLength) {
        throw new IllegalStateException("fieldlength " + fieldLength + " too short for " + v);
      }
      WRITTEN.computeIfAbsent(key + "\t" + f, k -> java.util.Collections.synchronizedList(new ArrayList<>())).add(v);
      ours.put(f, new StringByteIterator(v));
    }
    return ours;
  }

  private static void acknowledge(String key, Map<String, ByteIterator> values) {
    values.forEach((f, v) -> ACKNOWLEDGED.add(key + "\t" + f + "\t" + v.toString()));
  }

  /** A value read for key/field must be the load's or one some write of that field sent. */
  private void check(String what, String key, String field, String value) {
    CHECKED_VALUES.incrementAndGet();
    if (value.equals(DeterministicValues.value(key, field, fieldLength))) {
      return;
    }
    List<String> written = WRITTEN.get(key + "\t" + field);
    if (written != null) {
      synchronized (written) {
        if (written.contains(value)) {
          return;
        }
      }
    }
    problem(what + " of " + key + " " + field + ": '" + value + "' was never written");
  }

  /** The key a stored value belongs to: load values are key:field:..., run-phase values key!n. */
  static String keyOf(String value) {
    int end = 0;
    while (end < value.length() && value.charAt(end) != ':' && value.charAt(end) != '!') {
      end++;
    }
    return value.substring(0, end);
  }

  private static void problem(String what) {
    if (PROBLEMS.size() < 1000) {
      PROBLEMS.add(what);
    }
  }

  private void writeFile() {
    String file = getProperties().getProperty(FILE_PROPERTY);
    if (file == null) {
      return;
    }
    try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(Path.of(file), StandardCharsets.UTF_8))) {
      w.println("checked\t" + CHECKED_VALUES.get() + "\t" + CHECKED_SCAN_ROWS.get());
      for (String p : PROBLEMS) {
        w.println("problem\t" + p.replace('\t', ' ').replace('\n', ' '));
      }
      for (Map.Entry<String, List<String>> e : WRITTEN.entrySet()) {
        for (String v : e.getValue()) {
          boolean acked = ACKNOWLEDGED.contains(e.getKey() + "\t" + v);
          w.println((acked ? "acked" : "sent") + "\t" + e.getKey() + "\t" + v);
        }
      }
      for (String key : ACKNOWLEDGED_INSERTS.keySet()) {
        w.println("inserted\t" + key);
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
