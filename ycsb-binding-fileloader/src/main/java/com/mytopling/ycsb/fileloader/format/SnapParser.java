package com.mytopling.ycsb.fileloader.format;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The SNAP reviews format: {@code name: value} lines, one blank line between records, the fields
 * of every record in the same order. A line continues the previous field's value (joined with a
 * newline) unless it starts with the name of a field that comes later in that order: wrapped
 * review text may well start with "review/score: ", a field the record already has. The field
 * names and their order are those of the first record unless given up front; names must contain
 * '/' (as in {@code review/text}) to be learnt, so that wrapped text such as "Note: ..." is not
 * mistaken for a field.
 */
final class SnapParser extends LineRecordParser {
  /** Field names longer than this are not looked for; keeps the colon scan short. */
  private static final int MAX_NAME_BYTES = 128;

  private final List<String> names = new ArrayList<>();
  private final List<byte[]> nameBytes = new ArrayList<>();
  private final List<ByteScratch> values = new ArrayList<>();
  private boolean[] present = new boolean[0];
  /** Where the current line's value starts; set by {@link #fieldOf}. */
  private int valueStart;

  SnapParser(DataFileInput input, Charset charset, int maxLineBytes, List<String> expectedFields) {
    super(input, charset, maxLineBytes);
    if (!expectedFields.isEmpty()) {
      for (String name : expectedFields) {
        addField(name);
      }
      fieldNames = List.copyOf(names);
    }
  }

  private int addField(String name) {
    names.add(name);
    nameBytes.add(name.getBytes(StandardCharsets.ISO_8859_1));
    values.add(new ByteScratch());
    present = Arrays.copyOf(present, names.size());
    return names.size() - 1;
  }

  @Override
  protected DataRecord parseNext() throws IOException, MalformedRecordException {
    do {
      if (!nextLine()) {
        return null;
      }
    } while (lines.isBlank());
    final long firstLine = lines.lineNumber();
    final long firstOffset = lines.lineOffset();
    final boolean learning = fieldNames == null;
    Arrays.fill(present, false);
    String problem = null;
    int current = -1;
    do {
      byte[] b = lines.buffer();
      int start = lines.start();
      int end = lines.end();
      int field = fieldOf(b, start, end, learning);
      if (field > current) {
        // Fields only move forward in the fixed order; the ones skipped are reported missing.
        present[field] = true;
        ByteScratch value = values.get(field);
        value.clear();
        value.append(b, valueStart, end - valueStart);
        current = field;
      } else if (current >= 0) {
        ByteScratch value = values.get(current);
        value.append((byte) '\n');
        value.append(b, start, end - start);
      } else if (problem == null) {
        problem = "line " + lines.lineNumber() + " does not start with a field name";
      }
    } while (nextLine() && !lines.isBlank());

    if (learning) {
      fieldNames = List.copyOf(names);
    }
    if (problem == null) {
      problem = missingFields();
    }
    if (problem != null) {
      throw new MalformedRecordException(firstLine, firstOffset, problem);
    }
    String[] decoded = new String[names.size()];
    for (int i = 0; i < decoded.length; i++) {
      ByteScratch value = values.get(i);
      try {
        decoded[i] = decoder.decode(value.bytes(), 0, value.length());
      } catch (CharacterCodingException e) {
        throw new MalformedRecordException(firstLine, firstOffset,
            "field '" + names.get(i) + "' has bytes that are not valid " + decoder.charset().name());
      }
    }
    return new DataRecord(fieldNames, decoded, firstLine, firstOffset);
  }

  private String missingFields() {
    StringBuilder missing = null;
    for (int i = 0; i < present.length; i++) {
      if (!present[i]) {
        if (missing == null) {
          missing = new StringBuilder("missing field(s) ");
        } else {
          missing.append(", ");
        }
        missing.append('\'').append(names.get(i)).append('\'');
      }
    }
    return missing == null ? null : missing.toString();
  }

  /**
   * The index of the field this line starts, or -1 for a continuation line. A field line is
   * {@code name:} followed by a space or the end of the line.
   */
  private int fieldOf(byte[] b, int start, int end, boolean learning) {
    int scanEnd = Math.min(end, start + MAX_NAME_BYTES);
    int colon = -1;
    boolean hasSlash = false;
    for (int i = start; i < scanEnd; i++) {
      byte c = b[i];
      if (c == ':') {
        colon = i;
        break;
      }
      if (c == '/') {
        hasSlash = true;
      } else if (!isNameByte(c)) {
        return -1;
      }
    }
    if (colon <= start || (colon + 1 < end && b[colon + 1] != ' ')) {
      return -1;
    }
    valueStart = Math.min(colon + 2, end);
    int nameLength = colon - start;
    for (int f = 0; f < nameBytes.size(); f++) {
      byte[] name = nameBytes.get(f);
      if (name.length == nameLength && Arrays.equals(name, 0, nameLength, b, start, colon)) {
        return f;
      }
    }
    if (learning && hasSlash) {
      return addField(new String(b, start, nameLength, StandardCharsets.ISO_8859_1));
    }
    return -1;
  }

  private static boolean isNameByte(byte c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
        || c == '_' || c == '-' || c == '.';
  }
}
