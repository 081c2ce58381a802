package com.mytopling.ycsb.core.config;

import static com.mytopling.ycsb.core.config.Owner.BINDING;
import static com.mytopling.ycsb.core.config.Owner.FILE_WORKLOAD;
import static com.mytopling.ycsb.core.config.Owner.MEASUREMENT;
import static com.mytopling.ycsb.core.config.Owner.SCALE_OUT;
import static com.mytopling.ycsb.core.config.Owner.SETTINGS;
import static com.mytopling.ycsb.core.config.Owner.TARGET;
import static com.mytopling.ycsb.core.config.Owner.YCSB_CORE;

import com.mytopling.ycsb.core.config.Property.Family;
import com.mytopling.ycsb.core.config.Property.Kind;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Every property the harness reads or passes on, declared once: name, kind, default, range or words, owner and
 * meaning. YCSB core's own properties (the client's, CoreWorkload's, the measurements', BasicDB's) are declared too,
 * so that they are accepted, and the stock JDBC binding's names keep their stock meaning. Code reads a property
 * through its constant here, never through a string of its name; the README's property reference is checked against
 * this list (RegistryReadmeTest), and {@code scripts/ycsb properties} prints it.
 */
public final class Registry {
  private static final List<Property> ALL = new ArrayList<>();
  private static final long INT_MAX = Integer.MAX_VALUE;
  private static final long LONG_MAX = Long.MAX_VALUE;

  // ---- connection target (ycsb-jdbc-core: DbTarget, Secrets, the embedded server) ----
  public static final Property DB_DRIVER = text("db.driver", null, "(none)", TARGET,
      "JDBC driver class to load first (stock name); JDBC 4 drivers register themselves.");
  public static final Property DB_URL = text("db.url", null, "(none: embedded server)", TARGET,
      "One JDBC URL, never split (stock name); unset, with no db.url.N, the embedded MariaDB starts.");
  public static final Property DB_URL_N = add(new Property("db.url.N", Family.DIGITS, Kind.TEXT, null, "(none)", 0, 0,
      List.of(), TARGET, "Shards: one URL each, numbered from 1 without gaps; not with db.url."));
  public static final Property DB_USER = text("db.user", null, "(none)", TARGET, "User name (stock name).");
  public static final Property DB_PASSWD = add(new Property("db.passwd", Family.NONE, Kind.SECRET, null, "(none)", 0, 0,
      List.of(), TARGET, "Password (stock name); masked in every line, file and result."));
  public static final Property DB_PASSWDFILE = file("db.passwdfile", null, "(none)", TARGET,
      "File whose first line is the password; must not be readable by group or others.");
  public static final Property DB_MYSQLDRIVER = choice("db.mysqldriver", "auto", TARGET,
      "Driver for MySQL-protocol URLs: auto, mysql (Connector/J), mariadb (MariaDB Connector/J) or url.",
      "auto", "mysql", "mariadb", "url");
  public static final Property DB_DRIVEROPTIONS = flag("db.driveroptions", true, TARGET,
      "Add the fast driver settings the URL does not set.");
  public static final Property DB_CONNECTTIMEOUT = whole("db.connecttimeout", 10_000, 0, INT_MAX, TARGET,
      "Connect timeout, ms.");
  public static final Property DB_SOCKETTIMEOUT = whole("db.sockettimeout", 300_000, 0, INT_MAX, TARGET,
      "Longest wait for the server's answer to one operation, ms; 0 = no limit.");
  public static final Property DB_EMBEDDED_DATADIR = file("db.embedded.datadir", null,
      "~/.ycsb-mytopling/embedded-mariadb", TARGET, "Data directory of the embedded MariaDB.");
  public static final Property DB_EMBEDDED_PORT = whole("db.embedded.port", 0, 0, 65_535, TARGET,
      "Port of the embedded MariaDB on 127.0.0.1; 0 = a free port.");
  public static final Property DB_EMBEDDED_STARTTIMEOUT = whole("db.embedded.starttimeout", 300_000, 1, INT_MAX,
      TARGET, "How long the embedded MariaDB may take to start, ms.");
  public static final Property DB_EMBEDDED_INSTALLTIMEOUT = whole("db.embedded.installtimeout", 300_000, 1, INT_MAX,
      TARGET, "How long one install of a new embedded data directory may take, ms.");
  public static final Property DB_EMBEDDED_BASEDIR = file("db.embedded.basedir", null,
      "~/.ycsb-mytopling/binaries/mariadb-11.4.5-linux", TARGET, "Where the embedded MariaDB's binaries are unpacked.");

  // ---- binding (ycsb-binding-mytopling: BindingConfig) ----
  public static final Property DB_DIALECT = choice("db.dialect", "auto", BINDING,
      "SQL dialect: mysql (= mariadb), myrocks, mytopling, sqlserver, or auto (from the URL and the server).",
      "auto", "mysql", "mariadb", "myrocks", "mytopling", "sqlserver");
  public static final Property DB_ENGINE = text("db.engine", null, "dialect's (InnoDB, ROCKSDB)", BINDING,
      "Engine clause for db.createtable.");
  public static final Property DB_BATCHSIZE = whole("db.batchsize", 1, 1, 1_000_000, BINDING,
      "Rows per batch with jdbc.batchupdateapi=true (stock name); with jdbc.autocommit=false the commit interval.");
  public static final Property JDBC_BATCHUPDATEAPI = flag("jdbc.batchupdateapi", false, BINDING,
      "Batch inserts, db.batchsize rows at a time (stock name); loads only unless db.batch.runphase=true.");
  public static final Property DB_BATCH_RUNPHASE = flag("db.batch.runphase", false, BINDING,
      "Batch run-phase inserts too (acknowledged before the server has them).");
  public static final Property JDBC_FETCHSIZE = whole("jdbc.fetchsize", 0, 0, INT_MAX, BINDING,
      "Fetch size for scans (stock name); 0 = the driver's.");
  public static final Property JDBC_AUTOCOMMIT = flag("jdbc.autocommit", true, BINDING, "Auto-commit (stock name).");
  public static final Property DB_CREATETABLE = flag("db.createtable", false, BINDING,
      "Create the table if it does not exist.");
  public static final Property DB_DROPTABLE = flag("db.droptable", false, BINDING,
      "Drop the table first (needs db.createtable=true).");
  public static final Property DB_UPSERT = choice("db.upsert", "false", BINDING,
      "Inserts that hit an existing key: false (fail), true = update, or replace.", "false", "true", "update",
      "replace");
  public static final Property DB_INSERTEXISTING = choice("db.insertexisting", "fail", BINDING,
      "An insert whose key exists: fail, or skip (counted), to complete an interrupted load.", "fail", "skip");
  public static final Property DB_FIELDS = list("db.fields", "from fieldcount/fieldnameprefix", BINDING,
      "Comma-separated field names (at most 64); column = field name in upper case.");
  public static final Property DB_RECONNECTTIMEOUT = whole("db.reconnecttimeout", 30_000, 0, INT_MAX, BINDING,
      "How long an operation waits for a lost connection to come back, ms.");
  public static final Property DB_RECORDFILE = file("db.recordfile", null, "(none)", BINDING,
      "Where the binding writes its run record of the phase (JSON); scripts/benchmark sets it.");
  public static final Property DB_LOCKRETRIES = whole("db.lockretries", 3, 0, 1000, BINDING,
      "Retries of an operation that failed on a deadlock or lock-wait timeout.");
  public static final Property DB_BULKLOAD = choice("db.bulkload", "auto", BINDING,
      "How batches are sent: auto, insert (multi-row INSERT), loaddata (LOAD DATA LOCAL), batchapi.", "auto",
      "insert", "loaddata", "batchapi");
  public static final Property DB_BULKSORT = flag("db.bulksort", false, BINDING,
      "Sort each batch's rows by key before sending.");
  public static final Property DB_ROCKSDB_BULKLOAD = flag("db.rocksdb.bulkload", false, BINDING,
      "MyRocks bulk-load session settings on every connection.");

  // ---- file workload (ycsb-binding-fileloader: FileLoaderConfig) ----
  public static final Property FILELOADER_FILE = file("fileloader.file", null, "(required)", FILE_WORKLOAD,
      "The data file; .gz and .zst are read directly.");
  public static final Property FILELOADER_FORMAT = choice("fileloader.format", "auto", FILE_WORKLOAD,
      "snap, tsv, csv, jsonl, or auto (from the file name).", "auto", "snap", "tsv", "csv", "jsonl");
  public static final Property FILELOADER_COMPRESSION = choice("fileloader.compression", "auto", FILE_WORKLOAD,
      "none, gzip, zstd, or auto (from the file's first bytes).", "auto", "none", "gzip", "zstd");
  public static final Property FILELOADER_CHARSET = text("fileloader.charset", null,
      "format's (ISO-8859-1 for snap, UTF-8 otherwise)", FILE_WORKLOAD, "Charset of the file.");
  public static final Property FILELOADER_HEADER = flag("fileloader.header", true, FILE_WORKLOAD,
      "tsv/csv: the first line holds the column names.");
  public static final Property FILELOADER_COLUMNS = list("fileloader.columns", "(none)", FILE_WORKLOAD,
      "Field names of the file, in the file's order.");
  public static final Property FILELOADER_FIELDS = list("fileloader.fields", "all", FILE_WORKLOAD,
      "Fields to store, in column order.");
  public static final Property FILELOADER_NAMING = choice("fileloader.naming", "ycsb", FILE_WORKLOAD,
      "Column names: ycsb (fieldnameprefix + i, sets fieldcount) or dataset (the data set's, sets db.fields).",
      "ycsb", "dataset");
  public static final Property FILELOADER_KEYFIELDS = list("fileloader.keyfields", "(none: YCSB keys)", FILE_WORKLOAD,
      "Build keys from these record fields (load only).");
  public static final Property FILELOADER_KEYSEPARATOR = text("fileloader.keyseparator", ":", null, FILE_WORKLOAD,
      "Between key field values (not trimmed).");
  public static final Property FILELOADER_DUPLICATES = choice("fileloader.duplicates", "skip", FILE_WORKLOAD,
      "Duplicate keys from fileloader.keyfields: skip, upsert (sets db.upsert=true) or error.", "skip", "upsert",
      "error");
  public static final Property FILELOADER_MALFORMED = choice("fileloader.malformed", "skip", FILE_WORKLOAD,
      "Malformed records: skip (counted) or fail.", "skip", "fail");
  public static final Property FILELOADER_MALFORMED_LOG = whole("fileloader.malformed.log", 20, 0, INT_MAX,
      FILE_WORKLOAD, "How many skipped records are reported one by one.");
  public static final Property FILELOADER_OVERLENGTH = choice("fileloader.overlength", "fail", FILE_WORKLOAD,
      "A value longer than its column: fail or truncate.", "fail", "truncate");
  public static final Property FILELOADER_MAXLENGTH = whole("fileloader.maxlength",
      "`fieldlength` for YCSB names, unlimited for dataset names", 0, INT_MAX, FILE_WORKLOAD,
      "Width in characters of every column whose width is not known otherwise; 0 = unlimited.");
  public static final Property FILELOADER_MAXLENGTH_NAME = add(new Property("fileloader.maxlength.NAME", Family.ANY,
      Kind.WHOLE, null, "(none)", 0, INT_MAX, List.of(), FILE_WORKLOAD, "Width in characters of one column."));
  public static final Property FILELOADER_TABLELIMITS = flag("fileloader.tablelimits", true, FILE_WORKLOAD,
      "Read the widths of the existing table's columns at start.");
  public static final Property FILELOADER_PRECOUNT = flag("fileloader.precount", false, FILE_WORKLOAD,
      "Load: count the file's records first and refuse a file too short.");
  public static final Property FILELOADER_WRAP = flag("fileloader.wrap", false, FILE_WORKLOAD,
      "At end of file start over at the beginning.");
  public static final Property FILELOADER_RUN_SKIP = whole("fileloader.run.skip", 0, 0, LONG_MAX, FILE_WORKLOAD,
      "Run phase: usable records to pass over first.");
  public static final Property FILELOADER_PROGRESS_INTERVAL = whole("fileloader.progress.interval",
      "YCSB's `status.interval` (10)", 0, INT_MAX, FILE_WORKLOAD, "Seconds between progress lines; 0 = none.");
  public static final Property FILELOADER_TABLESIZE = flag("fileloader.tablesize", true, FILE_WORKLOAD,
      "After a load, measure the table's size on disk.");
  public static final Property FILELOADER_REPORTFILE = file("fileloader.reportfile", null, "(none)", FILE_WORKLOAD,
      "Also write the [FILELOADER] figures to this properties file.");
  public static final Property FILELOADER_RECORDFILE = file("fileloader.recordfile", null, "(none)", FILE_WORKLOAD,
      "Where the file workload writes its run record (JSON); scripts/benchmark sets it.");
  public static final Property FILELOADER_MAXLINEBYTES = whole("fileloader.maxlinebytes", 16L << 20, 1024, INT_MAX,
      FILE_WORKLOAD, "Longest line accepted, bytes.");
  public static final Property FILELOADER_EXITSTATUS = flag("fileloader.exitstatus", true, FILE_WORKLOAD,
      "A failed file workload ends the process with its exit status.");

  // ---- measurement (ycsb-launcher: the status thread, the server-metrics sampler) ----
  public static final Property MEASUREMENT_WARMUP = whole("measurement.warmup", 0, 0, LONG_MAX, MEASUREMENT,
      "Seconds at the start of the run phase left out of its figures.");
  public static final Property MEASUREMENT_SERVERMETRICS = flag("measurement.servermetrics", false, MEASUREMENT,
      "Sample the server's counters at every status interval (scripts/benchmark: on).");
  public static final Property MEASUREMENT_SERVERMETRICS_FILE = file("measurement.servermetrics.file",
      "server-metrics.csv", null, MEASUREMENT, "Where the server's samples go (appended).");
  public static final Property CLIENTCOST_RECORDFILE = file("clientcost.recordfile", null, "(none)", MEASUREMENT,
      "Where the launcher writes what the client itself cost over the phase (JSON); scripts/benchmark sets it.");
  public static final Property MEASUREMENT_OPENMETRICS_PORT = whole("measurement.openmetrics.port", 0, 0, 65_535,
      MEASUREMENT, "Port of the client's live OpenMetrics endpoint (/metrics) for Prometheus; 0 = none.");
  public static final Property MEASUREMENT_OPENMETRICS_HOST = text("measurement.openmetrics.host", "127.0.0.1", null,
      MEASUREMENT, "Address the endpoint listens on (0.0.0.0: every interface).");
  public static final Property MEASUREMENT_OPENMETRICS_GRACE = whole("measurement.openmetrics.grace", 30, 0, 86_400,
      MEASUREMENT, "Seconds the endpoint waits after the phase for a scrape of the final figures.");
  public static final Property MEASUREMENT_OPENMETRICS_LABELS = list("measurement.openmetrics.labels", "(none)",
      MEASUREMENT, "name=value pairs put on every figure of the endpoint (scripts/benchmark: run, client, target, "
      + "workload).");
  public static final Property MEASUREMENT_OPENMETRICS_PORTPERCLIENT = flag("measurement.openmetrics.portperclient",
      true, MEASUREMENT, "scripts/benchmark: client i of several listens on the port + i (false: every client on the "
      + "port itself, as pods with addresses of their own).");
  public static final Property WORKLOAD_STOCK = flag("workload.stock", false, MEASUREMENT,
      "Run YCSB's own CoreWorkload class where a workload file names it, instead of the harness's leaner one.");
  public static final Property LOAD_KEYORDER = choice("load.keyorder", "generated", MEASUREMENT,
      "The order a load inserts its keys in: generated (YCSB's shared counter) or sorted (each thread a sorted slice).",
      "generated", "sorted");

  // ---- scale-out (ycsb-launcher: the start barrier, --on) ----
  public static final Property SCALEOUT_CLIENTS = whole("scaleout.clients", 1, 1, 100_000, SCALE_OUT,
      "Clients of one benchmark, meeting at the start barrier; each inserts keys of its own.");
  public static final Property SCALEOUT_CLIENT = whole("scaleout.client", 0, 0, 99_999, SCALE_OUT,
      "This client's index, 0 to clients-1.");
  public static final Property SCALEOUT_RUNID = text("scaleout.runid", null, "(none)", SCALE_OUT,
      "The run the clients share: 1-64 letters, digits, '.', '_', '-'.");
  public static final Property SCALEOUT_BARRIER_TIMEOUT = whole("scaleout.barrier.timeout", 300, 1, 86_400, SCALE_OUT,
      "Seconds a client waits for the others at the start barrier.");
  public static final Property SCALEOUT_BARRIER_DELAY = whole("scaleout.barrier.delay", 2000, 0, 600_000, SCALE_OUT,
      "Milliseconds from the last client's arrival to the agreed start.");
  public static final Property SCALEOUT_START_TIMEOUT = whole("scaleout.start.timeout", 600, 1, 86_400, SCALE_OUT,
      "With --on kubernetes: seconds the Job's pods may take to start.");
  public static final Property SCALEOUT_JOB_TIMEOUT = whole("scaleout.job.timeout", 86_400, 1, 31_536_000, SCALE_OUT,
      "With --on: seconds the clients may run.");
  public static final Property SCALEOUT_K8S_NAMESPACE = text("scaleout.kubernetes.namespace", null,
      "(kubectl's current)", SCALE_OUT, "With --on kubernetes: the namespace of the Job, ConfigMap and Secret.");
  public static final Property SCALEOUT_K8S_HOSTNETWORK = flag("scaleout.kubernetes.hostnetwork", false, SCALE_OUT,
      "With --on kubernetes: the client pods on their node's network (hostNetwork, dnsPolicy ClusterFirstWithHostNet).");
  public static final Property SCALEOUT_K8S_CPU = text("scaleout.kubernetes.cpu", "auto", null, SCALE_OUT,
      "With --on kubernetes: CPU each client pod requests; auto = threads/2 (at least 1) or the nodes' fair share.");
  public static final Property SCALEOUT_K8S_MEMORY = text("scaleout.kubernetes.memory", "auto", null, SCALE_OUT,
      "With --on kubernetes: memory each client pod requests; auto = 2Gi or the nodes' fair share.");
  public static final Property SCALEOUT_K8S_CPU_LIMIT = text("scaleout.kubernetes.cpu.limit", null, "(none)",
      SCALE_OUT, "With --on kubernetes: CPU limit of each client pod (a limit throttles the client).");
  public static final Property SCALEOUT_K8S_MEMORY_LIMIT = text("scaleout.kubernetes.memory.limit", null, "(none)",
      SCALE_OUT, "With --on kubernetes: memory limit of each client pod.");
  public static final Property SCALEOUT_K8S_NODESELECTOR = list("scaleout.kubernetes.nodeselector", "(none)",
      SCALE_OUT, "With --on kubernetes: label=value,... a node must have to run a client.");
  public static final Property SCALEOUT_K8S_TOLERATIONS = list("scaleout.kubernetes.tolerations", "(none)", SCALE_OUT,
      "With --on kubernetes: taints the clients tolerate, key[=value][:effect],...");
  public static final Property SCALEOUT_K8S_PULLPOLICY = choice("scaleout.kubernetes.imagepullpolicy", "IfNotPresent",
      SCALE_OUT, "With --on kubernetes: the client container's imagePullPolicy.", "IfNotPresent", "Always", "Never");
  public static final Property SCALEOUT_K8S_PULLSECRET = list("scaleout.kubernetes.imagepullcredentials", "(none)",
      SCALE_OUT, "With --on kubernetes: Secrets the nodes pull the harness image with (imagePullSecrets).");

  // ---- settings (this package) ----
  public static final Property SETTINGS_STRICT = flag("settings.strict", false, SETTINGS,
      "An unknown or misspelt property is bad input (exit 2) instead of a warning line.");

  // ---- YCSB core: the client ----
  public static final Property WORKLOAD = cls("workload", null, "(required)", "The workload class.");
  public static final Property DB = cls("db", "site.ycsb.BasicDB", null,
      "The DB class (scripts/ycsb sets it from the binding name).");
  public static final Property EXPORTER = cls("exporter", "site.ycsb.measurements.exporter.TextMeasurementsExporter",
      null, "The measurements exporter class.");
  public static final Property EXPORTFILE = file("exportfile", null, "stdout", YCSB_CORE,
      "Where the final report goes.");
  public static final Property THREADCOUNT = whole("threadcount", 1, 1, INT_MAX, YCSB_CORE,
      "Client threads (-threads).");
  public static final Property TARGET_OPS = whole("target", 0, 0, INT_MAX, YCSB_CORE,
      "Target operations per second, 0 = unlimited (-target).");
  public static final Property MAXEXECUTIONTIME = whole("maxexecutiontime", 0, 0, LONG_MAX, YCSB_CORE,
      "Seconds after which the phase stops, 0 = none.");
  public static final Property DOTRANSACTIONS = flag("dotransactions", true, YCSB_CORE,
      "true: the run phase, false: a load (set by load/run).");
  public static final Property STATUS = flag("status", false, YCSB_CORE, "Print status lines (-s).");
  public static final Property STATUS_INTERVAL = whole("status.interval", 10, 1, INT_MAX, YCSB_CORE,
      "Seconds between status lines, HdrHistogram intervals and server-metric samples.");
  public static final Property LABEL = text("label", "", "(none)", YCSB_CORE, "Label of the status lines (-l).");
  public static final Property RECORDCOUNT = whole("recordcount", 0, 0, LONG_MAX, YCSB_CORE, "Records in the table.");
  public static final Property OPERATIONCOUNT = whole("operationcount", 0, 0, LONG_MAX, YCSB_CORE,
      "Operations of the run phase (0: no limit).");
  public static final Property INSERTSTART = whole("insertstart", 0, 0, LONG_MAX, YCSB_CORE,
      "First key number a load inserts.");
  public static final Property INSERTCOUNT = whole("insertcount", "recordcount - insertstart", 0, LONG_MAX, YCSB_CORE,
      "Records a load inserts.");
  public static final Property SPIN_SLEEP = flag("spin.sleep", false, YCSB_CORE,
      "Client threads spin instead of sleeping between paced operations.");
  public static final Property HTRACE = add(new Property("htrace.NAME", Family.ANY, Kind.TEXT, null, "(none)", 0, 0,
      List.of(), YCSB_CORE, "HTrace settings, passed on without the prefix."));
  public static final Property REPORTLATENCYFOREACHERROR = flag("reportlatencyforeacherror", false, YCSB_CORE,
      "A latency series per error status.");
  public static final Property LATENCYTRACKEDERRORS = list("latencytrackederrors", "(none)", YCSB_CORE,
      "Error statuses that get latency series of their own.");

  // ---- YCSB core: CoreWorkload ----
  public static final Property TABLE = text("table", "usertable", null, YCSB_CORE,
      "Table name (a plain identifier).");
  public static final Property FIELDCOUNT = whole("fieldcount", 10, 1, INT_MAX, YCSB_CORE, "Fields per record.");
  public static final Property FIELDLENGTH = whole("fieldlength", 100, 1, INT_MAX, YCSB_CORE,
      "Length of a field value.");
  public static final Property MINFIELDLENGTH = whole("minfieldlength", 1, 1, INT_MAX, YCSB_CORE,
      "Shortest field value (uniform and zipfian lengths).");
  public static final Property FIELDLENGTHDISTRIBUTION = text("fieldlengthdistribution", "constant", null, YCSB_CORE,
      "constant, uniform, zipfian or histogram.");
  public static final Property FIELDLENGTHHISTOGRAM = file("fieldlengthhistogram", "hist.txt", null, YCSB_CORE,
      "Histogram file of field lengths.");
  public static final Property FIELDNAMEPREFIX = text("fieldnameprefix", "field", null, YCSB_CORE,
      "Prefix of field names.");
  public static final Property READALLFIELDS = flag("readallfields", true, YCSB_CORE, "Reads fetch every field.");
  public static final Property WRITEALLFIELDS = flag("writeallfields", false, YCSB_CORE,
      "Updates write every field.");
  public static final Property DATAINTEGRITY = flag("dataintegrity", false, YCSB_CORE,
      "Check the values read (constant field lengths).");
  public static final Property READPROPORTION = decimal("readproportion", "0.95", "Share of reads.");
  public static final Property UPDATEPROPORTION = decimal("updateproportion", "0.05", "Share of updates.");
  public static final Property INSERTPROPORTION = decimal("insertproportion", "0", "Share of inserts.");
  public static final Property SCANPROPORTION = decimal("scanproportion", "0", "Share of scans.");
  public static final Property READMODIFYWRITEPROPORTION = decimal("readmodifywriteproportion", "0",
      "Share of read-modify-writes.");
  public static final Property REQUESTDISTRIBUTION = text("requestdistribution", "uniform", null, YCSB_CORE,
      "Key choice: uniform, zipfian, hotspot, sequential, exponential or latest.");
  public static final Property ZEROPADDING = whole("zeropadding", 1, 1, INT_MAX, YCSB_CORE,
      "Digits of key numbers (zero-padded).");
  public static final Property MINSCANLENGTH = whole("minscanlength", 1, 1, INT_MAX, YCSB_CORE, "Shortest scan.");
  public static final Property MAXSCANLENGTH = whole("maxscanlength", 1000, 1, INT_MAX, YCSB_CORE, "Longest scan.");
  public static final Property SCANLENGTHDISTRIBUTION = text("scanlengthdistribution", "uniform", null, YCSB_CORE,
      "uniform or zipfian.");
  public static final Property INSERTORDER = text("insertorder", "hashed", null, YCSB_CORE,
      "hashed or ordered key numbers.");
  public static final Property HOTSPOTDATAFRACTION = decimal("hotspotdatafraction", "0.2",
      "hotspot: share of keys that are hot.");
  public static final Property HOTSPOTOPNFRACTION = decimal("hotspotopnfraction", "0.8",
      "hotspot: share of operations on hot keys.");
  public static final Property INSERTION_RETRY_LIMIT = whole("core_workload_insertion_retry_limit", 0, 0, INT_MAX,
      YCSB_CORE, "Retries of a failed insert in a load.");
  public static final Property INSERTION_RETRY_INTERVAL = whole("core_workload_insertion_retry_interval", 3, 0,
      INT_MAX, YCSB_CORE, "Seconds between those retries.");
  public static final Property EXPONENTIAL_PERCENTILE = decimal("exponential.percentile", "95",
      "exponential: percentile of operations on the newest exponential.frac of keys.");
  public static final Property EXPONENTIAL_FRAC = decimal("exponential.frac", "0.8571428571",
      "exponential: fraction of keys.");

  // ---- YCSB core: measurements ----
  public static final Property MEASUREMENTTYPE = text("measurementtype", "hdrhistogram", null, YCSB_CORE,
      "hdrhistogram, histogram, hdrhistogram+histogram, hdrhistogram+raw, timeseries or raw.");
  public static final Property MEASUREMENT_INTERVAL = text("measurement.interval", "op", null, YCSB_CORE,
      "Latency measured from: op, intended (paced start) or both.");
  public static final Property MEASUREMENT_TRACKJVM = flag("measurement.trackjvm", false, YCSB_CORE,
      "Track the JVM's memory and threads in the status lines.");
  public static final Property MEASUREMENT_HISTOGRAM_VERBOSE = flag("measurement.histogram.verbose", false, YCSB_CORE,
      "Print every histogram bucket.");
  public static final Property HISTOGRAM_BUCKETS = whole("histogram.buckets", 1000, 1, INT_MAX, YCSB_CORE,
      "histogram: buckets, ms.");
  public static final Property TIMESERIES_GRANULARITY = whole("timeseries.granularity", 1000, 1, INT_MAX, YCSB_CORE,
      "timeseries: interval, ms.");
  public static final Property HDRHISTOGRAM_PERCENTILES = list("hdrhistogram.percentiles", "95,99", YCSB_CORE,
      "Percentiles in the report (scripts/benchmark: 50,95,99,99.9).");
  public static final Property HDRHISTOGRAM_FILEOUTPUT = flag("hdrhistogram.fileoutput", false, YCSB_CORE,
      "Write HdrHistogram interval logs (scripts/benchmark: on, into the run folder).");
  public static final Property HDRHISTOGRAM_OUTPUT_PATH = file("hdrhistogram.output.path", "", "(working directory)",
      YCSB_CORE, "Prefix of the HdrHistogram logs' paths.");
  public static final Property MEASUREMENT_RAW_OUTPUT_FILE = file("measurement.raw.output_file", null, "stdout",
      YCSB_CORE, "raw: where the raw latencies go.");
  public static final Property MEASUREMENT_RAW_NO_SUMMARY = flag("measurement.raw.no_summary", false, YCSB_CORE,
      "raw: no summary statistics.");

  // ---- YCSB core: BasicDB (the basic binding) ----
  public static final Property BASICDB_VERBOSE = flag("basicdb.verbose", true, YCSB_CORE,
      "BasicDB prints every operation.");
  public static final Property BASICDB_SIMULATEDELAY = whole("basicdb.simulatedelay", 0, 0, INT_MAX, YCSB_CORE,
      "BasicDB's delay per operation, ms.");
  public static final Property BASICDB_RANDOMIZEDELAY = flag("basicdb.randomizedelay", true, YCSB_CORE,
      "BasicDB's delay is random up to simulatedelay.");
  public static final Property BASICDB_COUNT = flag("basicdb.count", false, YCSB_CORE,
      "BasicDB counts the keys it sees.");

  private static final Map<String, Property> BY_NAME = byName();

  private Registry() {
  }

  /** Every declared property, in declaration order (by owner). */
  public static List<Property> all() {
    return Collections.unmodifiableList(ALL);
  }

  /** The property {@code key} is, or belongs to (a family member such as db.url.2); null when undeclared. */
  public static Property find(String key) {
    Property p = BY_NAME.get(key);
    if (p != null) {
      return p;
    }
    for (Property family : ALL) {
      if (family.isFamily() && family.matches(key)) {
        return family;
      }
    }
    return null;
  }

  private static Map<String, Property> byName() {
    Map<String, Property> m = new TreeMap<>();
    for (Property p : ALL) {
      if (!p.isFamily() && m.put(p.name(), p) != null) {
        throw new IllegalStateException("property " + p.name() + " declared twice");
      }
    }
    return m;
  }

  private static Property add(Property p) {
    ALL.add(p);
    return p;
  }

  private static Property whole(String name, long dflt, long min, long max, Owner owner, String meaning) {
    return add(new Property(name, Family.NONE, Kind.WHOLE, Long.toString(dflt), null, min, max, List.of(), owner,
        meaning));
  }

  /** A whole number whose default is worked out by its reader (described by defaultText). */
  private static Property whole(String name, String defaultText, long min, long max, Owner owner, String meaning) {
    return add(new Property(name, Family.NONE, Kind.WHOLE, null, defaultText, min, max, List.of(), owner, meaning));
  }

  private static Property flag(String name, boolean dflt, Owner owner, String meaning) {
    return add(new Property(name, Family.NONE, Kind.FLAG, Boolean.toString(dflt), null, 0, 0, List.of("true", "false"),
        owner, meaning));
  }

  private static Property choice(String name, String dflt, Owner owner, String meaning, String... words) {
    return add(new Property(name, Family.NONE, Kind.CHOICE, dflt, null, 0, 0, List.of(words), owner, meaning));
  }

  private static Property text(String name, String dflt, String defaultText, Owner owner, String meaning) {
    return add(new Property(name, Family.NONE, Kind.TEXT, dflt, defaultText, 0, 0, List.of(), owner, meaning));
  }

  private static Property file(String name, String dflt, String defaultText, Owner owner, String meaning) {
    return add(new Property(name, Family.NONE, Kind.FILE, dflt, defaultText, 0, 0, List.of(), owner, meaning));
  }

  private static Property list(String name, String defaultText, Owner owner, String meaning) {
    return add(new Property(name, Family.NONE, Kind.LIST, null, defaultText, 0, 0, List.of(), owner, meaning));
  }

  private static Property cls(String name, String dflt, String defaultText, String meaning) {
    return add(new Property(name, Family.NONE, Kind.CLASS, dflt, defaultText, 0, 0, List.of(), YCSB_CORE, meaning));
  }

  private static Property decimal(String name, String dflt, String meaning) {
    return add(new Property(name, Family.NONE, Kind.DECIMAL, dflt, null, 0, 1, List.of(), YCSB_CORE, meaning));
  }
}
