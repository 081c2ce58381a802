package com.mytopling.ycsb.launcher.client;

import com.mytopling.ycsb.core.ClientKeys;
import com.mytopling.ycsb.core.ConfigException;
import com.mytopling.ycsb.core.PropertyReader;
import com.mytopling.ycsb.core.config.Registry;
import java.util.Properties;
import site.ycsb.WorkloadException;
import site.ycsb.workloads.CoreWorkload;

/**
 * YCSB's CoreWorkload with this client's own run-phase insert keys ({@link ClientKeys}): what the launcher runs for a
 * workload file naming CoreWorkload (site.ycsb's or the older com.yahoo.ycsb name) with workload.stock=true, and the
 * base of {@link LeanCoreWorkload}, the default. Everything else is YCSB's; with one client the keys are too.
 */
public class ClientCoreWorkload extends CoreWorkload implements ClientKeys.Divided {
  private ClientKeys keys = ClientKeys.ALONE;

  /**
   * The class the launcher runs for a workload file's class: for YCSB's core workload (either package name) the
   * lean one, or with workload.stock=true this one; any other class as named.
   */
  static Class<?> runClass(Class<?> named, Properties p) throws ConfigException {
    if (named != CoreWorkload.class && named != com.yahoo.ycsb.workloads.CoreWorkload.class) {
      return named;
    }
    return new PropertyReader(p).bool(Registry.WORKLOAD_STOCK) ? ClientCoreWorkload.class : LeanCoreWorkload.class;
  }

  @Override
  public void init(Properties p) throws WorkloadException {
    super.init(p);
    try {
      keys = ClientKeys.from(p);
    } catch (ConfigException e) {
      throw new WorkloadException(e.getMessage());
    }
  }

  /** The key name of the workload's number {@code keynum}: this client's own key for a run-phase insert's number. */
  @Override
  protected final String buildKeyName(long keynum) {
    return keyName(clientKeyNumber(keynum));
  }

  /** The key number the workload's number {@code keynum} stands for in this client ({@link ClientKeys#keyNumber}). */
  protected final long clientKeyNumber(long keynum) {
    return keys.keyNumber(keynum, recordcount);
  }

  /** The name of key number {@code n}: YCSB's. */
  protected String keyName(long n) {
    return super.buildKeyName(n);
  }
}
