package com.mytopling.ycsb.launcher.bench;

/**
 * When an InnoDB server is settled before a measured load: its buffer pool holds few dirty pages, or it has stopped
 * writing them out. MariaDB 10.5 and later flush nothing while idle under innodb_max_dirty_pages_pct_lwm=0 (their
 * default): the dirty count of a finished load then stays where it is, and a wait for it to fall only burns time
 * (120 s per load in CI). Pages the server does not write in the background cannot slow the next load either.
 */
final class InnodbSettling {
  /** Fewer dirty pages than this: settled. */
  static final long FEW_DIRTY_PAGES = 100;
  /** Readings, one a second, over which a count that did not fall means the server is not flushing. */
  static final int STILL_READINGS = 3;

  private InnodbSettling() {
  }

  /** {@code dirty[0..i]}: the dirty-page counts read so far, one a second; true when the next load can start. */
  static boolean settled(long[] dirty, int i) {
    if (dirty[i] < FEW_DIRTY_PAGES) {
      return true;
    }
    return i >= STILL_READINGS && dirty[i] >= dirty[i - STILL_READINGS];
  }
}
