package com.mytopling.ycsb.core.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.core.ConfigException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The run folder's settings file: origins, masked secrets, read back whole with the secrets from the environment. */
class SettingsFileTest {
  @TempDir
  Path dir;

  private ResolvedSettings sample() throws Exception {
    Path target = dir.resolve("t.properties");
    Files.writeString(target, "db.batchsize=1000\ndb.url=jdbc:mysql://h:3306/ycsb?password=url-Secret-1\n");
    SettingsMerge m = new SettingsMerge();
    m.file(target, Map.of());
    m.commandLine("db.batchsize=1");
    m.commandLine("db.passwd=pw-Secret-2");
    m.commandLine("label=a b=c \\ d\u00e9");
    return m.resolve();
  }

  @Test
  void writtenWithOriginsAndNoSecretReadBackWholeWithTheEnvironment() throws Exception {
    ResolvedSettings r = sample();
    Path file = dir.resolve("settings-run.properties");
    SettingsFile.write(r, file, "run phase");
    String text = Files.readString(file);
    assertFalse(text.contains("-Secret-"), text);
    assertTrue(text.contains("#@ db.batchsize: -p; over: file " + dir.resolve("t.properties") + " = 1000\n"), text);
    assertTrue(text.contains("\n#fieldcount=10\n"), "defaults in effect listed: " + text);
    assertTrue(SettingsFile.isSettingsFile(file));

    Map<String, String> env = SettingsFile.secretsEnvironment(r);
    assertTrue(env.get(SettingsFile.SECRETS_ENV).contains("pw-Secret-2"));
    SettingsMerge back = new SettingsMerge().file(file, env);
    ResolvedSettings again = back.resolve();
    assertEquals(r.properties(), again.properties());
    assertEquals(Origin.file(file + " (-p)"), again.get("db.batchsize").origin());

    // A plain properties reader (stock YCSB's -P) gets every value but the secrets.
    Properties plain = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      plain.load(in);
    }
    assertEquals("1", plain.getProperty("db.batchsize"));
    assertEquals(null, plain.getProperty("db.passwd"));
  }

  @Test
  void aSecretTheProcessWasNotGivenIsOneLine() throws Exception {
    Path file = dir.resolve("s.properties");
    SettingsFile.write(sample(), file, "t");
    ConfigException e = assertThrows(ConfigException.class, () -> new SettingsMerge().file(file, Map.of()));
    assertTrue(e.getMessage().endsWith("db.passwd is a secret the process was not given (YCSB_SETTINGS_SECRETS unset)")
        || e.getMessage().endsWith("db.url is a secret the process was not given (YCSB_SETTINGS_SECRETS unset)"),
        e.getMessage());
  }
}
