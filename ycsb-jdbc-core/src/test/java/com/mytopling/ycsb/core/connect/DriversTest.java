package com.mytopling.ycsb.core.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class DriversTest {
  @Test
  void eachShippedSchemeMapsToItsDriver() {
    assertEquals("org.mariadb.jdbc.Driver", Drivers.driverClassFor("jdbc:mariadb://h:3306/db"));
    assertEquals("com.mysql.cj.jdbc.Driver", Drivers.driverClassFor("jdbc:mysql://h:3306/db"));
    assertEquals("com.mysql.cj.jdbc.Driver", Drivers.driverClassFor("jdbc:mysql:loadbalance://h1,h2/db"));
    assertEquals("com.mysql.cj.jdbc.Driver", Drivers.driverClassFor("jdbc:mysql+srv://_mysql._tcp.example/db"));
    assertEquals("com.microsoft.sqlserver.jdbc.SQLServerDriver",
        Drivers.driverClassFor("jdbc:sqlserver://h:1433;databaseName=ycsb"));
    assertNull(Drivers.driverClassFor("jdbc:postgresql://h/db"));
  }

  @Test
  void unknownSchemesGoToDriverManagerAndItsError() {
    SQLException e = assertThrows(SQLException.class, () -> Drivers.connect("jdbc:nosuchdb://h/db", new Properties()));
    assertTrue(e.getMessage().contains("No suitable driver"), e.getMessage());
  }

  @Test
  void aRefusedConnectionIsTheDriversOwnError() {
    // Port 1 on loopback: nothing listens, so the shipped driver itself must report the failure.
    Properties p = new Properties();
    p.setProperty("connectTimeout", "2000");
    SQLException e = assertThrows(SQLException.class, () -> Drivers.connect("jdbc:mariadb://127.0.0.1:1/db", p));
    assertTrue(e.getSQLState() != null && e.getSQLState().startsWith("08"), e.getSQLState() + " " + e.getMessage());
  }
}
