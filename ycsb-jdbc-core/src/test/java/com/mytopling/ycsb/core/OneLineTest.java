package com.mytopling.ycsb.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/** Issue 23 (found by BindingConfigFuzzTest): a property value with a line break made its error two lines. */
class OneLineTest {
  @Test
  void lineBreaksAndControlCharactersAreShownEscaped() {
    String plain = "db.batchsize: 'x' is not a number";
    assertSame(plain, OneLine.of(plain), "nothing to escape: the same string");
    assertEquals("db.bulkload: unknown value 'load\\ndata\\r\\u001b[2J\\u2028' (expected one of ...)\ttab",
        OneLine.of("db.bulkload: unknown value 'load\ndata\r\u001b[2J\u2028' (expected one of ...)\ttab"));
    assertEquals("a: b\\nc", new ConfigException("a: b\nc").getMessage(), "the exceptions promised as one line");
  }
}
