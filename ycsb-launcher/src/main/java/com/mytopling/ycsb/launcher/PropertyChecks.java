package com.mytopling.ycsb.launcher;

import java.util.List;
import java.util.Properties;

/**
 * Checks the YCSB core properties before anything starts, so that "recordcount=1e6" or
 * "readproportion=half" is one clear line instead of a NumberFormatException deep inside
 * CoreWorkload. Binding properties are checked by the binding itself.
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
    for (String name : COUNTS) {
      String v = props.getProperty(name);
      if (v == null) {
        continue;
      }
      try {
        if (Long.parseLong(v.strip()) < 0) {
          throw new UsageException(name + ": " + v.strip() + " is negative");
        }
      } catch (NumberFormatException e) {
        throw new UsageException(name + ": '" + v.strip() + "' is not a whole number");
      }
      // CoreWorkload reads these with Integer/Long.parseLong without trimming.
      props.setProperty(name, v.strip());
    }
    for (String name : PROPORTIONS) {
      String v = props.getProperty(name);
      if (v == null) {
        continue;
      }
      double d;
      try {
        d = Double.parseDouble(v.strip());
      } catch (NumberFormatException e) {
        throw new UsageException(name + ": '" + v.strip() + "' is not a number");
      }
      if (d < 0 || d > 1) {
        throw new UsageException(name + ": " + v.strip() + " is not between 0 and 1");
      }
      props.setProperty(name, v.strip());
    }
    checkKeyRange(props);
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
