package com.mytopling.ycsb.fileloader.db;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The servers the binding writes to, read from the binding's own properties: {@code db.url}
 * (never split: SQL Server URLs contain ';') or shards {@code db.url.1..N}; {@code db.user};
 * the password from {@code db.passwd}, else the first line of {@code db.passwdfile}, else the
 * environment variable YCSB_DB_PASSWORD, in the binding's order.
 */
public record DbTarget(List<String> urls, String user, String password) {
  public static DbTarget from(Properties p, Map<String, String> env) throws IOException {
    List<String> urls = new ArrayList<>();
    String single = p.getProperty("db.url");
    if (single != null && !single.isBlank()) {
      urls.add(single.strip());
    }
    for (int i = 1; p.getProperty("db.url." + i) != null; i++) {
      urls.add(p.getProperty("db.url." + i).strip());
    }
    String password = p.getProperty("db.passwd");
    if (password == null && p.getProperty("db.passwdfile") != null) {
      String content = Files.readString(Path.of(p.getProperty("db.passwdfile").strip()), StandardCharsets.UTF_8);
      int newline = content.indexOf('\n');
      password = newline >= 0 ? content.substring(0, newline) : content;
    }
    if (password == null) {
      password = env.get("YCSB_DB_PASSWORD");
    }
    return new DbTarget(List.copyOf(urls), p.getProperty("db.user", ""), password == null ? null : password.strip());
  }

  public Connection connect(String url) throws SQLException {
    Properties info = new Properties();
    if (user != null && !user.isEmpty()) {
      info.setProperty("user", user);
    }
    if (password != null) {
      info.setProperty("password", password);
    }
    return DriverManager.getConnection(url, info);
  }
}
