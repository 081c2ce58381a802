package com.mytopling.ycsb.core.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class UnknownPropertiesTest {
  @Test
  void aMisspeltNameIsNamedWithTheNearestKnownOne() {
    assertEquals(List.of("db.batchsie: unknown property (did you mean db.batchsize?)",
            "jdbc.autocomit: unknown property (did you mean jdbc.autocommit?)",
            "DB.URL: unknown property (did you mean db.url?)",
            "db.ulr.2: unknown property (did you mean db.url.2?)",
            "zzz.nothing.like.it: unknown property"),
        UnknownProperties.check(List.of("db.batchsie", "jdbc.autocomit", "DB.URL", "db.ulr.2", "zzz.nothing.like.it"),
            List.of(), false));
  }

  @Test
  void registeredFamiliesAndDeclaredNamesAreKnown() {
    assertEquals(List.of(), UnknownProperties.check(List.of("db.url.3", "fileloader.maxlength.title", "htrace.sampler",
        "readproportion", "basicdb.verbose", "mydb.shards", "mydb.shard.1"), List.of("mydb.shards", "mydb.shard.*"),
        false));
  }

  @Test
  void anUndeclaringClassWeDoNotKnowIsTrustedWithItsOwnNamesButNotWithTyposOfOurs() {
    assertEquals(List.of("db.batchsie: unknown property (did you mean db.batchsize?)"),
        UnknownProperties.check(List.of("mydb.shards", "db.batchsie"), List.of(), true));
  }
}
