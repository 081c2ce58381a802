package com.mytopling.ycsb.launcher.ci;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Which machine a stored baseline was measured on, and how fast one of its cores was then: the stored-baseline gate
 * compares absolute figures, which only mean something on the machine that recorded them. Two machines of the same
 * kind (same CPU model, cores, memory and kernel) differed by a third in the run phase's throughput, so the machine's
 * own identity is part of the fingerprint, and a short calibration (hashing on one core) tells whether the machine
 * still runs as fast as when it recorded (a busy neighbour, another CPU behind the same name).
 */
public final class HostFingerprint {
  /** A calibration further than this from the recorded one means the machine is not in the state it recorded in. */
  static final double CALIBRATION_TOLERANCE = 0.15;
  private static final int CALIBRATION_ROUNDS = 5;
  private static final long CALIBRATION_ROUND_NS = 200_000_000L;

  /** /proc/cpuinfo's model name. */
  public String cpuModel;
  public Integer cores;
  /** MemTotal of /proc/meminfo, in MiB. */
  public Long memoryMib;
  /** The kernel's release (os.version). */
  public String kernel;
  /** The first 16 hex digits of SHA-256 of /etc/machine-id (the id itself is not written), null when there is none. */
  public String machineId;
  /** MB/s of SHA-256 on one core, the median of five 200 ms rounds. */
  public Double calibrationMbPerSecond;

  /** This machine, now (about one second, for the calibration). */
  static HostFingerprint measure() {
    HostFingerprint f = new HostFingerprint();
    f.cpuModel = cpuModel();
    f.cores = Runtime.getRuntime().availableProcessors();
    f.memoryMib = memoryMib();
    f.kernel = System.getProperty("os.version");
    f.machineId = machineId();
    f.calibrationMbPerSecond = calibrate();
    return f;
  }

  /**
   * Why figures recorded under this fingerprint cannot judge figures measured under {@code now}: null when they can
   * (same machine, calibration within {@link #CALIBRATION_TOLERANCE}).
   */
  String whyNotComparable(HostFingerprint now) {
    if (machineId == null || now.machineId == null) {
      return "the machine's identity is unknown (no /etc/machine-id)";
    }
    List<String> d = new ArrayList<>();
    differ(d, "machine id", machineId, now.machineId);
    differ(d, "CPU", cpuModel, now.cpuModel);
    differ(d, "cores", cores, now.cores);
    differ(d, "memory MiB", memoryMib, now.memoryMib);
    differ(d, "kernel", kernel, now.kernel);
    if (!d.isEmpty()) {
      return "another machine (" + String.join("; ", d) + ")";
    }
    if (calibrationMbPerSecond == null || now.calibrationMbPerSecond == null) {
      return "no calibration to compare";
    }
    double change = now.calibrationMbPerSecond / calibrationMbPerSecond - 1;
    if (Math.abs(change) > CALIBRATION_TOLERANCE) {
      return String.format(Locale.ROOT, "the same machine, but one core hashes %+.0f%% %s than when recorded "
              + "(%.0f MB/s now, %.0f then; more than %.0f%% apart)", change * 100, change < 0 ? "slower" : "faster",
          now.calibrationMbPerSecond, calibrationMbPerSecond, CALIBRATION_TOLERANCE * 100);
    }
    return null;
  }

  /** "CPU, N cores, M MiB, kernel K, machine ID, calibration C MB/s". */
  String describe() {
    return String.format(Locale.ROOT, "%s, %d cores, %d MiB, kernel %s, machine %s, one core hashes %.0f MB/s",
        cpuModel, cores, memoryMib, kernel, machineId, calibrationMbPerSecond == null ? Double.NaN
            : calibrationMbPerSecond);
  }

  private static void differ(List<String> d, String name, Object recorded, Object now) {
    if (!Objects.equals(recorded, now)) {
      d.add(name + " " + recorded + " then, " + now + " now");
    }
  }

  private static String cpuModel() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"), StandardCharsets.ISO_8859_1)) {
        if (line.startsWith("model name")) {
          return line.substring(line.indexOf(':') + 1).strip();
        }
      }
    } catch (IOException | RuntimeException e) {
      // Not Linux: the architecture is all we know.
    }
    return System.getProperty("os.arch");
  }

  private static Long memoryMib() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/meminfo"), StandardCharsets.ISO_8859_1)) {
        if (line.startsWith("MemTotal:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024;
        }
      }
    } catch (IOException | RuntimeException e) {
      // Not Linux.
    }
    return null;
  }

  private static String machineId() {
    for (String file : List.of("/etc/machine-id", "/var/lib/dbus/machine-id")) {
      try {
        String id = Files.readString(Path.of(file), StandardCharsets.US_ASCII).strip();
        if (!id.isEmpty()) {
          byte[] digest = MessageDigest.getInstance("SHA-256").digest(id.getBytes(StandardCharsets.US_ASCII));
          return HexFormat.of().formatHex(digest).substring(0, 16);
        }
      } catch (IOException | NoSuchAlgorithmException | RuntimeException e) {
        // Try the next place.
      }
    }
    return null;
  }

  /** MB/s of SHA-256 over a 64 KiB buffer on this thread: the median of five rounds of 200 ms. */
  static Double calibrate() {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      byte[] block = new byte[64 * 1024];
      Arrays.fill(block, (byte) 7);
      double[] rates = new double[CALIBRATION_ROUNDS];
      for (int r = 0; r < CALIBRATION_ROUNDS; r++) {
        long start = System.nanoTime();
        long bytes = 0;
        long now;
        do {
          sha.update(block);
          bytes += block.length;
          now = System.nanoTime();
        } while (now - start < CALIBRATION_ROUND_NS);
        block[0] = sha.digest()[0]; // keeps the work observable
        rates[r] = bytes / 1e6 / ((now - start) / 1e9);
      }
      Arrays.sort(rates);
      return Math.round(rates[CALIBRATION_ROUNDS / 2] * 10) / 10.0;
    } catch (NoSuchAlgorithmException e) {
      return null;
    }
  }
}
