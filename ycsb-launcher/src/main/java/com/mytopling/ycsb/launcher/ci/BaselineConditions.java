package com.mytopling.ycsb.launcher.ci;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How a stored baseline was recorded ({@code conditions.json} beside its runs): the settings that must be the same
 * for a later job to be compared with it, and how busy the machine was. A baseline is only used by a job with the
 * same cores, server (kind, image, version), workload, sizes and harness version; it is recorded only on a quiet
 * machine unless the recorder says otherwise, and then it says so.
 */
public final class BaselineConditions {
  /**
   * Busy: more than this share of the machine's CPU time used in the seconds before the first run, while the
   * server the job started idles. Measured over a few seconds rather than read from the load average, which still
   * counts a job that ended a minute ago (a previous recording, the build).
   */
  static final double BUSY_CPU_SHARE = 0.25;
  private static final long SAMPLE_MS = 5_000;

  public String recordedAt;
  public String harnessVersion;
  public String gitRevision;
  public Integer hostCores;
  /** The machine's 1-minute load average with the server started, before the first run. */
  public Double loadAverage1m;
  /** Share of all cores' time in use over a few seconds before the first run, in percent. */
  public Double cpuBusyPercent;
  public Boolean busy;
  /** The machine and how fast one of its cores hashed (absent in baselines recorded before fingerprints). */
  public HostFingerprint host;
  public String server;
  public String workload;
  public Long records;
  public Long operations;
  public Integer threads;
  public Integer runs;
  public Integer warmup;

  static BaselineConditions of(Job job, JobServer server, String harnessVersion, Path root) {
    BaselineConditions c = new BaselineConditions();
    c.recordedAt = java.time.OffsetDateTime.now().withNano(0).toString();
    c.harnessVersion = harnessVersion;
    c.gitRevision = CiRegression.gitCommit(root);
    c.hostCores = Runtime.getRuntime().availableProcessors();
    c.loadAverage1m = loadAverage();
    Double share = cpuBusyShare();
    c.cpuBusyPercent = share == null ? null : Math.round(share * 1000) / 10.0;
    c.busy = share != null && share > BUSY_CPU_SHARE;
    c.host = HostFingerprint.measure();
    c.server = server.identity();
    c.workload = job.workload();
    c.records = job.records();
    c.operations = job.operations();
    c.threads = job.threads();
    c.runs = job.runs();
    c.warmup = job.warmup();
    return c;
  }

  /** One line per condition this job does not share with the recording; empty when it may be compared. */
  List<String> differences(BaselineConditions now) {
    List<String> d = new ArrayList<>();
    differ(d, "cores", hostCores, now.hostCores);
    differ(d, "server", server, now.server);
    differ(d, "workload", workload, now.workload);
    differ(d, "records", records, now.records);
    differ(d, "operations", operations, now.operations);
    differ(d, "threads", threads, now.threads);
    differ(d, "harness version", harnessVersion, now.harnessVersion);
    return d;
  }

  private static void differ(List<String> d, String name, Object recorded, Object now) {
    if (!Objects.equals(recorded, now)) {
      d.add(name + " " + recorded + " when recorded, " + now + " now");
    }
  }

  /**
   * Why this baseline's absolute figures cannot decide a job measured under {@code now}: null when they can (the
   * machine that recorded them, running as fast as then, and not busy now). A baseline measured elsewhere is still
   * worth reading beside the job's figures, so the gate then reports instead of failing.
   */
  String whyNotGated(BaselineConditions now) {
    if (host == null) {
      return "baseline without a host fingerprint (recorded by an older harness)";
    }
    String why = host.whyNotComparable(now.host);
    if (why != null) {
      return why.startsWith("another machine") ? "baseline from " + why : why;
    }
    if (Boolean.TRUE.equals(now.busy)) {
      return "this machine is busy now (" + now.cpuBusyPercent + " % of its CPU in use before the first run)";
    }
    return null;
  }

  /** "recorded DATE on N cores (load L), SERVER, harness V". */
  String describe() {
    return "recorded " + recordedAt + " on " + hostCores + " cores (CPU "
        + (cpuBusyPercent == null ? "not recorded" : cpuBusyPercent + " % busy") + ", load average "
        + (loadAverage1m == null ? "not recorded" : loadAverage1m.toString())
        + (Boolean.TRUE.equals(busy) ? ", BUSY" : "") + "), " + server + ", harness " + harnessVersion
        + (gitRevision == null ? "" : " at " + gitRevision.substring(0, Math.min(12, gitRevision.length())));
  }

  /** Share of CPU time not idle (nor waiting for I/O) over {@link #SAMPLE_MS}, from /proc/stat; null elsewhere. */
  static Double cpuBusyShare() {
    long[] before = cpuTimes();
    if (before == null) {
      return null;
    }
    try {
      Thread.sleep(SAMPLE_MS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
    long[] after = cpuTimes();
    if (after == null || after[0] <= before[0]) {
      return null;
    }
    double total = after[0] - before[0];
    return Math.max(0, 1 - (after[1] - before[1]) / total);
  }

  /** {total, idle + iowait} jiffies of all cores, from the first line of /proc/stat. */
  private static long[] cpuTimes() {
    try {
      String[] f = Files.readAllLines(Path.of("/proc/stat"), StandardCharsets.US_ASCII).get(0).trim().split("\\s+");
      long total = 0;
      for (int i = 1; i < Math.min(f.length, 9); i++) { // user nice system idle iowait irq softirq steal
        total += Long.parseLong(f[i]);
      }
      return new long[] {total, Long.parseLong(f[4]) + Long.parseLong(f[5])};
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  static Double loadAverage() {
    try {
      String text = Files.readString(Path.of("/proc/loadavg"), StandardCharsets.US_ASCII);
      return Double.parseDouble(text.split("\\s+")[0]);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
