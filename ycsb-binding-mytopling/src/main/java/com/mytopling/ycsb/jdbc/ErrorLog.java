package com.mytopling.ycsb.jdbc;

import com.mytopling.ycsb.core.Secrets;
import com.mytopling.ycsb.core.SqlMessages;
import java.io.PrintStream;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts failed operations by kind and prints each kind once: a benchmark that fails a
 * million updates the same way should say so in one line and a count, not a million lines.
 * A kind is the operation with the SQLState and vendor code, so "duplicate key" on different
 * keys is one kind. Shared by all client threads of the process.
 */
public final class ErrorLog {
  private final Map<String, Entry> kinds = new ConcurrentHashMap<>();
  private final PrintStream out;
  private final String password;

  public ErrorLog(PrintStream out, String password) {
    this.out = out;
    this.password = password;
  }

  private static final class Entry {
    final String firstMessage;
    final LongAdder count = new LongAdder();

    Entry(String firstMessage) {
      this.firstMessage = firstMessage;
    }
  }

  public void record(String operation, SQLException e) {
    String kind = operation + " " + e.getSQLState() + "/" + e.getErrorCode();
    Entry entry = kinds.get(kind);
    if (entry == null) {
      Entry fresh = new Entry(describe(e));
      entry = kinds.putIfAbsent(kind, fresh);
      if (entry == null) {
        entry = fresh;
        out.println("[mytopling] error: " + operation + " failed: " + fresh.firstMessage
            + " (later errors of this kind are counted; totals at the end)");
      }
    }
    entry.count.increment();
  }

  /** Records a failure that is not an SQLException (e.g. an unknown field name). */
  public void record(String operation, String what) {
    String kind = operation + " " + what;
    Entry entry = kinds.computeIfAbsent(kind, k -> {
      out.println("[mytopling] error: " + operation + " failed: " + Secrets.mask(what, password)
          + " (later errors of this kind are counted; totals at the end)");
      return new Entry(Secrets.mask(what, password));
    });
    entry.count.increment();
  }

  /** One line per kind with its count; nothing when there were no errors. */
  public void printSummary() {
    for (Map.Entry<String, Entry> e : kinds.entrySet()) {
      out.println("[mytopling] errors: " + e.getKey() + " x " + e.getValue().count.sum() + " (first: "
          + e.getValue().firstMessage + ")");
    }
  }

  public long total() {
    long n = 0;
    for (Entry e : kinds.values()) {
      n += e.count.sum();
    }
    return n;
  }

  /** SQLState, vendor code and the first line of the message, with secrets masked. */
  public String describe(SQLException e) {
    return e.getSQLState() + "/" + e.getErrorCode() + " " + SqlMessages.firstLine(Secrets.mask(e.getMessage(), password));
  }
}
