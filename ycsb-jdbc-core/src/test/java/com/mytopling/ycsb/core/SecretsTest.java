package com.mytopling.ycsb.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class SecretsTest {
  @Test
  void masksPasswordsInBothUrlStylesAndAnyCase() {
    assertEquals("jdbc:mysql://h/db?user=u&password=*****&useSSL=true",
        Secrets.maskUrl("jdbc:mysql://h/db?user=u&password=s3cret&useSSL=true"));
    assertEquals("jdbc:sqlserver://h:1433;databaseName=d;Password=*****;encrypt=true",
        Secrets.maskUrl("jdbc:sqlserver://h:1433;databaseName=d;Password=s3cret;encrypt=true"));
    assertEquals("jdbc:mysql://h/db?PWD=*****", Secrets.maskUrl("jdbc:mysql://h/db?PWD=x"));
    assertEquals("jdbc:mysql://h/db", Secrets.maskUrl("jdbc:mysql://h/db"));
  }

  @Test
  void masksAKnownPasswordEchoedInAMessage() {
    assertEquals("login failed for u with *****", Secrets.mask("login failed for u with hunter2", "hunter2"));
  }

  @Test
  void jsonTreesOfRunFoldersAreMaskedDeep() {
    Map<String, Object> metadata = new java.util.LinkedHashMap<>();
    metadata.put("db.passwd", "hunter2");
    metadata.put("properties", Map.of("db.url", "jdbc:sqlserver://h;user=u;password={se;cret};encrypt=true",
        "api.token", "t0k3n", "threadcount", "4"));
    metadata.put("commands", java.util.List.of("load -p db.url=jdbc:mysql://h/db?password=pw4567"));
    String masked = Secrets.maskMap(metadata).toString();
    for (String secret : new String[] {"hunter2", "se;cret", "cret", "t0k3n", "pw4567"}) {
      assertFalse(masked.contains(secret), secret + " in " + masked);
    }
    assertTrue(masked.contains("password=*****;encrypt=true"), masked);
    assertTrue(masked.contains("threadcount=4"), masked);
  }

  @Test
  void maskedPropertiesHideSecretValues() {
    Properties p = new Properties();
    p.setProperty("db.passwd", "hunter2");
    p.setProperty("db.url", "jdbc:mysql://h/db?password=hunter2");
    p.setProperty("api.token", "abc");
    p.setProperty("threadcount", "4");
    Map<String, String> m = Secrets.maskedProperties(p);
    assertEquals("*****", m.get("db.passwd"));
    assertEquals("*****", m.get("api.token"));
    assertEquals("jdbc:mysql://h/db?password=*****", m.get("db.url"));
    assertEquals("4", m.get("threadcount"));
    assertFalse(m.toString().contains("hunter2"));
  }
}
