package com.mytopling.ycsb.launcher.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * YCSB's own CoreWorkload code paths through ClientCoreWorkload, and the launcher's default LeanCoreWorkload, with a
 * DB that records the keys: a client of several inserts only its own run-phase keys, and its reads ('latest',
 * workload D) choose keys that exist.
 */
class ClientCoreWorkloadTest {
  /** Remembers the keys it was asked to insert and read. */
  static final class KeysDb extends DB {
    final List<String> inserted = new ArrayList<>();
    final List<String> read = new ArrayList<>();

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
      read.add(key);
      return Status.OK;
    }

    @Override
    public Status scan(String table, String startkey, int n, Set<String> fields,
                       Vector<HashMap<String, ByteIterator>> result) {
      return Status.OK;
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
      return Status.OK;
    }

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
      inserted.add(key);
      return Status.OK;
    }

    @Override
    public Status delete(String table, String key) {
      return Status.OK;
    }
  }

  private static ClientCoreWorkload workload(Class<? extends ClientCoreWorkload> type, int client, int clients)
      throws Exception {
    Properties p = new Properties();
    p.setProperty("recordcount", "100");
    p.setProperty("operationcount", "1000");
    p.setProperty("insertorder", "ordered");
    p.setProperty("zeropadding", "1");
    p.setProperty("readproportion", "0.5");
    p.setProperty("updateproportion", "0");
    p.setProperty("insertproportion", "0.5");
    p.setProperty("requestdistribution", "latest");
    if (clients > 1) {
      p.setProperty("scaleout.clients", Integer.toString(clients));
      p.setProperty("scaleout.client", Integer.toString(client));
    }
    site.ycsb.measurements.Measurements.setProperties(p); // CoreWorkload measures through YCSB's singleton
    ClientCoreWorkload w = type.getDeclaredConstructor().newInstance();
    w.init(p);
    return w;
  }

  private static long number(String key) {
    return Long.parseLong(key.substring("user".length()));
  }

  @ParameterizedTest
  @ValueSource(classes = {ClientCoreWorkload.class, LeanCoreWorkload.class})
  void eachClientInsertsItsOwnKeysAndReadsOnlyKeysThatExist(Class<? extends ClientCoreWorkload> type)
      throws Exception {
    Set<Long> all = new HashSet<>();
    for (int client = 0; client < 3; client++) {
      ClientCoreWorkload w = workload(type, client, 3);
      KeysDb db = new KeysDb();
      Set<Long> exists = new HashSet<>();
      for (long k = 0; k < 100; k++) {
        exists.add(k);
      }
      Object state = w.initThread(new Properties(), 0, 1); // LeanCoreWorkload's lean path needs its thread's state
      for (int i = 0; i < 400; i++) {
        w.doTransaction(db, state);
        if (!db.inserted.isEmpty()) {
          exists.add(number(db.inserted.get(db.inserted.size() - 1)));
        }
        for (String key : db.read) {
          assertTrue(exists.contains(number(key)), "client " + client + " read " + key + ", which nobody inserted");
        }
        db.read.clear();
      }
      assertTrue(db.inserted.size() > 100, db.inserted.size() + " inserts");
      for (int i = 0; i < db.inserted.size(); i++) {
        long key = number(db.inserted.get(i));
        assertEquals(100 + client + 3L * i, key, "client " + client + "'s insert " + i);
        assertTrue(all.add(key), "key " + key + " inserted by two clients");
      }
    }
  }

  @ParameterizedTest
  @ValueSource(classes = {ClientCoreWorkload.class, LeanCoreWorkload.class})
  void aClientAloneInsertsYcsbsKeys(Class<? extends ClientCoreWorkload> type) throws Exception {
    ClientCoreWorkload w = workload(type, 0, 1);
    KeysDb db = new KeysDb();
    for (int i = 0; i < 50; i++) {
      w.doTransactionInsert(db);
    }
    for (int i = 0; i < 50; i++) {
      assertEquals("user" + (100 + i), db.inserted.get(i));
    }
  }
}
