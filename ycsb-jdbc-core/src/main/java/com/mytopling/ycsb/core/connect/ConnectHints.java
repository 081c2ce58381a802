package com.mytopling.ycsb.core.connect;

import java.sql.SQLException;
import java.util.Locale;

/**
 * A short hint after a failed connection where the server's own message misleads or names no way out: MariaDB
 * answers a plain connection to a server that requires TLS with "Access denied", exactly as for a wrong password; a
 * certificate that fails verification deserves the way to trust it; and MySQL's caching_sha2_password, whose full
 * authentication (the server's cache of the password empty: after a restart or FLUSH PRIVILEGES) needs TLS or the
 * server's RSA key, fails in each driver with a message that names neither.
 */
public final class ConnectHints {
  private ConnectHints() {
  }

  /** "; ..." to append to the failure's own line, or "". */
  public static String forFailure(String url, SQLException e) {
    String u = url.toLowerCase(Locale.ROOT);
    boolean tlsOff = u.contains("sslmode=disabled") || u.contains("usessl=false") || u.contains("sslmode=disable")
        || u.contains("encrypt=false");
    if (e.getErrorCode() == 1045 && tlsOff) {
      return "; note: this URL turns TLS off, and a server that requires TLS (require_secure_transport=ON) refuses"
          + " such connections with this same access-denied error";
    }
    String all = messages(e).toLowerCase(Locale.ROOT);
    if (all.contains("rsa public key is not available client side")) {
      return "; the server's caching_sha2_password sends the password in full when its cache of it is empty (after a"
          + " restart or FLUSH PRIVILEGES), which needs TLS or the server's RSA key: with MariaDB Connector/J add"
          + " sslMode=verify-full (and serverSslCert=/path/ca.pem) or sslMode=trust to the URL, or"
          + " allowPublicKeyRetrieval=true on a trusted network only (docs/security.md)";
    }
    if (all.contains("public key retrieval is not allowed")) {
      return "; the server's caching_sha2_password sends the password in full when its cache of it is empty (after a"
          + " restart or FLUSH PRIVILEGES), which needs TLS or the server's RSA key: with MySQL Connector/J use TLS"
          + " (sslMode=VERIFY_IDENTITY with trustCertificateKeyStoreUrl, or leave sslMode at its default PREFERRED)"
          + " or add allowPublicKeyRetrieval=true on a trusted network only (docs/security.md)";
    }
    if (all.contains("self signed certificates") || all.contains("provide server certificate")) {
      return "; MariaDB Connector/J verifies the server's certificate with sslMode=verify-ca or verify-full: give the"
          + " server's CA with serverSslCert=/path/ca.pem (docs/security.md)";
    }
    if (all.contains("trust anchor") || all.contains("pkix") || all.contains("unable to find valid certification path")) {
      return "; the server's certificate is not trusted by this JVM: give its CA with "
          + (DriverChoice.usesMariaDbDriver(url) ? "serverSslCert=/path/ca.pem" : "trustCertificateKeyStoreUrl")
          + " (docs/security.md)";
    }
    if (all.contains("no subject alternative") || all.contains("does not match the server's host")
        || all.contains("server identity")) {
      return "; the server's certificate does not name the host in the URL (sslMode=VERIFY_IDENTITY checks it)";
    }
    return "";
  }

  private static String messages(Throwable t) {
    StringBuilder sb = new StringBuilder();
    for (Throwable c = t; c != null && sb.length() < 10_000; c = c.getCause() == c ? null : c.getCause()) {
      sb.append(c.getMessage()).append('\n');
    }
    return sb.toString();
  }
}
