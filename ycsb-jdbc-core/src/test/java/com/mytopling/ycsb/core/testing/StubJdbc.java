package com.mytopling.ycsb.core.testing;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A JDBC connection that answers queries with canned rows, for the SQL of servers that cannot
 * run here (SQL Server): a test gives the rows each statement returns (by the statement's
 * text), then checks what the code made of them and which SQL and parameters it sent. In the
 * manner of HikariCP's StubConnection, but only the calls the core makes.
 */
public final class StubJdbc {
  private final Map<String, List<Object[]>> answers = new LinkedHashMap<>();
  /** Every statement executed, with its parameters appended as " [p1, p2]". */
  public final List<String> executed = new ArrayList<>();
  /** Every Statement.setQueryTimeout given, in seconds. */
  public final List<Integer> queryTimeouts = new ArrayList<>();

  /** The rows a statement returns; a statement without an answer fails as an unknown object would. */
  public StubJdbc answer(String sql, Object[]... rows) {
    answers.put(sql, List.of(rows));
    return this;
  }

  public Connection connection() {
    return proxy(Connection.class, (p, m, a) -> switch (m.getName()) {
      case "createStatement" -> statement(null);
      case "prepareStatement" -> statement((String) a[0]);
      case "close" -> null;
      case "isClosed" -> false;
      default -> throw new UnsupportedOperationException("stub connection: " + m.getName());
    });
  }

  private Statement statement(String prepared) {
    List<Object> params = new ArrayList<>();
    Class<? extends Statement> type = prepared == null ? Statement.class : PreparedStatement.class;
    return proxy(type, (p, m, a) -> {
      switch (m.getName()) {
        case "setString", "setInt", "setLong", "setObject" -> {
          int i = (Integer) a[0];
          while (params.size() < i) {
            params.add(null);
          }
          params.set(i - 1, a[1]);
          return null;
        }
        case "executeQuery" -> {
          String sql = prepared != null ? prepared : (String) a[0];
          executed.add(sql + (params.isEmpty() ? "" : " " + params));
          List<Object[]> rows = answers.get(sql);
          if (rows == null) {
            throw new SQLException("stub: no answer for " + sql, "42S02", 208);
          }
          return resultSet(rows);
        }
        case "setQueryTimeout" -> {
          queryTimeouts.add((Integer) a[0]);
          return null;
        }
        case "close" -> {
          return null;
        }
        default -> throw new UnsupportedOperationException("stub statement: " + m.getName());
      }
    });
  }

  private static ResultSet resultSet(List<Object[]> rows) {
    int[] at = {-1};
    return proxy(ResultSet.class, (p, m, a) -> switch (m.getName()) {
      case "next" -> ++at[0] < rows.size();
      case "getString" -> {
        Object v = rows.get(at[0])[(Integer) a[0] - 1];
        yield v == null ? null : v.toString();
      }
      case "getInt" -> ((Number) rows.get(at[0])[(Integer) a[0] - 1]).intValue();
      case "getLong" -> ((Number) rows.get(at[0])[(Integer) a[0] - 1]).longValue();
      case "close" -> null;
      default -> throw new UnsupportedOperationException("stub result set: " + m.getName());
    });
  }

  @SuppressWarnings("unchecked")
  private static <T> T proxy(Class<T> type, InvocationHandler h) {
    return (T) Proxy.newProxyInstance(StubJdbc.class.getClassLoader(), new Class<?>[] {type}, h);
  }
}
