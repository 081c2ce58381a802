package com.mytopling.ycsb.jdbc.bulk;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class DriverChoiceTest {
  @Test
  void rewritesPlainSchemesOnly() {
    assertEquals("jdbc:mariadb://h:3306/db?a=b", DriverChoice.apply("jdbc:mysql://h:3306/db?a=b", "mariadb"));
    assertEquals("jdbc:mysql://h/db", DriverChoice.apply("jdbc:mariadb://h/db", "mysql"));
    assertEquals("jdbc:mysql://h/db", DriverChoice.apply("jdbc:mysql://h/db", "url"));
    assertEquals("jdbc:mariadb://h/db", DriverChoice.apply("jdbc:mariadb://h/db", "url"));
    assertEquals("jdbc:mysql:loadbalance://h1,h2/db", DriverChoice.apply("jdbc:mysql:loadbalance://h1,h2/db", "mariadb"));
    assertEquals("jdbc:sqlserver://h;databaseName=d", DriverChoice.apply("jdbc:sqlserver://h;databaseName=d", "mariadb"));
  }
}
