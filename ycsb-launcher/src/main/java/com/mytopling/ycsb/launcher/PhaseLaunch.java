package com.mytopling.ycsb.launcher;

import com.mytopling.ycsb.launcher.client.Ycsb;
import com.mytopling.ycsb.core.config.ResolvedSettings;
import com.mytopling.ycsb.core.config.SettingsFile;
import com.mytopling.ycsb.core.record.RunRecordFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How a job starts a phase's YCSB process: its resolved settings written once into the phase's folder
 * ({@code settings-PHASE.properties}, beside the records it will write), and a client JVM started from that one file
 * ({@code Ycsb PHASE mytopling -P FILE}), its secrets in the environment, never on the command line.
 */
public final class PhaseLaunch {
  private PhaseLaunch() {
  }

  /** Writes the settings file and returns the process to start, input from /dev/null; output is the caller's. */
  public static ProcessBuilder builder(ResolvedSettings settings, Path folder, String phase, String title)
      throws IOException {
    Path file = RunRecordFiles.settings(folder, phase);
    SettingsFile.write(settings, file, title);
    List<String> cmd = new ArrayList<>(Benchmark.javaCommand());
    cmd.add(Ycsb.class.getName());
    cmd.addAll(List.of(phase, "mytopling", "-P", file.toString()));
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    pb.environment().putAll(SettingsFile.secretsEnvironment(settings));
    return pb;
  }
}
