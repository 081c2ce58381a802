package com.mytopling.ycsb.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ClientKeysTest {
  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  @Test
  void aClientAloneKeepsYcsbsNumbers() throws Exception {
    ClientKeys alone = ClientKeys.from(props());
    assertSame(ClientKeys.ALONE, alone);
    for (long n : new long[] {0, 999, 1000, 1001, 5000}) {
      assertEquals(n, alone.keyNumber(n, 1000));
    }
  }

  @Test
  void clientsInsertDisjointKeysThatTogetherFillTheNumbersFromRecordcount() throws Exception {
    long records = 1000;
    int clients = 3;
    Set<Long> inserted = new HashSet<>();
    for (int c = 0; c < clients; c++) {
      ClientKeys keys = ClientKeys.from(props("scaleout.clients", "3", "scaleout.client", Integer.toString(c)));
      // Loaded keys are everyone's.
      assertEquals(0, keys.keyNumber(0, records));
      assertEquals(records - 1, keys.keyNumber(records - 1, records));
      for (long k = 0; k < 100; k++) {
        long key = keys.keyNumber(records + k, records);
        assertTrue(key >= records, "a run-phase insert took a loaded key: " + key);
        assertTrue(inserted.add(key), "client " + c + " inserts key " + key + " a client inserted already");
      }
    }
    for (long key = records; key < records + 300; key++) {
      assertTrue(inserted.contains(key), "no client inserted " + key);
    }
  }

  @Test
  void aClientOfSeveralMustSayWhichItIs() {
    ConfigException missing = assertThrows(ConfigException.class, () -> ClientKeys.from(props("scaleout.clients", "2")));
    assertEquals("scaleout.client must be set (0..1) with scaleout.clients=2", missing.getMessage());
    assertThrows(ConfigException.class, () -> ClientKeys.from(props("scaleout.clients", "2", "scaleout.client", "2")));
    assertThrows(ConfigException.class, () -> ClientKeys.from(props("scaleout.clients", "0")));
  }
}
