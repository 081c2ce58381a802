package com.mytopling.ycsb.fileloader.format;

import java.util.ArrayList;
import java.util.List;

/**
 * Parses one flat JSON object ({@code {"name": value, ...}}) into (name, value) pairs. Only what
 * a record needs: string, number, true and false values. Reused by one parser; not thread-safe.
 */
final class FlatJsonObject {
  private String text;
  private int pos;
  private final StringBuilder sb = new StringBuilder();

  /** @throws IllegalArgumentException with a short reason when the line is not such an object */
  List<String[]> parse(String line) {
    this.text = line;
    this.pos = 0;
    List<String[]> members = new ArrayList<>();
    skipSpace();
    expect('{');
    skipSpace();
    if (peek() == '}') {
      pos++;
    } else {
      while (true) {
        skipSpace();
        if (peek() != '"') {
          throw fail("expected a member name");
        }
        String name = readString();
        skipSpace();
        expect(':');
        skipSpace();
        members.add(new String[] {name, readValue(name)});
        skipSpace();
        char c = next();
        if (c == '}') {
          break;
        }
        if (c != ',') {
          throw fail("expected ',' or '}'");
        }
      }
    }
    skipSpace();
    if (pos < text.length()) {
      throw fail("text after the end of the object");
    }
    return members;
  }

  private String readValue(String name) {
    char c = peek();
    if (c == '"') {
      return readString();
    }
    if (c == '{' || c == '[') {
      throw new IllegalArgumentException("member '" + name + "' is a nested object or array");
    }
    int start = pos;
    while (pos < text.length()) {
      char d = text.charAt(pos);
      if (d == ',' || d == '}' || d == ' ' || d == '\t') {
        break;
      }
      pos++;
    }
    String literal = text.substring(start, pos);
    if (literal.equals("null")) {
      throw new IllegalArgumentException("member '" + name + "' is null");
    }
    if (literal.equals("true") || literal.equals("false") || isNumber(literal)) {
      return literal;
    }
    throw fail("member '" + name + "' has an invalid value");
  }

  private static boolean isNumber(String s) {
    if (s.isEmpty()) {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (!((c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E')) {
        return false;
      }
    }
    return true;
  }

  private String readString() {
    expect('"');
    int start = pos;
    // Fast path: no escapes, the value is a plain substring.
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (c == '"') {
        return text.substring(start, pos++);
      }
      if (c == '\\') {
        break;
      }
      pos++;
    }
    sb.setLength(0);
    sb.append(text, start, pos);
    while (pos < text.length()) {
      char c = text.charAt(pos++);
      if (c == '"') {
        return sb.toString();
      }
      if (c != '\\') {
        sb.append(c);
        continue;
      }
      char e = next();
      switch (e) {
      case '"': sb.append('"'); break;
      case '\\': sb.append('\\'); break;
      case '/': sb.append('/'); break;
      case 'b': sb.append('\b'); break;
      case 'f': sb.append('\f'); break;
      case 'n': sb.append('\n'); break;
      case 'r': sb.append('\r'); break;
      case 't': sb.append('\t'); break;
      case 'u':
        if (pos + 4 > text.length()) {
          throw fail("incomplete \\u escape");
        }
        try {
          sb.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
        } catch (NumberFormatException ex) {
          throw fail("bad \\u escape");
        }
        pos += 4;
        break;
      default:
        throw fail("unknown escape '\\" + e + "'");
      }
    }
    throw fail("string not closed");
  }

  private void skipSpace() {
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (c != ' ' && c != '\t' && c != '\r') {
        return;
      }
      pos++;
    }
  }

  private char peek() {
    if (pos >= text.length()) {
      throw fail("line ends inside the object");
    }
    return text.charAt(pos);
  }

  private char next() {
    char c = peek();
    pos++;
    return c;
  }

  private void expect(char c) {
    if (next() != c) {
      throw fail("expected '" + c + "'");
    }
  }

  private IllegalArgumentException fail(String what) {
    return new IllegalArgumentException("not a flat JSON object: " + what + " at column " + (pos + 1));
  }
}
