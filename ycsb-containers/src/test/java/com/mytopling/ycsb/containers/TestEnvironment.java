package com.mytopling.ycsb.containers;

import java.util.Locale;
import java.util.Set;

/** What the test environment says about itself; shared by every module's tests (this module's test jar). */
public final class TestEnvironment {
  private TestEnvironment() {
  }

  /**
   * Whether CI runs the tests: CI services set {@code CI=true} (some 1 or yes); unset, empty, false, 0 and no mean
   * not. Under CI a test never skips for a missing server or image: it fails.
   */
  public static boolean underCi() {
    String ci = System.getenv("CI");
    return ci != null && !ci.isBlank() && !Set.of("false", "0", "no").contains(ci.strip().toLowerCase(Locale.ROOT));
  }
}
