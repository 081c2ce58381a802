package com.mytopling.ycsb.core.record;

import java.nio.file.Path;

/**
 * Where the records of a phase lie in a run folder (the folder itself for one client, {@code client-N/} for client
 * N of several, {@code prepare/} for the step that creates the table): {@code binding-<phase>.json} and
 * {@code fileloader-<phase>.json}, and the launcher's {@code client-cost-<phase>.json} (the client's own CPU over the
 * phase), beside the phase's settings file {@code settings-<phase>.properties}. scripts/benchmark passes these
 * paths as db.recordfile, fileloader.recordfile and clientcost.recordfile; the results tools look for them here.
 */
public final class RunRecordFiles {
  private RunRecordFiles() {
  }

  /** The binding's record of {@code phase} ("load" or "run") in {@code folder}. */
  public static Path binding(Path folder, String phase) {
    return folder.resolve(RunRecord.BINDING + "-" + phase + ".json");
  }

  /**
   * The settings file of {@code phase} in {@code folder} ({@code settings-<phase>.properties}): every setting the
   * phase's process was started from (core.config.SettingsFile), beside the records it wrote.
   */
  public static Path settings(Path folder, String phase) {
    return folder.resolve("settings-" + phase + ".properties");
  }

  /** The file workload's record of {@code phase} in {@code folder}. */
  public static Path fileLoader(Path folder, String phase) {
    return folder.resolve(RunRecord.FILE_LOADER + "-" + phase + ".json");
  }

  /** The launcher's record of what the client itself cost over {@code phase} in {@code folder}. */
  public static Path clientCost(Path folder, String phase) {
    return folder.resolve("client-cost-" + phase + ".json");
  }
}
