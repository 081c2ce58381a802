package com.mytopling.ycsb.core.record;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.mytopling.ycsb.core.Secrets;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads run records, the one way they are read. The format:
 *
 * <p><b>Version 1</b> (written by {@link RunRecordWriter}): one JSON object per file, UTF-8,
 * {@code "schema": "mytopling-ycsb-record", "schema_version": 1, "writer": "binding" | "fileloader",
 * "phase": "load" | "run", "written_at", "finished"}, then the writer's sections ({@link RunRecord}; every field is
 * described in docs/results.md, "Run records"). Within version 1 fields are only added; a reader ignores the ones it
 * does not know, and refuses a newer version. Files: {@link RunRecordFiles}.
 *
 * <p><b>Version 0</b>: run folders written before records existed hold the same facts as text lines, which
 * {@link #fromBindingLines} and {@link #fromFileLoaderLines} read into the same model (schema_version 0): the
 * binding's stderr lines {@code [mytopling] connected: dialect=D server="V" engine=E shards=N driver="NAME VERSION"
 * url=U}, {@code driver settings added (...): a=b, c=d}, {@code totals: inserted rows stored=N failed=N [skipped=N]
 * reconnects=N lock_retries=N errors=N [acknowledged_lost=N] [rolled_back_writes=N] [run_phase_batching=true]} (a
 * figure left out was 0; no totals line: nothing was counted), {@code errors: OPERATION KIND x N (first: MESSAGE)}
 * and {@code fatal: MESSAGE}; and the file workload's stdout lines {@code [FILELOADER], Name, value}. Those lines are
 * still printed for people, but nothing reads them where a record exists. Old run folders are kept as test data
 * (ycsb-results' recorded runs), as HdrHistogram keeps old logs.
 */
public final class RunRecordReader {
  private static final String BINDING_PREFIX = "[mytopling] ";
  private static final Pattern KEY_VALUE = Pattern.compile("([A-Za-z_][\\w.-]*)=(\"(?:[^\"\\\\]|\\\\.)*\"|\\S*)");
  private static final Pattern ERRORS = Pattern.compile("^errors: (\\S+) (.*) x (\\d+) \\(first: (.*)\\)$");
  private static final Pattern FILE_LOADER_LINE = Pattern.compile("^\\[FILELOADER\\], ([^,]+), (.*)$");

  private RunRecordReader() {
  }

  /** The record in {@code file}, secrets masked again (a folder may come from another host or an older harness). */
  public static RunRecord read(Path file) {
    Map<String, Object> tree;
    try {
      tree = RecordJson.mapper().readValue(Files.readString(file), new TypeReference<LinkedHashMap<String, Object>>() {
      });
    } catch (NoSuchFileException e) {
      throw new RunRecordException(file + ": no such file");
    } catch (JsonProcessingException e) {
      throw new RunRecordException(file + ": not valid JSON (" + firstLine(e.getOriginalMessage()) + ")");
    } catch (IOException e) {
      throw new RunRecordException(file + ": cannot read (" + e.getMessage() + ")");
    }
    if (!RunRecord.SCHEMA.equals(tree.get("schema"))) {
      throw new RunRecordException(file + ": not a run record of this harness (schema is '" + tree.get("schema")
          + "', expected '" + RunRecord.SCHEMA + "')");
    }
    if (!(tree.get("schema_version") instanceof Integer version) || version < 1) {
      throw new RunRecordException(file + ": schema_version '" + tree.get("schema_version") + "' is not a version");
    }
    if (version > RunRecord.SCHEMA_VERSION) {
      throw new RunRecordException(file + ": record schema version " + version + " is newer than this harness reads ("
          + RunRecord.SCHEMA_VERSION + "); update the harness");
    }
    Object writer = tree.get("writer");
    if (!RunRecord.BINDING.equals(writer) && !RunRecord.FILE_LOADER.equals(writer)) {
      throw new RunRecordException(file + ": writer '" + writer + "' is neither " + RunRecord.BINDING + " nor "
          + RunRecord.FILE_LOADER);
    }
    try {
      return RecordJson.mapper().convertValue(Secrets.maskTree(tree), RunRecord.class);
    } catch (IllegalArgumentException e) {
      throw new RunRecordException(file + ": not a valid run record (" + firstLine(e.getMessage()) + ")");
    }
  }

  /**
   * Version 0: the binding's record from the lines it printed on a phase's stderr, or null when it printed none
   * (another binding, or YCSB's own output only).
   */
  public static RunRecord fromBindingLines(String stderr, String phase) {
    RunRecord r = textRecord(RunRecord.BINDING, phase);
    boolean any = false;
    List<RunRecord.ErrorKind> errors = new ArrayList<>();
    for (String line : stderr.split("\\R")) {
      if (!line.startsWith(BINDING_PREFIX)) {
        continue;
      }
      String rest = line.substring(BINDING_PREFIX.length()).strip();
      if (rest.startsWith("connected:")) {
        r.connection = connection(keyValues(rest.substring("connected:".length())));
        any = true;
      } else if (rest.startsWith("driver settings added") && rest.contains("): ") && r.connection != null) {
        for (String setting : rest.substring(rest.indexOf("): ") + 3).split(", ")) {
          r.connection.driverSettingsAdded.add(Secrets.maskUrl(setting.strip()));
        }
      } else if (rest.startsWith("totals:")) {
        // The last totals line is the phase's (an earlier one belongs to a thread that ended before the others began).
        Map<String, String> totals = keyValues(rest.substring("totals:".length()));
        r.rows = rows(totals);
        r.finished = true;
        if ("true".equals(totals.get("run_phase_batching"))) {
          r.inserts = new RunRecord.Inserts();
          r.inserts.runPhaseBatching = true;
        }
        any = true;
      } else if (rest.startsWith("errors: ")) {
        Matcher m = ERRORS.matcher(rest);
        if (m.matches()) {
          RunRecord.ErrorKind e = new RunRecord.ErrorKind();
          e.operation = m.group(1);
          e.kind = Secrets.maskUrl(m.group(2));
          e.count = count(Map.of("count", m.group(3)), "count");
          e.message = Secrets.maskUrl(m.group(4));
          errors.add(e);
          any = true;
        }
      } else if (rest.startsWith("fatal: ")) {
        r.failure = Secrets.maskUrl(rest.substring("fatal: ".length()));
        any = true;
      }
    }
    r.errors = errors;
    return any ? r : null;
  }

  /**
   * Version 0: the file workload's record from its {@code [FILELOADER], Name, value} lines on a phase's stdout, or
   * null when there are none.
   */
  public static RunRecord fromFileLoaderLines(String stdout, String phase) {
    Map<String, String> v = new LinkedHashMap<>();
    for (String line : stdout.split("\\R")) {
      Matcher m = FILE_LOADER_LINE.matcher(line.strip());
      if (m.matches()) {
        v.put(m.group(1).strip(), Secrets.maskUrl(m.group(2).strip()));
      }
    }
    if (v.isEmpty()) {
      return null;
    }
    RunRecord r = textRecord(RunRecord.FILE_LOADER, v.getOrDefault("Phase", phase));
    RunRecord.FileLoad f = new RunRecord.FileLoad();
    f.file = v.get("File");
    f.format = v.get("Format");
    f.charset = v.get("Charset");
    f.recordsUsed = count(v, "RecordsUsed");
    f.malformedRecords = count(v, "MalformedRecords");
    f.duplicateKeys = count(v, "DuplicateKeys");
    f.duplicatePolicy = v.get("DuplicatePolicy");
    f.truncatedValues = count(v, "TruncatedValues");
    f.insertsOk = count(v, "InsertsOk");
    f.insertsFailed = count(v, "InsertsFailed");
    f.insertsExpected = optionalCount(v, "InsertsExpected");
    f.updatesOk = optionalCount(v, "UpdatesOk");
    f.updatesFailed = optionalCount(v, "UpdatesFailed");
    f.stoppedAtEndOfFile = v.containsKey("StoppedAtEndOfFile") ? Boolean.valueOf(v.get("StoppedAtEndOfFile")) : null;
    f.wraps = count(v, "Wraps");
    f.rawInputBytes = count(v, "RawInputBytes");
    f.valueChars = count(v, "ValueChars");
    String status = v.getOrDefault("Status", "");
    f.status = status.startsWith("FAILED") ? "FAILED" : status;
    f.failure = status.startsWith("FAILED: ") ? status.substring("FAILED: ".length()) : null;
    if (v.containsKey("TableStoredBytes") || v.containsKey("TableSizeError")) {
      RunRecord.TableSize t = new RunRecord.TableSize();
      t.engine = v.get("TableEngine");
      t.dataBytes = optionalCount(v, "TableDataBytes");
      t.indexBytes = optionalCount(v, "TableIndexBytes");
      t.storedBytes = optionalCount(v, "TableStoredBytes");
      t.sizeMethod = v.get("TableSizeMethod");
      t.rawToStoredRatio = v.containsKey("RawToStoredRatio") ? ratio(v.get("RawToStoredRatio")) : null;
      t.error = v.get("TableSizeError");
      f.table = t;
    }
    r.fileLoad = f;
    r.finished = true;
    return r;
  }

  private static RunRecord textRecord(String writer, String phase) {
    RunRecord r = new RunRecord();
    r.schemaVersion = RunRecord.TEXT_LINES_VERSION;
    r.writer = writer;
    r.phase = phase;
    return r;
  }

  private static RunRecord.Connection connection(Map<String, String> kv) {
    RunRecord.Connection c = new RunRecord.Connection();
    c.dialect = kv.get("dialect");
    c.serverVersion = kv.get("server");
    c.engine = kv.get("engine");
    // "NAME VERSION" in one: the version of some drivers holds spaces, so it is not split.
    c.driverName = kv.get("driver");
    c.shards = kv.containsKey("shards") ? (int) Math.min(Integer.MAX_VALUE, count(kv, "shards")) : 1;
    if (kv.get("url") != null) {
      c.urls.add(kv.get("url"));
    }
    return c;
  }

  private static RunRecord.Rows rows(Map<String, String> kv) {
    RunRecord.Rows rows = new RunRecord.Rows();
    rows.stored = count(kv, "stored");
    rows.failed = count(kv, "failed");
    rows.skipped = count(kv, "skipped");
    rows.acknowledgedLost = count(kv, "acknowledged_lost");
    rows.rolledBackWrites = count(kv, "rolled_back_writes");
    rows.reconnects = count(kv, "reconnects");
    rows.lockRetries = count(kv, "lock_retries");
    rows.errors = count(kv, "errors");
    return rows;
  }

  /** Key=value pairs, values with spaces in double quotes; URL passwords and secret-named values masked. */
  private static Map<String, String> keyValues(String text) {
    Map<String, String> result = new LinkedHashMap<>();
    Matcher m = KEY_VALUE.matcher(text);
    while (m.find()) {
      String value = m.group(2);
      if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
        value = value.substring(1, value.length() - 1).replace("\\\"", "\"").replace("\\\\", "\\");
      }
      result.put(m.group(1), Secrets.isSecretName(m.group(1)) ? Secrets.MASK : Secrets.maskUrl(value));
    }
    return result;
  }

  private static long count(Map<String, String> values, String name) {
    Long n = optionalCount(values, name);
    return n == null ? 0 : n;
  }

  private static Long optionalCount(Map<String, String> values, String name) {
    String v = values.get(name);
    if (v == null) {
      return null;
    }
    try {
      return Long.parseLong(v.strip());
    } catch (NumberFormatException e) {
      throw new RunRecordException("'" + name + "=" + v + "' is not a count");
    }
  }

  private static Double ratio(String v) {
    try {
      return Double.valueOf(v.strip());
    } catch (NumberFormatException e) {
      throw new RunRecordException("'RawToStoredRatio=" + v + "' is not a number");
    }
  }

  private static String firstLine(String message) {
    return message == null ? "" : message.lines().findFirst().orElse("");
  }
}
