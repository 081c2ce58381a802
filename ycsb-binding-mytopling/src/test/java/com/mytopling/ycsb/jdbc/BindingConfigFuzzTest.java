package com.mytopling.ycsb.jdbc;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.mytopling.ycsb.core.SetupException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Map;
import java.util.Properties;

/**
 * Fuzzing the property and configuration reader (issue 23): any bytes as a properties file (java.util.Properties, as
 * -P reads one) handed to the binding's configuration (BindingConfig, through the one PropertyReader, with the
 * connection target's properties). Every input must be a configuration or one line (ConfigException or another
 * SetupException, which scripts/ycsb prints as one line with its exit status); anything else is a bug. A file whose
 * bytes Properties itself cannot load is no concern of ours and ends the input. Password files are not read
 * (db.passwdfile is dropped), so no input names a file of this machine.
 */
class BindingConfigFuzzTest {
  @FuzzTest(maxDuration = "10s")
  void anyPropertiesAreAConfigurationOrOneLine(byte[] input) {
    Properties props = new Properties();
    try {
      props.load(new ByteArrayInputStream(input));
    } catch (IOException | IllegalArgumentException notAPropertiesFile) {
      return;
    }
    props.remove("db.passwdfile");
    props.remove("db.recordfile");
    try {
      assertNotNull(BindingConfig.from(props, Map.of()));
    } catch (SetupException e) {
      assertNotNull(e.getMessage());
      assertTrue(!e.getMessage().isBlank() && e.getMessage().indexOf('\n') < 0 && e.getMessage().indexOf('\r') < 0,
          "not one line: " + e.getMessage());
    }
  }
}
