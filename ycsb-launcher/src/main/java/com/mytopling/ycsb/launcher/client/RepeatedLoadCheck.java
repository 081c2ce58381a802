package com.mytopling.ycsb.launcher.client;

import com.mytopling.ycsb.core.config.Registry;
import java.util.HashMap;
import java.util.Properties;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.workloads.CoreWorkload;

/**
 * Notices a load run again into a table that holds its keys already (the README's load command
 * repeated), so that the load's duplicate-key failure can say what to do instead of only failing:
 * {@code db.droptable=true} starts from an empty table, {@code db.insertexisting=skip} completes
 * an earlier load. Looked at once, before the clock starts: is the first key of the load's range
 * in the table? Afterwards the load's own rows would make the answer meaningless.
 */
final class RepeatedLoadCheck {
  private final String existingKey;
  private final String table;

  private RepeatedLoadCheck(String existingKey, String table) {
    this.existingKey = existingKey;
    this.table = table;
  }

  /**
   * Reads the load's first key through a bare instance of the binding (not YCSB's DBWrapper, so
   * nothing is measured). Only for YCSB keys of CoreWorkload and its subclasses, and only when
   * the load would fail on an existing key: no db.droptable, db.insertexisting=skip or db.upsert.
   */
  static RepeatedLoadCheck before(Properties props, String dbClass, Workload workload) {
    if (!(workload instanceof CoreWorkload) || !props.getProperty(Registry.FILELOADER_KEYFIELDS.name(), "").isBlank()
        || isTrue(props, Registry.DB_DROPTABLE.name()) || "skip".equalsIgnoreCase(props.getProperty(Registry.DB_INSERTEXISTING.name(), "").strip())
        || !props.getProperty(Registry.DB_UPSERT.name(), "false").strip().equalsIgnoreCase("false")) {
      return new RepeatedLoadCheck(null, null);
    }
    String table = props.getProperty(CoreWorkload.TABLENAME_PROPERTY, CoreWorkload.TABLENAME_PROPERTY_DEFAULT);
    try {
      String key = KeyNames.first(props);
      DB db = (DB) Class.forName(dbClass).getDeclaredConstructor().newInstance();
      db.setProperties(props);
      db.init();
      try {
        Status s = db.read(table, key, null, new HashMap<String, ByteIterator>());
        return new RepeatedLoadCheck(s != null && s.isOk() ? key : null, table);
      } finally {
        db.cleanup();
      }
    } catch (ReflectiveOperationException | DBException | WorkloadException | RuntimeException e) {
      // Only a hint: a load that cannot even read will report its own problem.
      return new RepeatedLoadCheck(null, null);
    }
  }

  private static boolean isTrue(Properties p, String name) {
    return Boolean.parseBoolean(p.getProperty(name, "false").strip());
  }

  /** The line to print when the load failed, or null when its keys were not in the table before. */
  String hintAfterFailure() {
    if (existingKey == null) {
      return null;
    }
    return "[ycsb] hint: table " + table + " held this load's first key (" + existingKey + ") before it started, so "
        + "its inserts hit existing keys: -p db.droptable=true starts from an empty table, "
        + "-p db.insertexisting=skip completes an earlier load";
  }

  /** CoreWorkload's key names (buildKeyName is protected): the load's first key, insertstart. */
  private static final class KeyNames extends CoreWorkload {
    static String first(Properties props) throws WorkloadException {
      KeyNames names = new KeyNames();
      names.init(props);
      return names.buildKeyName(Long.parseLong(props.getProperty(INSERT_START_PROPERTY, INSERT_START_PROPERTY_DEFAULT)));
    }
  }
}
