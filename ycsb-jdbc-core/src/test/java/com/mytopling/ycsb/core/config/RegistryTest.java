package com.mytopling.ycsb.core.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Each declaration is consistent with itself. */
class RegistryTest {
  @Test
  void defaultsLieInTheirRangesAndAmongTheirWords() {
    for (Property p : Registry.all()) {
      assertNotNull(p.owner(), p.name());
      assertTrue(!p.meaning().isBlank(), p.name());
      if (p.defaultValue() == null) {
        continue;
      }
      switch (p.kind()) {
        case WHOLE -> assertTrue(p.wholeDefault() >= p.min() && p.wholeDefault() <= p.max(), p.name());
        case FLAG -> assertTrue(p.defaultValue().equals("true") || p.defaultValue().equals("false"), p.name());
        case CHOICE -> assertTrue(p.choices().contains(p.defaultValue()), p.name());
        default -> {
        }
      }
    }
  }

  @Test
  void familiesAndNamesAreFound() {
    assertEquals(Registry.DB_URL_N, Registry.find("db.url.12"));
    assertEquals(Registry.DB_URL, Registry.find("db.url"));
    assertEquals(null, Registry.find("db.url.x"));
    assertEquals(Registry.FILELOADER_MAXLENGTH_NAME, Registry.find("fileloader.maxlength.review/text"));
    assertEquals(Registry.DB_BATCHSIZE, Registry.find("db.batchsize"));
  }
}
