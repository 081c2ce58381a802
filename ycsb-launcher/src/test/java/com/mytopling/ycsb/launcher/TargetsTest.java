package com.mytopling.ycsb.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.mytopling.ycsb.core.dialect.DatabaseKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** scripts/benchmark's targets are the list of database kinds, and each has its shipped properties file. */
class TargetsTest {
  @Test
  void everyTargetHasItsPropertiesFileAndEveryFileIsATarget() throws IOException {
    Path dir = Path.of(System.getProperty("user.dir")).getParent().resolve("db-properties");
    List<String> files;
    try (Stream<Path> s = Files.list(dir)) {
      files = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".properties"))
          .map(n -> n.substring(0, n.length() - ".properties".length())).sorted().toList();
    }
    assertEquals(DatabaseKind.targetNames().stream().sorted().toList(), files);
    assertEquals("embedded (default), mysql, mariadb, myrocks, mytopling, sqlserver, azure-sql, or a db properties "
        + "file", Benchmark.targetsHelp());
  }
}
