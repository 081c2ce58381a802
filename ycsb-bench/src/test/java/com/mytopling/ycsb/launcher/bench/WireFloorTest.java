package com.mytopling.ycsb.launcher.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.core.cli.UsageException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The floor client's command line, its result line as bench-harness reads it, and how it splits operations. */
class WireFloorTest {
  @Test
  void settingsHaveDefaultsAndRefuseBadValuesInOneLine() throws UsageException {
    WireFloor.Settings s = WireFloor.settings(new String[] {"--records", "200", "--operations", "1000"});
    assertEquals(3306, s.port());
    assertEquals(250, s.warmup());
    assertEquals(16, s.connections());
    assertEquals("usertable", s.table());
    assertTrue(!s.loop());
    assertTrue(WireFloor.settings(new String[] {"--records", "1", "--operations", "1", "--mode", "loop"}).loop());
    assertEquals("--operations is required",
        assertThrows(UsageException.class, () -> WireFloor.settings(new String[] {"--records", "1"})).getMessage());
    assertEquals("--mode: unknown mode 'epoll' (blocking or loop)", assertThrows(UsageException.class,
        () -> WireFloor.settings(new String[] {"--records", "1", "--operations", "1", "--mode", "epoll"}))
        .getMessage());
    assertTrue(assertThrows(UsageException.class, () -> WireFloor.settings(new String[] {"--records", "1",
        "--operations", "1", "--port", "70000"})).getMessage().startsWith("--port: 70000 is out of range"));
  }

  @Test
  void theResultLineIsReadBackByName() {
    Map<String, String> f = WireFloor.figures("wire-floor: mode=loop connections=16 operations=450000 "
        + "window_s=11.2 ops_s=40178.6 user_us_op=0.883 sys_us_op=8.150 jit_us_op=NA");
    assertEquals("40178.6", f.get("ops_s"));
    assertEquals("0.883", f.get("user_us_op"));
    assertEquals("NA", f.get("jit_us_op"));
    assertTrue(WireFloor.figures("wire-floor failed").isEmpty());
  }

  @Test
  void operationsAreSplitWithoutLosingAny() {
    long total = 0;
    for (int i = 0; i < 7; i++) {
      long share = WireFloor.share(1000, i, 7);
      assertTrue(share == 142 || share == 143, Long.toString(share));
      total += share;
    }
    assertEquals(1000, total);
  }
}
