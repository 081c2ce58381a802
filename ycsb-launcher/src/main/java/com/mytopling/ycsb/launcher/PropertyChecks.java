package com.mytopling.ycsb.launcher;

import com.mytopling.ycsb.core.cli.UsageException;
import com.mytopling.ycsb.core.ConfigException;
import com.mytopling.ycsb.core.PropertyReader;
import java.util.List;
import java.util.Properties;

/**
 * Checks the YCSB core properties before anything starts, so that "recordcount=1e6" or
 * "readproportion=half" is one clear line instead of a NumberFormatException deep inside
 * CoreWorkload, in the words every property error of the harness uses (the core's
 * {@link PropertyReader}). Binding properties are checked by the binding itself.
 */
final class PropertyChecks {
  private static final List<String> COUNTS = List.of("recordcount", "operationcount", "insertstart", "insertcount",
      "threadcount", "target", "fieldcount", "fieldlength", "minfieldlength", "maxscanlength", "minscanlength",
      "maxexecutiontime", "status.interval", "zeropadding", "core_workload_insertion_retry_limit",
      "core_workload_insertion_retry_interval");
  private static final List<String> PROPORTIONS = List.of("readproportion", "updateproportion", "insertproportion",
      "scanproportion", "readmodifywriteproportion", "hotspotdatafraction", "hotspotopnfraction");

  private PropertyChecks() {
  }

  static void check(Properties props) throws UsageException {
    PropertyReader reader = new PropertyReader(props);
    for (String name : COUNTS) {
      dropIfBlank(props, name);
    }
    for (String name : PROPORTIONS) {
      dropIfBlank(props, name);
    }
    try {
      for (String name : COUNTS) {
        if (reader.string(name) != null) {
          reader.integer(name, 0, 0, Long.MAX_VALUE);
          // CoreWorkload reads these with Integer/Long.parseLong without trimming.
          props.setProperty(name, reader.string(name));
        }
      }
      for (String name : PROPORTIONS) {
        if (reader.string(name) != null) {
          reader.decimal(name, 0, 0, 1);
          props.setProperty(name, reader.string(name));
        }
      }
    } catch (ConfigException e) {
      throw new UsageException(e.getMessage());
    }
    checkKeyRange(props);
  }

  /** A blank value is an unset one, as everywhere else; CoreWorkload would fail to parse it. */
  private static void dropIfBlank(Properties props, String name) {
    String v = props.getProperty(name);
    if (v != null && v.isBlank()) {
      props.remove(name);
    }
  }

  /**
   * CoreWorkload (and workloads built on it) calls System.exit(-1) with two loose lines when the
   * key range passes recordcount; say it as one line first.
   */
  private static void checkKeyRange(Properties props) throws UsageException {
    String workload = props.getProperty("workload");
    try {
      if (workload == null
          || !site.ycsb.workloads.CoreWorkload.class.isAssignableFrom(Class.forName(workload.strip()))) {
        return;
      }
    } catch (ClassNotFoundException | LinkageError e) {
      return; // reported where the workload is created
    }
    long records = Long.parseLong(props.getProperty("recordcount", "0"));
    long limit = records == 0 ? Integer.MAX_VALUE : records;
    long start = Long.parseLong(props.getProperty("insertstart", "0"));
    long count = Long.parseLong(props.getProperty("insertcount", Long.toString(limit - start)));
    if (start + count > limit) {
      throw new UsageException("insertstart + insertcount (" + start + " + " + count + ") is more than recordcount ("
          + limit + "): the keys to insert must lie within the record count");
    }
  }
}
