package com.mytopling.ycsb.launcher.client;

import com.mytopling.ycsb.core.ClientKeys;
import com.mytopling.ycsb.core.ConfigException;
import com.mytopling.ycsb.core.ExitStatus;
import com.mytopling.ycsb.core.PropertyReader;
import com.mytopling.ycsb.core.cli.UsageException;
import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.fileloader.BindingRows;
import com.mytopling.ycsb.fileloader.FileWorkload;
import com.mytopling.ycsb.jdbc.MyToplingDbClient;
import com.mytopling.ycsb.results.model.ClientCost;
import com.mytopling.ycsb.results.model.PhaseClock;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.Constructor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import org.apache.htrace.core.HTraceConfiguration;
import org.apache.htrace.core.Tracer;
import site.ycsb.ClientThread;
import site.ycsb.DB;
import site.ycsb.DBFactory;
import site.ycsb.TerminatorThread;
import site.ycsb.UnknownDBException;
import site.ycsb.Utils;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter;
import site.ycsb.measurements.exporter.MeasurementsExporter;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;

/**
 * Runs one load or run phase with YCSB's own machinery (ClientThread, StatusThread,
 * Measurements, the exporters), as site.ycsb.Client does, but reports problems as one line
 * and a non-zero exit where Client prints stack traces and exits 0, and never echoes a
 * password. The measurement output is YCSB's, byte for byte in format.
 */
final class WorkloadRunner {
  private final Properties props;
  private final PrintStream err;
  /** The report's exporter, checked before the phase starts (exporterClass). */
  private Constructor<? extends MeasurementsExporter> exporter;

  WorkloadRunner(Properties props, PrintStream err) {
    this.props = props;
    this.err = err;
  }

  /** The live endpoint (measurement.openmetrics.port), or null. */
  private LiveEndpoint live;

  /** Returns the process exit code: 0 when every planned operation was done. */
  int run() throws UsageException {
    try {
      return runPhase();
    } finally {
      if (live != null) {
        live.close();
      }
    }
  }

  private int runPhase() throws UsageException {
    boolean transactions = Boolean.parseBoolean(props.getProperty(Registry.DOTRANSACTIONS.name(), "true"));
    int threadCount = Integer.parseInt(props.getProperty(Registry.THREADCOUNT.name(), "1"));
    if (threadCount < 1) {
      throw new UsageException("threadcount: must be at least 1");
    }
    String dbName = props.getProperty(Registry.DB.name());
    try {
      // YCSB's DBFactory prints a stack trace for an unknown class; say it in one line instead.
      Class.forName(dbName);
    } catch (ClassNotFoundException | LinkageError e) {
      throw new UsageException("db: class '" + dbName + "' not found on the classpath");
    }
    if (isOurBinding(dbName)) {
      // The binding's part of the settings and the connection target, checked before the workload or anything else
      // connects; the target parsed here is the one every part of this process uses (DbTarget.of).
      try {
        MyToplingDbClient.checkSettings(props);
      } catch (site.ycsb.DBException e) {
        throw new UsageException(e.getMessage());
      }
    }
    long maxExecutionSeconds = Long.parseLong(props.getProperty(Registry.MAXEXECUTIONTIME.name(), "0"));
    long warmupSeconds = transactions ? warmupSeconds() : 0;
    checkHdrLogFolder();
    exporter = exporterClass();
    checkExportFile();

    // Before the workload and the client threads look it up: see SerialSeriesMeasurements.
    SerialSeriesMeasurements.install(props);
    // Before anything connects: a port in use is one line and exit 2 (the workload's init may connect).
    live = LiveEndpoint.open(props, transactions, warmupSeconds, err);
    Workload workload = newWorkload();
    err.println("Loading workload...");
    try {
      workload.init(props);
    } catch (WorkloadException e) {
      throw new UsageException("workload " + workloadName() + ": " + e.getMessage());
    } catch (RuntimeException e) {
      throw new UsageException("workload " + workloadName() + " rejected its properties: " + e);
    }
    warnUndividedInserts(workload, transactions);
    checkKeyOrder(workload, transactions);
    Tracer tracer = new Tracer.Builder("YCSB " + workload.getClass().getSimpleName())
        .conf(HTraceConfiguration.fromMap(htraceProperties())).build();

    long opCount = plannedOperations(props, transactions);
    if (!transactions && opCount == 0) {
      // YCSB's client threads treat 0 operations as "no limit": a load of nothing would insert forever.
      err.println("[ycsb] nothing to load: insertcount (or recordcount) is 0");
      closeQuietly(prepareBinding(props.getProperty(Registry.DB.name())));
      return 0;
    }
    if (opCount > 0 && opCount < threadCount) {
      // YCSB's ClientThread takes 0 operations as "no limit": a thread left without operations
      // would run until stopped. Fewer threads, one operation or more each.
      err.println("[ycsb] " + opCount + " operations for " + threadCount + " threads: running " + opCount
          + " threads");
      threadCount = (int) opCount;
    }
    int target = Integer.parseInt(props.getProperty(Registry.TARGET_OPS.name(), "0"));
    double targetPerThreadPerMs = target > 0 ? target / (double) threadCount / 1000.0 : -1;
    MyToplingDbClient.Prepared prepared = prepareBinding(dbName);
    BindingRows bindingRows = rowsOf(prepared);
    if (live != null) {
      live.figures().phase(opCount, bindingRows);
    }
    CountDownLatch done = new CountDownLatch(threadCount);
    List<ClientThread> clients = new ArrayList<>(threadCount);
    List<CountingDb> counters = new ArrayList<>(threadCount);
    long[] planned = new long[threadCount];
    // Client threads see the workload through CountingWorkload, which marks each operation for their CountingDb.
    CountingWorkload counted = new CountingWorkload(workload);
    if (prepared != null) {
      // A table dropped mid-run: every operation would fail in microseconds; the phase stops and fails instead.
      prepared.onUnusable(counted::requestStop);
    }
    for (int id = 0; id < threadCount; id++) {
      DB db;
      try {
        db = DBFactory.newDB(dbName, props, tracer);
      } catch (UnknownDBException e) {
        throw new UsageException("db: class '" + dbName + "' not found on the classpath");
      }
      if (db == null) {
        throw new UsageException("db: class '" + dbName + "' could not be created");
      }
      CountingDb counting = new CountingDb(db, bindingRows != null, counted);
      counters.add(counting);
      int perThread = (int) share(opCount, threadCount, id);
      planned[id] = perThread;
      ClientThread t = new ClientThread(counting, transactions, counted, props, perThread, targetPerThreadPerMs, done);
      t.setThreadId(id);
      t.setThreadCount(threadCount);
      clients.add(t);
    }

    RepeatedLoadCheck repeatedLoad = !transactions && prepared != null
        ? RepeatedLoadCheck.before(props, dbName, workload) : null;
    ServerMetricsSampler sampler = prepared != null ? ServerMetricsSampler.open(props, transactions, err) : null;
    if (prepared == null
        && "true".equalsIgnoreCase(props.getProperty(Registry.MEASUREMENT_SERVERMETRICS.name(), "").strip())) {
      err.println("[ycsb] server metrics: not sampled: only the mytopling binding's databases are");
    }
    StartBarrier.Start barrierStart = null;
    StartBarrier.Settings barrier = StartBarrier.Settings.from(props);
    if (barrier != null) {
      // Clients on other machines: all start measuring at one agreed moment (after their connections are checked).
      try {
        barrierStart = new StartBarrier(barrier, transactions ? "run" : "load", err).await(props);
      } catch (StartBarrier.BarrierException e) {
        err.println(e.getMessage());
        closeQuietly(prepared);
        if (sampler != null) {
          sampler.finish();
        }
        return ExitStatus.FAILED.code;
      }
    }
    err.println("Starting test.");
    // The client's own CPU from here on is the phase's; before here it was start-up (ClientCostMeter).
    ClientCostMeter costMeter = new ClientCostMeter(transactions ? "run" : "load");
    costMeter.phaseStarted();
    boolean trackJvm = "true".equals(props.getProperty(Measurements.MEASUREMENT_TRACK_JVM_PROPERTY, "false"));
    StatusLines status = null;
    if (Boolean.parseBoolean(props.getProperty(Registry.STATUS.name(), "false"))) {
      boolean standard = "timeseries".equals(props.getProperty(Measurements.MEASUREMENT_TYPE_PROPERTY, ""));
      int interval = Integer.parseInt(props.getProperty(Registry.STATUS_INTERVAL.name(), "10"));
      status = new StatusLines(done, clients, counters, planned, bindingRows,
          props.getProperty(Registry.LABEL.name(), ""), standard,
          interval, trackJvm, warmupSeconds, sampler, costMeter, live == null ? null : live.figures(), err);
      status.start();
    }
    if (sampler != null) {
      sampler.begin(System.currentTimeMillis(), System.nanoTime());
    }
    List<Thread> threads = new ArrayList<>(threadCount);
    for (ClientThread c : clients) {
      threads.add(new Thread(tracer.wrap(c, "ClientThread")));
    }
    long start = System.currentTimeMillis();
    if (live != null) {
      live.figures().threadsStarting(start);
    }
    threads.forEach(Thread::start);
    TerminatorThread terminator = null;
    if (maxExecutionSeconds > 0) {
      terminator = new TerminatorThread(maxExecutionSeconds, threads, counted);
      terminator.start();
    }
    long opsDone = 0;
    for (int i = 0; i < threads.size(); i++) {
      try {
        threads.get(i).join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
      opsDone += clients.get(i).getOpsDone();
    }
    long runtimeMs = System.currentTimeMillis() - start;
    recordClientCost(costMeter.finish(opsDone));
    if (terminator != null) {
      terminator.interrupt();
    }
    if (status != null) {
      status.interrupt();
      try {
        status.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    } else {
      // The status thread's last line cuts every series' interval when the work is done; without it, cut here,
      // so the HdrHistogram logs' last interval with work does not run on through the workload's cleanup.
      Measurements.getMeasurements().getSummary();
    }
    if (sampler != null) {
      sampler.finish();
    }
    writePhaseClock(transactions, status, start, runtimeMs, warmupSeconds, barrierStart);
    if (bindingRows != null && workload instanceof FileWorkload fileWorkload) {
      // Rows handed to the binding are only known stored now, after every thread's cleanup (final flush).
      fileWorkload.bindingRows(bindingRows);
    }
    closeQuietly(prepared);
    int rc = finish(workload, prepared, opCount, opsDone, runtimeMs, maxExecutionSeconds, transactions, status);
    if (live != null) {
      // YCSB's final report has cut every series once more: the figures the summary is made of, served until scraped.
      live.figures().afterCut(System.currentTimeMillis(), false, true, true);
      live.awaitFinalScrape(err);
    }
    if (counted.failure() != null) {
      err.println("[ycsb] the phase stopped after " + opsDone + " of " + opCount + " operations: " + counted.failure());
      rc = Math.max(rc, ExitStatus.FAILED.code);
    }
    if (rc != 0 && repeatedLoad != null && repeatedLoad.hintAfterFailure() != null) {
      err.println(repeatedLoad.hintAfterFailure());
    }
    return rc;
  }

  /**
   * A client of several (scaleout.clients) whose workload class does not take its own run-phase insert keys
   * ({@link ClientKeys.Divided}: CoreWorkload and the file workload do) inserts the keys the other clients insert:
   * said in one line, since a class of the user's may number its keys its own way.
   */
  /** load.keyorder=sorted is the harness's core workload's (LeanCoreWorkload): any other would ignore it. */
  private void checkKeyOrder(Workload workload, boolean transactions) throws UsageException {
    if (!transactions && "sorted".equals(props.getProperty(Registry.LOAD_KEYORDER.name(), "").strip())
        && !(workload instanceof LeanCoreWorkload)) {
      throw new UsageException(Registry.LOAD_KEYORDER.assign("sorted") + ": only the harness's core workload "
          + "inserts its keys in key order, not " + workloadName()
          + (workload instanceof ClientCoreWorkload ? " with " + Registry.WORKLOAD_STOCK.assign(true) : ""));
    }
  }

  private void warnUndividedInserts(Workload workload, boolean transactions) throws UsageException {
    ClientKeys keys;
    try {
      keys = ClientKeys.from(props);
    } catch (ConfigException e) {
      throw new UsageException(e.getMessage());
    }
    if (transactions && keys.clients() > 1 && !(workload instanceof ClientKeys.Divided)
        && !"0".equals(props.getProperty(Registry.INSERTPROPORTION.name(), "0").strip())) {
      err.println("[ycsb] workload " + workloadName() + " is not one that gives each of the "
          + keys.clients() + " clients run-phase insert keys of its own (CoreWorkload and the file workload do): "
          + "the clients may insert the same keys");
    }
  }

  /**
   * The client's own cost over the measured window: one line on stderr, and clientcost.recordfile when given (the
   * run folder's client-cost-PHASE.json, which the summary reads).
   */
  private void recordClientCost(ClientCost cost) {
    err.println(ClientCostMeter.line(cost));
    String file = props.getProperty(Registry.CLIENTCOST_RECORDFILE.name(), "").strip();
    if (!file.isEmpty()) {
      try {
        cost.write(Path.of(file));
      } catch (IOException e) {
        err.println("[ycsb] cannot write " + file + ": " + e.getMessage());
      }
    }
  }

  /**
   * measurement.warmup, seconds: the summary leaves them out of the run phase's figures, from the HdrHistogram logs
   * the status thread cuts at the warm-up's end, so it needs both.
   */
  private long warmupSeconds() throws UsageException {
    long warmup;
    try {
      warmup = new PropertyReader(props).integer(Registry.MEASUREMENT_WARMUP);
    } catch (ConfigException e) {
      throw new UsageException(e.getMessage());
    }
    if (warmup > 0) {
      if (!Boolean.parseBoolean(props.getProperty(Registry.STATUS.name(), "false"))) {
        throw new UsageException(Registry.MEASUREMENT_WARMUP + " needs the status thread (-s): it cuts the "
            + "measurements when the warm-up ends");
      }
      if (!"true".equalsIgnoreCase(props.getProperty(Registry.HDRHISTOGRAM_FILEOUTPUT.name(), "false").strip())
          || !"hdrhistogram".equals(props.getProperty(Measurements.MEASUREMENT_TYPE_PROPERTY, "hdrhistogram").strip())) {
        throw new UsageException(Registry.MEASUREMENT_WARMUP + " needs HdrHistogram interval logs (-p "
            + Registry.HDRHISTOGRAM_FILEOUTPUT.assign(true) + ", "
            + "measurementtype hdrhistogram): the summary leaves the warm-up out from them");
      }
    }
    return warmup;
  }

  /**
   * hdrhistogram.output.path is a prefix of the logs' paths, and YCSB opens them when an operation is first measured:
   * in a missing folder every client thread died with a stack trace and the phase ended with exit 0 and no figures.
   */
  private void checkHdrLogFolder() throws UsageException {
    if (!"true".equalsIgnoreCase(props.getProperty(Registry.HDRHISTOGRAM_FILEOUTPUT.name(), "false").strip())) {
      return;
    }
    Path folder = Path.of(props.getProperty(Registry.HDRHISTOGRAM_OUTPUT_PATH.name(), "") + "x").toAbsolutePath()
        .getParent();
    if (!Files.isDirectory(folder)) {
      throw new UsageException(Registry.HDRHISTOGRAM_OUTPUT_PATH.name() + ": no folder " + folder
          + " for the HdrHistogram logs (create it, or name one that exists)");
    }
  }

  /**
   * The exporter class, checked before anything connects: YCSB writes its report only after the phase, so a name
   * that is not an exporter cost the whole run (YCSB's Client fell back to text, a file asked for as JSON was not).
   */
  private Constructor<? extends MeasurementsExporter> exporterClass() throws UsageException {
    String name = props.getProperty(Registry.EXPORTER.name(), Registry.EXPORTER.defaultValue()).strip();
    try {
      return Class.forName(name).asSubclass(MeasurementsExporter.class).getConstructor(OutputStream.class);
    } catch (ClassNotFoundException | LinkageError e) {
      throw new UsageException(Registry.EXPORTER.name() + ": class '" + name + "' not found on the classpath (YCSB's: "
          + TextMeasurementsExporter.class.getName() + ", " + JSONArrayMeasurementsExporter.class.getName() + ")");
    } catch (ClassCastException | NoSuchMethodException e) {
      throw new UsageException(Registry.EXPORTER.name() + ": " + name + " is not a YCSB measurements exporter "
          + "(a " + MeasurementsExporter.class.getName() + " made from an OutputStream)");
    }
  }

  /** exportfile in a folder that does not exist (or naming a folder) would lose the report after the whole run. */
  private void checkExportFile() throws UsageException {
    String file = props.getProperty(Registry.EXPORTFILE.name());
    if (file == null) {
      return;
    }
    Path path = Path.of(file).toAbsolutePath();
    if (Files.isDirectory(path)) {
      throw new UsageException(Registry.EXPORTFILE.name() + ": " + path + " is a folder; name the report's file");
    }
    if (!Files.isDirectory(path.getParent())) {
      throw new UsageException(Registry.EXPORTFILE.name() + ": no folder " + path.getParent()
          + " for the report (create it, or name one that exists)");
    }
  }

  /**
   * phase.json beside the HdrHistogram logs (hdrhistogram.fileoutput=true): the phase's clock and the warm-up's cut,
   * which the logs do not carry and the summary needs.
   */
  private void writePhaseClock(boolean transactions, StatusLines status, long startMs, long runtimeMs, long warmup,
                               StartBarrier.Start barrier) {
    if (!"true".equalsIgnoreCase(props.getProperty(Registry.HDRHISTOGRAM_FILEOUTPUT.name(), "false").strip())) {
      return;
    }
    PhaseClock clock = new PhaseClock();
    clock.phase = transactions ? "run" : "load";
    clock.startMs = status != null && status.startMs() > 0 ? status.startMs() : startMs;
    clock.endMs = startMs + runtimeMs;
    clock.statusIntervalS = Integer.parseInt(props.getProperty(Registry.STATUS_INTERVAL.name(), "10"));
    clock.warmupS = warmup;
    clock.warmupEndMs = status != null && status.warmupEndMs() > 0 ? status.warmupEndMs() : null;
    if (barrier != null) {
      clock.barrierStartMs = barrier.agreedServerMs();
      // This client's start on the server's clock: its clock start shifted by the offset the barrier measured.
      clock.startedServerMs = clock.startMs + barrier.offsetMs();
      clock.serverClockUncertaintyMs = barrier.uncertaintyMs();
    }
    Path file = Path.of(props.getProperty(Registry.HDRHISTOGRAM_OUTPUT_PATH.name(), "")
        + PhaseClock.FILE_NAME);
    try {
      clock.write(file);
    } catch (IOException e) {
      err.println("[ycsb] cannot write " + file + ": " + e.getMessage() + " (a warm-up cannot be left out without it)");
    }
  }

  /** Cleans the workload up, writes YCSB's report and returns the exit code. */
  private int finish(Workload workload, MyToplingDbClient.Prepared prepared, long opCount, long opsDone, long runtimeMs, long maxExecutionSeconds,
                     boolean transactions, StatusLines status) {
    try {
      workload.cleanup();
    } catch (WorkloadException e) {
      err.println("[ycsb] workload cleanup failed: " + e.getMessage());
      return 1;
    }
    try {
      export(opsDone, runtimeMs, status);
    } catch (IOException e) {
      err.println("[ycsb] cannot write measurements: " + e.getMessage());
      return 1;
    }
    if (prepared != null && prepared.unusable() != null) {
      err.println("[ycsb] stopped after " + opsDone + " of " + opCount + " operations: " + prepared.unusable());
      printResume(transactions, prepared, opCount);
      return 1;
    }
    boolean stoppedByTime = maxExecutionSeconds > 0 && runtimeMs >= maxExecutionSeconds * 1000;
    if (opCount > 0 && opsDone < opCount && !stoppedByTime && !workload.isStopRequested()) {
      err.println("[ycsb] only " + opsDone + " of " + opCount + " operations were done: a client thread stopped after "
          + "a failed " + (transactions ? "operation" : "insert") + " (see the error lines above)");
      printResume(transactions, prepared, opCount);
      return 1;
    }
    // Rows acknowledged and then lost (a failed batch, the last batch at cleanup) leave YCSB's counts whole. The
    // rule (README, exit statuses): a load fails when any row was not stored, a run phase when rows or writes
    // acknowledged to YCSB were lost; the run phase's failed operations, inserts among them, are counted and
    // reported, as YCSB reports them. The one place that turns the binding's totals into the exit status; the
    // file workload's summary reads the same totals (bindingRows) but leaves the exit to this.
    String loss = prepared == null ? null : prepared.totals().lossFailing(!transactions);
    if (loss != null) {
      err.println("[ycsb] incomplete " + (transactions ? "run" : "load") + ": " + loss);
      printResume(transactions, prepared, opCount);
      return 1;
    }
    return 0;
  }

  /** After an incomplete load of our binding: how many rows are missing and the command that completes the table. */
  private void printResume(boolean transactions, MyToplingDbClient.Prepared prepared, long plannedRows) {
    if (!transactions && prepared != null && plannedRows > 0) {
      err.println("[ycsb] " + prepared.totals().resume(plannedRows));
    }
  }

  /**
   * For our binding, starts the embedded server, checks the connection and prepares the table
   * before the clock starts: site.ycsb.Client counts that time as run time, which makes a
   * short run on the embedded server look several times slower than it is.
   */
  /** The workload class as the settings name it, for messages. */
  private String workloadName() {
    return props.getProperty(Registry.WORKLOAD.name()).strip();
  }

  private MyToplingDbClient.Prepared prepareBinding(String dbName) throws UsageException {
    try {
      Class<?> c = Class.forName(dbName);
      if (MyToplingDbClient.class.isAssignableFrom(c)) {
        return MyToplingDbClient.prepare(props);
      }
    } catch (ClassNotFoundException e) {
      throw new UsageException("db: class '" + dbName + "' not found on the classpath");
    } catch (site.ycsb.DBException e) {
      throw new UsageException(e.getMessage());
    }
    return null;
  }

  /**
   * The binding's row totals (rows stored, failed and skipped so far) as the status lines and the file workload
   * read them, or null for other bindings. Read off the hot path: each call sums the binding's counters. The
   * handle's totals stay readable after it is closed (the file workload reads them in its cleanup, after the
   * close), and are final then.
   */
  static BindingRows rowsOf(MyToplingDbClient.Prepared handle) {
    if (handle == null) {
      return null;
    }
    return new BindingRows() {
      @Override
      public long stored() {
        return handle.totals().rowsStored();
      }

      @Override
      public long failed() {
        return handle.totals().rowsFailed();
      }

      @Override
      public long skipped() {
        return handle.totals().rowsSkipped();
      }
    };
  }

  private static boolean isOurBinding(String dbName) {
    try {
      return MyToplingDbClient.class.isAssignableFrom(Class.forName(dbName));
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  private static void closeQuietly(AutoCloseable c) {
    if (c != null) {
      try {
        c.close();
      } catch (Exception ignored) {
        // Only releases shared state at the end of the run.
      }
    }
  }

  private Workload newWorkload() throws UsageException {
    String name = props.getProperty(Registry.WORKLOAD.name());
    if (name == null) {
      throw new UsageException("workload: not set (give a workload file with -P, e.g. -P workloads/workloada)");
    }
    name = name.strip();
    Class<?> c;
    try {
      c = Class.forName(name);
    } catch (ClassNotFoundException e) {
      throw new UsageException("workload: class '" + name + "' not found on the classpath");
    }
    if (!Workload.class.isAssignableFrom(c)) {
      throw new UsageException("workload: class '" + name + "' is not a YCSB workload");
    }
    try {
      c = ClientCoreWorkload.runClass(c, props); // for YCSB's core workload: ours, with this client's own keys
    } catch (ConfigException e) {
      throw new UsageException(e.getMessage());
    }
    try {
      return (Workload) c.getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new UsageException("workload: cannot create " + name + ": " + e);
    }
  }

  /** The operations a phase plans: operationcount, or for a load insertcount (else recordcount). */
  static long plannedOperations(Properties props, boolean transactions) {
    if (transactions) {
      return Long.parseLong(props.getProperty(Registry.OPERATIONCOUNT.name(), "0"));
    }
    String insertCount = props.getProperty(Registry.INSERTCOUNT.name());
    return Long.parseLong(insertCount != null ? insertCount : props.getProperty(Registry.RECORDCOUNT.name(), "0"));
  }

  /** Thread {@code id}'s operations of {@code opCount}: split evenly, the first (opCount % threads) take one more. */
  static long share(long opCount, int threads, int id) {
    return opCount / threads + (id < opCount % threads ? 1 : 0);
  }

  /** The operations of the threads before thread {@code id}: where its share begins. */
  static long shareStart(long opCount, int threads, int id) {
    return id * (opCount / threads) + Math.min(id, opCount % threads);
  }

  private Map<String, String> htraceProperties() {
    Map<String, String> m = new HashMap<>();
    for (String k : props.stringPropertyNames()) {
      if (k.startsWith("htrace.")) {
        m.put(k.substring("htrace.".length()), props.getProperty(k));
      }
    }
    return m;
  }

  /** Writes YCSB's summary: OVERALL runtime and throughput, GC totals, then every series. */
  private void export(long opsDone, long runtimeMs, StatusLines status) throws IOException {
    String file = props.getProperty(Registry.EXPORTFILE.name());
    OutputStream out = file == null ? System.out : new FileOutputStream(file);
    MeasurementsExporter exporter;
    try {
      exporter = this.exporter.newInstance(out);
    } catch (ReflectiveOperationException e) {
      if (file != null) {
        out.close();
      }
      throw new IOException("exporter " + this.exporter.getDeclaringClass().getName() + ": " + e, e);
    }
    try {
      exporter.write("OVERALL", "RunTime(ms)", runtimeMs);
      exporter.write("OVERALL", "Throughput(ops/sec)", runtimeMs > 0 ? 1000.0 * opsDone / runtimeMs : 0.0);
      long gcCount = 0;
      long gcTime = 0;
      for (Map.Entry<String, Long[]> gc : Utils.getGCStatst().entrySet()) {
        exporter.write("TOTAL_GCS_" + gc.getKey(), "Count", gc.getValue()[0]);
        exporter.write("TOTAL_GC_TIME_" + gc.getKey(), "Time(ms)", gc.getValue()[1]);
        exporter.write("TOTAL_GC_TIME_%_" + gc.getKey(), "Time(%)", 100.0 * gc.getValue()[1] / Math.max(1, runtimeMs));
        gcCount += gc.getValue()[0];
        gcTime += gc.getValue()[1];
      }
      exporter.write("TOTAL_GCs", "Count", gcCount);
      exporter.write("TOTAL_GC_TIME", "Time(ms)", gcTime);
      exporter.write("TOTAL_GC_TIME_%", "Time(%)", 100.0 * gcTime / Math.max(1, runtimeMs));
      if (status != null && status.trackJvm()) {
        exporter.write("MAX_MEM_USED", "MBs", status.maxUsedMem());
        exporter.write("MIN_MEM_USED", "MBs", status.minUsedMem());
        exporter.write("MAX_THREADS", "Count", status.maxThreads());
        exporter.write("MIN_THREADS", "Count", status.minThreads());
      }
      Measurements.getMeasurements().exportMeasurements(exporter);
    } finally {
      exporter.close();
    }
  }
}
