package com.mytopling.ycsb.jdbc.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

/** A real database server a test talks to, and how to reach it. */
public final class TestServer {
  private final String name;
  private final String jdbcUrl;
  private final String user;
  private final String password;
  private final String engine;

  TestServer(String name, String jdbcUrl, String user, String password, String engine) {
    this.name = name;
    this.jdbcUrl = jdbcUrl;
    this.user = user;
    this.password = password;
    this.engine = engine;
  }

  /** A server a test started itself (kube-local's server pod, say), reached at {@code jdbcUrl}. */
  public static TestServer at(String name, String jdbcUrl, String user, String password, String engine) {
    return new TestServer(name, jdbcUrl, user, password, engine);
  }

  /** Where the server came from, for test names and failure messages. */
  public String name() {
    return name;
  }

  public String jdbcUrl() {
    return jdbcUrl;
  }

  public String user() {
    return user;
  }

  public String password() {
    return password;
  }

  /** The storage engine tables get on this server by default: InnoDB or ROCKSDB. */
  public String engine() {
    return engine;
  }

  /** The URL of another database on the same server, created if missing (for shard tests). */
  public String databaseUrl(String database) throws SQLException {
    try (Connection c = connect(); Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE IF NOT EXISTS " + database);
    }
    int slash = jdbcUrl.indexOf('/', "jdbc:mysql://".length());
    int query = jdbcUrl.indexOf('?', slash);
    return jdbcUrl.substring(0, slash + 1) + database + (query < 0 ? "" : jdbcUrl.substring(query));
  }

  /** db.url, db.user and db.passwd for the binding. */
  public Properties dbProperties() {
    Properties p = new Properties();
    p.setProperty("db.url", jdbcUrl);
    if (user != null) {
      p.setProperty("db.user", user);
    }
    if (password != null) {
      p.setProperty("db.passwd", password);
    }
    return p;
  }

  public Connection connect() throws SQLException {
    Properties p = new Properties();
    if (user != null) {
      p.setProperty("user", user);
    }
    if (password != null) {
      p.setProperty("password", password);
    }
    return DriverManager.getConnection(jdbcUrl, p);
  }

  @Override
  public String toString() {
    return name;
  }
}
