package com.mytopling.ycsb.core.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.mytopling.ycsb.core.dialect.InsertStatements;
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

  @Test
  void autoNeverMovesAUrlWithSecurityOptionsToTheOtherDriver() {
    org.junit.jupiter.api.Assertions.assertTrue(DriverChoice.hasSecurityOptions(java.util.List.of(
        "jdbc:mysql://h/db?sslMode=VERIFY_IDENTITY&trustCertificateKeyStoreUrl=file:/t.jks")));
    org.junit.jupiter.api.Assertions.assertTrue(DriverChoice.hasSecurityOptions(java.util.List.of(
        "jdbc:mysql://a/db", "jdbc:mysql://b/db?useSSL=true")));
    org.junit.jupiter.api.Assertions.assertFalse(DriverChoice.hasSecurityOptions(java.util.List.of(
        "jdbc:mysql://h/db?useServerPrepStmts=true", "jdbc:mysql://h2/db")));
  }

  /**
   * Issue 34: what the server executes for a JDBC batch, as measured (Com_insert per executeBatch) on MariaDB 10.11 and
   * MySQL 9.7: MariaDB Connector/J's bulk command reaches MariaDB only; MySQL Connector/J batches only when rewriting.
   */
  @Test
  void aJdbcBatchIsOneStatementOnlyWhereTheDriverCanSendItSo() {
    assertEquals(InsertStatements.BATCH, DriverChoice.batchApiStatements("jdbc:mariadb://h/db", true));
    assertEquals(InsertStatements.ROW, DriverChoice.batchApiStatements("jdbc:mariadb://h/db", false),
        "MariaDB Connector/J to MySQL: one statement per row");
    assertEquals(InsertStatements.ROW, DriverChoice.batchApiStatements(
        "jdbc:mariadb://h/db?useBulkStmtsForInserts=false", true));
    assertEquals(InsertStatements.BATCH, DriverChoice.batchApiStatements(
        "jdbc:mariadb://h/db?useBulkStmtsForInserts=false&useBulkStmts=true", true));
    assertEquals(InsertStatements.BATCH, DriverChoice.batchApiStatements(
        "jdbc:mysql://h/db?rewriteBatchedStatements=true", false));
    assertEquals(InsertStatements.ROW, DriverChoice.batchApiStatements("jdbc:mysql://h/db", true));
    assertEquals(InsertStatements.BATCH, DriverChoice.batchApiStatements("jdbc:sqlserver://h;databaseName=d", false));
  }
}
