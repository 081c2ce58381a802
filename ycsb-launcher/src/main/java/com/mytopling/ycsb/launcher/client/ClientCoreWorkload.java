package com.mytopling.ycsb.launcher.client;

import com.mytopling.ycsb.core.ClientKeys;
import com.mytopling.ycsb.core.ConfigException;
import java.util.Properties;
import site.ycsb.WorkloadException;
import site.ycsb.workloads.CoreWorkload;

/**
 * YCSB's CoreWorkload with this client's own run-phase insert keys ({@link ClientKeys}): what the launcher runs for a
 * workload file naming CoreWorkload (site.ycsb's or the older com.yahoo.ycsb name). Everything else is YCSB's; with
 * one client the keys are too.
 */
public class ClientCoreWorkload extends CoreWorkload implements ClientKeys.Divided {
  private ClientKeys keys = ClientKeys.ALONE;

  @Override
  public void init(Properties p) throws WorkloadException {
    super.init(p);
    try {
      keys = ClientKeys.from(p);
    } catch (ConfigException e) {
      throw new WorkloadException(e.getMessage());
    }
  }

  @Override
  protected String buildKeyName(long keynum) {
    return super.buildKeyName(keys.keyNumber(keynum, recordcount));
  }
}
