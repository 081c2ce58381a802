package com.mytopling.ycsb.fileloader.tool;

import com.github.luben.zstd.ZstdOutputStream;

import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.zip.GZIPOutputStream;

/** Opens an output file, compressed by its name (.gz, .zst); "-" is standard output. */
final class OutputFiles {
  private OutputFiles() {
  }

  static OutputStream create(String name, PrintStream stdout) throws IOException {
    if (name.equals("-")) {
      // Standard output stays open after the command.
      return new FilterOutputStream(new BufferedOutputStream(stdout, 1 << 16)) {
        @Override
        public void write(byte[] b, int off, int len) throws IOException {
          out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
          flush();
        }
      };
    }
    Path path = Path.of(name);
    OutputStream file = new BufferedOutputStream(Files.newOutputStream(path), 1 << 16);
    String lower = name.toLowerCase(Locale.ROOT);
    if (lower.endsWith(".gz")) {
      return new BufferedOutputStream(new GZIPOutputStream(file, 1 << 16), 1 << 16);
    }
    if (lower.endsWith(".zst") || lower.endsWith(".zstd")) {
      return new BufferedOutputStream(new ZstdOutputStream(file, 3), 1 << 16);
    }
    return file;
  }
}
