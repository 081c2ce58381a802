package com.mytopling.ycsb.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.core.record.RunRecord;
import com.mytopling.ycsb.core.record.RunRecordReader;
import com.mytopling.ycsb.jdbc.testing.OwnServer;
import com.mytopling.ycsb.launcher.ChildJvm.Run;
import com.mytopling.ycsb.launcher.client.Ycsb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 34, points 4 and 5, on a private Oracle MySQL 9.7 (Debian sid's, {@link OwnServer.Kind#MYSQL}) that presents a
 * certificate from a throwaway CA made for the test. Before every case the server's cache of the password is emptied
 * (FLUSH PRIVILEGES, as a restart empties it), so caching_sha2_password, MySQL 9's only password plugin, does its full
 * authentication: under each driver and each documented setting the load connects, or fails in one line that names
 * the driver, its URL and the setting that would do. A connection that verifies the server's certificate works in
 * each driver, and the TLS each connection had, as the server saw it, is what the binding's record says.
 */
class MySqlAuthIT {
  private static final String PASSWORD = "My-Auth-Pw-4471";
  private static final String STORE_PASSWORD = "Ts-MyAuth-8830";
  private static final Path WORKLOAD = Scripts.ROOT.resolve("workloads").resolve("workloada");
  private static OwnServer db;
  private static TestTls certs;

  @BeforeAll
  static void startServer() throws Exception {
    certs = TestTls.make(Path.of("target", "mysql-auth-it-tls").toAbsolutePath(), STORE_PASSWORD);
    db = OwnServer.start(OwnServer.Kind.MYSQL, Path.of("target", "own-mysql-auth").toAbsolutePath(), 3340, PASSWORD,
        certs.serverOptions());
  }

  @AfterAll
  static void stopServer() {
    if (db != null) {
      db.close();
    }
  }

  /**
   * One case: the URL's driver scheme and options, and what must happen: the TLS state the connection had (its
   * protocol's start, or "off"), or, when it cannot connect, words the one line must contain.
   */
  static Stream<Arguments> cases() {
    String verifyMysql = "sslMode=VERIFY_IDENTITY&trustCertificateKeyStoreUrl=file:" + certs().truststore()
        + "&trustCertificateKeyStoreType=PKCS12&trustCertificateKeyStorePassword=" + STORE_PASSWORD;
    String verifyMaria = "sslMode=verify-full&serverSslCert=" + certs().ca();
    return Stream.of(
        // MariaDB Connector/J: no TLS by default, and no RSA key: full authentication cannot send the password.
        Arguments.of("mariadb", "", null, List.of("(MariaDB Connector/J)", "jdbc:mariadb://", "sslMode=verify-full",
            "allowPublicKeyRetrieval=true", "caching_sha2_password")),
        Arguments.of("mariadb", "allowPublicKeyRetrieval=true", "off", List.of()),
        Arguments.of("mariadb", "sslMode=trust", "TLSv1", List.of()),
        Arguments.of("mariadb", verifyMaria, "TLSv1", List.of()),
        // Verification without the CA: the certificate is not trusted, and the line says how to give the CA.
        Arguments.of("mariadb", "sslMode=verify-full", null, List.of("(MariaDB Connector/J)", "serverSslCert")),
        // MySQL Connector/J: TLS unless turned off (sslMode=PREFERRED); without it, the RSA key by retrieval only.
        Arguments.of("mysql", "sslMode=DISABLED", null, List.of("(MySQL Connector/J)", "jdbc:mysql://",
            "allowPublicKeyRetrieval=true", "sslMode=VERIFY_IDENTITY", "caching_sha2_password")),
        Arguments.of("mysql", "sslMode=DISABLED&allowPublicKeyRetrieval=true", "off", List.of()),
        Arguments.of("mysql", "", "TLSv1", List.of()),
        Arguments.of("mysql", verifyMysql, "TLSv1", List.of()),
        Arguments.of("mysql", "sslMode=VERIFY_CA", null, List.of("(MySQL Connector/J)", "trustCertificateKeyStoreUrl")));
  }

  private static TestTls certs() {
    return certs;
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("cases")
  void fullAuthenticationConnectsOrNamesTheSettingInOneLine(String scheme, String options, String tls,
                                                            List<String> lineWords) throws Exception {
    db.sql("FLUSH PRIVILEGES;");
    String url = "jdbc:" + scheme + "://127.0.0.1:" + db.port() + "/ycsb" + (options.isEmpty() ? "" : "?" + options);
    Path record = Files.createTempFile("mysql-auth", ".json");
    try {
      Run r = ChildJvm.run(Ycsb.class.getName(), List.of("load", "mytopling", "-P", WORKLOAD.toString(),
          "-p", "db.url=" + url, "-p", "db.user=ycsb", "-p", "db.passwd=" + PASSWORD, "-p", "db.mysqldriver=url",
          "-p", "recordcount=20", "-p", "table=auth_check", "-p", "db.createtable=true", "-p", "db.droptable=true",
          "-p", "db.recordfile=" + record, "-threads", "2"), Map.of());
      assertFalse(r.stderr.contains("\tat "), "no stack trace: " + r);
      assertFalse(r.stderr.contains(PASSWORD) || r.stdout.contains(PASSWORD), r::toString);
      assertFalse(r.stderr.contains(STORE_PASSWORD), r::toString);
      if (tls == null) {
        assertEquals(1, r.exitCode, r::toString);
        List<String> lines = r.stderr.lines().filter(l -> l.startsWith("[mytopling] fatal:")).toList();
        assertEquals(1, lines.size(), r::toString);
        for (String word : lineWords) {
          assertTrue(lines.get(0).contains(word), "'" + word + "' in: " + lines.get(0));
        }
        return;
      }
      assertEquals(0, r.exitCode, r::toString);
      assertTrue(r.stderr.contains("[mytopling] totals: inserted rows stored=20 failed=0"), r::toString);
      assertEquals("20", db.sql("SELECT COUNT(*) FROM ycsb.auth_check;").strip());
      RunRecord rec = RunRecordReader.read(record);
      assertEquals("MySQL", rec.connection.serverProduct);
      assertNotNull(rec.connection.tls, "the connections' TLS is recorded");
      // Two client threads, each its own connection, as the server saw them.
      assertEquals(2L, rec.connection.tls.values().stream().mapToLong(Long::longValue).sum(), rec.connection.tls::toString);
      for (String state : rec.connection.tls.keySet()) {
        assertTrue(state.startsWith(tls), state + " should start with " + tls);
      }
      assertTrue(r.stderr.contains("[mytopling] TLS of the connections (as the server saw them): "
          + new ArrayList<>(rec.connection.tls.keySet()).get(0) + " x 2"), r::toString);
    } finally {
      Files.deleteIfExists(record);
    }
  }
}
