package com.mytopling.ycsb.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.jdbc.testing.TestServer;
import com.mytopling.ycsb.jdbc.testing.TestServers;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * load.keyorder=sorted against the real servers, with the paths that depend on key order: every key YCSB's load
 * makes is stored once (the table's keys and a checksum of them are those of the same load in YCSB's own order), and
 * MyRocks' bulk-load mode, which refuses sessions whose key ranges overlap, takes four threads at once.
 */
class SortedLoadIT {
  static final int RECORDS = 3000;

  private static Scripts.Result load(TestServer s, String table, int threads, String... props) throws Exception {
    Tables.drop(s, table);
    List<String> args = new ArrayList<>(List.of("load", "mytopling", "-P",
        Scripts.ROOT.resolve("workloads/workloada").toString(), "-threads", Integer.toString(threads),
        "-p", "db.url=" + s.jdbcUrl(), "-p", "table=" + table, "-p", "recordcount=" + RECORDS,
        "-p", "db.createtable=true", "-p", "db.batchsize=64", "-p", "jdbc.batchupdateapi=true"));
    if (s.user() != null) {
      args.addAll(List.of("-p", "db.user=" + s.user()));
    }
    for (String p : props) {
      args.addAll(List.of("-p", p));
    }
    return Scripts.run("ycsb", args, Tables.env(s));
  }

  /** The table's keys: how many, how many distinct, and an order-independent checksum. */
  private static String keys(TestServer s, String table) throws Exception {
    try (Connection c = s.connect(); Statement st = c.createStatement();
         ResultSet rs = st.executeQuery("SELECT COUNT(*), COUNT(DISTINCT YCSB_KEY), SUM(CRC32(YCSB_KEY)), "
             + "MIN(YCSB_KEY), MAX(YCSB_KEY) FROM " + table)) {
      rs.next();
      return rs.getLong(1) + " rows, " + rs.getLong(2) + " keys, crc sum " + rs.getLong(3) + ", " + rs.getString(4)
          + " to " + rs.getString(5);
    }
  }

  private static void storedAll(Scripts.Result r) {
    assertEquals(0, r.exitCode, r::toString);
    assertTrue(r.stderr.contains("[mytopling] totals: inserted rows stored=" + RECORDS + " failed=0"), r::toString);
  }

  @Test
  void everyPathStoresYcsbsKeysOnceInKeyOrder() throws Exception {
    TestServer s = TestServers.innodb();
    storedAll(load(s, "sorted_reference", 3));
    String expected = keys(s, "sorted_reference");
    assertTrue(expected.startsWith(RECORDS + " rows, " + RECORDS + " keys"), expected);
    for (String path : List.of("batchapi", "insert", "loaddata")) {
      String table = "sorted_" + path;
      storedAll(load(s, table, 3, "load.keyorder=sorted", "db.bulkload=" + path));
      assertEquals(expected, keys(s, table), path);
    }
    // More threads than the keys split evenly into, and the stock insert of YCSB (dataintegrity=true) drawing from
    // the same slices.
    storedAll(load(s, "sorted_integrity", 7, "load.keyorder=sorted", "dataintegrity=true",
        "fieldlengthdistribution=constant"));
    assertEquals(expected, keys(s, "sorted_integrity"));
  }

  @Test
  void myRocksBulkLoadTakesOneSessionPerThread() throws Exception {
    TestServer s = TestServers.rocksdb();
    storedAll(load(s, "sorted_rocks_reference", 1));
    String expected = keys(s, "sorted_rocks_reference");
    Scripts.Result r = load(s, "sorted_rocks_bulk", 4, "load.keyorder=sorted", "db.rocksdb.bulkload=true");
    storedAll(r);
    assertTrue(r.stderr.contains("rocksdb_bulk_load"), r::toString);
    assertEquals(expected, keys(s, "sorted_rocks_bulk"));
  }
}
