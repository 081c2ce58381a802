package com.mytopling.ycsb.launcher.bench;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class InnodbSettlingTest {
  @Test
  void fewDirtyPagesAreSettledAtOnce() {
    assertTrue(InnodbSettling.settled(new long[] {99}, 0));
  }

  @Test
  void aServerThatKeepsItsDirtyPagesIsSettledAfterThreeStillSeconds() {
    // MariaDB 10.11 with innodb_max_dirty_pages_pct_lwm=0 after a load: 5,938 dirty pages, never written while idle.
    long[] still = {5938, 5938, 5938, 5938};
    assertFalse(InnodbSettling.settled(still, 0));
    assertFalse(InnodbSettling.settled(still, 2));
    assertTrue(InnodbSettling.settled(still, 3));
  }

  @Test
  void aServerStillFlushingIsWaitedFor() {
    long[] falling = {5000, 4000, 3000, 2000, 1000, 50};
    for (int i = 0; i < 5; i++) {
      assertFalse(InnodbSettling.settled(falling, i), "second " + i);
    }
    assertTrue(InnodbSettling.settled(falling, 5));
  }
}
