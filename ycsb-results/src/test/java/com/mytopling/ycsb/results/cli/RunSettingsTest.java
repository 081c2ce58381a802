package com.mytopling.ycsb.results.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.results.model.RunSummary;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunSettingsTest {
  private static RunSummary run(String name, Map<String, Object> properties, Integer threads) {
    RunSummary r = new RunSummary();
    r.run = name;
    r.metadata = new LinkedHashMap<>();
    r.metadata.put("workload", "workloada");
    if (threads != null) {
      r.metadata.put("threads", threads);
    }
    r.metadata.put("properties", properties);
    return r;
  }

  @Test
  void renamedYcsbPackageAndPlaceOrIdentityPropertiesAreNotDifferences() {
    RunSummary old = run("old", Map.of("workload", "com.yahoo.ycsb.workloads.CoreWorkload",
        "db.url", "jdbc:sqlserver://a", "db.user", "x", "db.passwd", "****", "readproportion", 0.5), 4);
    RunSummary now = run("now", Map.of("workload", "site.ycsb.workloads.CoreWorkload",
        "db.url", "jdbc:mysql://b", "db.user", "y", "db.passwd", "****", "readproportion", "0.5"), 4);
    assertEquals(List.of(), RunSettings.differences(List.of(old, now)));
  }

  @Test
  void realDifferencesAreListedAndUnrecordedOnesOnlyWhenAsked() {
    RunSummary a = run("a", Map.of("db.batchsize", "5000"), null);
    RunSummary b = run("b", Map.of("db.batchsize", "1000"), 20);
    List<String> all = RunSettings.differences(List.of(a, b));
    assertTrue(all.contains("property.db.batchsize differs: a=5000, b=1000"), all.toString());
    assertTrue(all.contains("threads differs: a=(not recorded), b=20"), all.toString());
    List<String> known = RunSettings.differences(List.of(a, b), false);
    assertTrue(known.contains("property.db.batchsize differs: a=5000, b=1000"), known.toString());
    assertFalse(known.stream().anyMatch(d -> d.startsWith("threads")), known.toString());
  }

  /** Issue 34: a comparison of runs with and without TLS says so; the same TLS is no difference. */
  @Test
  void runsThatDifferInTlsAreNotLikeForLike() {
    RunSummary tls = run("tls", Map.of(), 16);
    tls.server = new LinkedHashMap<>(Map.of("product", "MySQL", "server", "9.7.4-2", "tls",
        "TLSv1.3 TLS_AES_128_GCM_SHA256"));
    RunSummary plain = run("plain", Map.of(), 16);
    plain.server = new LinkedHashMap<>(Map.of("product", "MySQL", "server", "9.7.4-2", "tls", "off"));
    assertEquals(List.of("tls differs: tls=TLSv1.3 TLS_AES_128_GCM_SHA256, plain=off"),
        RunSettings.differences(List.of(tls, plain)));
    RunSummary again = run("again", Map.of(), 16);
    again.server = new LinkedHashMap<>(Map.of("product", "MariaDB", "server", "10.11", "tls", "off"));
    assertEquals(List.of(), RunSettings.differences(List.of(plain, again)), "the server itself is what is compared");
  }
}
