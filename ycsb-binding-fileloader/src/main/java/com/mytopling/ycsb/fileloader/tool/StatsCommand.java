package com.mytopling.ycsb.fileloader.tool;

import com.mytopling.ycsb.fileloader.KeyFingerprints;
import com.mytopling.ycsb.fileloader.format.DataFileSpec;
import com.mytopling.ycsb.fileloader.format.DataRecord;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code dataset stats FILE}: records, bytes, per-field lengths, duplicate keys and, for the
 * reviews, duplicate texts, malformed records.
 */
final class StatsCommand {
  private static final String SNAP_TEXT = "review/text";

  private final DataFileSpec spec;
  private final List<String> keyFieldsWanted;
  private final PrintStream out;
  private final PrintStream err;
  private final List<FieldStats> fields = new ArrayList<>();
  private final KeyFingerprints keys = new KeyFingerprints();
  private final KeyFingerprints texts = new KeyFingerprints();
  private final StringBuilder keyBuilder = new StringBuilder();
  private int[] keyIndexes;
  private int textIndex = -1;
  private List<String> keyNames;
  private long duplicateKeys;
  private long duplicateTexts;

  StatsCommand(DataFileSpec spec, List<String> keyFields, PrintStream out, PrintStream err) {
    this.spec = spec;
    this.keyFieldsWanted = keyFields;
    this.out = out;
    this.err = err;
  }

  int run() throws IOException {
    RecordScan.Result r = RecordScan.run(spec, err, "stats", this::start, this::add);
    out.println("file: " + spec.path());
    out.println("format: " + spec.format().lowerName() + ", charset " + spec.effectiveCharset().name());
    out.println("file bytes: " + r.fileBytes());
    out.println("uncompressed bytes: " + r.uncompressedBytes());
    out.println("records: " + r.records());
    out.println("malformed records: " + r.malformed());
    if (r.records() > 0) {
      out.printf(Locale.ROOT, "average record bytes: %.1f%n", (double) r.uncompressedBytes() / r.records());
    }
    out.printf(Locale.ROOT, "%-24s %10s %10s %10s %14s%n", "field", "min", "avg", "max", "max utf8 bytes");
    for (FieldStats f : fields) {
      out.printf(Locale.ROOT, "%-24s %10d %10.1f %10d %14d%n", f.name, f.count == 0 ? 0 : f.minChars,
          f.averageChars(), f.maxChars, f.maxUtf8Bytes);
    }
    if (keyNames != null) {
      out.println("duplicate keys (" + String.join("+", keyNames) + "): " + duplicateKeys);
    }
    if (textIndex >= 0) {
      out.println("duplicate texts (" + SNAP_TEXT + "): " + duplicateTexts);
    }
    out.printf(Locale.ROOT, "parse time: %.2f s%n", r.seconds());
    return 0;
  }

  private void start(List<String> names) {
    for (String n : names) {
      fields.add(new FieldStats(n));
    }
    List<String> wanted = keyFieldsWanted;
    if (wanted.isEmpty() && !names.isEmpty()) {
      wanted = names.contains("product/productId") && names.contains("review/userId")
          ? List.of("product/productId", "review/userId") : List.of(names.get(0));
    }
    keyIndexes = new int[wanted.size()];
    for (int i = 0; i < keyIndexes.length; i++) {
      keyIndexes[i] = names.indexOf(wanted.get(i));
      if (keyIndexes[i] < 0) {
        throw new IllegalArgumentException("key field '" + wanted.get(i) + "' is not in the file; it has " + names);
      }
    }
    keyNames = wanted.isEmpty() ? null : wanted;
    textIndex = names.indexOf(SNAP_TEXT);
  }

  private void add(DataRecord r) {
    for (int i = 0; i < r.size(); i++) {
      fields.get(i).add(r.value(i));
    }
    if (keyIndexes.length > 0) {
      keyBuilder.setLength(0);
      for (int i = 0; i < keyIndexes.length; i++) {
        // A separator that cannot occur in values keeps ("ab","c") and ("a","bc") apart.
        keyBuilder.append(r.value(keyIndexes[i])).append('\u0000');
      }
      if (!keys.add(keyBuilder.toString())) {
        duplicateKeys++;
      }
    }
    if (textIndex >= 0 && !texts.add(r.value(textIndex))) {
      duplicateTexts++;
    }
  }
}
