package com.mytopling.ycsb.fileloader;

import com.mytopling.ycsb.core.ClientKeys;
import com.mytopling.ycsb.core.ConfigException;
import com.mytopling.ycsb.core.ExitStatus;
import com.mytopling.ycsb.core.PropertyReader;
import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.fileloader.FileLoaderConfig.DuplicatePolicy;
import com.mytopling.ycsb.fileloader.FileLoaderConfig.Naming;
import com.mytopling.ycsb.fileloader.db.TableColumns;
import com.mytopling.ycsb.fileloader.format.MalformedRecordException;
import com.mytopling.ycsb.fileloader.format.RecordParser;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;
import site.ycsb.workloads.CoreWorkload;

import java.io.IOException;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * CoreWorkload with field values taken from a data file: inserts in the load phase, and updates,
 * inserts and read-modify-writes in the run phase, use the file's records in file order. Keys,
 * key choosers and the operation mix are CoreWorkload's.
 *
 * <p>With YCSB keys (the default) the row for key number k holds the k-th usable record of the
 * file (counting from 0; malformed and skipped records do not count), whatever the thread count,
 * so the run phase's key chooser finds loaded rows and tests can check every row.
 *
 * <p>A record is never counted as a successful operation unless the DB accepted it: unusable
 * records are passed over inside one operation, and problems the policies call fatal stop all
 * threads and make the process exit with status 3 after YCSB has printed its measurements.
 */
public class FileWorkload extends CoreWorkload implements ClientKeys.Divided {
  private final LoadCounters counters = new LoadCounters();
  private final AtomicBoolean progressStarted = new AtomicBoolean();
  private final AtomicBoolean endOfFileNoted = new AtomicBoolean();
  private final Measurements measurements = Measurements.getMeasurements();
  private PrintStream log = System.err;
  private PrintStream results = System.out;

  private FileLoaderConfig config;
  private Properties props;
  private FieldMapping mapping;
  private RecordSource source;
  private ProgressReporter progress;
  private boolean transactions;
  /** Inserts the load phase is asked for (YCSB's operation count for the load). */
  private long expectedInserts;
  private long firstKeyNumber;
  private volatile String failure;
  private volatile boolean stoppedAtEndOfFile;
  private volatile BindingRows bindingRows;
  /** Which client of how many this is: its run-phase inserts take keys of its own (ClientKeys). */
  private ClientKeys clientKeys = ClientKeys.ALONE;
  private CoreKeyChoice keyChoice;

  /**
   * What the binding did with the rows this workload handed it, when a launcher can tell (ours asks the binding
   * after every client thread's cleanup, final flush included, and before this workload's cleanup). With batching
   * an insert that returned OK has only reached the binding's buffer: the summary says OK only if the rows are
   * accounted for as stored (or skipped as existing). The launcher, not this workload, turns rows not stored into
   * the exit status.
   */
  public void bindingRows(BindingRows rows) {
    this.bindingRows = rows;
  }

  /** For tests: where notes and the summary go instead of stderr and stdout. */
  void setOutput(PrintStream notes, PrintStream summary) {
    this.log = notes;
    this.results = summary;
  }

  /**
   * YCSB 0.17's Client prints a failed init's stack trace and exits with status 0; the note
   * makes it exit with status 2 (BAD_INPUT) after one clear line instead (unless fileloader.exitstatus=false).
   */
  @Override
  public void init(Properties p) throws WorkloadException {
    try {
      initWorkload(p);
    } catch (WorkloadException | RuntimeException e) {
      // Read leniently here: the value may be what made init fail.
      if (!"false".equalsIgnoreCase(p.getProperty(Registry.FILELOADER_EXITSTATUS.name(),
          Registry.FILELOADER_EXITSTATUS.defaultValue()).trim())) {
        FailureExit.install();
        FailureExit.fail(ExitStatus.BAD_INPUT, e.getMessage());
      }
      throw e;
    }
  }

  private void initWorkload(Properties p) throws WorkloadException {
    this.props = p;
    config = FileLoaderConfig.from(p);
    // YCSB's own properties are read as CoreWorkload reads them (flags leniently, numbers untrimmed).
    transactions = Boolean.parseBoolean(p.getProperty(Registry.DOTRANSACTIONS.name(),
        Registry.DOTRANSACTIONS.defaultValue()));
    if (Boolean.parseBoolean(p.getProperty(Registry.DATAINTEGRITY.name(), Registry.DATAINTEGRITY.defaultValue()))) {
      throw new WorkloadException(Registry.DATAINTEGRITY.name() + "=true checks CoreWorkload's generated values and "
          + "cannot work with file values; turn it off for FileWorkload");
    }
    if (!config.keyFields().isEmpty() && transactions) {
      throw new WorkloadException(Registry.FILELOADER_KEYFIELDS.name() + " builds keys the run phase's key chooser "
          + "cannot address; use it for loading only, or load with YCSB keys");
    }
    if (!config.keyFields().isEmpty() && config.wrap()) {
      throw new WorkloadException(Registry.FILELOADER_WRAP.name() + "=true with " + Registry.FILELOADER_KEYFIELDS.name()
          + " would only repeat keys already loaded");
    }

    RecordParser parser = openParser();
    try {
      List<String> fileFields = parser.fieldNames();
      if (fileFields.isEmpty()) {
        throw new WorkloadException("data file " + config.spec().path() + " has no records to learn field names "
            + "from (or its first record is malformed); give them with " + Registry.FILELOADER_COLUMNS.name());
      }
      mapping = FieldMapping.build(fileFields, config.fields(), config.naming(),
          fieldNamePrefix(p), config.maxLengthByField(), tableLimits(p),
          defaultWidth(p));
      shareFieldsWithBinding(p);
      super.init(p);
      keyChoice = new CoreKeyChoice(keychooser, transactioninsertkeysequence);
      try {
        clientKeys = ClientKeys.from(p);
      } catch (ConfigException e) {
        throw new WorkloadException(e.getMessage());
      }
      int[] keyIndexes = new int[config.keyFields().size()];
      for (int i = 0; i < keyIndexes.length; i++) {
        keyIndexes[i] = FieldMapping.indexOf(fileFields, config.keyFields().get(i));
      }
      long skip;
      if (transactions) {
        skip = config.runSkip();
      } else {
        firstKeyNumber = Long.parseLong(p.getProperty(Registry.INSERTSTART.name(),
            Registry.INSERTSTART.defaultValue()));
        expectedInserts = Long.parseLong(p.containsKey(Registry.INSERTCOUNT.name())
            ? p.getProperty(Registry.INSERTCOUNT.name())
            : p.getProperty(Registry.RECORDCOUNT.name(), Registry.RECORDCOUNT.defaultValue()));
        // Key number k holds usable record k, so a load that starts at key k starts at record k.
        skip = config.keyFields().isEmpty() ? firstKeyNumber : 0;
        if (config.precount() && !config.wrap()) {
          checkEnoughRecords(skip + expectedInserts);
        }
      }
      source = new RecordSource(config.spec(), parser, mapping, keyIndexes, config, skip, counters, log);
    } catch (WorkloadException | RuntimeException e) {
      closeQuietly(parser);
      throw e;
    } catch (IOException e) {
      closeQuietly(parser);
      throw new WorkloadException(e.getMessage());
    }
    if (config.exitStatus()) {
      FailureExit.install();
    }
  }

  /**
   * Counts the well-formed records with a separate pass over the file, so that a file too short
   * for the load is refused before anything is written (duplicates and widths are not checked
   * here; the load itself still checks them).
   */
  private void checkEnoughRecords(long needed) throws WorkloadException, IOException {
    long wellFormed = 0;
    try (RecordParser counter = openParser()) {
      while (wellFormed < needed) {
        try {
          if (counter.next() == null) {
            break;
          }
          wellFormed++;
        } catch (MalformedRecordException e) {
          // Not usable; counted by the load itself.
        }
      }
    }
    if (wellFormed < needed) {
      throw new WorkloadException("the data file has only " + wellFormed + " well-formed records, but the load needs "
          + needed + " (" + Registry.INSERTSTART.name() + " + records to load); set " + Registry.RECORDCOUNT.name()
          + "=" + wellFormed + " or use " + Registry.FILELOADER_WRAP.name() + "=true");
    }
  }

  private RecordParser openParser() throws WorkloadException {
    try {
      return config.spec().open();
    } catch (IOException e) {
      throw new WorkloadException(e.getMessage());
    }
  }

  /**
   * The widths of the table's columns if it exists already (db.createtable=false, or a table
   * made by `dataset schema`), none when it does not or will be dropped and made again; and on
   * SQL Server the code pages values pass through.
   */
  private TableColumns tableLimits(Properties p) throws WorkloadException {
    // Leniently, as YCSB reads flags: the binding that owns db.droptable checks its value.
    boolean dropped = Boolean.parseBoolean(p.getProperty(Registry.DB_DROPTABLE.name(),
        Registry.DB_DROPTABLE.defaultValue()).trim());
    return TableColumns.read(p, p.getProperty(Registry.TABLE.name(), Registry.TABLE.defaultValue()),
        config.tableLimits() && !dropped, !dropped, log);
  }

  /** Column width when fileloader.maxlength does not say: the binding makes YCSB columns fieldlength wide. */
  private int defaultWidth(Properties p) throws WorkloadException {
    if (config.defaultMaxLength() >= 0) {
      return config.defaultMaxLength();
    }
    if (config.naming() == Naming.DATASET) {
      return 0;
    }
    try {
      // From 0, not the registry's 1: here 0 is a width (unlimited), and the binding checks fieldlength itself.
      return new PropertyReader(p).intValue(Registry.FIELDLENGTH.name(), (int) Registry.FIELDLENGTH.wholeDefault(), 0,
          Integer.MAX_VALUE);
    } catch (ConfigException e) {
      throw new WorkloadException(e.getMessage());
    }
  }

  /**
   * The settings the data file implies for the binding: {@code fieldcount} (YCSB names), {@code db.fields} (the data
   * set's names), {@code db.upsert=true} (duplicate keys upserted). The launcher resolves them before anything
   * connects, as a step of the run's settings (derived, in the run folder's settings files), and hands them to the
   * workload and the binding alike; a value given that contradicts the file is refused, as init refuses it.
   */
  public static Map<String, String> derivedSettings(Properties p) throws WorkloadException {
    FileLoaderConfig config = FileLoaderConfig.from(p);
    try (RecordParser parser = config.spec().open()) {
      List<String> fileFields = parser.fieldNames();
      if (fileFields.isEmpty()) {
        throw new WorkloadException("data file " + config.spec().path() + " has no records to learn field names "
            + "from (or its first record is malformed); give them with " + Registry.FILELOADER_COLUMNS.name());
      }
      // Names and their number do not depend on widths: no table is read here.
      FieldMapping mapping = FieldMapping.build(fileFields, config.fields(), config.naming(),
          fieldNamePrefix(p), config.maxLengthByField(), TableColumns.NONE, 0);
      return derived(p, config, mapping);
    } catch (IOException e) {
      throw new WorkloadException(e.getMessage());
    }
  }

  private static String fieldNamePrefix(Properties p) {
    return p.getProperty(Registry.FIELDNAMEPREFIX.name(), Registry.FIELDNAMEPREFIX.defaultValue());
  }

  private static Map<String, String> derived(Properties p, FileLoaderConfig config, FieldMapping mapping)
      throws WorkloadException {
    Map<String, String> d = new LinkedHashMap<>();
    String count = Integer.toString(mapping.size());
    String userCount = p.getProperty(Registry.FIELDCOUNT.name());
    if (config.naming() == Naming.YCSB && userCount != null && !userCount.trim().equals(count)) {
      throw new WorkloadException(Registry.FIELDCOUNT.name() + "=" + userCount.trim() + " but the data file gives "
          + count + " fields " + mapping.sourceNames() + "; drop " + Registry.FIELDCOUNT.name()
          + " or choose fields with "
          + Registry.FILELOADER_FIELDS.name());
    }
    d.put(Registry.FIELDCOUNT.name(), count);
    if (config.naming() == Naming.DATASET) {
      String wanted = String.join(",", mapping.columnNames());
      String given = p.getProperty(Registry.DB_FIELDS.name());
      if (given == null) {
        d.put(Registry.DB_FIELDS.name(), wanted);
      } else if (!FileLoaderConfig.list(given.toLowerCase(Locale.ROOT))
          .equals(FileLoaderConfig.list(wanted.toLowerCase(Locale.ROOT)))) {
        throw new WorkloadException(Registry.DB_FIELDS.name() + "=" + given + " does not match the data file's columns "
            + wanted);
      }
    }
    if (config.duplicates() == DuplicatePolicy.UPSERT && !config.keyFields().isEmpty()) {
      if ("false".equalsIgnoreCase(p.getProperty(Registry.DB_UPSERT.name(), "").trim())) {
        throw new WorkloadException(Registry.FILELOADER_DUPLICATES.name() + "=upsert needs " + Registry.DB_UPSERT.name()
            + "=true");
      }
      d.put(Registry.DB_UPSERT.name(), "true");
    }
    return d;
  }

  /**
   * Under YCSB's own client the workload and the bindings share one Properties object, and this is where the binding
   * learns the columns: the derived settings are written into it. Under the launcher they were resolved before
   * (derivedSettings) and are there already; its settings are sealed, and nothing is written.
   */
  private void shareFieldsWithBinding(Properties p) throws WorkloadException {
    for (Map.Entry<String, String> e : derived(p, config, mapping).entrySet()) {
      if (!e.getValue().equals(p.getProperty(e.getKey()))) {
        p.setProperty(e.getKey(), e.getValue());
      }
    }
  }

  /** CoreWorkload's key names, a run-phase insert's number taken as this client's own (ClientKeys). */
  @Override
  protected String buildKeyName(long keynum) {
    return super.buildKeyName(clientKeys.keyNumber(keynum, recordcount));
  }

  // ---- load phase ----

  @Override
  public boolean doInsert(DB db, Object threadstate) {
    FileRecord r = take();
    if (r == null) {
      return false;
    }
    String key = r.key() != null ? r.key() : buildKeyName(r.ordinal());
    Status status = insertWithRetry(db, key, r.allValues());
    if (status != null && status.isOk()) {
      counters.insertsOk.increment();
      return true;
    }
    counters.insertsFailed.increment();
    fail("insert of the record at line " + r.lineNumber() + " (key " + key + ") failed: " + status);
    return false;
  }

  /** CoreWorkload's retry rule: core_workload_insertion_retry_limit/interval. */
  private Status insertWithRetry(DB db, String key, HashMap<String, ByteIterator> values) {
    Status status;
    int attempts = 0;
    while (true) {
      status = db.insert(table, key, values);
      if (status != null && status.isOk()) {
        return status;
      }
      if (++attempts > insertionRetryLimit || isStopRequested()) {
        return status;
      }
      log.println("fileloader: retrying insert of key " + key + ", attempt " + attempts);
      try {
        Thread.sleep((long) (1000 * insertionRetryInterval * (0.8 + 0.4 * Math.random())));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return status;
      }
    }
  }

  /** The next record for this thread, or null (after taking note) at end of file or on failure. */
  private FileRecord take() {
    if (progressStarted.compareAndSet(false, true) && config.progressIntervalSeconds() > 0) {
      progress = new ProgressReporter(source, counters::delivered, transactions ? 0 : expectedInserts,
          config.progressIntervalSeconds(), log);
      progress.start();
    }
    FileRecord r;
    try {
      r = source.next();
    } catch (FatalRecordException e) {
      fail(e.getMessage());
      return null;
    }
    if (r == null) {
      endOfFile();
    }
    return r;
  }

  private void endOfFile() {
    if (!endOfFileNoted.compareAndSet(false, true)) {
      return;
    }
    long usable = counters.delivered();
    if (!transactions) {
      if (usable < expectedInserts) {
        fail("the data file ran out after " + usable + " usable records (from record " + firstKeyNumber
            + "), but the load asks for " + expectedInserts + "; load and run with " + Registry.RECORDCOUNT.name()
            + "=" + (firstKeyNumber + usable) + " (so the run phase's keys exist), or set "
            + Registry.FILELOADER_WRAP.name() + "=true to use records again");
      }
      return;
    }
    stoppedAtEndOfFile = true;
    log.println("fileloader: end of the data file after " + usable + " records used by the run phase: "
        + "stopping the run before " + Registry.OPERATIONCOUNT.name() + " (set " + Registry.FILELOADER_WRAP.name()
        + "=true to start over at the beginning of the file)");
    requestStop();
  }

  private void fail(String why) {
    synchronized (this) {
      if (failure != null) {
        return;
      }
      failure = why;
    }
    log.println("fileloader: FATAL: " + why);
    if (config.exitStatus()) {
      FailureExit.fail(ExitStatus.FAILED, why);
    }
    requestStop();
  }

  // ---- run phase ----

  @Override
  public boolean doTransaction(DB db, Object threadstate) {
    String operation = operationchooser.nextString();
    if (operation == null) {
      return false;
    }
    switch (operation) {
    case "READ":
      doTransactionRead(db);
      return true;
    case "UPDATE":
      return update(db);
    case "INSERT":
      return insert(db);
    case "SCAN":
      doTransactionScan(db);
      return true;
    default:
      return readModifyWrite(db);
    }
  }

  /** Null (all fields) or one random column, as CoreWorkload's readallfields does. */
  private Set<String> fieldsToRead() {
    if (readallfields) {
      return null;
    }
    Set<String> one = new HashSet<>();
    one.add(mapping.columnNames().get(fieldchooser.nextValue().intValue()));
    return one;
  }

  private HashMap<String, ByteIterator> valuesToWrite(FileRecord r) {
    return writeallfields ? r.allValues() : r.oneValue(fieldchooser.nextValue().intValue());
  }

  @Override
  public void doTransactionRead(DB db) {
    db.read(table, buildKeyName(keyChoice.next()), fieldsToRead(), new HashMap<>());
  }

  @Override
  public void doTransactionScan(DB db) {
    String start = buildKeyName(keyChoice.next());
    db.scan(table, start, scanlength.nextValue().intValue(), fieldsToRead(), new Vector<>());
  }

  @Override
  public void doTransactionUpdate(DB db) {
    update(db);
  }

  @Override
  public void doTransactionInsert(DB db) {
    insert(db);
  }

  @Override
  public void doTransactionReadModifyWrite(DB db) {
    readModifyWrite(db);
  }

  private boolean update(DB db) {
    FileRecord r = take();
    if (r == null) {
      return false;
    }
    Status s = db.update(table, buildKeyName(keyChoice.next()), valuesToWrite(r));
    countUpdate(s);
    return true;
  }

  private void countUpdate(Status s) {
    if (s != null && s.isOk()) {
      counters.updatesOk.increment();
    } else {
      counters.updatesFailed.increment();
    }
  }

  private boolean insert(DB db) {
    FileRecord r = take();
    if (r == null) {
      return false;
    }
    long keynum = transactioninsertkeysequence.nextValue();
    try {
      Status s = db.insert(table, buildKeyName(keynum), r.allValues());
      if (s != null && s.isOk()) {
        counters.insertsOk.increment();
      } else {
        counters.insertsFailed.increment();
      }
    } finally {
      transactioninsertkeysequence.acknowledge(keynum);
    }
    return true;
  }

  private boolean readModifyWrite(DB db) {
    FileRecord r = take();
    if (r == null) {
      return false;
    }
    String key = buildKeyName(keyChoice.next());
    HashMap<String, ByteIterator> values = valuesToWrite(r);
    long intended = measurements.getIntendedtartTimeNs();
    long start = System.nanoTime();
    db.read(table, key, fieldsToRead(), new HashMap<>());
    Status s = db.update(table, key, values);
    long end = System.nanoTime();
    countUpdate(s);
    measurements.measure("READ-MODIFY-WRITE", (int) ((end - start) / 1000));
    measurements.measureIntended("READ-MODIFY-WRITE", (int) ((end - intended) / 1000));
    return true;
  }

  // ---- end of run ----

  @Override
  public void cleanup() throws WorkloadException {
    if (progress != null) {
      progress.close();
    }
    BindingRows rows = bindingRows;
    if (failure == null && rows != null && rows.stored() + rows.skipped() < counters.insertsOk()) {
      long handed = counters.insertsOk();
      // Only a launcher passes the binding's rows, and it sets the exit status from the same totals (one line
      // and status 1): the summary says FAILED, and no second exit (FailureExit) or line is added here.
      failure = (handed - rows.stored() - rows.skipped()) + " of the " + handed + " rows handed to the binding were "
          + "not stored (binding totals: stored=" + rows.stored() + " skipped=" + rows.skipped() + " failed="
          + rows.failed() + ")";
    }
    if (!transactions && failure == null && counters.insertsOk() < expectedInserts && !isStopRequested()) {
      // Threads that stopped without a failure note (e.g. a DB error reported only as a status).
      fail("only " + counters.insertsOk() + " of " + expectedInserts + " records were inserted");
    }
    RunSummary summary = new RunSummary(config, counters, transactions, expectedInserts, stoppedAtEndOfFile,
        failure);
    if (!transactions && failure == null && config.tableSize()) {
      summary.measureTable(props, table, log);
    }
    summary.print(results);
    summary.writeReportFile(log);
    summary.writeRecord(props, log);
    try {
      source.close();
    } catch (IOException e) {
      log.println("fileloader: closing the data file: " + e.getMessage());
    }
  }

  private static void closeQuietly(RecordParser parser) {
    try {
      parser.close();
    } catch (IOException ignored) {
      // Already failing; the first problem is the one to report.
    }
  }

  // ---- for tests and the report ----

  public LoadCounters counters() {
    return counters;
  }

  /** Why the run failed, or null. */
  public String failure() {
    return failure;
  }

  public boolean stoppedAtEndOfFile() {
    return stoppedAtEndOfFile;
  }

  public List<String> columnNames() {
    return mapping.columnNames();
  }

  /** The records this workload hands out, for {@link LoadedRecords} (which never runs the workload). */
  RecordSource recordSource() {
    return source;
  }

  /** The key a record ordinal gets with YCSB keys. */
  public String keyFor(long ordinal) {
    return buildKeyName(ordinal);
  }
}
