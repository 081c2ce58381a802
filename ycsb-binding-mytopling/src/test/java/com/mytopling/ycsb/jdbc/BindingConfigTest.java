package com.mytopling.ycsb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.core.ConfigException;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class BindingConfigTest {
  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  private static Properties seed(String name) throws IOException {
    Properties p = new Properties();
    try (InputStream in = BindingConfigTest.class.getResourceAsStream("/seed/" + name)) {
      p.load(in);
    }
    return p;
  }

  @Test
  void publishedMyToplingFileParsesAsWritten() throws Exception {
    // The published file has a trailing blank after "jdbc.batchupdateapi=true".
    BindingConfig c = BindingConfig.from(seed("mytopling-db.properties"), Map.of());
    assertEquals(List.of("jdbc:mysql://192.168.31.2:3306/test"), c.target.urls);
    assertEquals("ycsb", c.target.user);
    assertEquals("strong-password-here", c.target.password);
    assertEquals("com.mysql.cj.jdbc.Driver", c.target.driverClass);
    assertEquals(5000, c.batchSize);
    assertTrue(c.batchUpdateApi);
    assertTrue(c.batchingRequested());
  }

  @Test
  void publishedAzureFileKeepsItsSemicolonUrlWhole() throws Exception {
    BindingConfig c = BindingConfig.from(seed("azure-db.properties"), Map.of());
    assertEquals(1, c.target.urls.size(), "a SQL Server URL is one server, not shards split at ';'");
    assertTrue(c.target.urls.get(0).endsWith(";responseBuffering=full"));
    assertTrue(c.batchingRequested());
  }

  @Test
  void batchingIsForLoadsUnlessTheRunPhaseOptsIn() throws Exception {
    String[] batched = {"db.url", "jdbc:mysql://h/db", "jdbc.batchupdateapi", "true", "db.batchsize", "1000"};
    assertTrue(BindingConfig.from(withKv(props(batched), "dotransactions", "false"), Map.of()).batching(), "load");
    BindingConfig run = BindingConfig.from(withKv(props(batched), "dotransactions", "true"), Map.of());
    assertTrue(run.batchingRequested());
    assertFalse(run.batching(), "run phase: every insert is sent before insert() returns");
    assertFalse(BindingConfig.from(props(batched), Map.of()).batching(), "YCSB's default is the run phase");
    Properties optIn = withKv(withKv(props(batched), "dotransactions", "true"), "db.batch.runphase", "true");
    assertTrue(BindingConfig.from(optIn, Map.of()).batching(), "db.batch.runphase=true");
    ConfigException bad = assertThrows(ConfigException.class,
        () -> BindingConfig.from(withKv(props(batched), "db.batch.runphase", "yes"), Map.of()));
    assertTrue(bad.getMessage().startsWith("db.batch.runphase:"), bad.getMessage());
  }

  private static Properties withKv(Properties p, String k, String v) {
    p.setProperty(k, v);
    return p;
  }

  @Test
  void batchUpdateApiWithoutBatchSizeInsertsRowByRow() throws Exception {
    BindingConfig c = BindingConfig.from(props("db.url", "jdbc:mysql://h/db", "jdbc.batchupdateapi", "true"), Map.of());
    assertEquals(1, c.batchSize);
    assertFalse(c.batching());
  }

  @Test
  void badValuesNameTheProperty() {
    assertMessage("db.batchsize: 'ten' is not a whole number", "db.batchsize", "ten");
    assertMessage("db.batchsize: -5 is out of range (1 to 1000000)", "db.batchsize", "-5");
    assertMessage("jdbc.batchupdateapi: 'yes' is not true or false", "jdbc.batchupdateapi", "yes");
    assertMessage("db.dialect: unknown value 'oracle' (expected one of auto, mysql, mariadb, myrocks, mytopling, sqlserver)",
        "db.dialect", "oracle");
    assertMessage("fieldcount: 65 is out of range (1 to 64)", "fieldcount", "65");
    assertMessage("db.url: 'mysql://h/db' is not a JDBC URL (it must start with jdbc:)", "db.url", "mysql://h/db");
    assertMessage("db.upsert: unknown value 'maybe' (expected one of false, true, update, replace)", "db.upsert", "maybe");
  }

  @Test
  void identifiersThatCouldInjectSqlAreRefused() {
    ConfigException e = assertThrows(ConfigException.class,
        () -> BindingConfig.from(props("table", "t; DROP TABLE x"), Map.of()));
    assertTrue(e.getMessage().startsWith("table: 't; DROP TABLE x' is not a plain identifier"), e.getMessage());
    assertThrows(ConfigException.class, () -> BindingConfig.from(props("db.engine", "InnoDB COMMENT 'x'"), Map.of()));
    assertThrows(ConfigException.class, () -> BindingConfig.from(props("db.fields", "a,b c"), Map.of()));
    assertThrows(ConfigException.class, () -> BindingConfig.from(props("fieldnameprefix", "f`"), Map.of()));
  }

  @Test
  void fieldsComeFromFieldcountOrDbFields() throws Exception {
    assertEquals(List.of("field0", "field1", "field2"), BindingConfig.from(props("fieldcount", "3"), Map.of()).fieldNames);
    assertEquals(List.of("title", "body"), BindingConfig.from(props("db.fields", "title, body"), Map.of()).fieldNames);
    assertThrows(ConfigException.class, () -> BindingConfig.from(props("db.fields", "a,A"), Map.of()));
  }

  private static void assertMessage(String expected, String name, String value) {
    ConfigException e = assertThrows(ConfigException.class, () -> BindingConfig.from(props(name, value), Map.of()));
    assertEquals(expected, e.getMessage());
  }
}
