package com.mytopling.ycsb.fileloader.format;

import com.github.luben.zstd.ZstdInputStream;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * The decompressed byte stream of a data file, plus how far into the file itself (compressed
 * bytes) reading has got, which is what progress and ETA are based on.
 */
public final class DataFileInput implements AutoCloseable {
  /** Large reads: the parsers scan big buffers, and decompressors like big inputs. */
  private static final int FILE_BUFFER_BYTES = 1 << 16;

  private final Path path;
  private final Compression compression;
  private final long fileSize;
  private final CountingStream raw;
  private final InputStream decompressed;

  private DataFileInput(Path path, Compression compression, long fileSize, CountingStream raw,
                        InputStream decompressed) {
    this.path = path;
    this.compression = compression;
    this.fileSize = fileSize;
    this.raw = raw;
    this.decompressed = decompressed;
  }

  /**
   * Opens the file. A null {@code requested} means: detect gzip or zstd from the magic bytes.
   *
   * @throws DataFileException with a one-line message when the file is missing or unreadable
   */
  public static DataFileInput open(Path path, Compression requested) throws DataFileException {
    try {
      if (Files.isDirectory(path)) {
        throw new DataFileException("data file " + path + " is a directory");
      }
      long size = Files.size(path);
      Compression compression = requested != null ? requested : sniff(path);
      CountingStream raw = new CountingStream(Files.newInputStream(path));
      InputStream decompressed;
      try {
        decompressed = wrap(raw, compression, path);
      } catch (IOException e) {
        raw.close();
        throw e;
      }
      return new DataFileInput(path, compression, size, raw, decompressed);
    } catch (NoSuchFileException e) {
      throw new DataFileException(missing(path));
    } catch (DataFileException e) {
      throw e;
    } catch (IOException e) {
      throw new DataFileException("cannot open data file " + path + ": " + e, e);
    }
  }

  /** The one message for a data file that is not there. */
  static String missing(Path path) {
    return "data file " + path + " does not exist";
  }

  private static Compression sniff(Path path) throws IOException {
    byte[] head = new byte[4];
    int n = 0;
    try (InputStream in = Files.newInputStream(path)) {
      while (n < head.length) {
        int r = in.read(head, n, head.length - n);
        if (r < 0) {
          break;
        }
        n += r;
      }
    }
    return Compression.detect(head, n);
  }

  private static InputStream wrap(InputStream raw, Compression compression, Path path) throws IOException {
    switch (compression) {
    case GZIP:
      try {
        return new GZIPInputStream(raw, FILE_BUFFER_BYTES);
      } catch (ZipException | java.io.EOFException e) {
        throw new DataFileException("data file " + path + " is not a readable gzip file: " + e.getMessage(), e);
      }
    case ZSTD:
      ZstdInputStream zstd = new ZstdInputStream(raw);
      // Without this, a truncated frame would end the stream quietly and records would be lost.
      zstd.setContinuous(false);
      return zstd;
    default:
      return raw;
    }
  }

  public InputStream stream() {
    return decompressed;
  }

  public Path path() {
    return path;
  }

  public Compression compression() {
    return compression;
  }

  /** Size of the file on disk (compressed size for .gz and .zst). */
  public long fileSize() {
    return fileSize;
  }

  /** Bytes of the file on disk read so far; with {@link #fileSize()} this gives the progress. */
  public long fileBytesRead() {
    return raw.count;
  }

  /** Turns a read failure into one sentence that names the file and, if any, the compression. */
  public DataFileException readFailure(IOException e, long lineNumber) {
    if (e instanceof DataFileException) {
      return (DataFileException) e;
    }
    String what = compression == Compression.NONE ? "" : " (truncated or corrupt " + compression.name().toLowerCase(
        java.util.Locale.ROOT) + " data?)";
    return new DataFileException("cannot read data file " + path + " after line " + lineNumber + what + ": "
        + e.getMessage(), e);
  }

  @Override
  public void close() throws IOException {
    decompressed.close();
  }

  /** Counts bytes as they come off the disk; only one thread reads a file at a time. */
  private static final class CountingStream extends FilterInputStream {
    private volatile long count;

    CountingStream(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b >= 0) {
        count++;
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = in.read(b, off, len);
      if (n > 0) {
        count += n;
      }
      return n;
    }

    @Override
    public long skip(long n) throws IOException {
      long skipped = in.skip(n);
      count += skipped;
      return skipped;
    }
  }
}
