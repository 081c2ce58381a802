package com.mytopling.ycsb.launcher.client;

import com.mytopling.ycsb.core.ConfigException;
import com.mytopling.ycsb.core.SetupException;
import com.mytopling.ycsb.core.TargetException;
import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.fileloader.FatalRecordException;
import com.mytopling.ycsb.fileloader.FileWorkload;
import com.mytopling.ycsb.fileloader.LoadedRecords;
import com.mytopling.ycsb.jdbc.verify.TableVerifier;
import java.io.IOException;
import java.util.Map;
import java.util.Properties;
import site.ycsb.WorkloadException;

/**
 * The expected rows of a table loaded with {@link FileWorkload}: the data file's records, read
 * by the file loader's own code. It lives here because the launcher is the one module that sees
 * both the binding (which must not depend on the file loader) and the file loader.
 */
final class FileExpectedRows implements TableVerifier.ExpectedRows, AutoCloseable {
  private final LoadedRecords records;
  private final long insertStart;

  private FileExpectedRows(LoadedRecords records, long insertStart) {
    this.records = records;
    this.insertStart = insertStart;
  }

  /** True when the properties load with FileWorkload (or a subclass of it). */
  static boolean wanted(Properties p) {
    String name = p.getProperty(Registry.WORKLOAD.name(), "").trim();
    if (name.isEmpty()) {
      return false;
    }
    try {
      return FileWorkload.class.isAssignableFrom(Class.forName(name, false, FileExpectedRows.class.getClassLoader()));
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  /** Opens the data file; {@code p} is the run's resolved settings (the file workload's derived ones in them). */
  static FileExpectedRows open(Properties p) throws ConfigException {
    try {
      long start = Long.parseLong(p.getProperty(Registry.INSERTSTART.name(), "0").trim());
      return new FileExpectedRows(LoadedRecords.open(p), start);
    } catch (WorkloadException e) {
      throw new ConfigException(e.getMessage());
    } catch (NumberFormatException e) {
      throw new ConfigException(Registry.INSERTSTART + ": '" + p.getProperty(Registry.INSERTSTART.name()) + "' is not a whole number");
    }
  }

  @Override
  public Map<String, String> row(long keynum, String key) throws SetupException {
    Map<String, String> row;
    try {
      row = records.row(keynum);
    } catch (FatalRecordException e) {
      // The load stopped at the same place, so the rest of the range was never written.
      throw new TargetException("cannot verify against the data file: " + e.getMessage());
    }
    if (row == null) {
      throw new ConfigException("the data file has only " + (keynum - insertStart) + " usable records from record "
          + insertStart + ", fewer than the range to verify; give the load's recordcount / insertcount");
    }
    return row;
  }

  @Override
  public void close() {
    try {
      records.close();
    } catch (IOException ignored) {
      // Only read from; the verdict is already made.
    }
  }
}
