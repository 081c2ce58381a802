package com.mytopling.ycsb.core.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.core.ConfigException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one precedence rule, whatever order the sources are added in. */
class SettingsMergeTest {
  @TempDir
  Path dir;

  private Path file(String name, String text) throws IOException {
    Path f = dir.resolve(name);
    Files.writeString(f, text);
    return f;
  }

  @Test
  void theWorkloadFileBeatsTheTargetFileAndMinusPBeatsBothWhateverTheOrderOfAdding() throws Exception {
    Path target = file("mariadb.properties", "db.batchsize=1000\njdbc.batchupdateapi=true\ndb.url=jdbc:mysql://h/ycsb\n");
    Path workload = file("workload-replace", "db.batchsize=1\njdbc.batchupdateapi=false\n");
    SettingsMerge m = new SettingsMerge();
    // Added in a scrambled order: the harness's first, -p before the files.
    m.set(Registry.INSERTCOUNT, "5", Origin.harness("client 0's key range"));
    m.commandLine("jdbc.batchupdateapi=true");
    m.file(target, Map.of());
    m.file(workload, Map.of());
    m.set(Registry.DB_BATCHSIZE, "7", Origin.jobDefault("test"));
    ResolvedSettings r = m.resolve();
    assertEquals("1", r.value("db.batchsize"));
    assertEquals(Origin.file(workload.toString()), r.get("db.batchsize").origin());
    // What it beat, lowest first: the job's default, then the target's file.
    assertEquals("7", r.get("db.batchsize").overridden().get(0).value());
    assertEquals("1000", r.get("db.batchsize").overridden().get(1).value());
    assertEquals("true", r.value("jdbc.batchupdateapi"));
    assertEquals(Origin.COMMAND_LINE, r.get("jdbc.batchupdateapi").origin());
    assertEquals("5", r.value("insertcount"));
  }

  @Test
  void minusPBeatsOptionsAndTheHarnessBeatsMinusPAndWithinALayerTheLaterWins() throws Exception {
    SettingsMerge m = new SettingsMerge();
    m.commandLine("threadcount=8");
    m.set(Registry.THREADCOUNT, "16", Origin.option("-threads"));
    m.set(Registry.OPERATIONCOUNT, "100", Origin.option("--operations"));
    m.commandLine("recordcount=1");
    m.commandLine("recordcount=2");
    m.set(Registry.DOTRANSACTIONS, "true", Origin.harness("the command: run"));
    m.commandLine("dotransactions=false");
    ResolvedSettings r = m.resolve();
    assertEquals("8", r.value("threadcount"));
    assertEquals("100", r.value("operationcount"));
    assertEquals("2", r.value("recordcount"));
    assertEquals("true", r.value("dotransactions"));
  }

  @Test
  void badInputIsOneLine() throws IOException {
    SettingsMerge m = new SettingsMerge();
    assertEquals("-p x: expected name=value", assertThrows(ConfigException.class, () -> m.commandLine("x")).getMessage());
    assertEquals(dir.resolve("none") + ": no such file",
        assertThrows(ConfigException.class, () -> m.file(dir.resolve("none"), Map.of())).getMessage());
  }

  @Test
  void theResolvedPropertiesAreSealed() {
    SettingsMerge m = new SettingsMerge();
    m.set(Registry.FIELDCOUNT, "3", Origin.COMMAND_LINE);
    java.util.Properties p = m.resolve().properties();
    assertEquals("3", p.getProperty("fieldcount"));
    UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
        () -> p.setProperty("db.fields", "a,b"));
    assertTrue(e.getMessage().contains("nothing may set db.fields"), e.getMessage());
    assertThrows(UnsupportedOperationException.class, () -> p.put("x", "y"));
    assertThrows(UnsupportedOperationException.class, () -> p.remove("fieldcount"));
    assertEquals("3", p.getProperty("fieldcount"));
  }
}
