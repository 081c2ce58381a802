package com.mytopling.ycsb.fileloader.tool;

import com.mytopling.ycsb.fileloader.format.DataFileSpec;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Locale;

/** {@code dataset scan FILE}: parses every record (values decoded) and reports the speed. */
final class ScanCommand {
  private final DataFileSpec spec;
  private final PrintStream out;
  private final PrintStream err;
  private long valueChars;

  ScanCommand(DataFileSpec spec, PrintStream out, PrintStream err) {
    this.spec = spec;
    this.out = out;
    this.err = err;
  }

  int run() throws IOException {
    RecordScan.Result r = RecordScan.run(spec, err, "scan", names -> { }, rec -> {
      // Touch every value so that no decoding work can be skipped.
      for (int i = 0; i < rec.size(); i++) {
        valueChars += rec.value(i).length();
      }
    });
    out.printf(Locale.ROOT, "records %d, malformed %d, uncompressed bytes %d, file bytes %d, value chars %d%n",
        r.records(), r.malformed(), r.uncompressedBytes(), r.fileBytes(), valueChars);
    out.printf(Locale.ROOT, "seconds %.3f, %.1f MB/s uncompressed, %.1f MB/s of file, %.0f records/s%n",
        r.seconds(), r.uncompressedBytes() / 1e6 / r.seconds(), r.fileBytes() / 1e6 / r.seconds(),
        r.records() / r.seconds());
    // CPU time of the whole JVM (parser, JIT and GC threads): on a shared machine wall-clock
    // speed says more about the neighbours than about the parser.
    double cpu = ProcessHandle.current().info().totalCpuDuration().map(d -> d.toNanos() / 1e9).orElse(Double.NaN);
    out.printf(Locale.ROOT, "cpu seconds %.3f (whole JVM, start-up included), %.1f MB uncompressed per cpu-second%n",
        cpu, r.uncompressedBytes() / 1e6 / cpu);
    return 0;
  }
}
