package com.mytopling.ycsb.fileloader.tool;

import com.mytopling.ycsb.fileloader.format.DataFileSpec;
import com.mytopling.ycsb.fileloader.format.DataRecord;
import com.mytopling.ycsb.fileloader.format.MalformedRecordException;
import com.mytopling.ycsb.fileloader.format.RecordParser;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;

/** Reads a whole file for a command: hands each good record on, counts and reports bad ones. */
final class RecordScan {
  /** Malformed records described one by one; beyond this they are only counted. */
  private static final int REPORTED_MALFORMED = 10;

  interface RecordSink {
    void accept(DataRecord record) throws IOException;
  }

  /** What a whole-file pass found. */
  record Result(List<String> fieldNames, long records, long malformed, long uncompressedBytes,
                long fileBytes, double seconds) {
  }

  private RecordScan() {
  }

  /** @param start called with the field names before the first record */
  static Result run(DataFileSpec spec, PrintStream err, String command,
                    java.util.function.Consumer<List<String>> start, RecordSink sink) throws IOException {
    long begin = System.nanoTime();
    long records = 0;
    long malformed = 0;
    try (RecordParser parser = spec.open()) {
      List<String> names = parser.fieldNames();
      start.accept(names);
      while (true) {
        DataRecord r;
        try {
          r = parser.next();
        } catch (MalformedRecordException e) {
          malformed++;
          if (malformed <= REPORTED_MALFORMED) {
            err.println("dataset " + command + ": skipped " + e.getMessage());
          }
          continue;
        }
        if (r == null) {
          break;
        }
        records++;
        sink.accept(r);
      }
      if (malformed > REPORTED_MALFORMED) {
        err.println("dataset " + command + ": skipped " + (malformed - REPORTED_MALFORMED) + " more malformed records");
      }
      return new Result(names, records, malformed, parser.bytesConsumed(), parser.fileSize(),
          (System.nanoTime() - begin) / 1e9);
    }
  }
}
