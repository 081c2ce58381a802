package com.mytopling.ycsb.core.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The credentials a connection is opened with: the URL's own win, whatever the driver. */
class ServersTest {
  private static final Servers SERVERS = new Servers(List.of("jdbc:mysql://h/db"), "ycsb", "from-env");

  @Test
  void aUrlWithoutCredentialsGetsTheConfiguredOnes() {
    Properties p = SERVERS.credentials("jdbc:mysql://h:3306/ycsb?useSSL=false");
    assertEquals("ycsb", p.getProperty("user"));
    assertEquals("from-env", p.getProperty("password"));
  }

  @Test
  void aUrlsOwnUserAndPasswordAreNotOverridden() {
    Properties p = SERVERS.credentials("jdbc:mysql://h:3306/ycsb?user=other&Password=in-url");
    assertNull(p.getProperty("user"));
    assertNull(p.getProperty("password"));
    Properties sql = SERVERS.credentials("jdbc:sqlserver://h:1433;databaseName=ycsb;password=in-url");
    assertEquals("ycsb", sql.getProperty("user"));
    assertNull(sql.getProperty("password"));
  }

  @Test
  void anOptionWhoseNameEndsInPasswordIsNotThePassword() {
    Properties p = SERVERS.credentials("jdbc:mysql://h/db?trustCertificateKeyStorePassword=x");
    assertEquals("from-env", p.getProperty("password"));
  }
}
