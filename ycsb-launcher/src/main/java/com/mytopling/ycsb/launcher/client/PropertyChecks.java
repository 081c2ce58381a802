package com.mytopling.ycsb.launcher.client;

import com.mytopling.ycsb.core.ConfigException;
import com.mytopling.ycsb.core.PropertyReader;
import com.mytopling.ycsb.core.cli.UsageException;
import com.mytopling.ycsb.core.config.Property;
import com.mytopling.ycsb.core.config.Registry;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Checks the YCSB core properties before anything starts, so that "recordcount=1e6" or
 * "readproportion=half" is one clear line instead of a NumberFormatException deep inside
 * CoreWorkload, in the words every property error of the harness uses (the core's
 * {@link PropertyReader}). Binding properties are checked by the binding itself.
 */
final class PropertyChecks {
  private static final List<Property> COUNTS = List.of(Registry.RECORDCOUNT, Registry.OPERATIONCOUNT,
      Registry.INSERTSTART, Registry.INSERTCOUNT, Registry.THREADCOUNT, Registry.TARGET_OPS, Registry.FIELDCOUNT,
      Registry.FIELDLENGTH, Registry.MINFIELDLENGTH, Registry.MAXSCANLENGTH, Registry.MINSCANLENGTH,
      Registry.MAXEXECUTIONTIME, Registry.STATUS_INTERVAL, Registry.ZEROPADDING, Registry.INSERTION_RETRY_LIMIT,
      Registry.INSERTION_RETRY_INTERVAL);
  private static final List<Property> PROPORTIONS = List.of(Registry.READPROPORTION, Registry.UPDATEPROPORTION,
      Registry.INSERTPROPORTION, Registry.SCANPROPORTION, Registry.READMODIFYWRITEPROPORTION,
      Registry.HOTSPOTDATAFRACTION, Registry.HOTSPOTOPNFRACTION);

  private PropertyChecks() {
  }

  /**
   * Checks YCSB core's counts and proportions; returns the values to resolve them to: trimmed (CoreWorkload parses
   * them without trimming), or null for a blank one (unset, as everywhere else; CoreWorkload would fail to parse it).
   */
  static Map<String, String> normalized(Properties props) throws UsageException {
    PropertyReader reader = new PropertyReader(props);
    Map<String, String> out = new LinkedHashMap<>();
    try {
      for (Property p : COUNTS) {
        String raw = props.getProperty(p.name());
        if (raw != null && raw.isBlank()) {
          out.put(p.name(), null);
        } else if (raw != null) {
          reader.integer(p.name(), 0, 0, Long.MAX_VALUE);
          if (!raw.equals(reader.string(p.name()))) {
            out.put(p.name(), reader.string(p.name()));
          }
        }
      }
      for (Property p : PROPORTIONS) {
        String raw = props.getProperty(p.name());
        if (raw != null && raw.isBlank()) {
          out.put(p.name(), null);
        } else if (raw != null) {
          reader.decimal(p.name(), 0, 0, 1);
          if (!raw.equals(reader.string(p.name()))) {
            out.put(p.name(), reader.string(p.name()));
          }
        }
      }
    } catch (ConfigException e) {
      throw new UsageException(e.getMessage());
    }
    return out;
  }

  /**
   * CoreWorkload (and workloads built on it) calls System.exit(-1) with two loose lines when the
   * key range passes recordcount; say it as one line first.
   */
  static void checkKeyRange(Properties props) throws UsageException {
    String workload = props.getProperty(Registry.WORKLOAD.name());
    try {
      if (workload == null
          || !site.ycsb.workloads.CoreWorkload.class.isAssignableFrom(Class.forName(workload.strip()))) {
        return;
      }
    } catch (ClassNotFoundException | LinkageError e) {
      return; // reported where the workload is created
    }
    long records = Long.parseLong(props.getProperty(Registry.RECORDCOUNT.name(), "0"));
    long limit = records == 0 ? Integer.MAX_VALUE : records;
    long start = Long.parseLong(props.getProperty(Registry.INSERTSTART.name(), "0"));
    long count = Long.parseLong(props.getProperty(Registry.INSERTCOUNT.name(), Long.toString(limit - start)));
    if (start + count > limit) {
      throw new UsageException("insertstart + insertcount (" + start + " + " + count + ") is more than recordcount ("
          + limit + "): the keys to insert must lie within the record count");
    }
  }
}
