package com.mytopling.ycsb.launcher.ci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.results.Json;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A stored baseline is compared only with a job recorded under the same conditions. */
class BaselineConditionsTest {
  @TempDir
  Path tmp;

  private static BaselineConditions recorded() {
    BaselineConditions c = new BaselineConditions();
    c.harnessVersion = "0.1.0-SNAPSHOT";
    c.hostCores = 2;
    c.server = "container ycsb-mariadb:10.11, 10.11.19-MariaDB-0+deb12u1 (default engine InnoDB)";
    c.workload = "workloada";
    c.records = 50_000L;
    c.operations = 200_000L;
    c.threads = 4;
    c.loadAverage1m = 0.12;
    c.busy = false;
    c.gitRevision = "0123456789abcdef";
    c.host = host();
    return c;
  }

  private static HostFingerprint host() {
    HostFingerprint h = new HostFingerprint();
    h.cpuModel = "Intel(R) Xeon(R) Processor";
    h.cores = 2;
    h.memoryMib = 24_000L;
    h.kernel = "6.1.0-27-amd64";
    h.machineId = "00112233aabbccdd";
    h.calibrationMbPerSecond = 1000.0;
    return h;
  }

  @Test
  void sameConditionsMayBeCompared() throws Exception {
    Path file = tmp.resolve("conditions.json");
    Json.writeFile(file, recorded());
    BaselineConditions read = Json.readFile(file, BaselineConditions.class);
    assertEquals(List.of(), read.differences(recorded()));
    // Load and revision describe the recording; they are not conditions of the comparison.
    BaselineConditions now = recorded();
    now.loadAverage1m = 1.9;
    now.gitRevision = "fedcba9876543210";
    assertEquals(List.of(), read.differences(now));
  }

  @Test
  void eachDifferingConditionIsNamed() {
    BaselineConditions now = recorded();
    now.hostCores = 4;
    now.server = "container mysql:8.4, 8.4.3 (default engine InnoDB)";
    now.records = 10_000L;
    now.operations = 20_000L;
    now.threads = 8;
    now.workload = "workloadb";
    now.harnessVersion = "0.2.0";
    List<String> d = recorded().differences(now);
    assertEquals(7, d.size(), d.toString());
    assertTrue(d.get(0).startsWith("cores 2 when recorded, 4 now"), d.get(0));
    assertTrue(d.stream().anyMatch(s -> s.startsWith("server ")), d.toString());
    assertTrue(d.stream().anyMatch(s -> s.startsWith("harness version 0.1.0-SNAPSHOT")), d.toString());
  }

  @Test
  void busyRecordingsSaySo() {
    BaselineConditions c = recorded();
    c.busy = true;
    c.loadAverage1m = 2.5;
    assertTrue(c.describe().contains("load average 2.5, BUSY"), c.describe());
  }

  @Test
  void onlyTheRecordingMachineInTheSameStateIsGated() {
    BaselineConditions now = recorded();
    now.host.calibrationMbPerSecond = 1100.0; // within 15%
    assertEquals(null, recorded().whyNotGated(now));
  }

  @Test
  void anotherMachineOfTheSameKindIsReportedNotGated() {
    BaselineConditions now = recorded();
    now.host.machineId = "ffeeddccbbaa9988";
    String why = recorded().whyNotGated(now);
    assertEquals("baseline from another machine (machine id 00112233aabbccdd then, ffeeddccbbaa9988 now)", why);
    now.host.kernel = "6.1.0-28-amd64";
    assertTrue(recorded().whyNotGated(now).contains("; kernel 6.1.0-27-amd64 then, 6.1.0-28-amd64 now"));
  }

  @Test
  void theSameMachineRunningSlowerIsReportedNotGated() {
    BaselineConditions now = recorded();
    now.host.calibrationMbPerSecond = 700.0;
    assertEquals("the same machine, but one core hashes -30% slower than when recorded (700 MB/s now, 1000 then; "
        + "more than 15% apart)", recorded().whyNotGated(now));
  }

  @Test
  void aBusyMachineIsReportedNotGated() {
    BaselineConditions now = recorded();
    now.busy = true;
    now.cpuBusyPercent = 61.5;
    assertEquals("this machine is busy now (61.5 % of its CPU in use before the first run)",
        recorded().whyNotGated(now));
  }

  @Test
  void baselinesWithoutAFingerprintAreReportedNotGated() {
    BaselineConditions old = recorded();
    old.host = null;
    assertEquals("baseline without a host fingerprint (recorded by an older harness)", old.whyNotGated(recorded()));
    BaselineConditions noId = recorded();
    noId.host.machineId = null;
    assertEquals("the machine's identity is unknown (no /etc/machine-id)", noId.whyNotGated(recorded()));
  }

  @Test
  void theCalibrationMeasuresSomething() {
    HostFingerprint here = HostFingerprint.measure();
    assertTrue(here.calibrationMbPerSecond > 0, here.describe());
    assertTrue(here.cores >= 1, here.describe());
  }
}
