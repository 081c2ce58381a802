package com.mytopling.ycsb.fileloader.format;

import com.github.luben.zstd.ZstdOutputStream;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;

/** Writing small data files for tests, and reading all records back. */
public final class TestFiles {
  private TestFiles() {
  }

  public static Path write(Path dir, String name, String content, Charset charset) throws IOException {
    return writeBytes(dir, name, content.getBytes(charset));
  }

  public static Path writeBytes(Path dir, String name, byte[] bytes) throws IOException {
    Path p = dir.resolve(name);
    if (name.endsWith(".gz")) {
      ByteArrayOutputStream b = new ByteArrayOutputStream();
      try (OutputStream o = new GZIPOutputStream(b)) {
        o.write(bytes);
      }
      bytes = b.toByteArray();
    } else if (name.endsWith(".zst")) {
      ByteArrayOutputStream b = new ByteArrayOutputStream();
      try (OutputStream o = new ZstdOutputStream(b)) {
        o.write(bytes);
      }
      bytes = b.toByteArray();
    }
    Files.write(p, bytes);
    return p;
  }

  /** Every record, with malformed ones recorded as their exception message. */
  public static List<Object> readAll(DataFileSpec spec) throws IOException {
    List<Object> out = new ArrayList<>();
    try (RecordParser parser = spec.open()) {
      while (true) {
        try {
          DataRecord r = parser.next();
          if (r == null) {
            return out;
          }
          out.add(r);
        } catch (MalformedRecordException e) {
          out.add(e);
        }
      }
    }
  }

  public static List<String> values(DataRecord r) {
    List<String> v = new ArrayList<>();
    for (int i = 0; i < r.size(); i++) {
      v.add(r.value(i));
    }
    return v;
  }
}
