package com.mytopling.ycsb.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.mytopling.ycsb.core.config.Registry;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The readers that take a registry declaration: its default and range, narrowed where a caller needs it. */
class PropertyReaderTest {
  private enum Naming { YCSB, DATASET }

  private static PropertyReader reader(String... pairs) {
    Properties p = new Properties();
    for (int i = 0; i < pairs.length; i += 2) {
      p.setProperty(pairs[i], pairs[i + 1]);
    }
    return new PropertyReader(p);
  }

  @Test
  void aTighterMaximumKeepsTheRegistrysDefaultAndMinimum() throws Exception {
    assertEquals(10, reader().intAtMost(Registry.FIELDCOUNT, 64));
    assertEquals(64, reader("fieldcount", "64").intAtMost(Registry.FIELDCOUNT, 64));
    assertEquals("fieldcount: 65 is out of range (1 to 64)",
        assertThrows(ConfigException.class, () -> reader("fieldcount", "65").intAtMost(Registry.FIELDCOUNT, 64))
            .getMessage());
    assertEquals("fieldcount: 0 is out of range (1 to 64)",
        assertThrows(ConfigException.class, () -> reader("fieldcount", "0").intAtMost(Registry.FIELDCOUNT, 64))
            .getMessage());
  }

  @Test
  void aFamilyMemberIsReadInTheFamilysRange() throws Exception {
    String member = Registry.FILELOADER_MAXLENGTH_NAME.member("text");
    assertEquals(7, reader(member, "7").intValue(Registry.FILELOADER_MAXLENGTH_NAME, member, 0));
    assertEquals(0, reader(member, " ").intValue(Registry.FILELOADER_MAXLENGTH_NAME, member, 0));
    assertEquals("fileloader.maxlength.text: -1 is out of range (at least 0)", assertThrows(ConfigException.class,
        () -> reader(member, "-1").intValue(Registry.FILELOADER_MAXLENGTH_NAME, member, 0)).getMessage());
  }

  @Test
  void anEnumChoiceDefaultsToTheRegistrysWord() throws Exception {
    assertEquals(Naming.YCSB, reader().choice(Registry.FILELOADER_NAMING, Naming.class));
    assertEquals(Naming.DATASET, reader("fileloader.naming", "DataSet").choice(Registry.FILELOADER_NAMING,
        Naming.class));
    assertEquals("fileloader.naming: unknown value 'x' (expected one of ycsb, dataset)", assertThrows(
        ConfigException.class, () -> reader("fileloader.naming", "x").choice(Registry.FILELOADER_NAMING, Naming.class))
        .getMessage());
  }
}
