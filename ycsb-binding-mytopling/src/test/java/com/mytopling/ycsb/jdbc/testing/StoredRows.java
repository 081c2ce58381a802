package com.mytopling.ycsb.jdbc.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.mytopling.ycsb.jdbc.ShardRouter;
import com.mytopling.ycsb.jdbc.verify.DeterministicValues;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import site.ycsb.WorkloadException;
import site.ycsb.workloads.CoreWorkload;

/** Reads a table straight from the servers, bypassing the binding, to check what a run stored. */
public final class StoredRows {
  private final Map<String, String[]> rows = new HashMap<>();
  private final Map<String, Integer> shardOfKey = new HashMap<>();
  private final int fieldCount;

  private StoredRows(int fieldCount) {
    this.fieldCount = fieldCount;
  }

  /** Every row of the table on every shard; a key found twice fails the test at once. */
  public static StoredRows read(TestServer server, List<String> shardUrls, String table, int fieldCount)
      throws SQLException {
    StoredRows r = new StoredRows(fieldCount);
    Properties auth = new Properties();
    if (server.user() != null) {
      auth.setProperty("user", server.user());
    }
    if (server.password() != null) {
      auth.setProperty("password", server.password());
    }
    for (int shard = 0; shard < shardUrls.size(); shard++) {
      try (Connection c = DriverManager.getConnection(shardUrls.get(shard), auth); Statement s = c.createStatement();
           ResultSet rs = s.executeQuery("SELECT * FROM " + table)) {
        while (rs.next()) {
          String key = rs.getString("YCSB_KEY");
          String[] values = new String[fieldCount];
          for (int i = 0; i < fieldCount; i++) {
            values[i] = rs.getString("FIELD" + i);
          }
          assertNull(r.rows.put(key, values), "key " + key + " stored twice");
          r.shardOfKey.put(key, shard);
        }
      }
    }
    return r;
  }

  public int size() {
    return rows.size();
  }

  public String[] row(String key) {
    return rows.get(key);
  }

  /**
   * Checks that exactly the keys 0..recordcount-1 of the workload are stored, each on the shard
   * the router names, with the values YCSB's dataintegrity mode wrote.
   */
  public void assertLoadedExactly(Properties workloadProps, long recordCount, int shards, int fieldLength)
      throws WorkloadException {
    KeyNames names = KeyNames.of(workloadProps);
    ShardRouter router = new ShardRouter(shards);
    assertEquals(recordCount, rows.size(), "rows stored");
    for (long i = 0; i < recordCount; i++) {
      String key = names.key(i);
      String[] values = rows.get(key);
      assertNotNull(values, "key " + key + " (#" + i + ") is missing");
      assertEquals(router.shard(key), shardOfKey.get(key), "shard of " + key);
      for (int f = 0; f < fieldCount; f++) {
        assertEquals(DeterministicValues.value(key, "field" + f, fieldLength), values[f], key + " field" + f);
      }
    }
  }

  /** YCSB's own key names for a workload's properties (insertorder, zeropadding). */
  public static final class KeyNames extends CoreWorkload {
    private KeyNames() {
    }

    public static KeyNames of(Properties p) throws WorkloadException {
      // CoreWorkload's constructor asks Measurements for its singleton, which needs properties.
      site.ycsb.measurements.Measurements.setProperties(p);
      KeyNames k = new KeyNames();
      k.init(p);
      return k;
    }

    public String key(long keynum) {
      return buildKeyName(keynum);
    }
  }
}
