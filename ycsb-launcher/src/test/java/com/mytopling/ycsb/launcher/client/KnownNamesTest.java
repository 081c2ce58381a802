package com.mytopling.ycsb.launcher.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.core.config.DeclaredProperties;
import com.mytopling.ycsb.core.config.SettingsMerge;
import com.mytopling.ycsb.jdbc.MyToplingDbClient;
import com.mytopling.ycsb.launcher.Scripts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Which names a run may give: the shipped files give no warning; a class of the user's declares or is trusted. */
class KnownNamesTest {
  @Test
  void noShippedWorkloadOrTargetFileHasAnUnknownName() throws Exception {
    List<Path> files;
    try (Stream<Path> w = Files.list(Scripts.ROOT.resolve("workloads"));
         Stream<Path> d = Files.list(Scripts.ROOT.resolve("db-properties"))) {
      files = Stream.concat(w, d).sorted().toList();
    }
    assertTrue(files.size() > 20, files::toString);
    for (Path f : files) {
      SettingsMerge m = new SettingsMerge().file(f, Map.of());
      String workload = m.resolve().value("workload");
      assertEquals(List.of(), KnownNames.of(workload, MyToplingDbClient.class.getName()).unknown(m.userNames()),
          f.toString());
    }
  }

  /** A workload class of the user's that declares its names. */
  @DeclaredProperties({"mine.rate", "mine.shard.*"})
  public static final class DeclaringWorkload extends site.ycsb.workloads.CoreWorkload {
  }

  @Test
  void aDeclaringClassesNamesAreKnownAndAnUndeclaringOnesAreTrustedButNotOurTypos() {
    KnownNames declaring = KnownNames.of(DeclaringWorkload.class.getName(), MyToplingDbClient.class.getName());
    assertEquals(List.of("mine.rat: unknown property (did you mean mine.rate?)"),
        declaring.unknown(List.of("mine.rate", "mine.shard.4", "mine.rat")));
    KnownNames trusted = KnownNames.of("com.example.TheirWorkload", MyToplingDbClient.class.getName());
    assertEquals(List.of("db.batchsie: unknown property (did you mean db.batchsize?)"),
        trusted.unknown(List.of("their.knob", "db.batchsie")));
    KnownNames core = KnownNames.of("site.ycsb.workloads.CoreWorkload", "site.ycsb.BasicDB");
    assertEquals(List.of("their.knob: unknown property"), core.unknown(List.of("their.knob", "basicdb.verbose")));
  }
}
