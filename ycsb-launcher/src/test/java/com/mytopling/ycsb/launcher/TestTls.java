package com.mytopling.ycsb.launcher;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A throwaway CA and a server certificate it signed for 127.0.0.1 (openssl), and a PKCS12 truststore holding the CA,
 * for tests that run servers with TLS and verify them: what SecurityIT (MariaDB) and MySqlAuthIT (MySQL 9.7) trust.
 *
 * @param ca the CA's certificate (PEM): MariaDB Connector/J's serverSslCert, a server's ssl_ca
 * @param cert the server's certificate (PEM), with subjectAltName IP:127.0.0.1
 * @param key the server's key (PEM)
 * @param truststore the CA in a PKCS12 store: Connector/J's trustCertificateKeyStoreUrl
 */
public record TestTls(Path ca, Path cert, Path key, Path truststore) {
  /** Makes them in {@code dir} (valid two days), the truststore with {@code storePassword}. */
  public static TestTls make(Path dir, String storePassword) throws Exception {
    Files.createDirectories(dir);
    openssl(dir, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca-key.pem", "-out", "ca.pem", "-days",
        "2", "-subj", "/CN=ycsb-test-ca");
    openssl(dir, "req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server-key.pem", "-out", "server.csr",
        "-subj", "/CN=127.0.0.1");
    Files.writeString(dir.resolve("san.ext"), "subjectAltName=IP:127.0.0.1\n");
    openssl(dir, "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca-key.pem", "-CAcreateserial",
        "-out", "server-cert.pem", "-days", "2", "-extfile", "san.ext");
    Path truststore = dir.resolve("truststore.p12");
    KeyStore ks = KeyStore.getInstance("PKCS12");
    ks.load(null, null);
    try (InputStream in = Files.newInputStream(dir.resolve("ca.pem"))) {
      ks.setCertificateEntry("ycsb-test-ca", CertificateFactory.getInstance("X.509").generateCertificate(in));
    }
    try (OutputStream out = Files.newOutputStream(truststore)) {
      ks.store(out, storePassword.toCharArray());
    }
    return new TestTls(dir.resolve("ca.pem"), dir.resolve("server-cert.pem"), dir.resolve("server-key.pem"),
        truststore);
  }

  /** The server options that make a MySQL or MariaDB server present this certificate. */
  public String[] serverOptions() {
    return new String[] {"ssl_ca=" + ca, "ssl_cert=" + cert, "ssl_key=" + key};
  }

  private static void openssl(Path dir, String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of("openssl"));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
        .redirectOutput(dir.resolve("openssl.log").toFile()).start();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0,
        "openssl " + String.join(" ", args) + ": " + Files.readString(dir.resolve("openssl.log")));
  }
}
