package com.mytopling.ycsb.fileloader.format;

import com.mytopling.ycsb.core.config.Registry;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.List;

/**
 * TSV and CSV: one record per line (CSV: quoted values may span lines), names from a header line
 * or from the configured column list. Empty lines are not records and are passed over.
 * <ul>
 * <li>TSV: tab-separated; backslash escapes {@code \t \n \r \\} are decoded, which is how
 * {@code dataset convert} writes values that contain those characters.</li>
 * <li>CSV: RFC 4180; comma-separated, values may be enclosed in double quotes, a quote inside
 * quotes is doubled.</li>
 * </ul>
 */
final class DelimitedParser extends LineRecordParser {
  private final boolean csv;
  private final List<ByteScratch> cells = new ArrayList<>();
  private int cellCount;

  DelimitedParser(DataFileInput input, Charset charset, int maxLineBytes, boolean csv, boolean header,
                  List<String> columns) throws IOException {
    super(input, charset, maxLineBytes);
    this.csv = csv;
    if (header) {
      List<String> headerNames = readHeader();
      fieldNames = columns.isEmpty() ? headerNames : List.copyOf(columns);
    } else if (!columns.isEmpty()) {
      fieldNames = List.copyOf(columns);
    } else {
      throw new DataFileException("data file " + input.path()
          + " has no header line (" + Registry.FILELOADER_HEADER.name() + "=false) and no column names ("
          + Registry.FILELOADER_COLUMNS.name() + ")");
    }
  }

  private List<String> readHeader() throws IOException {
    while (nextLine()) {
      if (lines.length() == 0) {
        continue;
      }
      long line = lines.lineNumber();
      try {
        splitRecord();
      } catch (MalformedRecordException e) {
        throw new DataFileException("header line " + line + " of " + input.path() + " cannot be read: " + e.reason());
      }
      List<String> names = new ArrayList<>(cellCount);
      for (int i = 0; i < cellCount; i++) {
        ByteScratch cell = cells.get(i);
        try {
          names.add(decoder.decode(cell.bytes(), 0, cell.length()).trim());
        } catch (CharacterCodingException e) {
          throw new DataFileException("header line " + line + " of " + input.path() + " is not valid "
              + decoder.charset().name());
        }
      }
      return List.copyOf(names);
    }
    return List.of();
  }

  @Override
  protected DataRecord parseNext() throws IOException, MalformedRecordException {
    do {
      if (!nextLine()) {
        return null;
      }
    } while (lines.length() == 0);
    long firstLine = lines.lineNumber();
    long firstOffset = lines.lineOffset();
    splitRecord();
    if (cellCount != fieldNames.size()) {
      throw new MalformedRecordException(firstLine, firstOffset,
          "has " + cellCount + " columns, expected " + fieldNames.size());
    }
    String[] values = new String[cellCount];
    for (int i = 0; i < cellCount; i++) {
      ByteScratch cell = cells.get(i);
      try {
        values[i] = decoder.decode(cell.bytes(), 0, cell.length());
      } catch (CharacterCodingException e) {
        throw new MalformedRecordException(firstLine, firstOffset,
            "column '" + fieldNames.get(i) + "' has bytes that are not valid " + decoder.charset().name());
      }
    }
    return new DataRecord(fieldNames, values, firstLine, firstOffset);
  }

  private ByteScratch newCell() {
    if (cellCount == cells.size()) {
      cells.add(new ByteScratch());
    }
    ByteScratch cell = cells.get(cellCount++);
    cell.clear();
    return cell;
  }

  /** Splits the current line (and, for quoted CSV values, the lines it continues on) into cells. */
  private void splitRecord() throws IOException, MalformedRecordException {
    cellCount = 0;
    if (csv) {
      splitCsv();
    } else {
      splitTsv();
    }
  }

  private void splitTsv() throws MalformedRecordException {
    byte[] b = lines.buffer();
    int end = lines.end();
    ByteScratch cell = newCell();
    for (int i = lines.start(); i < end; i++) {
      byte c = b[i];
      if (c == '\t') {
        cell = newCell();
      } else if (c == '\\') {
        if (i + 1 == end) {
          throw new MalformedRecordException(lines.lineNumber(), lines.lineOffset(), "ends with a lone backslash");
        }
        byte e = b[++i];
        switch (e) {
        case 't': cell.append((byte) '\t'); break;
        case 'n': cell.append((byte) '\n'); break;
        case 'r': cell.append((byte) '\r'); break;
        case '\\': cell.append((byte) '\\'); break;
        default:
          throw new MalformedRecordException(lines.lineNumber(), lines.lineOffset(),
              "unknown escape '\\" + (char) (e & 0xff) + "'");
        }
      } else {
        int runEnd = i + 1;
        while (runEnd < end && b[runEnd] != '\t' && b[runEnd] != '\\') {
          runEnd++;
        }
        cell.append(b, i, runEnd - i);
        i = runEnd - 1;
      }
    }
  }

  private void splitCsv() throws IOException, MalformedRecordException {
    final long firstLine = lines.lineNumber();
    final long firstOffset = lines.lineOffset();
    ByteScratch cell = newCell();
    boolean quoted = false;
    boolean cellStart = true;
    while (true) {
      byte[] b = lines.buffer();
      int end = lines.end();
      for (int i = lines.start(); i < end; i++) {
        byte c = b[i];
        if (quoted) {
          if (c == '"') {
            if (i + 1 < end && b[i + 1] == '"') {
              cell.append((byte) '"');
              i++;
            } else {
              quoted = false;
              if (i + 1 < end && b[i + 1] != ',') {
                throw new MalformedRecordException(firstLine, firstOffset,
                    "text after a closing quote on line " + lines.lineNumber());
              }
            }
          } else {
            cell.append(c);
          }
        } else if (c == ',') {
          cell = newCell();
          cellStart = true;
          continue;
        } else if (c == '"' && cellStart) {
          quoted = true;
        } else {
          cell.append(c);
        }
        cellStart = false;
      }
      if (!quoted) {
        return;
      }
      // A quoted value goes on: the newline belongs to the value.
      if (!nextLine()) {
        throw new MalformedRecordException(firstLine, firstOffset, "quoted value not closed before end of file");
      }
      cell.append((byte) '\n');
    }
  }
}
