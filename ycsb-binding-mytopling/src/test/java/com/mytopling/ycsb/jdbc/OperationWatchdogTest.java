package com.mytopling.ycsb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class OperationWatchdogTest {
  static final class FakeSession implements OperationWatchdog.Watched {
    long since;
    final List<Long> aborts = new ArrayList<>();

    @Override
    public long busySinceNanos() {
      return since;
    }

    @Override
    public void abortStuck(long waitedMs) {
      aborts.add(waitedMs);
      since = 0;
    }
  }

  @Test
  void abortsOnlyOperationsOlderThanTheTimeout() {
    OperationWatchdog w = new OperationWatchdog(1000);
    FakeSession idle = new FakeSession();
    FakeSession young = new FakeSession();
    FakeSession stuck = new FakeSession();
    w.register(idle);
    w.register(young);
    w.register(stuck);
    long now = 50_000_000_000L;
    young.since = now - 900_000_000L;
    stuck.since = now - 1_500_000_000L;
    assertEquals(1, w.scan(now));
    assertEquals(List.of(1500L), stuck.aborts);
    assertEquals(List.of(), young.aborts);
    assertEquals(List.of(), idle.aborts);
    assertEquals(0, w.scan(now), "an aborted operation is not aborted twice");
  }

  @Test
  void unregisteredSessionsAreNotWatched() {
    OperationWatchdog w = new OperationWatchdog(10);
    FakeSession s = new FakeSession();
    w.register(s);
    w.unregister(s);
    s.since = 1;
    assertEquals(0, w.scan(10_000_000_000L));
  }
}
