package com.mytopling.ycsb.core.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JdbcUrlsTest {
  private static Map<String, String> defaults() {
    Map<String, String> d = new LinkedHashMap<>();
    d.put("useServerPrepStmts", "true");
    d.put("socketTimeout", "300000");
    return d;
  }

  @Test
  void addsMissingSettingsToMySqlUrls() {
    JdbcUrls.Applied a = JdbcUrls.withDefaults("jdbc:mysql://h:3306/db", defaults());
    assertEquals("jdbc:mysql://h:3306/db?useServerPrepStmts=true&socketTimeout=300000", a.url);
    assertEquals(List.of("useServerPrepStmts=true", "socketTimeout=300000"), a.added);
  }

  @Test
  void keepsWhatTheUrlSets() {
    JdbcUrls.Applied a = JdbcUrls.withDefaults("jdbc:mysql://h/db?USESERVERPREPSTMTS=false", defaults());
    assertEquals("jdbc:mysql://h/db?USESERVERPREPSTMTS=false&socketTimeout=300000", a.url);
    assertEquals(List.of("socketTimeout=300000"), a.added);
  }

  @Test
  void usesSemicolonsForSqlServer() {
    JdbcUrls.Applied a = JdbcUrls.withDefaults("jdbc:sqlserver://h:1433;databaseName=d;socketTimeout=5", defaults());
    assertEquals("jdbc:sqlserver://h:1433;databaseName=d;socketTimeout=5;useServerPrepStmts=true", a.url);
  }

  @Test
  void anOptionNameInsideAnotherValueDoesNotCount() {
    // "xsocketTimeout=" is not the option socketTimeout.
    JdbcUrls.Applied a = JdbcUrls.withDefaults("jdbc:mysql://h/db?xsocketTimeout=1", defaults());
    assertEquals("jdbc:mysql://h/db?xsocketTimeout=1&useServerPrepStmts=true&socketTimeout=300000", a.url);
  }
}
