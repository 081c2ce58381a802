package com.mytopling.ycsb.launcher.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.core.cli.UsageException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** WorkloadRunner in-process with YCSB's BasicDB (no database): how operations are split over threads. */
class WorkloadRunnerTest {
  @TempDir
  Path dir;

  private Properties props(boolean transactions, String threads) {
    Properties p = new Properties();
    p.setProperty("workload", "site.ycsb.workloads.CoreWorkload");
    p.setProperty("db", "site.ycsb.BasicDB");
    p.setProperty("basicdb.verbose", "false");
    p.setProperty("recordcount", "100");
    p.setProperty("threadcount", threads);
    p.setProperty("dotransactions", Boolean.toString(transactions));
    p.setProperty("exportfile", dir.resolve(transactions ? "run.out" : "load.out").toString());
    return p;
  }

  /**
   * Operations YCSB counted: the [OVERALL] throughput times the run time; -1 when the run took under a millisecond
   * (its throughput is then written as 0, and nothing can be read back from it: a fast machine's case).
   */
  private static long operations(String out) {
    double runtime = 0;
    double throughput = 0;
    for (String line : out.split("\n")) {
      String[] f = line.split(", ");
      if (f.length == 3 && f[0].equals("[OVERALL]") && f[1].equals("RunTime(ms)")) {
        runtime = Double.parseDouble(f[2]);
      } else if (f.length == 3 && f[0].equals("[OVERALL]") && f[1].equals("Throughput(ops/sec)")) {
        throughput = Double.parseDouble(f[2]);
      }
    }
    return runtime == 0 && throughput == 0 ? -1 : Math.round(runtime * throughput / 1000.0);
  }

  private static long seriesOperations(String out, String series) {
    return out.lines().filter(l -> l.startsWith("[" + series + "], Operations, "))
        .mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1))).sum();
  }

  /**
   * Issue 11.3: with -threads 16 -p operationcount=10, YCSB gives six threads 0 operations, which its client
   * threads take as "no limit": the run never ended. Now it ends after exactly 10 operations.
   */
  @Test
  void fewerOperationsThanThreadsEnds() throws Exception {
    Properties p = props(true, "16");
    p.setProperty("operationcount", "10");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int rc = assertTimeoutPreemptively(Duration.ofSeconds(60),
        () -> new WorkloadRunner(p, new PrintStream(err, true, StandardCharsets.UTF_8)).run());
    assertEquals(0, rc, err::toString);
    String out = Files.readString(dir.resolve("run.out"), StandardCharsets.UTF_8);
    assertEquals(10, seriesOperations(out, "READ") + seriesOperations(out, "UPDATE"), out);
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("10 operations for 16 threads: running 10 threads"),
        err::toString);
  }

  /** A workload whose 50th operation throws, as a workload's or a binding's bug would. */
  public static final class ThrowingWorkload extends site.ycsb.workloads.CoreWorkload {
    private final java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();

    @Override
    public boolean doTransaction(site.ycsb.DB db, Object threadState) {
      if (calls.incrementAndGet() == 50) {
        throw new IllegalStateException("injected failure");
      }
      return super.doTransaction(db, threadState);
    }
  }

  /**
   * An operation that throws fails the phase in one line with exit status 1 and the figures written: YCSB's
   * ClientThread catches it, prints the stack trace and ends the process with exit status 0 (this test's JVM too).
   */
  @Test
  void anOperationThatThrowsFailsThePhaseInOneLine() throws Exception {
    Properties p = props(true, "4");
    p.setProperty("workload", ThrowingWorkload.class.getName());
    p.setProperty("operationcount", "100000");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int rc = assertTimeoutPreemptively(Duration.ofSeconds(60),
        () -> new WorkloadRunner(p, new PrintStream(err, true, StandardCharsets.UTF_8)).run());
    String e = err.toString(StandardCharsets.UTF_8);
    assertEquals(1, rc, e);
    assertEquals(1, e.lines().filter(l -> l.startsWith("[ycsb] the phase stopped after ")
        && l.contains(" of 100000 operations: an operation threw java.lang.IllegalStateException: injected failure "
        + "(at " + ThrowingWorkload.class.getName() + ".doTransaction(")).count(), e);
    String out = Files.readString(dir.resolve("run.out"), StandardCharsets.UTF_8);
    long done = seriesOperations(out, "READ") + seriesOperations(out, "UPDATE");
    assertTrue(done >= 49 && done < 100000, out);
  }

  /** A DB whose second init fails, as a connection refused for one thread of many would. */
  public static final class SecondInitFailsDb extends site.ycsb.DB {
    static final java.util.concurrent.atomic.AtomicInteger INITS = new java.util.concurrent.atomic.AtomicInteger();

    @Override
    public void init() throws site.ycsb.DBException {
      if (INITS.incrementAndGet() == 2) {
        throw new site.ycsb.DBException("injected: too many connections");
      }
    }

    @Override
    public site.ycsb.Status read(String table, String key, java.util.Set<String> fields,
                                 java.util.Map<String, site.ycsb.ByteIterator> result) {
      return site.ycsb.Status.OK;
    }

    @Override
    public site.ycsb.Status scan(String table, String startkey, int recordcount, java.util.Set<String> fields,
                                 java.util.Vector<java.util.HashMap<String, site.ycsb.ByteIterator>> result) {
      return site.ycsb.Status.OK;
    }

    @Override
    public site.ycsb.Status update(String table, String key, java.util.Map<String, site.ycsb.ByteIterator> values) {
      return site.ycsb.Status.OK;
    }

    @Override
    public site.ycsb.Status insert(String table, String key, java.util.Map<String, site.ycsb.ByteIterator> values) {
      return site.ycsb.Status.OK;
    }

    @Override
    public site.ycsb.Status delete(String table, String key) {
      return site.ycsb.Status.OK;
    }
  }

  /** A workload whose thread 1 cannot set up. */
  public static final class ThreadSetupFailsWorkload extends site.ycsb.workloads.CoreWorkload {
    @Override
    public Object initThread(Properties p, int threadId, int threadCount) throws site.ycsb.WorkloadException {
      if (threadId == 1) {
        throw new site.ycsb.WorkloadException("injected: no state for thread 1");
      }
      return super.initThread(p, threadId, threadCount);
    }
  }

  /**
   * A client thread whose DB cannot start, or whose workload cannot set it up, fails the phase in one line naming
   * that: YCSB's ClientThread printed the stack trace on stderr and stdout, ended the thread, and the phase said only
   * that operations were missing, blaming a failed operation.
   */
  @Test
  void aThreadThatCannotStartFailsThePhaseInOneLineNamingWhy() throws Exception {
    SecondInitFailsDb.INITS.set(0);
    Properties db = props(true, "4");
    db.setProperty("db", SecondInitFailsDb.class.getName());
    db.setProperty("operationcount", "100000");
    assertSetupFailure(db, "a client thread's DB init threw site.ycsb.DBException: injected: too many connections "
        + "(at " + SecondInitFailsDb.class.getName() + ".init(");
    Properties workload = props(true, "4");
    workload.setProperty("workload", ThreadSetupFailsWorkload.class.getName());
    workload.setProperty("operationcount", "100000");
    assertSetupFailure(workload, "the workload's initThread threw site.ycsb.WorkloadException: injected: no state "
        + "for thread 1 (at " + ThreadSetupFailsWorkload.class.getName() + ".initThread(");
  }

  private void assertSetupFailure(Properties p, String cause) throws Exception {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    ByteArrayOutputStream stray = new ByteArrayOutputStream();
    PrintStream stdout = System.out;
    PrintStream stderr = System.err;
    int rc;
    try {
      // ClientThread writes its stack traces to the process's own streams.
      System.setOut(new PrintStream(stray, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(stray, true, StandardCharsets.UTF_8));
      rc = assertTimeoutPreemptively(Duration.ofSeconds(60),
          () -> new WorkloadRunner(p, new PrintStream(err, true, StandardCharsets.UTF_8)).run());
    } finally {
      System.setOut(stdout);
      System.setErr(stderr);
    }
    String e = err.toString(StandardCharsets.UTF_8);
    String elsewhere = stray.toString(StandardCharsets.UTF_8);
    assertEquals(1, rc, e);
    assertEquals(1, e.lines().filter(l -> l.startsWith("[ycsb] the phase stopped after ")
        && l.contains(" of 100000 operations: " + cause)).count(), e);
    assertTrue(e.lines().noneMatch(l -> l.startsWith("[ycsb] only ")), e);
    assertTrue(!elsewhere.contains("\tat ") && !e.contains("\tat "), "no stack trace: " + elsewhere);
  }

  /** The same for a load of fewer records than threads: threads without inserts would insert without end. */
  @Test
  void fewerRecordsThanThreadsEnds() throws Exception {
    Properties p = props(false, "8");
    p.setProperty("recordcount", "3");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int rc = assertTimeoutPreemptively(Duration.ofSeconds(60),
        () -> new WorkloadRunner(p, new PrintStream(err, true, StandardCharsets.UTF_8)).run());
    assertEquals(0, rc, err::toString);
    String out = Files.readString(dir.resolve("load.out"), StandardCharsets.UTF_8);
    assertEquals(3, seriesOperations(out, "INSERT"), out);
    long counted = operations(out);
    assertTrue(counted == 3 || counted == -1, out);
  }

  /** load.keyorder=sorted with more threads than records, as with fewer: every record once, the run ends. */
  @Test
  void sortedLoadInsertsEveryRecordWithAnyThreadCount() throws Exception {
    for (String[] c : new String[][] {{"8", "3"}, {"7", "1000"}}) {
      Properties p = props(false, c[0]);
      p.setProperty("recordcount", c[1]);
      p.setProperty("load.keyorder", "sorted");
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      int rc = assertTimeoutPreemptively(Duration.ofSeconds(60),
          () -> new WorkloadRunner(p, new PrintStream(err, true, StandardCharsets.UTF_8)).run());
      assertEquals(0, rc, err::toString);
      String out = Files.readString(dir.resolve("load.out"), StandardCharsets.UTF_8);
      assertEquals(Long.parseLong(c[1]), seriesOperations(out, "INSERT"), out);
    }
  }

  /** YCSB's own class (workload.stock=true) would ignore load.keyorder=sorted: refused in one line instead. */
  @Test
  void sortedLoadWithTheStockClassIsRefused() {
    Properties p = props(false, "2");
    p.setProperty("load.keyorder", "sorted");
    p.setProperty("workload.stock", "true");
    UsageException e = assertThrows(UsageException.class,
        () -> new WorkloadRunner(p, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)).run());
    assertEquals("load.keyorder=sorted: only the harness's core workload inserts its keys in key order, not "
        + "site.ycsb.workloads.CoreWorkload with workload.stock=true", e.getMessage());
  }
}
