package com.mytopling.ycsb.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The URL spellings that carry a password, and where a password may come from. */
class SecretsUrlFormsTest {
  @Test
  void userInfoBeforeTheHostIsMasked() {
    assertEquals("jdbc:mysql://ycsb:*****@127.0.0.1:3306/db?sslMode=VERIFY_CA",
        Secrets.maskUrl("jdbc:mysql://ycsb:s3cr3t@127.0.0.1:3306/db?sslMode=VERIFY_CA"));
    assertEquals("jdbc:mariadb://u:*****@h1,h2/db", Secrets.maskUrl("jdbc:mariadb://u:p%40ss@h1,h2/db"));
  }

  @Test
  void hostPortAndAtSignsInOptionsAreLeftAlone() {
    assertEquals("jdbc:mysql://h:3306/db", Secrets.maskUrl("jdbc:mysql://h:3306/db"));
    assertEquals("jdbc:mysql://h:3306/db?connectionAttributes=owner:a@b",
        Secrets.maskUrl("jdbc:mysql://h:3306/db?connectionAttributes=owner:a@b"));
  }

  @Test
  void bracedSqlServerValuesAreMaskedWhole() {
    assertEquals("jdbc:sqlserver://h:1433;user=u;password=*****;encrypt=true",
        Secrets.maskUrl("jdbc:sqlserver://h:1433;user=u;password={se;cr=et};encrypt=true"));
  }

  @Test
  void passwordInsideAnAddressSpecIsNotPrinted() {
    String masked = Secrets.maskUrl("jdbc:mysql://address=(host=h)(port=3306)(user=u)(password=pw4567)/db");
    assertFalse(masked.contains("pw4567"), masked);
  }

  @Test
  void trustStorePasswordsAreMaskedToo() {
    String masked = Secrets.maskUrl("jdbc:mysql://h/db?sslMode=VERIFY_CA&trustCertificateKeyStoreUrl=file:/t.p12"
        + "&trustCertificateKeyStorePassword=changeit&user=u");
    assertEquals("jdbc:mysql://h/db?sslMode=VERIFY_CA&trustCertificateKeyStoreUrl=file:/t.p12"
        + "&trustCertificateKeyStorePassword=*****&user=u", masked);
  }

  @Test
  void aUrlPasswordQuotedByADriverInAnotherShapeIsMasked() {
    Secrets.rememberUrlSecrets("jdbc:mysql://leak:Leak-Pw-7781@127.0.0.1:3340/ycsb");
    Secrets.rememberUrlSecrets("jdbc:mysql://h/db?user=u&password=Enc%40ded-Pw");
    // MariaDB Connector/J cannot parse user:password@ and says so, password included.
    assertEquals("Incorrect port value : *****@127.0.0.1",
        Secrets.mask("Incorrect port value : Leak-Pw-7781@127.0.0.1", null));
    assertEquals("login *****", Secrets.mask("login Enc@ded-Pw", null));
  }

  @Test
  void blankPasswordPropertyFallsBackToFileThenEnvironment(@TempDir Path dir) throws Exception {
    Properties p = new Properties();
    p.setProperty("db.passwd", " ");
    assertEquals("from-env", Secrets.resolvePassword(p, Map.of(Secrets.PASSWORD_ENV, "from-env")));
    Path file = dir.resolve("pw");
    Files.writeString(file, "from-file\nsecond line ignored\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    p.setProperty("db.passwdfile", file.toString());
    assertEquals("from-file", Secrets.resolvePassword(p, Map.of(Secrets.PASSWORD_ENV, "from-env")));
    p.setProperty("db.passwd", "direct");
    assertEquals("direct", Secrets.resolvePassword(p, Map.of(Secrets.PASSWORD_ENV, "from-env")));
  }

  @Test
  void passwordFileReadableByOthersIsRefused(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("pw");
    Files.writeString(file, "x\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r-----"));
    Properties p = new Properties();
    p.setProperty("db.passwdfile", file.toString());
    ConfigException e = assertThrows(ConfigException.class, () -> Secrets.resolvePassword(p, Map.of()));
    assertTrue(e.getMessage().contains("readable by group or others"), e.getMessage());
  }
}
