package com.mytopling.ycsb.launcher.bench;

import com.mytopling.ycsb.core.cli.CliValues;
import com.mytopling.ycsb.core.cli.UsageException;
import com.mytopling.ycsb.core.dialect.Dialect;
import com.mytopling.ycsb.core.dialect.DatabaseKind;
import com.mytopling.ycsb.core.dialect.TableLayout;
import com.mytopling.ycsb.fileloader.CoreKeyChoice;
import com.mytopling.ycsb.launcher.client.ClientCostMeter;
import com.mytopling.ycsb.launcher.client.CompilerThreadsCpu;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import site.ycsb.Utils;
import site.ycsb.generator.AcknowledgedCounterGenerator;
import site.ycsb.generator.ScrambledZipfianGenerator;

/**
 * bench-harness's floor: the least a JVM client can cost here for workload A's operations, to set ours against
 * (docs/speed.md). It sends what our run phase sends on the same table (the dialect's read of all fields and update
 * of one field, server-side prepared, binary protocol), with YCSB's key choice (scrambled zipfian over the records,
 * CoreKeyChoice, keys "user" + FNV hash) and a value of YCSB's alphabet, and nothing a benchmark also needs: no
 * latencies, no measurement intervals, no YCSB. Two ways to wait for the server:
 * <ul>
 *   <li>{@code blocking}: a thread per connection, each sends and blocks in read(2), as our client's threads do;</li>
 *   <li>{@code loop}: one thread drives every connection through a selector, one request outstanding on each (the
 *       same closed loop as that many threads), and wakes once for all the replies that came meanwhile.</li>
 * </ul>
 * Each read must return one row and each update match one, or the run fails. After {@code --warmup-operations} (JIT
 * compilation), it prints its measured window: operations per second and the process's user and system CPU per
 * operation, the JIT compiler threads' share of it apart. A reference, never a path of the harness.
 */
public final class WireFloor {
  static final String PREFIX = "wire-floor:";

  private WireFloor() {
  }

  record Settings(String host, int port, String user, String database, String table, int fields, int fieldLength,
                  long records, long operations, long warmup, int connections, boolean loop, double readShare) {
  }

  public static void main(String[] args) {
    try {
      Settings s = settings(args);
      String password = System.getenv("YCSB_DB_PASSWORD");
      System.out.println(new WireFloor.Run(s, password == null ? "" : password).measure());
    } catch (UsageException e) {
      System.err.println("wire-floor: " + e.getMessage());
      System.exit(2);
    } catch (IOException | InterruptedException | RuntimeException e) {
      System.err.println("wire-floor: " + e.getMessage());
      System.exit(1);
    }
  }

  static Options options() {
    Options o = new Options();
    o.addOption(Option.builder().longOpt("host").hasArg().desc("server address (127.0.0.1)").build());
    o.addOption(Option.builder().longOpt("port").hasArg().desc("server port (3306)").build());
    o.addOption(Option.builder().longOpt("user").hasArg().desc("user (ycsb); password from YCSB_DB_PASSWORD").build());
    o.addOption(Option.builder().longOpt("database").hasArg().desc("database (ycsb)").build());
    o.addOption(Option.builder().longOpt("table").hasArg().desc("table (usertable)").build());
    o.addOption(Option.builder().longOpt("fields").hasArg().desc("fields per record (10)").build());
    o.addOption(Option.builder().longOpt("field-length").hasArg().desc("an update's value length (100)").build());
    o.addOption(Option.builder().longOpt("records").hasArg().desc("records in the table (required)").build());
    o.addOption(Option.builder().longOpt("operations").hasArg().desc("operations measured (required)").build());
    o.addOption(Option.builder().longOpt("warmup-operations").hasArg().desc("operations before (operations / 4)")
        .build());
    o.addOption(Option.builder().longOpt("connections").hasArg().desc("connections, one request each (16)").build());
    o.addOption(Option.builder().longOpt("mode").hasArg().desc("blocking (a thread each) or loop (one thread)")
        .build());
    return o;
  }

  static Settings settings(String[] args) throws UsageException {
    CommandLine cl = CliValues.parseOptionsOnly(options(), args);
    for (String required : List.of("records", "operations")) {
      if (!cl.hasOption(required)) {
        throw new UsageException("--" + required + " is required");
      }
    }
    String mode = cl.getOptionValue("mode", "blocking");
    if (!mode.equals("blocking") && !mode.equals("loop")) {
      throw new UsageException("--mode: unknown mode '" + mode + "' (blocking or loop)");
    }
    long operations = CliValues.count(cl, "operations", 0, 1);
    return new Settings(cl.getOptionValue("host", "127.0.0.1"), CliValues.intCount(cl, "port", 3306, 1, 65535),
        cl.getOptionValue("user", "ycsb"), cl.getOptionValue("database", "ycsb"),
        cl.getOptionValue("table", "usertable"), CliValues.intCount(cl, "fields", 10, 1, TableLayout.MAX_FIELDS),
        CliValues.intCount(cl, "field-length", 100, 1, 60_000), CliValues.count(cl, "records", 0, 1), operations,
        CliValues.count(cl, "warmup-operations", operations / 4, 0), CliValues.intCount(cl, "connections", 16, 1),
        mode.equals("loop"), 0.5);
  }

  /** What one connection's operations need of their own: the key choice is shared, as YCSB's workload is. */
  private static final class Driver {
    final WireConnection c;
    final byte[] value;
    long missing;

    Driver(WireConnection c, int fieldLength) {
      this.c = c;
      this.value = new byte[fieldLength];
    }
  }

  static final class Run {
    private final Settings s;
    private final String password;
    private final CoreKeyChoice keys;

    Run(Settings s, String password) {
      this.s = s;
      this.password = password;
      // CoreWorkload's zipfian keychooser and insert sequence for a run phase without inserts.
      this.keys = new CoreKeyChoice(new ScrambledZipfianGenerator(0, s.records()),
          new AcknowledgedCounterGenerator(s.records()));
    }

    String measure() throws IOException, InterruptedException {
      List<String> names = new ArrayList<>();
      for (int i = 0; i < s.fields(); i++) {
        names.add("field" + i);
      }
      TableLayout layout = new TableLayout(s.table(), names);
      Dialect dialect = DatabaseKind.byDialectName("mysql").dialect();
      String read = dialect.read(layout, layout.allFields());
      String[] updates = new String[s.fields()];
      for (int i = 0; i < updates.length; i++) {
        updates[i] = dialect.update(layout, 1L << i);
      }
      Driver[] drivers = new Driver[s.connections()];
      try {
        for (int i = 0; i < drivers.length; i++) {
          drivers[i] = new Driver(WireConnection.open(s.host(), s.port(), s.user(), password, s.database(), read,
              updates), s.fieldLength());
        }
        if (drivers[0].c.readColumns() != s.fields()) {
          throw new IOException("the read returns " + drivers[0].c.readColumns() + " columns, expected " + s.fields());
        }
        Window w = s.loop() ? loop(drivers) : blocking(drivers);
        long missing = 0;
        for (Driver d : drivers) {
          missing += d.missing;
        }
        if (missing > 0) {
          throw new IOException(missing + " operations found no row (a read without its row or an update that "
              + "matched none): is the table loaded with " + s.records() + " records?");
        }
        return w.line(s);
      } finally {
        for (Driver d : drivers) {
          if (d != null) {
            d.c.close();
          }
        }
      }
    }

    /** Writes the next operation's request: YCSB's read or update choice, key, field and value. */
    private void next(Driver d) {
      ThreadLocalRandom r = ThreadLocalRandom.current();
      boolean read = r.nextDouble() < s.readShare();
      long hash = Utils.fnvhash64(keys.next());
      if (read) {
        d.c.encodeRead(hash);
      } else {
        int field = r.nextInt(s.fields());
        fill(d.value, r);
        d.c.encodeUpdate(field, d.value, hash);
      }
      d.c.expectReply();
    }

    /** Of each random int, YCSB's RandomByteIterator makes six characters: ' ' plus 5 of its bits under these masks. */
    private static final int[] MASKS = {31, 63, 95, 31, 63, 95};

    /** YCSB's RandomByteIterator's bytes (its fillBytesImpl), into a buffer the connection reuses. */
    private static void fill(byte[] value, ThreadLocalRandom r) {
      for (int i = 0; i < value.length; i += 6) {
        int base = r.nextInt();
        for (int j = 0; j < 6 && i + j < value.length; j++) {
          value[i + j] = (byte) (((base >> (5 * j)) & MASKS[j]) + ' ');
        }
      }
    }

    private static void check(Driver d, boolean wasRead) {
      if (wasRead ? d.c.rows() != 1 : d.c.affected() != 1) {
        d.missing++;
      }
    }

    private Window blocking(Driver[] drivers) throws InterruptedException, IOException {
      AtomicReference<Sample> start = new AtomicReference<>();
      CyclicBarrier measured = new CyclicBarrier(drivers.length, () -> start.set(Sample.now()));
      AtomicReference<Exception> failure = new AtomicReference<>();
      Thread[] threads = new Thread[drivers.length];
      for (int i = 0; i < drivers.length; i++) {
        Driver d = drivers[i];
        long warm = share(s.warmup(), i, drivers.length);
        long ops = share(s.operations(), i, drivers.length);
        threads[i] = new Thread(() -> {
          try {
            run(d, warm);
            measured.await();
            run(d, ops);
          } catch (IOException | InterruptedException | BrokenBarrierException e) {
            failure.compareAndSet(null, e);
            measured.reset();
          }
        }, "floor-" + i);
        threads[i].start();
      }
      for (Thread t : threads) {
        t.join();
      }
      Sample end = Sample.now();
      if (failure.get() != null) {
        throw new IOException(failure.get().getMessage(), failure.get());
      }
      return new Window(start.get(), end, s.operations());
    }

    private void run(Driver d, long ops) throws IOException {
      for (long k = 0; k < ops; k++) {
        next(d);
        boolean read = d.c.awaitingRead();
        d.c.flush();
        d.c.await();
        check(d, read);
      }
    }

    private Window loop(Driver[] drivers) throws IOException {
      for (Driver d : drivers) {
        d.c.channel.configureBlocking(false);
      }
      try (Selector selector = Selector.open()) {
        for (Driver d : drivers) {
          d.c.channel.register(selector, SelectionKey.OP_READ, d);
        }
        loop(selector, drivers, s.warmup());
        Sample start = Sample.now();
        loop(selector, drivers, s.operations());
        return new Window(start, Sample.now(), s.operations());
      }
    }

    /** {@code ops} operations over all connections, each with at most one request outstanding. */
    private void loop(Selector selector, Driver[] drivers, long ops) throws IOException {
      long sent = 0;
      long done = 0;
      for (Driver d : drivers) {
        if (sent < ops) {
          next(d);
          d.c.flush();
          sent++;
        }
      }
      while (done < ops) {
        selector.select();
        var ready = selector.selectedKeys().iterator();
        while (ready.hasNext()) {
          Driver d = (Driver) ready.next().attachment();
          ready.remove();
          boolean read = d.c.awaitingRead();
          if (d.c.poll()) {
            check(d, read);
            done++;
            if (sent < ops) {
              next(d);
              d.c.flush();
              sent++;
            }
          }
        }
      }
    }
  }

  /** The name=value figures of the line {@link Window#line} prints (empty when the line is not one). */
  static Map<String, String> figures(String line) {
    Map<String, String> f = new java.util.LinkedHashMap<>();
    if (line.startsWith(PREFIX)) {
      for (String token : line.substring(PREFIX.length()).trim().split(" ")) {
        int eq = token.indexOf('=');
        if (eq > 0) {
          f.put(token.substring(0, eq), token.substring(eq + 1));
        }
      }
    }
    return f;
  }

  /** Thread {@code i} of {@code n}'s part of {@code total}, the first ones taking the remainder. */
  static long share(long total, int i, int n) {
    return total / n + (i < total % n ? 1 : 0);
  }

  /** The process's CPU ticks, its JIT compiler threads' and the clock at one moment. */
  record Sample(long userTicks, long systemTicks, Map<Long, Long> compilerTicks, long nanos) {
    static Sample now() {
      try {
        long[] t = ClientCostMeter.processTicks(Files.readString(Path.of("/proc/self/stat"),
            StandardCharsets.US_ASCII));
        return new Sample(t[0], t[1], CompilerThreadsCpu.read(), System.nanoTime());
      } catch (IOException e) {
        throw new IllegalStateException("cannot read /proc/self/stat (the floor measures on Linux only): "
            + e.getMessage(), e);
      }
    }
  }

  /** The measured window and the line that reports it. */
  record Window(Sample from, Sample to, long operations) {
    String line(Settings s) {
      double seconds = (to.nanos() - from.nanos()) / 1e9;
      double perOp = 1e6 / ClientCostMeter.TICKS_PER_SECOND / operations;
      Long jit = CompilerThreadsCpu.ticksBetween(from.compilerTicks(), to.compilerTicks());
      return String.format(Locale.ROOT, "%s mode=%s connections=%d operations=%d window_s=%.3f ops_s=%.1f "
              + "user_us_op=%.3f sys_us_op=%.3f jit_us_op=%s", PREFIX, s.loop() ? "loop" : "blocking",
          s.connections(), operations, seconds, operations / seconds, (to.userTicks() - from.userTicks()) * perOp,
          (to.systemTicks() - from.systemTicks()) * perOp,
          jit == null ? "NA" : String.format(Locale.ROOT, "%.3f", jit * perOp));
    }
  }
}
