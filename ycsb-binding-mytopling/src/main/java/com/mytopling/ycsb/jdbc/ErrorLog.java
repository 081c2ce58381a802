package com.mytopling.ycsb.jdbc;

import com.mytopling.ycsb.core.Secrets;
import com.mytopling.ycsb.core.SqlMessages;
import com.mytopling.ycsb.core.record.RunRecord;
import java.io.PrintStream;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts failed operations by kind and prints each kind once: a benchmark that fails a
 * million updates the same way should say so in one line and a count, not a million lines.
 * A kind is the operation with the SQLState and vendor code, so "duplicate key" on different
 * keys is one kind. Shared by all client threads of the process; its kinds go into the
 * binding's record ({@link #kinds}).
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
    final String operation;
    final String kind;
    final String firstMessage;
    final LongAdder count = new LongAdder();

    Entry(String operation, String kind, String firstMessage) {
      this.operation = operation;
      this.kind = kind;
      this.firstMessage = firstMessage;
    }
  }

  public void record(String operation, SQLException e) {
    String kind = e.getSQLState() + "/" + e.getErrorCode();
    Entry entry = kinds.get(operation + " " + kind);
    if (entry == null) {
      Entry fresh = new Entry(operation, kind, describe(e));
      entry = kinds.putIfAbsent(operation + " " + kind, fresh);
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
    Entry entry = kinds.computeIfAbsent(operation + " " + what, k -> {
      String masked = Secrets.mask(what, password);
      out.println("[mytopling] error: " + operation + " failed: " + masked
          + " (later errors of this kind are counted; totals at the end)");
      return new Entry(operation, masked, masked);
    });
    entry.count.increment();
  }

  /** One line per kind with its count; nothing when there were no errors. */
  public void printSummary() {
    for (Entry e : kinds.values()) {
      out.println("[mytopling] errors: " + e.operation + " " + e.kind + " x " + e.count.sum() + " (first: "
          + e.firstMessage + ")");
    }
  }

  public long total() {
    long n = 0;
    for (Entry e : kinds.values()) {
      n += e.count.sum();
    }
    return n;
  }

  /** Each kind with its count so far, for the binding's record (messages already masked). */
  public List<RunRecord.ErrorKind> kinds() {
    List<RunRecord.ErrorKind> result = new ArrayList<>();
    for (Entry e : kinds.values()) {
      RunRecord.ErrorKind k = new RunRecord.ErrorKind();
      k.operation = e.operation;
      k.kind = e.kind;
      k.message = e.firstMessage;
      k.count = e.count.sum();
      result.add(k);
    }
    return result;
  }

  /** SQLState, vendor code and the first line of the message, with secrets masked. */
  public String describe(SQLException e) {
    return e.getSQLState() + "/" + e.getErrorCode() + " " + SqlMessages.firstLine(Secrets.mask(e.getMessage(), password));
  }
}
