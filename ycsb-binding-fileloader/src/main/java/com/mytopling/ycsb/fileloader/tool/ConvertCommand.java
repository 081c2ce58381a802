package com.mytopling.ycsb.fileloader.tool;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
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
 * Streams; writes UTF-8 whatever the input charset. JSON lines are written by Jackson's streaming
 * generator (one object per line, no tree built per record), TSV by hand: it has no library here.
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
  /** jsonl: the one generator of the output, so each record is escaped and encoded straight into its buffer. */
  private JsonGenerator json;

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
      if (to == RecordFormat.JSONL) {
        json = new JsonFactory().createGenerator(o, JsonEncoding.UTF8)
            .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        json.setRootValueSeparator(null); // the records' line breaks are written below, not a space between them
      }
      r = RecordScan.run(spec, err, "convert", this::header, this::write);
      if (json != null) {
        json.close(); // flushes into o, which the try closes
      }
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
    if (to == RecordFormat.JSONL) {
      json.writeStartObject();
      for (int i = 0; i < r.size(); i++) {
        json.writeStringField(names.get(i), r.value(i));
      }
      json.writeEndObject();
      json.writeRaw('\n');
      return;
    }
    line.setLength(0);
    for (int i = 0; i < r.size(); i++) {
      if (i > 0) {
        line.append('\t');
      }
      appendTsv(r.value(i));
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
}
