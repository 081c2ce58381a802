package com.mytopling.ycsb.fileloader.tool;

import com.mytopling.ycsb.fileloader.FieldMapping;
import com.mytopling.ycsb.fileloader.format.DataFileSpec;
import com.mytopling.ycsb.fileloader.format.DataRecord;
import com.mytopling.ycsb.fileloader.format.RecordFormat;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code dataset convert FILE --to tsv|jsonl}: the flattening the published benchmark called
 * data cleaning: field-name prefixes removed, one record per line, tabs and newlines escaped.
 * Streams; writes UTF-8 whatever the input charset.
 */
final class ConvertCommand {
  private final DataFileSpec spec;
  private final RecordFormat to;
  private final String outName;
  private final PrintStream stdout;
  private final PrintStream err;
  private final StringBuilder line = new StringBuilder(4096);
  private List<String> names;
  private OutputStream os;

  ConvertCommand(DataFileSpec spec, RecordFormat to, String outName, PrintStream stdout, PrintStream err) {
    if (to != RecordFormat.TSV && to != RecordFormat.JSONL) {
      throw new IllegalArgumentException("convert writes tsv or jsonl, not " + to.lowerName());
    }
    this.spec = spec;
    this.to = to;
    this.outName = outName;
    this.stdout = stdout;
    this.err = err;
  }

  int run() throws IOException {
    // Opening the input first: a missing input must not leave an empty output file behind.
    spec.open().close();
    RecordScan.Result r;
    try (OutputStream o = OutputFiles.create(outName, stdout)) {
      this.os = o;
      r = RecordScan.run(spec, err, "convert", this::header, this::write);
    } catch (IOException | RuntimeException e) {
      // A half-written output would pass for a converted file later.
      if (!outName.equals("-")) {
        Files.deleteIfExists(Path.of(outName));
      }
      throw e;
    }
    err.println("dataset convert: wrote " + r.records() + " records" + (r.malformed() > 0
        ? ", skipped " + r.malformed() + " malformed" : ""));
    return 0;
  }

  private void header(List<String> fileNames) {
    names = new ArrayList<>();
    for (String n : fileNames) {
      names.add(FieldMapping.cleanName(n));
    }
    if (to == RecordFormat.TSV) {
      line.setLength(0);
      for (int i = 0; i < names.size(); i++) {
        if (i > 0) {
          line.append('\t');
        }
        appendTsv(names.get(i));
      }
      line.append('\n');
      try {
        flushLine();
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
  }

  private void write(DataRecord r) throws IOException {
    line.setLength(0);
    if (to == RecordFormat.TSV) {
      for (int i = 0; i < r.size(); i++) {
        if (i > 0) {
          line.append('\t');
        }
        appendTsv(r.value(i));
      }
    } else {
      line.append('{');
      for (int i = 0; i < r.size(); i++) {
        if (i > 0) {
          line.append(',');
        }
        appendJsonString(names.get(i));
        line.append(':');
        appendJsonString(r.value(i));
      }
      line.append('}');
    }
    line.append('\n');
    flushLine();
  }

  private void flushLine() throws IOException {
    os.write(line.toString().getBytes(StandardCharsets.UTF_8));
  }

  private void appendTsv(String v) {
    for (int i = 0; i < v.length(); i++) {
      char c = v.charAt(i);
      switch (c) {
      case '\t': line.append("\\t"); break;
      case '\n': line.append("\\n"); break;
      case '\r': line.append("\\r"); break;
      case '\\': line.append("\\\\"); break;
      default: line.append(c);
      }
    }
  }

  private void appendJsonString(String v) {
    line.append('"');
    for (int i = 0; i < v.length(); i++) {
      char c = v.charAt(i);
      switch (c) {
      case '"': line.append("\\\""); break;
      case '\\': line.append("\\\\"); break;
      case '\n': line.append("\\n"); break;
      case '\r': line.append("\\r"); break;
      case '\t': line.append("\\t"); break;
      default:
        if (c < 0x20) {
          line.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
        } else {
          line.append(c);
        }
      }
    }
    line.append('"');
  }
}
