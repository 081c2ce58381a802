package com.mytopling.ycsb.core.connect;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * What a connection's driver already knows of its server session, read without sending a statement: a statement the
 * harness sends on each connection lands in the server's counters beside the workload's (Com_select counted one
 * {@code SELECT CONNECTION_ID()} per client thread, and the self-check cried wolf with more than 10 threads).
 */
public final class DriverSessions {
  private DriverSessions() {
  }

  /**
   * The server's id of the connection's session ({@code CONNECTION_ID()}, the PROCESSLIST id), which both
   * MySQL-protocol drivers keep from the server's handshake; -1 for other drivers (their dialect asks the server).
   */
  public static long sessionId(Connection c) throws SQLException {
    if (c.isWrapperFor(org.mariadb.jdbc.Connection.class)) {
      return c.unwrap(org.mariadb.jdbc.Connection.class).getThreadId();
    }
    if (c.isWrapperFor(com.mysql.cj.MysqlConnection.class)) {
      return c.unwrap(com.mysql.cj.MysqlConnection.class).getId();
    }
    return -1;
  }
}
