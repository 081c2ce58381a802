package com.mytopling.ycsb.fileloader.format;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Turns value bytes into Strings in the configured charset. Bytes that are not valid in that
 * charset are reported, never replaced, so that a wrong charset setting shows up as malformed
 * records instead of as silently altered data. Not thread-safe: one per parser.
 */
final class ValueDecoder {
  private final Charset charset;
  private final boolean singleByteLatin1;
  private final boolean asciiCompatible;
  private final CharsetDecoder strict;

  ValueDecoder(Charset charset) {
    this.charset = charset;
    this.singleByteLatin1 = charset.equals(StandardCharsets.ISO_8859_1);
    // For these charsets, bytes below 0x80 are ASCII, so all-ASCII values take the fast path.
    this.asciiCompatible = singleByteLatin1 || charset.equals(StandardCharsets.UTF_8)
        || charset.equals(StandardCharsets.US_ASCII) || charset.name().startsWith("windows-125")
        || charset.name().startsWith("ISO-8859-");
    this.strict = charset.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
  }

  Charset charset() {
    return charset;
  }

  String decode(byte[] bytes, int offset, int length) throws CharacterCodingException {
    if (singleByteLatin1) {
      // Every byte is a valid ISO-8859-1 character.
      return new String(bytes, offset, length, StandardCharsets.ISO_8859_1);
    }
    if (asciiCompatible && isAscii(bytes, offset, length)) {
      return new String(bytes, offset, length, StandardCharsets.ISO_8859_1);
    }
    strict.reset();
    return strict.decode(ByteBuffer.wrap(bytes, offset, length)).toString();
  }

  private static boolean isAscii(byte[] bytes, int offset, int length) {
    for (int i = offset, end = offset + length; i < end; i++) {
      if (bytes[i] < 0) {
        return false;
      }
    }
    return true;
  }
}
