package com.mytopling.ycsb.fileloader.format;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON lines: one flat JSON object per line. String values are taken as they are; numbers and
 * true/false as their JSON text. Null, nested objects and arrays make the record malformed, as
 * do missing or unexpected members. The field names are the first object's members unless given.
 */
final class JsonLinesParser extends LineRecordParser {
  private final Map<String, Integer> indexByName = new HashMap<>();
  private final FlatJsonObject json = new FlatJsonObject();
  private final List<String> learnt = new ArrayList<>();

  JsonLinesParser(DataFileInput input, Charset charset, int maxLineBytes, List<String> expectedFields) {
    super(input, charset, maxLineBytes);
    if (!expectedFields.isEmpty()) {
      setNames(expectedFields);
    }
  }

  private void setNames(List<String> names) {
    fieldNames = List.copyOf(names);
    for (int i = 0; i < fieldNames.size(); i++) {
      indexByName.put(fieldNames.get(i), i);
    }
  }

  @Override
  protected DataRecord parseNext() throws IOException, MalformedRecordException {
    do {
      if (!nextLine()) {
        return null;
      }
    } while (lines.isBlank());
    long line = lines.lineNumber();
    long offset = lines.lineOffset();
    String text;
    try {
      text = decoder.decode(lines.buffer(), lines.start(), lines.length());
    } catch (CharacterCodingException e) {
      throw new MalformedRecordException(line, offset, "has bytes that are not valid " + decoder.charset().name());
    }
    List<String[]> members;
    try {
      members = json.parse(text);
    } catch (IllegalArgumentException e) {
      throw new MalformedRecordException(line, offset, e.getMessage());
    }
    if (fieldNames == null) {
      learnt.clear();
      for (String[] m : members) {
        learnt.add(m[0]);
      }
      setNames(learnt);
    }
    String[] values = new String[fieldNames.size()];
    for (String[] m : members) {
      Integer index = indexByName.get(m[0]);
      if (index == null) {
        throw new MalformedRecordException(line, offset, "unexpected member '" + m[0] + "'");
      }
      if (values[index] != null) {
        throw new MalformedRecordException(line, offset, "member '" + m[0] + "' appears twice");
      }
      values[index] = m[1];
    }
    for (int i = 0; i < values.length; i++) {
      if (values[i] == null) {
        throw new MalformedRecordException(line, offset, "missing member '" + fieldNames.get(i) + "'");
      }
    }
    return new DataRecord(fieldNames, values, line, offset);
  }
}
