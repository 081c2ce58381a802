package com.mytopling.ycsb.core.record;

import java.nio.file.Path;

/**
 * Where the records of a phase lie in a run folder (the folder itself for one client, {@code client-N/} for client
 * N of several, {@code prepare/} for the step that creates the table): {@code binding-<phase>.json} and
 * {@code fileloader-<phase>.json}. scripts/benchmark passes these paths as db.recordfile and
 * fileloader.recordfile; the results tools look for them here.
 */
public final class RunRecordFiles {
  private RunRecordFiles() {
  }

  /** The binding's record of {@code phase} ("load" or "run") in {@code folder}. */
  public static Path binding(Path folder, String phase) {
    return folder.resolve(RunRecord.BINDING + "-" + phase + ".json");
  }

  /** The file workload's record of {@code phase} in {@code folder}. */
  public static Path fileLoader(Path folder, String phase) {
    return folder.resolve(RunRecord.FILE_LOADER + "-" + phase + ".json");
  }
}
