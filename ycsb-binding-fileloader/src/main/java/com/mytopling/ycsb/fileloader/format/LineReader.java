package com.mytopling.ycsb.fileloader.format;

import com.mytopling.ycsb.core.config.Registry;
import java.io.IOException;
import java.io.InputStream;

/**
 * Splits a byte stream into lines without decoding them: the parsers look at bytes and decode
 * only the values they keep, which is what makes parsing fast. A line is valid until the next
 * call to {@link #next()}. Lines end at LF; a CR before the LF is dropped.
 */
final class LineReader {
  private static final int INITIAL_BUFFER_BYTES = 1 << 18;

  private final InputStream in;
  private final int maxLineBytes;
  private byte[] buf;
  private int pos;
  private int limit;
  private boolean eof;
  /** Uncompressed offset of buf[0]. */
  private long bufferOffset;

  private long lineNumber;
  private int lineStart;
  private int lineEnd;
  private long lineOffset;

  LineReader(InputStream in, int maxLineBytes) {
    this.in = in;
    this.maxLineBytes = maxLineBytes;
    this.buf = new byte[Math.min(INITIAL_BUFFER_BYTES, maxLineBytes)];
  }

  /** Moves to the next line; false at end of input. */
  boolean next() throws IOException {
    int scan = pos;
    while (true) {
      int nl = indexOfNewline(scan, limit);
      if (nl >= 0) {
        setLine(pos, nl);
        pos = nl + 1;
        return true;
      }
      if (eof) {
        if (pos < limit) {
          setLine(pos, limit);
          pos = limit;
          return true;
        }
        return false;
      }
      scan = limit;
      int shift = makeRoom();
      scan -= shift;
      fill();
    }
  }

  private int indexOfNewline(int from, int to) {
    byte[] b = buf;
    for (int i = from; i < to; i++) {
      if (b[i] == '\n') {
        return i;
      }
    }
    return -1;
  }

  private void setLine(int start, int end) {
    lineNumber++;
    lineStart = start;
    lineOffset = bufferOffset + start;
    lineEnd = (end > start && buf[end - 1] == '\r') ? end - 1 : end;
  }

  /** Moves unread bytes to the front, growing the buffer if a line fills it; returns the shift. */
  private int makeRoom() throws DataFileException {
    int shift = pos;
    if (shift > 0) {
      System.arraycopy(buf, pos, buf, 0, limit - pos);
      limit -= pos;
      bufferOffset += pos;
      pos = 0;
    }
    if (limit == buf.length) {
      if (buf.length >= maxLineBytes) {
        throw new DataFileException("line " + (lineNumber + 1) + " (byte offset " + bufferOffset
            + ") is longer than " + maxLineBytes + " bytes (" + Registry.FILELOADER_MAXLINEBYTES.name()
            + "); is this the right format?");
      }
      byte[] bigger = new byte[(int) Math.min((long) buf.length * 2, maxLineBytes)];
      System.arraycopy(buf, 0, bigger, 0, limit);
      buf = bigger;
    }
    return shift;
  }

  private void fill() throws IOException {
    int n = in.read(buf, limit, buf.length - limit);
    if (n < 0) {
      eof = true;
    } else {
      limit += n;
    }
  }

  byte[] buffer() {
    return buf;
  }

  int start() {
    return lineStart;
  }

  int end() {
    return lineEnd;
  }

  int length() {
    return lineEnd - lineStart;
  }

  boolean isBlank() {
    for (int i = lineStart; i < lineEnd; i++) {
      byte b = buf[i];
      if (b != ' ' && b != '\t') {
        return false;
      }
    }
    return true;
  }

  long lineNumber() {
    return lineNumber;
  }

  long lineOffset() {
    return lineOffset;
  }

  /** Uncompressed bytes handed out as lines so far. */
  long bytesConsumed() {
    return bufferOffset + pos;
  }
}
