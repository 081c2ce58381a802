package com.mytopling.ycsb.fileloader;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.mytopling.ycsb.core.config.Property;
import com.mytopling.ycsb.core.config.Registry;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The policies' enums are read by the registry's declarations (default from there, words from the enum): the two
 * must name the same words in the same order, or a message would list other words than the README.
 */
class FileLoaderConfigTest {
  private static List<String> words(Class<? extends Enum<?>> type) {
    return Arrays.stream(type.getEnumConstants()).map(c -> c.name().toLowerCase(Locale.ROOT)).toList();
  }

  private static void same(Property p, Class<? extends Enum<?>> type) {
    assertEquals(p.choices(), words(type), p.name());
  }

  @Test
  void theEnumsWordsAreTheRegistrys() {
    same(Registry.FILELOADER_NAMING, FileLoaderConfig.Naming.class);
    same(Registry.FILELOADER_DUPLICATES, FileLoaderConfig.DuplicatePolicy.class);
    same(Registry.FILELOADER_MALFORMED, FileLoaderConfig.MalformedPolicy.class);
    same(Registry.FILELOADER_OVERLENGTH, FileLoaderConfig.OverlengthPolicy.class);
  }
}
