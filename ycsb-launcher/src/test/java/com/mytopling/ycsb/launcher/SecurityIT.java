package com.mytopling.ycsb.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.jdbc.testing.OwnServer;
import com.mytopling.ycsb.launcher.ChildJvm.Run;
import com.mytopling.ycsb.launcher.client.Ycsb;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Secrets and TLS, end to end, on a private MariaDB that requires TLS
 * (require_secure_transport=ON) with a certificate from our own throwaway CA:
 * full benchmark jobs with a distinctive password given every supported way, every byte of
 * their output and results folder scanned for it; certificate verification against the CA;
 * refusal without TLS or with an untrusted certificate; identifiers that would inject SQL.
 */
class SecurityIT {
  private static final String PASSWORD = "Kq7-Distinctive-Pw-93x";
  private static final String STORE_PASSWORD = "Ts-StorePw-5521";
  private static final Path WORKLOAD = Scripts.ROOT.resolve("workloads").resolve("workloada");
  private static OwnServer db;
  private static Path truststore;

  @BeforeAll
  static void startTlsServer() throws Exception {
    TestTls certs = TestTls.make(Path.of("target", "security-it-tls").toAbsolutePath(), STORE_PASSWORD);
    truststore = certs.truststore();
    List<String> options = new ArrayList<>(List.of(certs.serverOptions()));
    options.add("require_secure_transport=ON");
    db = OwnServer.start(OwnServer.Kind.MARIADB, Path.of("target", "own-mariadb-tls").toAbsolutePath(), 3330, PASSWORD,
        options.toArray(String[]::new));
  }

  @AfterAll
  static void stopServer() {
    if (db != null) {
      db.close();
    }
  }

  /** The URL options that verify the server's certificate against our CA. */
  private static String verifyCa() {
    return "sslMode=VERIFY_CA&trustCertificateKeyStoreUrl=file:" + truststore
        + "&trustCertificateKeyStoreType=PKCS12&trustCertificateKeyStorePassword=" + STORE_PASSWORD;
  }

  private static String url(String options) {
    return "jdbc:mysql://127.0.0.1:" + db.port() + "/ycsb?" + options;
  }

  private static Run java(String mainClass, List<String> args, Map<String, String> env) throws Exception {
    return ChildJvm.run(mainClass, args, env);
  }

  /** A load and run through scripts/benchmark's job, with every output scanned for the password. */
  private static void benchmarkLeaksNothing(Path work, String name, String dbProperties, Map<String, String> env)
      throws Exception {
    Path props = work.resolve(name + ".properties");
    Files.writeString(props, dbProperties + "table=sec_" + name + "\n", StandardCharsets.UTF_8);
    Path out = work.resolve("runs-" + name);
    Run r = java(Harness.class.getName(), List.of("benchmark", "--target", props.toString(), "--workload",
        WORKLOAD.toString(), "--records", "100", "--operations", "200", "--threads", "2", "--out", out.toString()), env);
    assertEquals(0, r.exitCode, name + ": " + r);
    assertTrue(r.stderr.contains("[mytopling] connected:"), r::toString);
    assertFalse(r.stdout.contains(PASSWORD) || r.stderr.contains(PASSWORD), name + ": password in the job's output");
    List<Path> files;
    try (Stream<Path> walk = Files.walk(out)) {
      files = walk.filter(Files::isRegularFile).toList();
    }
    assertTrue(files.stream().anyMatch(f -> f.endsWith("metadata.json")), files::toString);
    assertTrue(files.stream().anyMatch(f -> f.endsWith("summary.json")), files::toString);
    assertTrue(files.stream().anyMatch(f -> f.endsWith("load.err")) && files.stream().anyMatch(f -> f.endsWith("run.out")));
    // The binding's run records are scanned too: they hold the URLs and the servers' messages.
    assertTrue(files.stream().anyMatch(f -> f.endsWith("binding-load.json"))
        && files.stream().anyMatch(f -> f.endsWith("binding-run.json")), files::toString);
    for (Path f : files) {
      String text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
      assertFalse(text.contains(PASSWORD), name + ": password in " + f);
      assertFalse(text.contains(STORE_PASSWORD), name + ": truststore password in " + f);
    }
    String metadata = Files.readString(files.stream().filter(f -> f.endsWith("metadata.json")).findFirst().get());
    assertTrue(metadata.contains("sslMode=VERIFY_CA"), "the URL is kept, masked: " + metadata);
    // The job really loaded its rows, whichever way the password came.
    assertEquals("100", db.sql("SELECT COUNT(*) FROM ycsb.sec_" + name + ";").strip(), name + ": rows in the table");
  }

  @Test
  void passwordGivenEveryWayNeverReachesOutputOrResults(@TempDir Path work) throws Exception {
    String tlsUrl = url(verifyCa());
    benchmarkLeaksNothing(work, "passwd", "db.url=" + tlsUrl + "\ndb.user=ycsb\ndb.passwd=" + PASSWORD + "\n", Map.of());
    benchmarkLeaksNothing(work, "urlpassword", "db.url=" + url("password=" + PASSWORD + "&user=ycsb&" + verifyCa()) + "\n",
        Map.of());
    benchmarkLeaksNothing(work, "userinfo", "db.url=" + tlsUrl.replace("//127.0.0.1", "//ycsb:" + PASSWORD + "@127.0.0.1")
        + "\n", Map.of());
    benchmarkLeaksNothing(work, "env", "db.url=" + tlsUrl + "\ndb.user=ycsb\n", Map.of("YCSB_DB_PASSWORD", PASSWORD));
    Path file = work.resolve("pw.txt");
    Files.writeString(file, PASSWORD + "\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    benchmarkLeaksNothing(work, "passwdfile", "db.url=" + tlsUrl + "\ndb.user=ycsb\ndb.passwdfile=" + file + "\n",
        Map.of());
  }

  private static List<String> ycsbLoad(String dbUrl, String... extra) {
    List<String> a = new ArrayList<>(List.of("load", "mytopling", "-P", WORKLOAD.toString(), "-p", "db.url=" + dbUrl,
        "-p", "db.user=ycsb", "-p", "recordcount=20", "-p", "table=tls_check", "-p", "db.createtable=true"));
    a.addAll(List.of(extra));
    return a;
  }

  private static String onlyProblemLine(Run r) {
    List<String> lines = r.stderr.lines().filter(l -> l.startsWith("[mytopling] fatal:") || l.startsWith("ycsb:")).toList();
    assertEquals(1, lines.size(), r::toString);
    assertFalse(r.stderr.contains("\tat "), "no stack trace: " + r);
    assertFalse(r.stderr.contains(PASSWORD) || r.stdout.contains(PASSWORD), r::toString);
    return lines.get(0);
  }

  @Test
  void aServerThatRequiresTlsRefusesAPlainConnectionInOneLine() throws Exception {
    Run r = java(Ycsb.class.getName(), ycsbLoad(url("sslMode=DISABLED"), "-p", "db.passwd=" + PASSWORD), Map.of());
    assertEquals(1, r.exitCode, r::toString);
    String line = onlyProblemLine(r);
    // MariaDB answers with the same "Access denied" as for a wrong password; the line says why it may be.
    assertTrue(line.contains("cannot connect to") && line.contains("Access denied")
        && line.contains("require_secure_transport"), line);
  }

  @Test
  void certificateChecksStayOnUnlessTheUserTurnsThemOff() throws Exception {
    // VERIFY_CA without our CA in a truststore: the JVM's default CAs do not vouch for the server.
    Run untrusted = java(Ycsb.class.getName(), ycsbLoad(url("sslMode=VERIFY_CA"), "-p", "db.passwd=" + PASSWORD),
        Map.of());
    assertEquals(1, untrusted.exitCode, untrusted::toString);
    String line = onlyProblemLine(untrusted);
    assertTrue(line.contains("cannot connect to"), line);
    // With the CA: VERIFY_CA, and VERIFY_IDENTITY (the certificate names 127.0.0.1), both connect and load.
    for (String mode : List.of("VERIFY_CA", "VERIFY_IDENTITY")) {
      Run ok = java(Ycsb.class.getName(), ycsbLoad(url(verifyCa().replace("VERIFY_CA", mode)),
          "-p", "db.passwd=" + PASSWORD, "-p", "db.droptable=true"), Map.of());
      assertEquals(0, ok.exitCode, mode + ": " + ok);
      assertTrue(ok.stderr.contains("[mytopling] totals: inserted rows stored=20 failed=0"), ok::toString);
      assertEquals("20", db.sql("SELECT COUNT(*) FROM ycsb.tls_check;").strip(), mode + ": rows in the table");
      assertFalse(ok.stderr.contains(STORE_PASSWORD), ok::toString);
    }
    // The session really is encrypted.
    String cipher = db.sql("SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME = 'SSL_ACCEPTS';");
    assertTrue(Long.parseLong(cipher.strip()) > 0, cipher);
  }

  @Test
  void aTableNameThatWouldInjectSqlIsRefusedBeforeAnySql() throws Exception {
    Run r = java(Ycsb.class.getName(), List.of("load", "mytopling", "-P", WORKLOAD.toString(),
        "-p", "db.url=" + url(verifyCa()), "-p", "db.user=ycsb", "-p", "db.passwd=" + PASSWORD, "-p", "recordcount=5",
        "-p", "table=x;drop table sec_passwd", "-p", "db.createtable=true"), Map.of());
    assertEquals(2, r.exitCode, r::toString);
    String line = onlyProblemLine(r);
    assertTrue(line.contains("table: 'x;drop table sec_passwd' is not a plain identifier"), line);
    Run field = java(Ycsb.class.getName(), List.of("load", "mytopling", "-P", WORKLOAD.toString(),
        "-p", "db.url=" + url(verifyCa()), "-p", "db.user=ycsb", "-p", "db.passwd=" + PASSWORD, "-p", "recordcount=5",
        "-p", "fieldnameprefix=f`) x", "-p", "table=inject_check"), Map.of());
    assertEquals(2, field.exitCode, field::toString);
    assertTrue(onlyProblemLine(field).contains("fieldnameprefix: 'f`) x0' is not a plain identifier"), field::toString);
  }

  @Test
  void passwordFileReadableByOthersIsRefused(@TempDir Path work) throws Exception {
    Path file = work.resolve("pw.txt");
    Files.writeString(file, PASSWORD + "\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
    Run r = java(Ycsb.class.getName(), ycsbLoad(url(verifyCa()), "-p", "db.passwdfile=" + file), Map.of());
    assertEquals(2, r.exitCode, r::toString);
    assertTrue(onlyProblemLine(r).contains("is readable by group or others; restrict it with chmod 600"), r::toString);
  }
}
