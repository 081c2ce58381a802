package com.mytopling.ycsb.jdbc.testing;

import org.opentest4j.TestAbortedException;

/**
 * Asks the fixture for a server in a JVM of its own, whose environment a test chooses (the fixture reads CI and
 * YCSB_TEST_* from the environment): {@code innodb|rocksdb [times]}. Exit 0 with the server's name printed when the
 * fixture gives one, 3 when it aborts the test (a skip), 4 when it fails it.
 */
public final class TestServersProbe {
  private TestServersProbe() {
  }

  public static void main(String[] args) {
    int times = args.length > 1 ? Integer.parseInt(args[1]) : 1;
    try {
      for (int i = 0; i < times; i++) {
        TestServer s = args[0].equals("rocksdb") ? TestServers.rocksdb() : TestServers.innodb();
        System.out.println("server: " + s.name());
      }
      System.exit(0);
    } catch (TestAbortedException e) {
      System.out.println("aborted: " + e.getMessage());
      System.exit(3);
    } catch (RuntimeException e) {
      System.out.println("failed: " + e.getMessage());
      System.exit(4);
    }
  }
}
